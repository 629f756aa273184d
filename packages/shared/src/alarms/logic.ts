/**
 * The alarm rules' pure logic (issue 13, DESIGN.md §3 "Alarm state derived from facts"): which
 * day-age stage applies, the limits of a stage (absolute, or relative to the day's target), when a
 * value breaches them, when it is back inside by the deadband, and the per-originator state
 * machine that holds a breach for the rule's duration before raising. The server's evaluator runs
 * these on every committed reading; the console may run them to preview a rule.
 */

/** Comparison of a rule: above (>, >=), below (<, <=), or outside the band [low, high]. */
export const ALARM_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'outside'] as const;
export type AlarmOperator = (typeof ALARM_OPERATORS)[number];

/** A stage's limits are absolute values, or offsets from the day's target (relative). */
export const LIMIT_KINDS = ['absolute', 'relative'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** The oldest day age a stage may name (a sow lives a few years). */
export const MAX_DAY_AGE = 9999;

export interface StageLimits {
  fromDay: number;
  toDay: number;
  limitKind: LimitKind;
  /** Lower limit (lt, lte, outside); an offset for a relative stage. */
  low: number | null;
  /** Upper limit (gt, gte, outside); an offset for a relative stage. */
  high: number | null;
}

/** The limits a value is compared with, after a relative stage met its target. */
export interface Limits {
  low: number | null;
  high: number | null;
}

/**
 * Where a list of stages breaks the rules: `from > to` (20027) or two ranges sharing a day
 * (20028), with the index of the offending stage; null when the stages are fine.
 */
export function stageProblem(stages: readonly Pick<StageLimits, 'fromDay' | 'toDay'>[]): { code: 20027 | 20028; index: number } | null {
  const inverted = stages.findIndex((s) => s.fromDay > s.toDay);
  if (inverted >= 0) return { code: 20027, index: inverted };
  const order = stages.map((s, i) => ({ ...s, i })).sort((a, b) => a.fromDay - b.fromDay || a.i - b.i);
  for (let k = 1; k < order.length; k++) {
    if (order[k]!.fromDay <= order[k - 1]!.toDay) return { code: 20028, index: Math.max(order[k]!.i, order[k - 1]!.i) };
  }
  return null;
}

/**
 * The stage for a day age. Without a known day age (no flock, no `dayAge.1` reading) only a stage
 * covering every age (0 .. MAX_DAY_AGE) applies: a rule meant for some ages never fires on a guess.
 */
export function stageFor<S extends Pick<StageLimits, 'fromDay' | 'toDay'>>(stages: readonly S[], dayAge: number | null): S | null {
  if (dayAge === null) return stages.find((s) => s.fromDay === 0 && s.toDay >= MAX_DAY_AGE) ?? null;
  return stages.find((s) => s.fromDay <= dayAge && dayAge <= s.toDay) ?? null;
}

/** A stage's limits on a day; null for a relative stage when the day has no target. */
export function limitsOf(stage: Pick<StageLimits, 'limitKind' | 'low' | 'high'>, target: number | null): Limits | null {
  if (stage.limitKind === 'absolute') return { low: stage.low, high: stage.high };
  if (target === null) return null;
  return { low: stage.low === null ? null : target + stage.low, high: stage.high === null ? null : target + stage.high };
}

/** Whether `value` is in alarm against the limits (a missing limit never breaches). */
export function breaches(op: AlarmOperator, l: Limits, value: number): boolean {
  // No helper closures: the evaluator calls this for every rule, sensor and reading.
  switch (op) {
    case 'gt':
      return l.high !== null && value > l.high;
    case 'gte':
      return l.high !== null && value >= l.high;
    case 'lt':
      return l.low !== null && value < l.low;
    case 'lte':
      return l.low !== null && value <= l.low;
    case 'outside':
      return (l.high !== null && value > l.high) || (l.low !== null && value < l.low);
  }
}

/**
 * Whether an active alarm may clear: the value is back inside by at least the deadband, so a
 * value hovering at the limit does not chatter (limit 30, deadband 1: clears at 29 or lower).
 */
export function clears(op: AlarmOperator, l: Limits, value: number, deadband: number): boolean {
  const high = l.high === null ? null : l.high - deadband;
  const low = l.low === null ? null : l.low + deadband;
  switch (op) {
    case 'gt':
      return high === null || value <= high;
    case 'gte':
      return high === null || value < high;
    case 'lt':
      return low === null || value >= low;
    case 'lte':
      return low === null || value > low;
    case 'outside':
      return (low === null || value >= low) && (high === null || value <= high);
  }
}

/** How far a value is into alarm: the larger, the worse (the alarm's peak keeps the worst). */
export function severity(op: AlarmOperator, l: Limits, value: number): number {
  const over = l.high === null ? -Infinity : value - l.high;
  const under = l.low === null ? -Infinity : l.low - value;
  if (op === 'gt' || op === 'gte') return over;
  if (op === 'lt' || op === 'lte') return under;
  return Math.max(over, under);
}

/** What the evaluator remembers per (rule, originator) between readings. */
export interface ConditionState {
  /** Time (ms) of the first reading of the current breach, while the duration runs; null otherwise. */
  pendingSince: number | null;
  /** Whether the alarm is raised (in warning). */
  active: boolean;
  /** Time (ms) of the newest reading evaluated: older or equal ones (redeliveries) are ignored. */
  lastTs: number | null;
}

export type StepAction = 'none' | 'raise' | 'clear' | 'update';

export interface StepInput {
  ts: number;
  /** The value breaches the limits (`breaches`). */
  breach: boolean;
  /** The value is back inside by the deadband (`clears`). */
  clear: boolean;
  /** How long the breach must last before the alarm is raised (0: at once). */
  durationMs: number;
}

/**
 * One reading through the state machine:
 * - not active: a breach starts (or continues) the pending time; once it has lasted `durationMs`
 *   the alarm is raised; a reading without breach resets it;
 * - active: a reading that `clear`s ends the alarm, any other is an `update` (peak);
 * - a reading not newer than the last one changes nothing.
 */
export function step(state: ConditionState, input: StepInput): { state: ConditionState; action: StepAction } {
  if (state.lastTs !== null && input.ts <= state.lastTs) return { state, action: 'none' };
  const lastTs = input.ts;
  if (state.active) {
    if (input.clear) return { state: { pendingSince: null, active: false, lastTs }, action: 'clear' };
    return { state: { ...state, lastTs }, action: 'update' };
  }
  if (!input.breach) return { state: { pendingSince: null, active: false, lastTs }, action: 'none' };
  const since = state.pendingSince ?? input.ts;
  if (input.ts - since >= input.durationMs) return { state: { pendingSince: null, active: true, lastTs }, action: 'raise' };
  return { state: { pendingSince: since, active: false, lastTs }, action: 'none' };
}
