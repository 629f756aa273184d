import { curveValuesInput, FLOCK_TYPES, type CurveIndicator } from '@farmsense/shared';
import { hasKey, tk } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';
import { formatDecimal } from '../../../app/i18n/numbers';

/**
 * Labels and small calculations the flock and standard-curve screens share. Flock types are
 * stored as numbers 1..5 (FLOCK_TYPE_CODES) and named through `enums.flockType.<name>`.
 */
export function flockTypeLabel(code: number | null | undefined): string {
  if (code === null || code === undefined) return '';
  const name = FLOCK_TYPES[code - 1];
  return name ? enumLabel('flockType', name) : String(code);
}

/** The unit of an indicator (°C, g, ml), or '' for ratios and counts. */
export function indicatorUnit(code: string): string {
  const key = `flocks.indicators.${code}.unit`;
  return hasKey(key) ? tk(key) : '';
}

/** "Average weight (g)": the indicator name with its unit, as lists show it. */
export function indicatorLabel(code: string): string {
  const key = `flocks.indicators.${code}.name`;
  if (!hasKey(key)) return code;
  const unit = indicatorUnit(code);
  return unit ? tk('flocks.indicators.withUnit', { name: tk(key), unit }) : tk(key);
}

/** The day ages a curve covers: `startDay` to `startDay + count - 1`. */
export function dayRange(startDay: number, count: number): [number, number] {
  return [startDay, startDay + Math.max(count, 1) - 1];
}

export type ParsedValues = { ok: true; values: number[] } | { ok: false; message: string } | { ok: null };

/**
 * The values text of the curve form, read with the same schema the server uses (comma or
 * full-width comma separated numbers). Blank text is neither valid nor an error yet.
 */
export function parseCurveValues(text: string | undefined): ParsedValues {
  if (!text || text.trim() === '') return { ok: null };
  const r = curveValuesInput.safeParse(text);
  if (r.success) return { ok: true, values: r.data };
  return { ok: false, message: tk(issueKey(r.error.issues[0])) };
}

interface IssueLike {
  code?: string;
  message?: string;
  errors?: IssueLike[][];
}

/**
 * The i18n key of a values issue. The schema is a union (text or number list), and zod reports a
 * failed union as one generic "Invalid input" holding each branch's issues: the text branch's own
 * key (validation.curveValues, validation.required) is the one that speaks to a person typing.
 */
function issueKey(issue: IssueLike | undefined): string {
  if (issue?.message?.startsWith('validation.')) return issue.message;
  const textBranch = issue?.errors?.[0]?.[0];
  return textBranch ? issueKey(textBranch) : 'validation.curveValues';
}

/** The values of a stored curve as the form shows them. */
export function valuesText(values: readonly number[]): string {
  return values.join(', ');
}

/** Days are counted as production counts them (today in the farm's time zone, calendar shifts). */
export { todayIn } from './kinds';

/** A figure with fixed decimals, or a dash when there is none. */
export function fmt(v: number | null | undefined, decimals = 0): string {
  return typeof v === 'number' && Number.isFinite(v) ? formatDecimal(v, decimals) : '—';
}

/** The indicator codes in catalogue order. */
export const INDICATOR_CODES: CurveIndicator[] = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
