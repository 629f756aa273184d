import { mealIssues, type MealPeriod, type PlanIssue } from './plan-rules.js';

/**
 * Meal adjustments (/accurate-feeding/meal/shed and /field; issue 15, SPEC §5 "Feeding plans",
 * codes 203334-203337, 20084, 20094). An adjustment belongs to a house (shed) or to one pen of it
 * (field) and changes, for the feeders there, the plan's meal periods, its daily ration, or both.
 * The meal periods keep the plan's rules (plan-rules.ts `mealIssues`: at most 10, each start
 * before its end, no overlap, shares exactly 100 %). The ration is changed by a percentage or by
 * kg per head and day, within `RATION_ADJUST_LIMITS`.
 *
 * Precedence, part by part: a pen's adjustment overrides its house's, which overrides the plan.
 * A pen that adjusts only the ration keeps the house's meal periods (or the plan's).
 */
export const MEAL_ADJUST_KINDS = ['shed', 'field'] as const;
export type MealAdjustKind = (typeof MEAL_ADJUST_KINDS)[number];
export const RATION_UNITS = ['percent', 'kg'] as const;
export type RationUnit = (typeof RATION_UNITS)[number];
/** How far an adjustment may move the ration: ±50 % or ±3 kg per head and day. */
export const RATION_ADJUST_LIMITS: Readonly<Record<RationUnit, { min: number; max: number }>> = {
  percent: { min: -50, max: 50 },
  kg: { min: -3, max: 3 },
};
/** The largest daily ration a feeder is sent, g per head (the plan's own limit). */
export const RATION_MAX_G = 20_000;

export interface RationAdjust {
  unit: RationUnit;
  value: number;
}
export interface MealAdjustParts {
  meals: readonly MealPeriod[] | null;
  ration: RationAdjust | null;
}

/** Problems of an adjustment's parts: it changes something, its meals keep the plan rules, its ration is within bounds. */
export function mealAdjustIssues(a: MealAdjustParts): PlanIssue[] {
  if (a.meals === null && a.ration === null) return [{ path: ['meals'], message: 'validation.mealAdjustEmpty' }];
  const issues: PlanIssue[] = a.meals === null ? [] : mealIssues(a.meals);
  if (a.ration !== null) {
    const { min, max } = RATION_ADJUST_LIMITS[a.ration.unit];
    if (!(a.ration.value >= min && a.ration.value <= max))
      issues.push({ path: ['ration', 'value'], message: 'validation.rationAdjustRange' });
  }
  return issues;
}

/** A daily ration (g per head) after an adjustment, whole grams, never below 0 nor above `RATION_MAX_G`. */
export function adjustGrams(grams: number, ration: RationAdjust | null): number {
  if (ration === null) return grams;
  const out = ration.unit === 'percent' ? grams * (1 + ration.value / 100) : grams + ration.value * 1000;
  return Math.min(RATION_MAX_G, Math.max(0, Math.round(out)));
}

/** What a feeder runs: the pen's part where it sets one, else the house's, else the plan's meals and no ration change. */
export function effectiveAdjustment(
  planMeals: readonly MealPeriod[],
  house: MealAdjustParts | null,
  pen: MealAdjustParts | null,
): { meals: readonly MealPeriod[]; ration: RationAdjust | null } {
  return {
    meals: pen?.meals ?? house?.meals ?? planMeals,
    ration: pen?.ration ?? house?.ration ?? null,
  };
}
