import { formatDecimal, formatUpTo } from '../../../app/i18n/numbers';

/** A weight, amount or price as the reader writes numbers (app/i18n/numbers), with up to `decimals` places and no trailing zeros. */
export function formatAmount(value: number, decimals = 3): string {
  return formatUpTo(value, decimals);
}

/** A percentage of the plan (a share, a deviation, a gap) with one decimal, or an em dash where there is none (no plan, nothing dispensed). */
export function formatPct(value: number | null): string {
  return value === null ? '—' : formatDecimal(value, 1);
}
