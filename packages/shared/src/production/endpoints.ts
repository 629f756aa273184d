import { z } from 'zod';
import { get, idAnswer, pageOf, post, resource } from '../contract.js';
import { shedPlaceFields } from '../directory/endpoints.js';
import {
  flockAddBody,
  flockCloseBody,
  productionIdParams,
  flockOptionsQuery,
  flockPageBody,
  flockUpdateBody,
} from '../schemas/production.js';
import {
  CURVE_INDICATORS,
  curveAddBody,
  curveCopyBody,
  curvePageBody,
  curveUpdateBody,
  type CurveIndicator,
} from '../schemas/production-curves.js';
import type { BuiltinCurve } from './standards-types.js';

/**
 * Production contracts, first part: flocks and standard curves (daily records:
 * endpoints-daily.ts; Excel and reports: endpoints-reports.ts). docs/API-PRODUCTION.md describes them.
 */
export const flockRow = z.object({
  id: z.number(),
  ...shedPlaceFields,
  groupNo: z.string(),
  flockType: z.number(),
  sex: z.number(),
  breed: z.string().nullable(),
  birthDate: z.string(),
  layingDate: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  stopDate: z.string().nullable(),
  origin: z.string().nullable(),
  maleCount: z.number(),
  femaleCount: z.number(),
  maleAvgWeight: z.number().nullable(),
  femaleAvgWeight: z.number().nullable(),
  deviceId: z.number().nullable(),
  deviceCode: z.string().nullable(),
  status: z.number(),
  remark: z.string().nullable(),
  /** Day age today in the farm's time zone (or on the stop date for closed flocks). */
  dayAge: z.number(),
  /** Birds present now (placement + in - out - dead - culled). */
  present: z.number(),
  presentMale: z.number(),
});
export type FlockRow = z.infer<typeof flockRow>;

/** A flock as the pickers list it (GET flock/options): the fields of FlockRow they need. */
export const flockOption = flockRow.pick({
  id: true,
  farmId: true,
  groupNo: true,
  shedId: true,
  shedName: true,
  flockType: true,
  sex: true,
  dayAge: true,
  present: true,
  startDate: true,
  stopDate: true,
  status: true,
});
export type FlockOption = z.infer<typeof flockOption>;

const curveIndicator = z.enum(CURVE_INDICATORS as [CurveIndicator, ...CurveIndicator[]]);

/** A standard curve as listed (POST curve/page); `source` and `builtinId` are set when copied from a built-in. */
export const curveRow = z.object({
  id: z.number(),
  farmId: z.number(),
  farmName: z.string(),
  flockType: z.number(),
  indicator: curveIndicator,
  name: z.string(),
  startDay: z.number(),
  values: z.array(z.number()),
  source: z.string().nullable(),
  builtinId: z.string().nullable(),
});
export type CurveRow = z.infer<typeof curveRow>;

/** A built-in breed standard as GET standardCurve/builtins lists it (production/standards-types.ts). */
export const builtinCurve = z.object({
  id: z.string(),
  breed: z.string(),
  indicator: curveIndicator,
  flockType: z.number(),
  name: z.string(),
  source: z.string(),
  startDay: z.number(),
  values: z.array(z.number()),
}) satisfies z.ZodType<BuiltinCurve>;

const F = '/breedpigbuilding/flock';
const S = '/breedpigbuilding/standardCurve';

/** Flocks (/prod-data-input/flock, /ci18/group/current): placement to depletion in one house. */
export const productionFlocksApi = {
  page: post(`${F}/page`, 'Current (status 1) or history (status 2) flocks, with day age and birds present', {
    body: flockPageBody,
    answer: pageOf(flockRow),
  }),
  options: get(`${F}/options`, 'Flock picker (current flocks unless status=2)', { query: flockOptionsQuery, answer: z.array(flockOption) }),
  get: get(`${F}/:id`, 'One flock (20071 when not visible)', { params: productionIdParams, answer: flockRow }),
  close: post(`${F}/close`, 'Closes a flock (history); stop day between its last record and today (21016)', {
    body: flockCloseBody,
    answer: idAnswer,
  }),
  ...resource('', F, {
    params: productionIdParams,
    add: { summary: 'Adds a flock (20065 group number or current flock in the house; 30004 house)', body: flockAddBody },
    update: {
      summary: 'Edits a current flock (20069 missing, 20070 closed, 20068 counts below removals)',
      body: flockUpdateBody,
      answer: idAnswer,
    },
    remove: 'Deletes a flock with its records',
  }),
};

/** Standard curves (/ci18/std/curves): a farm's targets per flock type and indicator. */
export const standardCurvesApi = {
  page: post(`${S}/page`, "Paged standard curves of the caller's farms", { body: curvePageBody, answer: pageOf(curveRow) }),
  ...resource('', S, {
    params: productionIdParams,
    add: { summary: 'Adds a standard curve (20064: the farm has one for that flock type and indicator)', body: curveAddBody },
    update: { summary: 'Edits a standard curve (30001 not found, 20064 duplicate)', body: curveUpdateBody, answer: idAnswer },
    remove: 'Deletes a standard curve',
  }),
  builtins: get(`${S}/builtins`, 'Built-in breed standards a farm can copy', { answer: z.array(builtinCurve) }),
  copy: post(`${S}/copy`, "Copies a built-in standard into a farm's curves (30001 unknown, 20064 duplicate)", {
    body: curveCopyBody,
    answer: idAnswer,
  }),
};
