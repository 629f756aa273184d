/**
 * When a silo runs empty (issue 15, "Empty-by forecast"), from its recent daily consumption: a
 * range of whole days, conservative on both ends, and whether to reorder now.
 *
 * - The soonest day uses the highest plausible rate: the largest recent day, at least the mean
 *   plus 10 % (a growing flock eats more each day), and at least the newest day.
 * - The latest day uses the mean rate.
 * - Both round down (days of feed left, not days until the last kilo).
 * - A reorder warning stands when the soonest day is within the silo's lead time.
 */
import { roundTo } from '../numbers.js';

export const FORECAST_DAYS = 7;
/** Fewer days of consumption than this give no forecast (a new or idle silo). */
export const FORECAST_MIN_DAYS = 2;

export interface SiloForecast {
  /** Whole days of feed left at the highest plausible rate (the conservative end). */
  soonestDays: number;
  /** Whole days left at the mean rate. */
  latestDays: number;
  /** kg per day behind the two ends. */
  highRateKg: number;
  meanRateKg: number;
  /** Order now: the soonest day is within the lead time. */
  reorder: boolean;
}

/**
 * `dailyKg`: consumption of the recent whole days, oldest first (the last FORECAST_DAYS are used;
 * days without any are left out, a silo not in use). Null without FORECAST_MIN_DAYS days of use.
 */
export function emptyForecast(currentKg: number, dailyKg: readonly number[], leadDays: number): SiloForecast | null {
  const days = dailyKg.slice(-FORECAST_DAYS).filter((d) => d > 0);
  if (days.length < FORECAST_MIN_DAYS) return null;
  const mean = days.reduce((a, b) => a + b, 0) / days.length;
  const high = Math.max(...days, mean * 1.1, days[days.length - 1]!);
  const left = Math.max(0, currentKg);
  const soonestDays = Math.floor(left / high);
  const latestDays = Math.floor(left / mean);
  return {
    soonestDays,
    latestDays,
    highRateKg: roundTo(high, 1),
    meanRateKg: roundTo(mean, 1),
    reorder: soonestDays <= leadDays,
  };
}
