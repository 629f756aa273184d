/**
 * The controller's own alarm limits (remote control /remote-control/warn/*): the controller
 * sounds its alarm on them by itself, whether or not the platform reaches it.
 *
 *   setRhAlarm {version, enabled, low, high, delaySeconds}        humidity band, % RH (0-100)
 *   setPressureAlarm {version, enabled, low, high, delaySeconds}  static pressure band, Pa (0-200)
 *   setNh3Alarm {version, enabled, high, delaySeconds}            ammonia over, ppm (1-100)
 *   setAlarmButton {version, enabled, delaySeconds}               the siren on or off, its delay
 * Delays are multiples of 10 s up to an hour; a band's low must be below its high.
 */
export interface WarnParams {
  enabled: boolean;
  low?: number;
  high?: number;
  delaySeconds: number;
}

/** Each op's reading kind (`rh.1` ...) and the range of its limits; the button watches none. */
export const WARN_OPS: Readonly<Record<string, { kind: string | null; band: boolean; min: number; max: number }>> = {
  setRhAlarm: { kind: 'rh', band: true, min: 0, max: 100 },
  setPressureAlarm: { kind: 'pa', band: true, min: 0, max: 200 },
  setNh3Alarm: { kind: 'nh3', band: false, min: 1, max: 100 },
  setAlarmButton: { kind: null, band: false, min: 0, max: 0 },
};

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A warn command's limits; a word saying why not when the controller cannot take them. */
export function parseWarn(op: string, params: Record<string, unknown>): WarnParams | 'badParams' | 'outOfRange' {
  const spec = WARN_OPS[op];
  if (!spec) return 'badParams';
  const { enabled, low, high, delaySeconds } = params;
  if (typeof enabled !== 'boolean' || !finite(delaySeconds)) return 'badParams';
  if (delaySeconds < 0 || delaySeconds > 3600 || delaySeconds % 10 !== 0) return 'outOfRange';
  if (spec.kind === null) return { enabled, delaySeconds };
  if (!finite(high) || (spec.band && !finite(low))) return 'badParams';
  const inside = (v: number): boolean => v >= spec.min && v <= spec.max;
  if (!inside(high)) return 'outOfRange';
  if (!spec.band) return { enabled, high, delaySeconds };
  if (!finite(low) || !inside(low) || low >= high) return 'outOfRange';
  return { enabled, low, high, delaySeconds };
}

/**
 * The alarms the controller sounds: a limit group whose first sensor has been outside its limits
 * for at least its delay (`outsideSince`: when each op's value left its band, seconds), while the
 * alarm button, when set, is on.
 */
export function sounding(
  limits: ReadonlyMap<string, WarnParams>,
  values: Readonly<Record<string, number>>,
  outsideSince: Map<string, number>,
  clock: number,
): string[] {
  const button = limits.get('setAlarmButton');
  const out: string[] = [];
  for (const [op, l] of limits) {
    const kind = WARN_OPS[op]?.kind;
    const v = kind ? values[`${kind}.1`] : undefined;
    const outside = l.enabled && v !== undefined && ((l.high !== undefined && v > l.high) || (l.low !== undefined && v < l.low));
    if (!outside) {
      outsideSince.delete(op);
      continue;
    }
    const since = outsideSince.get(op) ?? clock;
    outsideSince.set(op, since);
    const delay = Math.max(l.delaySeconds, button?.delaySeconds ?? 0);
    if (clock - since >= delay && button?.enabled !== false) out.push(op);
  }
  return out;
}
