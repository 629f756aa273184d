import { MEAL_PERIODS_MAX, MEAL_SHARE_TOTAL } from '../constants.js';
import { pad2 } from '../numbers.js';

/**
 * The rules of SPEC §5 "Feeding plans", as pure functions the plan form and the plan route both
 * use (issue 15). A plan's ages run from day 1 to its total days; its age split points come in
 * pairs, each pair the first and last day of one stage (so their count is even and the first is
 * day 1), and the stages are generated from them: continuous, each starting the day after the
 * previous one ends. Meal periods are minutes of the day. Amounts are g per head per day.
 *
 * Each problem names the field it belongs to and its message key; `code` is the error code the
 * server answers with where SPEC §8 has one (203333), otherwise it is a field issue (99996).
 */
export interface PlanIssue {
  path: (string | number)[];
  message: string;
  code?: number;
}

export interface StageDays {
  startDay: number;
  endDay: number;
}

export interface MealPeriod {
  startMinute: number;
  endMinute: number;
  share: number;
}

/** The longest plan: ten years of days. */
export const PLAN_DAYS_MAX = 3650;
/** At most this many stages (split point pairs). */
export const PLAN_STAGES_MAX = 30;
/** SPEC §8 203333: the first split point must be day 1. */
export const FIRST_SPLIT_CODE = 203333;

/**
 * The largest change of a daily ration from one day to the next that needs no confirmation, in g
 * per head: 1 kg a day for pigs (sows; issue 15), 20 g a day for poultry. A plan may set its own.
 */
export const DEFAULT_MAX_STEP_G: Readonly<Record<number, number>> = { 1: 1000, 2: 20, 3: 1000 };

/** Problems of the split points alone (count, first day, order within the total days). */
export function splitPointIssues(totalDays: number, points: readonly number[]): PlanIssue[] {
  const at: PlanIssue['path'] = ['splitPoints'];
  if (points.length === 0 || points.length % 2 !== 0) return [{ path: at, message: 'validation.splitPointsEven' }];
  if (points[0] !== 1) return [{ path: at, message: 'validation.firstSplitDay1', code: FIRST_SPLIT_CODE }];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const inRange = Number.isInteger(p) && p >= 1 && p <= totalDays;
    // A stage may be one day (its start equals its end); the next stage starts after it.
    const ordered = i === 0 || (i % 2 === 1 ? p >= points[i - 1]! : p > points[i - 1]!);
    if (!inRange || !ordered) return [{ path: at, message: 'validation.splitPointsOrder' }];
  }
  return [];
}

/** The stages the split points make: pairs of first and last day. Call it once the points have no issue. */
export function stagesFromSplitPoints(points: readonly number[]): StageDays[] {
  const out: StageDays[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) out.push({ startDay: points[i]!, endDay: points[i + 1]! });
  return out;
}

/** Problems of the stages: generated from the points, each start not above its end, continuous. */
export function stageIssues(points: readonly number[], stages: readonly StageDays[]): PlanIssue[] {
  const issues: PlanIssue[] = [];
  stages.forEach((s, i) => {
    if (s.startDay > s.endDay) issues.push({ path: ['stages', i, 'endDay'], message: 'validation.endBeforeStart' });
    else if (i > 0 && s.startDay !== stages[i - 1]!.endDay + 1)
      issues.push({ path: ['stages', i, 'startDay'], message: 'validation.stagesContinuous' });
  });
  if (issues.length > 0) return issues;
  const generated = stagesFromSplitPoints(points);
  const same =
    generated.length === stages.length && generated.every((g, i) => g.startDay === stages[i]!.startDay && g.endDay === stages[i]!.endDay);
  return same ? [] : [{ path: ['stages'], message: 'validation.stagesGenerate' }];
}

/** Problems of the meal periods: 1 to 10, each start before its end, no overlap, shares exactly 100 %. */
export function mealIssues(meals: readonly MealPeriod[]): PlanIssue[] {
  if (meals.length === 0) return [{ path: ['meals'], message: 'validation.required' }];
  if (meals.length > MEAL_PERIODS_MAX) return [{ path: ['meals'], message: 'validation.tooMany' }];
  const issues: PlanIssue[] = [];
  meals.forEach((m, i) => {
    if (m.startMinute >= m.endMinute) issues.push({ path: ['meals', i, 'endMinute'], message: 'validation.startAfterEnd' });
  });
  if (issues.length > 0) return issues;
  const order = meals.map((m, i) => ({ ...m, i })).sort((a, b) => a.startMinute - b.startMinute);
  for (let k = 1; k < order.length; k++) {
    if (order[k]!.startMinute < order[k - 1]!.endMinute)
      return [{ path: ['meals', Math.max(order[k]!.i, order[k - 1]!.i), 'startMinute'], message: 'validation.mealsOverlap' }];
  }
  // Shares are percents with at most two decimals: compare in hundredths, free of float sums.
  const total = meals.reduce((n, m) => n + Math.round(m.share * 100), 0);
  if (total > MEAL_SHARE_TOTAL * 100) return [{ path: ['meals'], message: 'validation.mealSharesOver' }];
  if (total !== MEAL_SHARE_TOTAL * 100) return [{ path: ['meals'], message: 'validation.mealSharesTotal' }];
  return [];
}

/** Where the daily ration changes by more than `maxStep` g from one day to the next: the stages that start with such a step. */
export function rationSteps(stages: readonly { dailyAmount: number }[], maxStep: number): { index: number; step: number }[] {
  const out: { index: number; step: number }[] = [];
  for (let i = 1; i < stages.length; i++) {
    const step = stages[i]!.dailyAmount - stages[i - 1]!.dailyAmount;
    if (Math.abs(step) > maxStep) out.push({ index: i, step });
  }
  return out;
}

/** Stages that feed less than the standard's minimum for any of their days (`minimumOn(day)`, null where none). */
export function belowMinimum(
  stages: readonly (StageDays & { dailyAmount: number })[],
  minimumOn: (day: number) => number | null,
): { index: number; day: number; minimum: number }[] {
  const out: { index: number; day: number; minimum: number }[] = [];
  stages.forEach((s, index) => {
    for (let day = s.startDay; day <= s.endDay; day++) {
      const minimum = minimumOn(day);
      if (minimum !== null && s.dailyAmount < minimum) {
        out.push({ index, day, minimum });
        return;
      }
    }
  });
  return out;
}

/** Every rule of the plan at once, in the order the form shows them. */
export function planIssues(p: {
  totalDays: number;
  splitPoints: readonly number[];
  stages: readonly StageDays[];
  meals: readonly MealPeriod[];
}): PlanIssue[] {
  const points = splitPointIssues(p.totalDays, p.splitPoints);
  return [...points, ...(points.length === 0 ? stageIssues(p.splitPoints, p.stages) : []), ...mealIssues(p.meals)];
}

/** `HH:MM` of a minute of the day, and back (null for anything else). */
export function minuteText(minute: number): string {
  return `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`;
}
export function minuteOf(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}
