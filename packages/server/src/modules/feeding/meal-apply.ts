import { and, eq } from 'drizzle-orm';
import { adjustGrams, effectiveAdjustment, type MealAdjustParts, type RationUnit } from '@farmsense/shared';
import type { DbOrTx } from '../../lib/limits.js';
import { feedingMealAdjusts } from './meal-tables.js';

/**
 * What a plan's copy carries to one feeder once the meal adjustments of its house and pen are
 * applied (shared meal-rules.ts: the pen's part over the house's over the plan's). Every copy a
 * dispatch, a retry, a timed dispatch or a meal re-dispatch writes goes through `adjustedRation`.
 */
export interface HouseAdjusts {
  house: MealAdjustParts | null;
  pens: Map<number, MealAdjustParts>;
}

export interface BaseRation {
  planId: number;
  stages: { startDay: number; endDay: number; grams: number }[];
  meals: { startMinute: number; endMinute: number; share: number }[];
}

/** The adjustments of one house: its own and its pens'. */
export async function adjustsOf(db: DbOrTx, shedId: number): Promise<HouseAdjusts> {
  const rows = await db
    .select()
    .from(feedingMealAdjusts)
    .where(and(eq(feedingMealAdjusts.shedId, shedId)));
  const out: HouseAdjusts = { house: null, pens: new Map() };
  for (const r of rows) {
    const parts: MealAdjustParts = {
      meals: r.meals,
      // The check constraint keeps the unit to the two of the contract.
      ration: r.rationUnit === null || r.rationValue === null ? null : { unit: r.rationUnit as RationUnit, value: r.rationValue },
    };
    if (r.penId === null) out.house = parts;
    else out.pens.set(r.penId, parts);
  }
  return out;
}

/** The payload part of one feeder's copy: the plan's stages with the ration adjusted and the meal periods in effect. */
export function adjustedRation(base: BaseRation, adjusts: HouseAdjusts, penId: number | null) {
  const eff = effectiveAdjustment(base.meals, adjusts.house, penId === null ? null : (adjusts.pens.get(penId) ?? null));
  return {
    planId: base.planId,
    stages: base.stages.map((s) => ({ ...s, grams: adjustGrams(s.grams, eff.ration) })),
    meals: eff.meals.map((m) => ({ start: m.startMinute, end: m.endMinute, share: m.share })),
  };
}
