import type { FormRule } from 'antd';
import {
  mealAdjustAddBody,
  minuteOf,
  minuteText,
  type MealAdjustAddBody,
  type MealAdjustKind,
  type MealAdjustRow,
  type RationUnit,
} from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import type { MealValues } from './planForm';

/**
 * The meal adjustment dialog's values and their request body (shared mealAdjustAddBody, which runs
 * the plan's meal rules of plan-rules.ts and the ration bounds): meal times typed as HH:MM like the
 * plan dialog; each part is changed only when its switch is on, else it is sent as null (the
 * plan's, or the house's for a pen, stays).
 */
export interface MealAdjustValues {
  shedId?: number;
  penId?: number | null;
  changeMeals: boolean;
  meals: MealValues[];
  changeRation: boolean;
  rationUnit: RationUnit;
  rationValue?: number | null;
  remark?: string;
}

export function mealAdjustBody(v: MealAdjustValues, farmId: number, kind: MealAdjustKind): Record<string, unknown> {
  return {
    farmId,
    shedId: v.shedId,
    penId: kind === 'field' ? (v.penId ?? undefined) : null,
    meals: v.changeMeals
      ? (v.meals ?? []).map((m) => ({
          startMinute: minuteOf(m.start ?? '') ?? Number.NaN,
          endMinute: minuteOf(m.end ?? '') ?? Number.NaN,
          share: m.share ?? undefined,
        }))
      : null,
    ration: v.changeRation ? { unit: v.rationUnit, value: v.rationValue ?? undefined } : null,
    ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
  };
}

/** The form's field for a body path: meal minutes in `start` / `end`, the ration in `rationUnit` / `rationValue`. */
function formPath(path: readonly PropertyKey[]): string {
  if (path[0] === 'ration') return path[1] === 'unit' ? 'rationUnit' : 'rationValue';
  return path.map((p) => (p === 'startMinute' ? 'start' : p === 'endMinute' ? 'end' : String(p))).join('.');
}

/** The first shared issue at `name` (a path in the form), as the message the field shows. */
function mealAdjustCheck(
  values: MealAdjustValues,
  farmId: number,
  kind: MealAdjustKind,
  name: readonly (string | number)[],
): Promise<void> {
  const result = mealAdjustAddBody.safeParse(mealAdjustBody(values, farmId, kind));
  const here = name.join('.');
  const issue = result.success ? undefined : result.error.issues.find((i) => formPath(i.path) === here);
  return issue ? Promise.reject(new Error(tk(issue.message))) : Promise.resolve();
}

/** A rule for the field at `name`. */
export function mealAdjustRule(farmId: number, kind: MealAdjustKind, name: readonly (string | number)[]): FormRule {
  return ({ getFieldsValue }) => ({ validator: () => mealAdjustCheck(getFieldsValue(true) as MealAdjustValues, farmId, kind, name) });
}

/** The rule of the meal list (Form.List takes validators only), reading the form it is given. */
export function mealAdjustListRule(
  form: { getFieldsValue: (all: true) => unknown },
  farmId: number,
  kind: MealAdjustKind,
): { validator: () => Promise<void> } {
  return { validator: () => mealAdjustCheck(form.getFieldsValue(true) as MealAdjustValues, farmId, kind, ['meals']) };
}

export function initialMealAdjustValues(row: MealAdjustRow | null): MealAdjustValues {
  return {
    shedId: row?.shedId,
    penId: row?.penId ?? null,
    changeMeals: row ? row.meals !== null : true,
    meals: row?.meals?.map((m) => ({ start: minuteText(m.startMinute), end: minuteText(m.endMinute), share: m.share })) ?? [
      { start: '', end: '', share: null },
    ],
    changeRation: row ? row.ration !== null : false,
    rationUnit: row?.ration?.unit ?? 'percent',
    rationValue: row?.ration?.value ?? null,
    remark: row?.remark ?? '',
  };
}

export type { MealAdjustAddBody };
