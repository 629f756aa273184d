import { z } from 'zod';
import { MEAL_PERIODS_MAX } from '../constants.js';
import { bodyId, idParam, optionalText, pageQuery, requiredText, strictObject } from '../schemas/common.js';
import { absentIfBlank, textFilter, timeFilter, shedFilters } from '../schemas/time.js';
import { FIRST_SPLIT_CODE, PLAN_DAYS_MAX, PLAN_STAGES_MAX, planIssues } from './plan-rules.js';

/**
 * Requests of the feeding plans (issue 15; SPEC §3 "Feeding plan", §5 "Feeding plans", codes
 * 20092, 20094, 20095, 203333). The rules of plan-rules.ts run in the schema, so the form and the
 * route refuse alike; the one rule with a code of its own (the first split point, 203333) is left
 * to the route, which answers it with that code.
 */
export const DISPATCH_MODES = ['immediate', 'timed'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];
/** draft: not dispatched; scheduled: a timed dispatch waits; dispatching: feeders have it, not all confirmed; dispatched: all confirmed; partial: some failed; failed: none took it. */
export const DISPATCH_STATUSES = ['draft', 'scheduled', 'dispatching', 'dispatched', 'partial', 'failed'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];
/** One feeder's copy of a dispatch (SPEC "not sent, sending, sent"). */
export const FEEDER_DISPATCH_STATUSES = ['notSent', 'sending', 'sent'] as const;
export type FeederDispatchStatus = (typeof FEEDER_DISPATCH_STATUSES)[number];

const int = (min: number, max: number) =>
  z
    .number({ error: (i) => (i.input == null ? 'validation.required' : 'validation.integer') })
    .int('validation.integer')
    .min(min, min > 0 ? 'validation.positiveInteger' : 'validation.nonNegative')
    .max(max, 'validation.tooLarge');
/** g per head per day: above 0, at most 20 kg. */
const amount = z
  .number({ error: (i) => (i.input == null ? 'validation.required' : 'validation.number') })
  .positive('validation.aboveZero')
  .max(20_000, 'validation.tooLarge');
const minute = int(0, 1439);

export const planStage = strictObject({
  startDay: int(1, PLAN_DAYS_MAX),
  endDay: int(1, PLAN_DAYS_MAX),
  feedId: bodyId,
  dailyAmount: amount,
});
export type PlanStageInput = z.infer<typeof planStage>;
export const planMeal = strictObject({
  startMinute: minute,
  endMinute: minute,
  share: z
    .number({ error: (i) => (i.input == null ? 'validation.required' : 'validation.number') })
    .min(0, 'validation.percent')
    .max(100, 'validation.percent'),
});
export type PlanMealInput = z.infer<typeof planMeal>;

const planFields = strictObject({
  farmId: bodyId,
  shedId: bodyId,
  /** Pens of the house the plan feeds; none is every pen. */
  penIds: z.array(bodyId, { error: 'validation.invalid' }).max(500, 'validation.tooMany').default([]),
  name: requiredText(),
  totalDays: int(1, PLAN_DAYS_MAX),
  splitPoints: z.array(int(1, PLAN_DAYS_MAX), { error: 'validation.required' }).max(PLAN_STAGES_MAX * 2, 'validation.tooMany'),
  stages: z.array(planStage, { error: 'validation.required' }).max(PLAN_STAGES_MAX, 'validation.tooMany'),
  meals: z.array(planMeal, { error: 'validation.required' }).max(MEAL_PERIODS_MAX, 'validation.tooMany'),
  /** The largest day-to-day ration change without confirmation, g per head (DEFAULT_MAX_STEP_G by animal). */
  maxStep: z
    .number({ error: 'validation.number' })
    .positive('validation.aboveZero')
    .max(20_000, 'validation.tooLarge')
    .nullable()
    .default(null),
  /** The feeding standard the plan keeps to (a stage below its minimum is flagged); none when null. */
  standardId: bodyId.nullable().default(null),
  /** The user confirmed the ration steps above `maxStep`. */
  confirmStep: z.boolean({ error: 'validation.invalid' }).default(false),
  dispatchMode: z.enum(DISPATCH_MODES, { error: 'validation.required' }),
  /** When a timed plan is dispatched (epoch ms or ISO); required for `timed`. */
  dispatchAt: timeFilter(),
  remark: optionalText(200),
});

type PlanFields = z.infer<typeof planFields>;

/** The SPEC §5 rules but the coded one (203333, answered by the route), and a time for timed dispatch. */
function checkPlan(p: PlanFields, ctx: z.RefinementCtx): void {
  for (const issue of planIssues(p)) {
    if (issue.code === FIRST_SPLIT_CODE) continue;
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
  if (p.dispatchMode === 'timed' && !p.dispatchAt) ctx.addIssue({ code: 'custom', path: ['dispatchAt'], message: 'validation.required' });
}

export const planAddBody = planFields.superRefine(checkPlan);
export type PlanAddBody = z.infer<typeof planAddBody>;
export const planUpdateBody = planFields.extend({ id: bodyId }).superRefine(checkPlan);
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

export const planPageQuery = pageQuery.extend({
  ...shedFilters,
  name: textFilter(),
  dispatchStatus: absentIfBlank(z.enum(DISPATCH_STATUSES, { error: 'validation.invalid' })),
});
export type PlanPageQuery = z.infer<typeof planPageQuery>;

export const planIdParams = strictObject({ id: idParam });
export const planDispatchBody = strictObject({ id: bodyId });
