import { formatDateTime, formatDecimal } from '../../../app/i18n/numbers';
import type { TFunction } from 'i18next';
import type { SiloStatusRow } from '@farmsense/shared';

/**
 * The forecast in words: "Empty in 3-4 days" (the conservative end first), "Empty in 3 days"
 * when both ends meet, "Empty within a day" at 0, and "Not enough history" before two days of
 * consumption were weighed.
 */
export function forecastText(t: TFunction, f: SiloStatusRow['forecast']): string {
  if (!f) return t('silos:forecast.none');
  if (f.latestDays === 0) return t('silos:forecast.today');
  if (f.soonestDays === f.latestDays) return t('silos:forecast.days', { count: f.soonestDays });
  return t('silos:forecast.range', { from: f.soonestDays, to: f.latestDays });
}

/** Tag colours of the SPEC §4 feed tower states. */
export const LEVEL_COLOR: Record<string, string> = { normal: 'green', empty: 'red', full: 'orange' };
export const WEIGHT_COLOR: Record<string, string> = { stable: 'default', dynamic: 'blue', overload: 'red', underload: 'red' };
export const ACTION_COLOR: Record<string, string> = { none: 'default', loading: 'cyan', unloading: 'geekblue' };

/** A reading or delivery time as the console language writes moments (app/i18n/numbers). */
export function fmtTime(ts: number): string {
  return formatDateTime(ts);
}

/** Whole kilograms as the console language writes numbers ("12,340" in English, "12 340" in Russian). */
export function fmtKg(value: number): string {
  return formatDecimal(value, 0);
}
