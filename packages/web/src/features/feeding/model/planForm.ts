import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DEFAULT_MAX_STEP_G,
  minuteOf,
  minuteText,
  planAddBody,
  planIssues,
  type MealPeriod,
  splitPointIssues,
  stagesFromSplitPoints,
  type DispatchMode,
  type PlanAddBody,
  type PlanRow,
} from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';

/**
 * The plan dialog's values and their request body (shared planAddBody, which carries the SPEC §5
 * rules): split points are typed as "1, 30, 31, 60", meal times as HH:MM, the dispatch time is a
 * date-time picker's value.
 */
export interface StageValues {
  startDay: number;
  endDay: number;
  feedId?: number;
  dailyAmount?: number | null;
}
export interface MealValues {
  start: string;
  end: string;
  share?: number | null;
}
export interface PlanValues {
  shedId?: number;
  penIds: number[];
  name: string;
  totalDays?: number | null;
  splitText: string;
  stages: StageValues[];
  meals: MealValues[];
  maxStep?: number | null;
  standardId?: number | null;
  dispatchMode: DispatchMode;
  dispatchAt?: Dayjs | null;
  remark?: string;
}

/** "1, 30 31;60" -> [1, 30, 31, 60]; a part that is not a whole number stays NaN, so the rule refuses it. */
export function parseSplitText(text: string): number[] {
  return text
    .split(/[\s,;，、]+/)
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));
}

/** The stages the split points make, keeping the feed and amount of the stage in the same place. */
export function generateStages(v: Pick<PlanValues, 'totalDays' | 'splitText' | 'stages'>): StageValues[] | null {
  const points = parseSplitText(v.splitText);
  if (!v.totalDays || points.some(Number.isNaN) || splitPointIssues(v.totalDays, points).length > 0) return null;
  return stagesFromSplitPoints(points).map((s, i) => ({
    ...s,
    feedId: v.stages[i]?.feedId,
    dailyAmount: v.stages[i]?.dailyAmount ?? null,
  }));
}

export function planBody(v: PlanValues, farmId: number, confirmStep: boolean): Record<string, unknown> {
  return {
    farmId,
    shedId: v.shedId,
    penIds: v.penIds ?? [],
    name: typeof v.name === 'string' ? v.name.trim() : v.name,
    totalDays: v.totalDays ?? undefined,
    splitPoints: parseSplitText(v.splitText ?? ''),
    stages: (v.stages ?? []).map((s) => ({
      startDay: s.startDay,
      endDay: s.endDay,
      feedId: s.feedId,
      dailyAmount: s.dailyAmount ?? undefined,
    })),
    meals: (v.meals ?? []).map((m) => ({
      startMinute: minuteOf(m.start ?? '') ?? Number.NaN,
      endMinute: minuteOf(m.end ?? '') ?? Number.NaN,
      share: m.share ?? undefined,
    })),
    maxStep: v.maxStep ?? null,
    standardId: v.standardId ?? null,
    confirmStep,
    dispatchMode: v.dispatchMode,
    ...(v.dispatchMode === 'timed' && v.dispatchAt ? { dispatchAt: v.dispatchAt.valueOf() } : {}),
    ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
  };
}

/** The form's field for a body path: split points are typed in `splitText`, meal minutes in `start` / `end`. */
function formPath(path: readonly PropertyKey[]): string {
  const names = path.map((p) =>
    p === 'splitPoints' ? 'splitText' : p === 'startMinute' ? 'start' : p === 'endMinute' ? 'end' : String(p),
  );
  return names.join('.');
}

/** A rule for the field at `name` (a path in the form), from the first shared issue found there. */
export function planRule(farmId: number, name: readonly (string | number)[]): FormRule {
  return ({ getFieldsValue }) => ({ validator: () => planCheck(getFieldsValue(true) as PlanValues, farmId, name) });
}

/** The rule of a list (stages, meals: Form.List takes validators only), reading the form it is given. */
export function planListRule(
  form: { getFieldsValue: (all: true) => unknown },
  farmId: number,
  name: string,
): { validator: () => Promise<void> } {
  return { validator: () => planCheck(form.getFieldsValue(true) as PlanValues, farmId, [name]) };
}

/**
 * The schema's issues, and the plan rules run on their own: the schema runs its rules only once
 * every field has a value of its type, and the form shows them as soon as their fields are filled.
 */
async function planCheck(values: PlanValues, farmId: number, name: readonly (string | number)[]): Promise<void> {
  const body = planBody(values, farmId, true) as {
    totalDays?: number;
    splitPoints: number[];
    stages: { startDay: number; endDay: number }[];
    meals: { startMinute: number; endMinute: number; share?: number }[];
  };
  const result = planAddBody.safeParse(body);
  const issues: { path: readonly PropertyKey[]; message: string }[] = result.success ? [] : [...result.error.issues];
  const mealsFilled = body.meals.every((m) =>
    [m.startMinute, m.endMinute, m.share].every((v) => typeof v === 'number' && !Number.isNaN(v)),
  );
  if (body.totalDays && !body.splitPoints.some(Number.isNaN)) {
    const rules = planIssues({
      totalDays: body.totalDays,
      splitPoints: body.splitPoints,
      stages: body.stages,
      meals: mealsFilled ? (body.meals as MealPeriod[]) : [],
    });
    issues.push(...rules.filter((i) => mealsFilled || i.path[0] !== 'meals'));
  }
  const here = name.join('.');
  const issue = issues.find((i) => formPath(i.path) === here);
  if (issue) throw new Error(tk(issue.message));
}

export function initialPlanValues(plan: PlanRow | null): PlanValues {
  if (!plan)
    return {
      penIds: [],
      name: '',
      totalDays: null,
      splitText: '',
      stages: [],
      meals: [{ start: '', end: '', share: null }],
      dispatchMode: 'immediate',
    };
  return {
    shedId: plan.shedId,
    penIds: plan.penIds,
    name: plan.name,
    totalDays: plan.totalDays,
    splitText: plan.splitPoints.join(', '),
    stages: plan.stages.map((s) => ({ startDay: s.startDay, endDay: s.endDay, feedId: s.feedId, dailyAmount: s.dailyAmount })),
    meals: plan.meals.map((m) => ({ start: minuteText(m.startMinute), end: minuteText(m.endMinute), share: m.share })),
    maxStep: plan.maxStep,
    standardId: plan.standardId,
    dispatchMode: plan.dispatchMode,
    dispatchAt: plan.dispatchAt === null ? null : dayjs(plan.dispatchAt),
    remark: plan.remark ?? '',
  };
}

/** The step limit in force: the plan's own, or the animal's default. */
export function stepLimit(maxStep: number | null | undefined, farmType: number | undefined): number {
  return maxStep ?? DEFAULT_MAX_STEP_G[farmType ?? 1] ?? 1000;
}

export type { PlanAddBody };
