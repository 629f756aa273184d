/**
 * Numbers as people type them in the five languages of the console. Vietnamese and Russian write
 * "12,5" where English writes "12.5"; Russian groups thousands with a space, Vietnamese with a
 * dot. A typed number is read by the conventions of the display language, and the other
 * separator is accepted where it cannot mean anything else ("12.5" on a Russian page), so a
 * value never changes its magnitude silently: what cannot be read is refused, not guessed.
 */

/** The decimal separator and the thousands separator of a BCP 47 locale ("ru-RU": "," and " "). */
export function separatorsOf(intlLocale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(intlLocale, { useGrouping: true }).formatToParts(12345.6);
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  return { decimal, group };
}

const SPACES = /[\s\u00a0\u202f\u2009']/g;
const GROUPED = /^\d{1,3}(?:[.,]\d{3})+$/;

/**
 * Reads a typed number: null for an empty field, NaN for text that is not a number (a letter,
 * two signs, a separator in a place no convention puts it), else the number.
 *
 * - Spaces (also the no-break spaces Russian groups with) and apostrophes are grouping only.
 * - With both "," and "." the last one is the decimal separator and the other must group by
 *   threes ("1.234,5", "1,234.5").
 * - One kind of separator: the display language's decimal separator is decimal; its grouping
 *   separator is grouping where it groups by threes ("1,234" in English, "1.234" in Vietnamese)
 *   and decimal otherwise ("12,5" in English is 12.5: it cannot be a grouping); any other
 *   separator is decimal ("12.5" in Russian). Repeated, a separator must group by threes.
 */
export function parseLocaleNumber(text: string, seps: { decimal: string; group: string }): number | null {
  const s = text.trim().replace(SPACES, '');
  if (s === '') return null;
  const m = /^([+-]?)([\d.,]+)$/.exec(s);
  if (!m) return Number.NaN;
  const sign = m[1] === '-' ? -1 : 1;
  const body = m[2]!;
  if (!/\d/.test(body)) return Number.NaN;
  const commas = body.split(',').length - 1;
  const dots = body.split('.').length - 1;
  let normal: string;
  if (commas > 0 && dots > 0) {
    const decimal = body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    const at = body.lastIndexOf(decimal);
    const whole = body.slice(0, at);
    if (body.split(decimal).length - 1 !== 1 || !GROUPED.test(whole) || whole.includes(decimal)) return Number.NaN;
    normal = `${whole.split(group).join('')}.${body.slice(at + 1)}`;
  } else if (commas + dots === 0) {
    normal = body;
  } else {
    const sep = commas > 0 ? ',' : '.';
    const count = commas + dots;
    const groups = GROUPED.test(body);
    if (count > 1) {
      if (!groups) return Number.NaN;
      normal = body.split(sep).join('');
    } else if (sep === seps.decimal) {
      normal = body.replace(sep, '.');
    } else if (sep === seps.group && groups) {
      normal = body.replace(sep, '');
    } else {
      normal = body.replace(sep, '.');
    }
  }
  if (!/^\d*\.?\d*$/.test(normal) || normal === '.' || normal.endsWith('.') || normal.startsWith('.')) return Number.NaN;
  return sign * Number(normal);
}

/** A number for an input field: the display language's decimal separator, no grouping. */
export function formatForInput(value: number | null | undefined, seps: { decimal: string }): string {
  if (value == null || !Number.isFinite(value)) return '';
  return String(value).replace('.', seps.decimal);
}

/**
 * A figure to `digits` decimals, the one rounding rule of the product: Math.round's halves (2.45
 * to 1 decimal is 2.5, -2.45 is -2.4: halves go up), so every package shows the same figure.
 */
export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Two digits with a leading zero: months, days, hours and minutes in labels ("07"). */
export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Lowest, mean (to 3 decimals) and highest of a non-empty list of readings. */
export function readingSummary(values: readonly number[]): { min: number; avg: number; max: number } {
  return {
    min: Math.min(...values),
    avg: roundTo(values.reduce((s, x) => s + x, 0) / values.length, 3),
    max: Math.max(...values),
  };
}
