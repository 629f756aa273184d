/**
 * Remote control (issue 14): the rules both sides share. A remote action is confirmed with the
 * account's security code or an authorization code; a setting is sent to the shed's climate
 * controller as a durable command and counts as applied only once the controller acknowledges it.
 */

/** Wrong codes per account: this many inside the window lock remote actions for `lockMinutes`. */
export const CONTROL_CODE_LOCK = Object.freeze({ maxFailures: 5, windowMinutes: 15, lockMinutes: 15 });

/** A command not acknowledged within this time is expired (it is re-sent on reconnect until then). */
export const COMMAND_EXPIRY_SECONDS = 60;

/** Setting groups a controller takes as one command, each with its page (application code). */
export const SETTING_GROUPS = [
  'tempDayAge',
  'heater',
  'fixedWind',
  'pumps',
  'dynamicWind',
  'window',
  'warnRh',
  'warnBar',
  'warnNh3',
  'warnButton',
  'lighting',
  'device',
  'feedDevice',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** The operation (CONTRACT §4 `op`) a group's command carries. */
export const SETTING_OPS: Readonly<Record<SettingGroup, string>> = {
  tempDayAge: 'setTempCurve',
  heater: 'setHeaterParams',
  fixedWind: 'setFanStages',
  pumps: 'setPumps',
  dynamicWind: 'setDynamicWind',
  window: 'setOpenings',
  warnRh: 'setRhAlarm',
  warnBar: 'setPressureAlarm',
  warnNh3: 'setNh3Alarm',
  warnButton: 'setAlarmButton',
  lighting: 'setLighting',
  /** A device switched by hand (devices.ts), one command per switch. */
  device: 'setDevice',
  /**
   * A feeding device's remote action (feeding/remote-schemas.ts), one command per device and
   * action: `setFeederParams`, `setSerial`, `syncTime` or `feedNow` (FEED_REMOTE_OPS).
   */
  feedDevice: 'setFeederParams',
};

/** pending: sent or waiting for the device; synced: acknowledged; failed: refused by it; expired: no answer in time. */
export const COMMAND_STATUSES = ['pending', 'synced', 'failed', 'expired'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/** How a remote action was confirmed (the code itself is never stored). */
export const CODE_KINDS = ['security', 'authorization'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/**
 * apply, restore: a setting group's version; switch: a device by hand (/remote-control/device);
 * return: back to automatic after the chosen time; params, serial, timeSync, feedNow: a feeding
 * device's parameters, serial settings, clock or a one-off feeding (/remote-control/feed-device);
 * redispatch: a feeder's ration sent again after a meal adjustment (/accurate-feeding/meal/*).
 */
export const OPTION_ACTIONS = ['apply', 'restore', 'switch', 'return', 'params', 'serial', 'timeSync', 'feedNow', 'redispatch'] as const;
export type OptionAction = (typeof OPTION_ACTIONS)[number];

/**
 * The groups an option-log entry belongs to: the setting groups, and `feeding` (a feeder's ration,
 * op `setRation`, the plan dispatch's command group), whose re-dispatch after a meal adjustment is
 * confirmed with a code too. It is no setting group: no state page, restore or authorization-code
 * action of its own (a re-dispatch is confirmed for `feedDevice`).
 */
export const OPTION_LOG_GROUPS = [...SETTING_GROUPS, 'feeding'] as const;
export type OptionLogGroup = (typeof OPTION_LOG_GROUPS)[number];

/** Day-age temperature curve (SPEC §2 /remote-control/env-control/temp-dayage). */
export const CURVE_LIMITS = Object.freeze({
  maxPoints: 10,
  minDay: -7,
  maxDay: 999,
  minTarget: 0,
  maxTarget: 45,
  maxOffset: 15,
  minRh: 20,
  maxRh: 95,
});

/** Authorization codes: validity in minutes (at most 7 days) and the houses one code may cover. */
export const AUTH_CODE_LIMITS = Object.freeze({ minMinutes: 1, maxMinutes: 10_080, maxSheds: 200, length: 8 });

/** Houses one batch apply may target. */
export const MAX_BATCH_SHEDS = 200;

/** Index of the first point whose day is not above the one before, else -1. */
export function firstNonIncreasingDay(days: readonly number[]): number {
  for (let i = 1; i < days.length; i++) if (days[i]! <= days[i - 1]!) return i;
  return -1;
}

/** The status shown for a setting group: that of its newest version, none when never set. */
export function groupStatus(versions: readonly { status: CommandStatus }[]): CommandStatus | null {
  return versions[0]?.status ?? null;
}

/**
 * How far (°C) a curve's set point may be from the breed's comfort curve (the farm's standard
 * curve of indicator '01' for the house's flock type) before the user must confirm it.
 */
export const COMFORT_MARGIN_C = 3;

/** The comfort value at `day` from a standard curve (`values[i]` is day `startDay + i`), else null. */
export function comfortAt(curve: { startDay: number; values: readonly (number | null)[] } | null, day: number): number | null {
  if (!curve) return null;
  const v = curve.values[day - curve.startDay];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The days of `points` whose target is more than `margin` from the comfort curve (none without one). */
export function offComfortDays(
  points: readonly { day: number; target: number }[],
  curve: { startDay: number; values: readonly (number | null)[] } | null,
  margin: number = COMFORT_MARGIN_C,
): number[] {
  return points
    .filter((p) => {
      const c = comfortAt(curve, p.day);
      return c !== null && Math.abs(p.target - c) > margin;
    })
    .map((p) => p.day);
}
