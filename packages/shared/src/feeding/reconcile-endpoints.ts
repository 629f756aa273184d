import { z } from 'zod';
import { get } from '../contract.js';
import { strictObject } from '../schemas/common.js';
import { roundTo } from '../numbers.js';
import { feedRangeFields } from './record-endpoints.js';
import { withinQueryRange } from '../schemas/time.js';

/**
 * Feed reconciliation (issue 15, a section of /accurate-feeding/feed-analysis/analysis): per farm
 * day and house, the feed the house's silos gave (their daily consumption from the load cells)
 * and received (deliveries), against what the house's feeders dispensed and were planned to.
 * A silo that feeds several houses shares its day among them in proportion to what each house's
 * feeders dispensed that day (equally when none dispensed). A silo that also feeds a house without
 * feeders is shared equally and its houses are not reconciled (`metered` false: no gap, no flag),
 * since what that house drew is not known. The gap is silo consumption minus
 * dispensed; beyond RECONCILE_TOLERANCE_PCT % of the dispensed feed the row is flagged (a leak,
 * bridging, theft or a wrong bin). A farm not seen is 10007, a house 30004; the range follows the
 * feeding reports' rule (at most QUERY_RANGE_MAX_DAYS days, validation.rangeMaxDays).
 */
export const RECONCILE_TOLERANCE_PCT = 5;

export const feedReconcileQuery = strictObject(feedRangeFields).superRefine(withinQueryRange);
export type FeedReconcileQuery = z.infer<typeof feedReconcileQuery>;

export const feedReconcileRow = z.object({
  /** The farm's calendar day, YYYY-MM-DD. */
  day: z.string(),
  shedId: z.number(),
  shedName: z.string(),
  /** The silos bound to the house, by name. */
  silos: z.array(z.string()),
  /** kg the house's share of its silos gave and received that day. */
  consumedKg: z.number(),
  deliveredKg: z.number(),
  /** kg the house's feeders dispensed and were planned to. */
  dispensedKg: z.number(),
  plannedKg: z.number(),
  /** Every silo of the house feeds only houses with feeders, so the gap is known. */
  metered: z.boolean(),
  /** consumedKg - dispensedKg (null when not metered), and that in % of dispensedKg (null also when nothing was dispensed). */
  gapKg: z.number().nullable(),
  gapPct: z.number().nullable(),
  /** The gap is beyond the tolerance (see reconcileGap). */
  flagged: z.boolean(),
});
export type FeedReconcileRow = z.infer<typeof feedReconcileRow>;

export const feedReconcileAnswer = z.object({ tolerancePct: z.number(), list: z.array(feedReconcileRow) });
export type FeedReconcileAnswer = z.infer<typeof feedReconcileAnswer>;

/**
 * The gap rule, in kg: gap = consumed - dispensed (one decimal), gap % of dispensed (one decimal,
 * null when nothing was dispensed). Flagged when |gap %| exceeds the tolerance; when nothing was
 * dispensed, when the silos gave at least 1 kg (feed left the silo and no feeder gave it).
 */
export function reconcileGap(
  consumedKg: number,
  dispensedKg: number,
  tolerancePct: number = RECONCILE_TOLERANCE_PCT,
): { gapKg: number; gapPct: number | null; flagged: boolean } {
  const gapKg = roundTo(consumedKg - dispensedKg, 1);
  if (dispensedKg <= 0) return { gapKg, gapPct: null, flagged: consumedKg >= 1 };
  const exact = (100 * (consumedKg - dispensedKg)) / dispensedKg;
  return { gapKg, gapPct: roundTo(exact, 1), flagged: Math.abs(exact) > tolerancePct };
}

/**
 * A silo's kg shared among the houses it feeds, in proportion to `weights` (what each house's
 * feeders dispensed that day), equally when they are all 0. The shares add up to `total`.
 */
export function shareOut(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  return weights.map((w) => (sum > 0 ? (total * Math.max(0, w)) / sum : total / weights.length));
}

export const feedReconcileApi = {
  reconcile: get('/feeding/analysis/reconcile', 'Silo consumption and deliveries against dispensed and planned feed per day and house', {
    query: feedReconcileQuery,
    answer: feedReconcileAnswer,
  }),
};
