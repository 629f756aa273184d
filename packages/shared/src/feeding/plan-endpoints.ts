import { z } from 'zod';
import { get, post, resource } from '../contract.js';
import { shedPlaceFields } from '../directory/endpoints.js';
import {
  DISPATCH_MODES,
  DISPATCH_STATUSES,
  FEEDER_DISPATCH_STATUSES,
  planAddBody,
  planDispatchBody,
  planIdParams,
  planPageQuery,
  planUpdateBody,
} from './plan-schemas.js';

export * from './plan-rules.js';
export * from './plan-schemas.js';

/* Answers of the feeding plans; times are epoch milliseconds. */

export const planStageRow = z.object({
  startDay: z.number(),
  endDay: z.number(),
  feedId: z.number(),
  feedName: z.string(),
  feedBatch: z.string(),
  dailyAmount: z.number(),
});
export const planMealRow = z.object({ startMinute: z.number(), endMinute: z.number(), share: z.number() });

/**
 * A feeder's copy of a plan as the dispatch sends it (command `setRation`, server
 * feeding/dispatch-link.ts; logged when a meal adjustment re-dispatches it): the daily ration in g
 * per head by day of the animal's stage and the meal periods in minutes of the farm's day with
 * their share of the day's ration in %.
 */
export const rationCopy = z.object({
  stages: z.array(z.object({ startDay: z.number(), endDay: z.number(), grams: z.number() })),
  meals: z.array(z.object({ start: z.number(), end: z.number(), share: z.number() })),
});
export type RationCopy = z.infer<typeof rationCopy>;

/** The feeders' answers to the last dispatch, counted. */
export const dispatchCounts = z.object({
  feeders: z.number(),
  notSent: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
});

export const planRow = z.object({
  id: z.number(),
  ...shedPlaceFields,
  penIds: z.array(z.number()),
  name: z.string(),
  totalDays: z.number(),
  splitPoints: z.array(z.number()),
  stages: z.array(planStageRow),
  meals: z.array(planMealRow),
  maxStep: z.number(),
  /** Stages (by index) whose ration changes by more than `maxStep` from the stage before, as confirmed. */
  steps: z.array(z.object({ index: z.number(), step: z.number() })),
  /** The feeding standard the plan keeps to, and its name. */
  standardId: z.number().nullable(),
  standardName: z.string().nullable(),
  /** Stages (by index) that feed below the standard's minimum, with the first such day and that minimum (g per head). */
  belowMinimum: z.array(z.object({ index: z.number(), day: z.number(), minimum: z.number() })),
  dispatchMode: z.enum(DISPATCH_MODES),
  dispatchAt: z.number().nullable(),
  dispatchStatus: z.enum(DISPATCH_STATUSES),
  dispatch: dispatchCounts,
  remark: z.string().nullable(),
  updatedAt: z.number(),
});
export type PlanRow = z.infer<typeof planRow>;

export const feederDispatchRow = z.object({
  feederId: z.number(),
  feederNo: z.string(),
  feederName: z.string(),
  penId: z.number().nullable(),
  penColumn: z.number().nullable(),
  penRow: z.number().nullable(),
  /** The gateway of the feeder's concentrator, which the copy is sent to. */
  gatewayCode: z.string(),
  /** The version of the feeder's command the device acknowledges. */
  version: z.number().nullable(),
  status: z.enum(FEEDER_DISPATCH_STATUSES),
  /** 1 confirmed, an error code when it failed (20048 refused, 203342 no answer before expiry), null while pending. */
  result: z.number().nullable(),
  /** Dispatches of this copy: the first and each retry. */
  attempts: z.number(),
  sentAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type FeederDispatchRow = z.infer<typeof feederDispatchRow>;

/**
 * Feeding plans (/accurate-feeding/plan and its plan dialog, app code accurate-feeding.plan). A
 * plan of a house the caller does not see, or of nobody, is 20095; a pen not of the plan's house
 * 20094; a name used in the farm 20092; a first split point other than day 1 203333; a ration step
 * above the limit without `confirmStep` is a field issue on `confirmStep` (99996); a feeding
 * standard not of the tenant 30001. A plan below its standard's minimum is saved and flagged
 * (`belowMinimum`), not refused.
 */
export const feedingPlanApi = {
  ...resource('', '/feeding/plan', {
    params: planIdParams,
    row: planRow,
    page: {
      summary: 'Paged feeding plans of the houses the account sees, with their stages, meals and dispatch counts',
      query: planPageQuery,
    },
    detail: 'One feeding plan with its stages, meals, pens and dispatch counts',
    add: { summary: 'Adds a feeding plan (SPEC §5 rules; 20092 a name used in the farm)', body: planAddBody },
    update: { summary: 'Replaces a feeding plan; a scheduled or finished dispatch goes back to draft', body: planUpdateBody },
    remove: 'Deletes a feeding plan with its dispatch records',
  }),
  dispatch: post(
    '/feeding/plan/dispatch',
    "Dispatches a plan to its house's feeders now (immediate) or at its time (timed, a durable job); 20047 when the house has no feeder",
    {
      body: planDispatchBody,
      answer: z.object({ dispatchStatus: z.enum(DISPATCH_STATUSES) }),
    },
  ),
  retry: post('/feeding/plan/dispatch/retry', "Sends the failed feeders' copies of the plan's last dispatch again", {
    body: planDispatchBody,
    answer: z.object({ dispatchStatus: z.enum(DISPATCH_STATUSES), retried: z.number() }),
  }),
  feeders: get('/feeding/plan/feeders/:id', "Each feeder's copy of the plan's last dispatch: pending (sending) or sent, and its result", {
    params: planIdParams,
    answer: z.array(feederDispatchRow),
  }),
};
