/**
 * Rate-of-change rules (issue 13 "rate of change"): a value that changes by more than `amount`
 * within `windowMinutes`, rising, falling or either way. At a reading the change is measured
 * against the readings of the window before it (the reading included): rising is the value less
 * the window's lowest, falling the window's highest less the value, so a climb of 4 degrees over
 * ten minutes counts whatever the readings in between did. The evaluator holds a breach for the
 * rule's duration and clears once the change is back to `amount - deadband` or less, with the
 * same state machine as the limits (logic.ts `step`).
 */
export const RATE_DIRECTIONS = ['rising', 'falling', 'either'] as const;
export type RateDirection = (typeof RATE_DIRECTIONS)[number];

/** The longest window a rule may name (a day). */
export const MAX_RATE_WINDOW_MINUTES = 1440;

/** The lowest and highest value of the window's readings (the current one included). */
export interface WindowRange {
  min: number;
  max: number;
}

/** The window's range from its values; null without any. */
export function windowRange(values: readonly number[]): WindowRange | null {
  if (values.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

/**
 * The change that counts for the direction, signed as it happened: `value - min` when rising,
 * `value - max` (negative) when falling, and for either the larger of the two in size.
 */
export function rateChange(direction: RateDirection, value: number, w: WindowRange): number {
  const rise = value - Math.min(w.min, value);
  const fall = value - Math.max(w.max, value);
  if (direction === 'rising') return rise;
  if (direction === 'falling') return fall;
  return rise >= -fall ? rise : fall;
}

/** Whether the change is more than `amount` (strictly: exactly the amount is allowed). */
export function rateBreaches(change: number, amount: number): boolean {
  return Math.abs(change) > amount;
}

/** Whether an active rate alarm may clear: the change is back to `amount - deadband` or less. */
export function rateClears(change: number, amount: number, deadband: number): boolean {
  return Math.abs(change) <= amount - deadband;
}
