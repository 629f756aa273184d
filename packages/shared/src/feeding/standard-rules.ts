import type { PlanIssue } from './plan-rules.js';

/**
 * Feeding standards (/std/mgn; issue 15, SPEC §2 and §3 "pig pen feeding types", "sow feeding
 * factors"): the daily amount by day age for one pen feeding type and breed, with its lower and
 * upper bounds, and the adjustments a feeder applies for the animal in front of it. Pure rules the
 * standard form, the standard route and the plan flag share. Amounts are g per head per day.
 *
 * - Ages: rows of first and last day with a minimum, a standard and a maximum amount
 *   (minimum <= standard <= maximum), in increasing order without overlap; a day no row covers
 *   has no standard.
 * - Adjustments: a factor (parity, season, litter size, body condition, back fat, leftover
 *   grade), a range of its values and a percentage added to the standard amount when the
 *   animal's value is in the range; ranges of one factor do not overlap.
 * - Excess ratio: how far above the maximum a feeder may go when the animal asks for more
 *   (trigger feeding), in percent.
 */
export const STANDARD_FACTORS = ['parity', 'season', 'litterSize', 'bodyCondition', 'backFat', 'leftoverGrade'] as const;
export type StandardFactor = (typeof STANDARD_FACTORS)[number];

/**
 * The values a factor takes: parity (1st litter and on), season (1 spring, 2 summer, 3 autumn,
 * 4 winter), litter size (piglets suckled), body condition score 1-5 in half points, back fat at
 * P2 in mm (one decimal), leftover grade 0 (trough clean) to 3 (most of the meal left).
 */
export const FACTOR_RANGES: Readonly<Record<StandardFactor, { min: number; max: number; step: number }>> = {
  parity: { min: 1, max: 15, step: 1 },
  season: { min: 1, max: 4, step: 1 },
  litterSize: { min: 1, max: 30, step: 1 },
  bodyCondition: { min: 1, max: 5, step: 0.5 },
  backFat: { min: 1, max: 60, step: 0.1 },
  leftoverGrade: { min: 0, max: 3, step: 1 },
};

/** An adjustment may take at most all of the amount away and at most double it. */
export const ADJUST_PERCENT_MIN = -100;
export const ADJUST_PERCENT_MAX = 100;
export const STANDARD_AGES_MAX = 60;
export const STANDARD_ADJUSTMENTS_MAX = 60;

export interface StandardAge {
  startDay: number;
  endDay: number;
  minAmount: number;
  dailyAmount: number;
  maxAmount: number;
}

export interface StandardAdjustment {
  factor: StandardFactor;
  from: number;
  to: number;
  percent: number;
}

/** Whether `value` is a value of the factor (within its range, on its step). */
export function factorValueValid(factor: StandardFactor, value: number): boolean {
  const r = FACTOR_RANGES[factor];
  if (!Number.isFinite(value) || value < r.min || value > r.max) return false;
  const steps = (value - r.min) / r.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** Problems of the age rows: each start not after its end, bounds in order, rows increasing without overlap. */
export function standardAgeIssues(ages: readonly StandardAge[]): PlanIssue[] {
  if (ages.length === 0) return [{ path: ['ages'], message: 'validation.required' }];
  const issues: PlanIssue[] = [];
  ages.forEach((a, i) => {
    if (a.startDay > a.endDay) issues.push({ path: ['ages', i, 'endDay'], message: 'validation.endBeforeStart' });
    else if (i > 0 && a.startDay <= ages[i - 1]!.endDay)
      issues.push({ path: ['ages', i, 'startDay'], message: 'validation.standardAgesOrder' });
    if (a.minAmount > a.dailyAmount) issues.push({ path: ['ages', i, 'minAmount'], message: 'validation.standardMinAbove' });
    if (a.dailyAmount > a.maxAmount) issues.push({ path: ['ages', i, 'maxAmount'], message: 'validation.maxBelowMin' });
  });
  return issues;
}

/** Problems of the adjustments: values of their factor, from not above to, no overlap within a factor. */
export function standardAdjustmentIssues(adjustments: readonly StandardAdjustment[]): PlanIssue[] {
  const issues: PlanIssue[] = [];
  adjustments.forEach((a, i) => {
    if (!factorValueValid(a.factor, a.from)) issues.push({ path: ['adjustments', i, 'from'], message: 'validation.factorValue' });
    else if (!factorValueValid(a.factor, a.to)) issues.push({ path: ['adjustments', i, 'to'], message: 'validation.factorValue' });
    else if (a.from > a.to) issues.push({ path: ['adjustments', i, 'to'], message: 'validation.endBeforeStart' });
    else {
      const clash = adjustments.findIndex((b, j) => j < i && b.factor === a.factor && b.from <= a.to && a.from <= b.to);
      if (clash >= 0) issues.push({ path: ['adjustments', i, 'from'], message: 'validation.factorOverlap' });
    }
  });
  return issues;
}

/** The age row covering `day`, or null. */
export function standardAgeOn<A extends StandardAge>(ages: readonly A[], day: number): A | null {
  return ages.find((a) => a.startDay <= day && day <= a.endDay) ?? null;
}

/** The standard's minimum on each day (null where no row covers it): what a plan must not feed below. */
export function standardMinimum(ages: readonly StandardAge[]): (day: number) => number | null {
  return (day) => standardAgeOn(ages, day)?.minAmount ?? null;
}

/** An animal's values of the factors (those unknown are left out). */
export type AnimalFactors = Partial<Record<StandardFactor, number>>;

/**
 * The amount for one animal on `day`: the standard amount plus the percentages of every
 * adjustment whose range holds the animal's value of its factor (added, not compounded), kept
 * within the row's minimum and its maximum raised by the excess ratio. Null where no row covers
 * the day. Rounded to whole grams.
 */
export function adjustedAmount(
  standard: { ages: readonly StandardAge[]; adjustments: readonly StandardAdjustment[]; excessRatio: number },
  day: number,
  animal: AnimalFactors,
): number | null {
  const row = standardAgeOn(standard.ages, day);
  if (!row) return null;
  let percent = 0;
  for (const a of standard.adjustments) {
    const v = animal[a.factor];
    if (v !== undefined && a.from <= v && v <= a.to) percent += a.percent;
  }
  const amount = row.dailyAmount * (1 + percent / 100);
  const ceiling = row.maxAmount * (1 + standard.excessRatio / 100);
  return Math.round(Math.min(Math.max(amount, row.minAmount), ceiling));
}
