import { z } from 'zod';
import { del, noAnswer, post, put, resource } from '../contract.js';
import { shedFields } from '../directory/endpoints.js';
import {
  addFieldsBody,
  fieldIdParams,
  hierarchicalQueryBody,
  shedAddBody,
  shedIdBody,
  shedIdParams,
  shedUpdateBody,
  updateFieldBody,
} from '../schemas/sheds.js';

/** A pen of queryFields and of the hierarchy: column (fieldColumn) and row (field), 0 = blank. */
export const penRow = z.object({
  id: z.number(),
  shedId: z.number(),
  fieldColumn: z.number(),
  field: z.number(),
  name: z.string().nullable(),
});
export type PenRow = z.infer<typeof penRow>;

/** A pen option of lieHaoSelect: "column-row" as text, or the empty-column key when both are blank. */
export const penOption = z.object({
  value: z.number(),
  fieldColumn: z.number(),
  field: z.number(),
  label: z.string(),
  /** i18n key to show instead of `label` (empty column), else null. */
  labelKey: z.string().nullable(),
});
export type PenOption = z.infer<typeof penOption>;

export const hierarchyShed = z.object({ ...shedFields, pens: z.array(penRow) });
export type HierarchyShed = z.infer<typeof hierarchyShed>;

/** qdslHierarchicalQuery: farm -> sheds -> pens the caller may see. */
export const hierarchyFarm = z.object({ farmId: z.number(), farmName: z.string(), type: z.number(), sheds: z.array(hierarchyShed) });
export type HierarchyFarm = z.infer<typeof hierarchyFarm>;

/**
 * Sheds and pens (/housemanagement/shedlist). The shed list itself is directory's querySheds
 * (directory/endpoints.ts). The writes need the shed list application; the three pickers
 * (queryFields, lieHaoSelect, qdslHierarchicalQuery) only a session.
 */
export const shedsApi = {
  ...resource('', '/breedpigbuilding/shed', {
    paths: 'named',
    params: shedIdParams,
    add: { summary: 'Adds a shed (type of the farm kind: 20023; same place and type: 20026)', body: shedAddBody },
    update: { summary: 'Edits a shed', body: shedUpdateBody },
    remove: 'Deletes a shed with its pens (refused with 20089 while gateways are bound to it)',
  }),
  pens: post('/breedpigbuilding/shed/queryFields', 'Pens of a shed the caller may see', { body: shedIdBody, answer: z.array(penRow) }),
  addPens: post(
    '/breedpigbuilding/shed/addFields',
    'Creates pens startColumn..endColumn in one row (20043 bad range, 20040 number exists)',
    { body: addFieldsBody, answer: z.object({ ids: z.array(z.number()) }) },
  ),
  updatePen: put('/breedpigbuilding/shed/updateField', 'Renumbers or renames a pen (20040 number exists, 20083 name exists)', {
    body: updateFieldBody,
    answer: noAnswer,
  }),
  removePen: del('/breedpigbuilding/shed/deleteField/:id', 'Deletes a pen', { params: fieldIdParams, answer: noAnswer }),
  hierarchy: post('/breedpigbuilding/shed/qdslHierarchicalQuery', 'Farm -> sheds -> pens tree of what the caller may see', {
    body: hierarchicalQueryBody.nullish(),
    answer: z.array(hierarchyFarm),
  }),
  penOptions: post('/breedpigbuilding/shed/lieHaoSelect', 'Pen options of a shed labelled "column-row"', {
    body: shedIdBody,
    answer: z.array(penOption),
  }),
};
