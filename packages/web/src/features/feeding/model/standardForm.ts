import type { FormRule } from 'antd';
import {
  standardAddBody,
  standardAdjustmentIssues,
  standardAgeIssues,
  type PenFeedingType,
  type StandardAdjustment,
  type StandardAge,
  type StandardFactor,
  type StandardRow,
} from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';

/**
 * The standard drawer's values and their request body (shared standardAddBody, which carries the
 * rules of standard-rules.ts). Number fields hold null while empty and NaN for text that is not a
 * number, so the schema names the problem on the field.
 */
export interface AgeValues {
  startDay?: number | null;
  endDay?: number | null;
  minAmount?: number | null;
  dailyAmount?: number | null;
  maxAmount?: number | null;
}
export interface AdjustmentValues {
  factor?: StandardFactor;
  from?: number | null;
  to?: number | null;
  percent?: number | null;
}
export interface StandardValues {
  name: string;
  penFeedingType?: PenFeedingType;
  breed: string;
  excessRatio?: number | null;
  ages: AgeValues[];
  adjustments: AdjustmentValues[];
  remark?: string;
}

const num = (v: number | null | undefined): number | undefined => (v === null ? undefined : v);
const text = (v: unknown): unknown => (typeof v === 'string' ? v.trim() : v);

export function standardBody(v: StandardValues): Record<string, unknown> {
  return {
    name: text(v.name),
    penFeedingType: v.penFeedingType,
    breed: text(v.breed),
    excessRatio: num(v.excessRatio),
    ages: (v.ages ?? []).map((a) => ({
      startDay: num(a.startDay),
      endDay: num(a.endDay),
      minAmount: num(a.minAmount),
      dailyAmount: num(a.dailyAmount),
      maxAmount: num(a.maxAmount),
    })),
    adjustments: (v.adjustments ?? []).map((a) => ({ factor: a.factor, from: num(a.from), to: num(a.to), percent: num(a.percent) })),
    ...(typeof v.remark === 'string' && v.remark.trim() ? { remark: v.remark.trim() } : {}),
  };
}

const orNaN = (v: number | undefined): number => (v === undefined ? Number.NaN : v);

/**
 * The schema's issues, and the row rules run on their own: the schema runs them only once every
 * field has a value of its type, the form shows them as soon as a row's values are typed. Empty
 * numbers take part as NaN, which no rule compares (their "required" comes from the schema, first).
 */
export function standardIssues(v: StandardValues): { path: string; message: string }[] {
  const body = standardBody(v) as { ages: Partial<StandardAge>[]; adjustments: Partial<StandardAdjustment>[] };
  const result = standardAddBody.safeParse(body);
  const issues = result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const ages = body.ages.map((a) => ({
    startDay: orNaN(a.startDay),
    endDay: orNaN(a.endDay),
    minAmount: orNaN(a.minAmount),
    dailyAmount: orNaN(a.dailyAmount),
    maxAmount: orNaN(a.maxAmount),
  }));
  // Adjustments without a factor yet have no values to check; the others keep their index.
  const index = body.adjustments.flatMap((a, i) => (a.factor ? [i] : []));
  const adjustments = index.map((i) => {
    const a = body.adjustments[i]!;
    return { factor: a.factor!, from: orNaN(a.from), to: orNaN(a.to), percent: orNaN(a.percent) };
  });
  const rules = [
    ...(ages.length > 0 ? standardAgeIssues(ages) : []),
    ...standardAdjustmentIssues(adjustments).map((i) => ({ ...i, path: ['adjustments', index[i.path[1] as number]!, ...i.path.slice(2)] })),
  ];
  return [...issues, ...rules.map((i) => ({ path: i.path.join('.'), message: i.message }))];
}

/** The rule of the field at `name` (a path in the form), from the first issue found there. */
export function standardRule(name: readonly (string | number)[]): FormRule {
  const here = name.join('.');
  return ({ getFieldsValue }) => ({
    validator: async (): Promise<void> => {
      const issue = standardIssues(getFieldsValue(true) as StandardValues).find((i) => i.path === here);
      if (issue) throw new Error(tk(issue.message));
    },
  });
}

/** The rule of a list as a whole (Form.List takes validators only), reading the form it is given. */
export function standardListRule(form: { getFieldsValue: (all: true) => unknown }, name: string): { validator: () => Promise<void> } {
  return {
    validator: async () => {
      const issue = standardIssues(form.getFieldsValue(true) as StandardValues).find((i) => i.path === name);
      if (issue) throw new Error(tk(issue.message));
    },
  };
}

export function initialStandardValues(row: StandardRow | null): StandardValues {
  if (!row)
    return {
      name: '',
      breed: '',
      excessRatio: 0,
      ages: [{ startDay: 1, endDay: null, minAmount: null, dailyAmount: null, maxAmount: null }],
      adjustments: [],
    };
  return {
    name: row.name,
    penFeedingType: row.penFeedingType,
    breed: row.breed,
    excessRatio: row.excessRatio,
    ages: row.ages.map((a) => ({ ...a })),
    adjustments: row.adjustments.map((a) => ({ ...a })),
    remark: row.remark ?? '',
  };
}

/** The next age row starts the day after the last one ends. */
export function nextAgeRow(ages: readonly AgeValues[]): AgeValues {
  const last = ages.at(-1)?.endDay;
  const start = typeof last === 'number' && Number.isInteger(last) ? last + 1 : null;
  return { startDay: start, endDay: null, minAmount: null, dailyAmount: null, maxAmount: null };
}
