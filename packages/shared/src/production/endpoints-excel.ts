import { FILE_ANSWER, get, post } from '../contract.js';
import { dailyKindParams, dailyPageBody, dailyTemplateQuery, flockPageBody } from '../schemas/production.js';
import { saveOutcome } from './endpoints-daily.js';

/**
 * Production contracts, third part: the Excel templates, imports and exports of the daily records
 * of each kind and of flocks. Imports are multipart uploads (`file`, plus `farmId`), read by the
 * handler; the answer lists the rows saved and the rows refused by sheet row.
 */
const D = '/breedpigbuilding/flockDaily';
const F = '/breedpigbuilding/flock';

export const productionExcelApi = {
  dailyTemplate: get(`${D}/:kind/template`, "The kind's import template, one row per current flock of the farm (.xlsx)", {
    params: dailyKindParams,
    query: dailyTemplateQuery,
    answer: FILE_ANSWER,
  }),
  dailyImport: post(
    `${D}/:kind/import`,
    'Imports a filled template (multipart file + farmId): good rows saved, the others listed by sheet row (21017, 200315)',
    { params: dailyKindParams, answer: saveOutcome },
  ),
  dailyExport: post(`${D}/:kind/export`, 'Every row of the list the filter selects (.xlsx)', {
    params: dailyKindParams,
    body: dailyPageBody,
    answer: FILE_ANSWER,
  }),
  flockTemplate: get(`${F}/template`, 'The flock import template (.xlsx)', { answer: FILE_ANSWER }),
  flockImport: post(
    `${F}/import`,
    'Imports flocks (multipart file, optional farmId for rows without a farm): 20065, 20066, 20067 per row (21017, 200315)',
    { answer: saveOutcome },
  ),
  flockExport: post(`${F}/export`, 'Every flock the filter selects (.xlsx)', { body: flockPageBody, answer: FILE_ANSWER }),
};
