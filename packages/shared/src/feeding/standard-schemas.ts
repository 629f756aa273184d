import { z } from 'zod';
import { PIG_PEN_FEEDING_TYPES } from '../enums/index.js';
import { bodyId, idParam, NUMBER_ERROR, optionalText, pageQuery, requiredText, strictObject } from '../schemas/common.js';
import { absentIfBlank, textFilter } from '../schemas/time.js';
import { PLAN_DAYS_MAX } from './plan-rules.js';
import {
  ADJUST_PERCENT_MAX,
  ADJUST_PERCENT_MIN,
  STANDARD_ADJUSTMENTS_MAX,
  STANDARD_AGES_MAX,
  STANDARD_FACTORS,
  standardAdjustmentIssues,
  standardAgeIssues,
} from './standard-rules.js';

/**
 * Requests of the feeding standards (/std/mgn; issue 15). The rules of standard-rules.ts run in
 * the schema, so the form and the route refuse alike. A standard's name is unique in the tenant
 * (10010); a standard a feeding plan follows cannot be deleted (20036).
 */
export type PenFeedingType = (typeof PIG_PEN_FEEDING_TYPES)[number];

const day = z.number(NUMBER_ERROR).int('validation.integer').min(1, 'validation.positiveInteger').max(PLAN_DAYS_MAX, 'validation.tooLarge');
/** g per head per day: above 0, at most 20 kg (as a plan's daily amount). */
const amount = z.number(NUMBER_ERROR).positive('validation.aboveZero').max(20_000, 'validation.tooLarge');

export const standardAge = strictObject({ startDay: day, endDay: day, minAmount: amount, dailyAmount: amount, maxAmount: amount });
export const standardAdjustment = strictObject({
  factor: z.enum(STANDARD_FACTORS, { error: 'validation.required' }),
  from: z.number(NUMBER_ERROR),
  to: z.number(NUMBER_ERROR),
  percent: z.number(NUMBER_ERROR).min(ADJUST_PERCENT_MIN, 'validation.adjustPercent').max(ADJUST_PERCENT_MAX, 'validation.adjustPercent'),
});

const standardFields = strictObject({
  name: requiredText(),
  penFeedingType: z.enum(PIG_PEN_FEEDING_TYPES, { error: 'validation.required' }),
  /** The breed or line the standard is for ("Landrace x Large White"). */
  breed: requiredText(),
  /** How far above the maximum a feeder may go on demand, percent. */
  excessRatio: z.number(NUMBER_ERROR).min(0, 'validation.percent').max(100, 'validation.percent'),
  ages: z.array(standardAge, { error: 'validation.required' }).max(STANDARD_AGES_MAX, 'validation.tooMany'),
  adjustments: z.array(standardAdjustment, { error: 'validation.invalid' }).max(STANDARD_ADJUSTMENTS_MAX, 'validation.tooMany').default([]),
  remark: optionalText(200),
});

type StandardFields = z.infer<typeof standardFields>;

function checkStandard(s: StandardFields, ctx: z.RefinementCtx): void {
  for (const issue of [...standardAgeIssues(s.ages), ...standardAdjustmentIssues(s.adjustments)])
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const standardAddBody = standardFields.superRefine(checkStandard);
export type StandardAddBody = z.infer<typeof standardAddBody>;
export const standardUpdateBody = standardFields.extend({ id: bodyId }).superRefine(checkStandard);
export type StandardUpdateBody = z.infer<typeof standardUpdateBody>;

export const standardPageQuery = pageQuery.extend({
  name: textFilter(),
  penFeedingType: absentIfBlank(z.enum(PIG_PEN_FEEDING_TYPES, { error: 'validation.invalid' })),
});
export type StandardPageQuery = z.infer<typeof standardPageQuery>;

export const standardIdParams = strictObject({ id: idParam });
