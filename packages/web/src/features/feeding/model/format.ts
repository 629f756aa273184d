import { formatUpTo } from '../../../app/i18n/numbers';

/** A weight, amount or price as the reader writes numbers (app/i18n/numbers), with up to `decimals` places and no trailing zeros. */
export function formatAmount(value: number, decimals = 3): string {
  return formatUpTo(value, decimals);
}
