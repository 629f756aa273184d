import { z } from 'zod';
import { get, post, resource } from '../contract.js';
import { shedPlaceFields } from '../directory/endpoints.js';
import { MEAL_PERIODS_MAX } from '../constants.js';
import { confirmCodeFields } from '../control/schemas.js';
import { bodyId, idParam, NUMBER_ERROR, optionalText, pageQuery, strictObject } from '../schemas/common.js';
import { shedFilters } from '../schemas/time.js';
import { mealAdjustIssues, MEAL_ADJUST_KINDS, RATION_UNITS } from './meal-rules.js';
import { feederDispatchRow, planMealRow } from './plan-endpoints.js';
import { planMeal } from './plan-schemas.js';

export * from './meal-rules.js';

/**
 * Meal adjustments per house (/accurate-feeding/meal/shed) and per pen (/accurate-feeding/meal/field),
 * issue 15. An adjustment without `penId` is its house's (one per house: 203337), with `penId` that
 * pen's (one per pen: 203337 too; the pen must be of the house: 20094, a pen not seen 20084). A
 * house not seen is 203334, an adjustment not seen 203335, a house or pen without feeders 203336
 * on re-dispatch, feeders no plan was dispatched to 20095. The rules of meal-rules.ts run in the
 * schema (99996). Re-dispatch carries the security or an authorization code (20054-20061) like
 * the remote feeder actions, and sends the plan each feeder runs again with the adjustment applied.
 */
const missing = (i: { input?: unknown }): string => (i.input === undefined ? 'validation.required' : 'validation.invalid');
export const rationAdjustInput = strictObject(
  {
    unit: z.enum(RATION_UNITS, { error: 'validation.required' }),
    value: z.number(NUMBER_ERROR),
  },
  { error: missing },
);

const adjustFields = strictObject({
  farmId: bodyId,
  shedId: bodyId,
  /** The pen of a pen's adjustment (field); null for the house's (shed). */
  penId: bodyId.nullable().default(null),
  /** The meal periods the feeders run instead of the plan's; null keeps them (sent either way). */
  meals: z.array(planMeal, { error: missing }).max(MEAL_PERIODS_MAX, 'validation.tooMany').nullable(),
  /** The change of the plan's daily ration; null keeps it (sent either way). */
  ration: rationAdjustInput.nullable(),
  remark: optionalText(200),
});
type AdjustFields = z.infer<typeof adjustFields>;

function checkAdjust(a: AdjustFields, ctx: z.RefinementCtx): void {
  for (const issue of mealAdjustIssues(a)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const mealAdjustAddBody = adjustFields.superRefine(checkAdjust);
export type MealAdjustAddBody = z.infer<typeof mealAdjustAddBody>;
export const mealAdjustUpdateBody = adjustFields.extend({ id: bodyId }).superRefine(checkAdjust);
export type MealAdjustUpdateBody = z.infer<typeof mealAdjustUpdateBody>;

export const mealAdjustPageQuery = pageQuery.extend({
  kind: z.enum(MEAL_ADJUST_KINDS, { error: 'validation.invalid' }),
  ...shedFilters,
});
export type MealAdjustPageQuery = z.infer<typeof mealAdjustPageQuery>;
export const mealAdjustIdParams = strictObject({ id: idParam });
export const mealAdjustDispatchBody = strictObject({
  id: bodyId,
  ...confirmCodeFields,
});

export const mealAdjustRow = z.object({
  id: z.number(),
  kind: z.enum(MEAL_ADJUST_KINDS),
  ...shedPlaceFields,
  penId: z.number().nullable(),
  penName: z.string().nullable(),
  penColumn: z.number().nullable(),
  penRow: z.number().nullable(),
  meals: z.array(planMealRow).nullable(),
  ration: z.object({ unit: z.enum(RATION_UNITS), value: z.number() }).nullable(),
  remark: z.string().nullable(),
  /** The feeders of the house or pen, and how many confirmed a copy carrying this adjustment as it is now. */
  feeders: z.number(),
  confirmed: z.number(),
  updatedAt: z.number(),
});
export type MealAdjustRow = z.infer<typeof mealAdjustRow>;

/** A feeder of the adjusted house or pen with its copy of the plan it runs (the plan dispatch's shape), and whether that copy carries the adjustment as it is now. */
export const mealFeederRow = feederDispatchRow.extend({
  planId: z.number().nullable(),
  planName: z.string().nullable(),
  adjusted: z.boolean(),
});
export type MealFeederRow = z.infer<typeof mealFeederRow>;

export const mealAdjustApi = {
  ...resource('', '/feeding/meal', {
    params: mealAdjustIdParams,
    row: mealAdjustRow,
    page: {
      summary: 'Paged meal adjustments of the houses (kind shed) or pens (kind field) the account sees',
      query: mealAdjustPageQuery,
    },
    add: { summary: "Adds a house's (no penId) or a pen's meal adjustment (203334, 203337, 20084, 20094)", body: mealAdjustAddBody },
    update: { summary: 'Replaces a meal adjustment (203335 when not found)', body: mealAdjustUpdateBody },
    remove: 'Deletes a meal adjustment; the feeders keep their copy until the next dispatch',
  }),
  dispatch: post(
    '/feeding/meal/dispatch',
    "Sends the adjusted house's or pen's feeders their plan again with the adjustment (security code; 203336 no feeder, 20095 no plan dispatched)",
    { body: mealAdjustDispatchBody, answer: z.object({ feeders: z.number(), plans: z.number() }) },
  ),
  feeders: get('/feeding/meal/feeders/:id', "The adjusted house's or pen's feeders with their copy's dispatch state", {
    params: mealAdjustIdParams,
    answer: z.array(mealFeederRow),
  }),
};
