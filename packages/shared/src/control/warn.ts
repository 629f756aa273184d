import { z } from 'zod';
import { stageFor, type AlarmOperator, type StageLimits } from '../alarms/logic.js';
import { strictObject } from '../schemas/common.js';
import { cycleSeconds } from './fans.js';
import { inRange } from './setting-list.js';

/**
 * The controller's own alarm limits (SPEC §2 /remote-control/warn/{rh,bar,nh3,button}): what the
 * climate controller in the barn sounds its own alarm on, independent of the platform (it still
 * alarms when the link is down). One setting group per page, each its own right: humidity high and
 * low (% RH), static pressure high and low (Pa, sub-device 4 negative pressure), ammonia high (ppm)
 * and the alarm button (enabled, delay). Every limit is held for `delaySeconds` (a multiple of
 * 10 s as the controller counts) before the alarm sounds; a disabled alarm never sounds. Refusals
 * are 99996 per field (no SPEC code): a limit out of its physical range, low not below high.
 */
export const WARN_LIMITS = Object.freeze({
  rh: { min: 0, max: 100 },
  /** Static pressure across the house wall, Pa (the simulator's pa.n readings). */
  pa: { min: 0, max: 200 },
  nh3: { min: 1, max: 100 },
});

const enabled = z.boolean({ error: 'validation.required' });
const delaySeconds = cycleSeconds(0);

/** A low-high band whose low must stay below its high. */
function band(limits: { min: number; max: number }) {
  return strictObject({ enabled, low: inRange(limits.min, limits.max), high: inRange(limits.min, limits.max), delaySeconds }).superRefine(
    (v, ctx) => {
      if (v.low >= v.high) ctx.addIssue({ code: 'custom', message: 'validation.lowBelowHigh', path: ['low'] });
    },
  );
}

export const warnRhPayload = band(WARN_LIMITS.rh);
export type WarnRhPayload = z.infer<typeof warnRhPayload>;
export const warnBarPayload = band(WARN_LIMITS.pa);
export type WarnBarPayload = z.infer<typeof warnBarPayload>;
export const warnNh3Payload = strictObject({ enabled, high: inRange(WARN_LIMITS.nh3.min, WARN_LIMITS.nh3.max), delaySeconds });
export type WarnNh3Payload = z.infer<typeof warnNh3Payload>;
export const warnButtonPayload = strictObject({ enabled, delaySeconds });
export type WarnButtonPayload = z.infer<typeof warnButtonPayload>;

/** The telemetry kind (CONTRACT §4 `<kind>.<n>`) each limit group watches, as the platform's alarm rules name it. */
export const WARN_KEYS = Object.freeze({ warnRh: 'rh', warnBar: 'pa', warnNh3: 'nh3' } as const);
export type WarnKeyGroup = keyof typeof WARN_KEYS;

/** The limits a value is held to: null where there is none. */
export interface BandLimits {
  low: number | null;
  high: number | null;
}

/** A platform threshold rule as the alarms module lists it (alarmRuleRow's fields used here). */
export interface PlatformRule {
  kind: string;
  property: string;
  operator: AlarmOperator | null;
  enabled: boolean;
  stages: readonly StageLimits[];
}

/** Whether a platform rule watches the kind (`rh` or `rh.2` for `rh`) with limits: an enabled threshold rule. */
export function watchesKind(rule: PlatformRule, kind: string): boolean {
  return rule.kind === 'threshold' && rule.enabled && rule.operator !== null && rule.property.split('.')[0] === kind;
}

/**
 * A platform rule's limits on a day age (the stage for it; only an all-ages stage without one):
 * its high for gt/gte, its low for lt/lte, both for outside. Limits of these kinds are absolute.
 */
export function platformLimits(rule: PlatformRule, dayAge: number | null): BandLimits | null {
  const stage = stageFor(rule.stages, dayAge);
  if (!stage || stage.limitKind !== 'absolute' || rule.operator === null) return null;
  const op = rule.operator;
  return { low: op === 'gt' || op === 'gte' ? null : stage.low, high: op === 'lt' || op === 'lte' ? null : stage.high };
}

/**
 * Where the controller's limits are looser than the platform's (a hint to the reader, never a
 * refusal): its alarm off, its high above the platform's high, its low below the platform's low.
 */
export function looserThan(ctrl: { enabled: boolean; low?: number; high?: number }, platform: BandLimits): ('enabled' | 'high' | 'low')[] {
  const out: ('enabled' | 'high' | 'low')[] = [];
  if (!ctrl.enabled && (platform.low !== null || platform.high !== null)) out.push('enabled');
  if (ctrl.high !== undefined && platform.high !== null && ctrl.high > platform.high) out.push('high');
  if (ctrl.low !== undefined && platform.low !== null && ctrl.low < platform.low) out.push('low');
  return out;
}
