/**
 * Settings the platform sets on the controller by remote control (besides the day-age curve):
 * the heaters' switching points. Without them the controller uses its own heating stages.
 *
 *   setHeaterParams {version, heaters: [{index, enabled, onBelow, offBelow}]}
 *     heater `index` switches on once the house is `onBelow` °C under the set point and off once
 *     it is only `offBelow` °C under it (offBelow < onBelow); a disabled heater stays off.
 */
export interface HeaterParams {
  index: number;
  enabled: boolean;
  onBelow: number;
  offBelow: number;
}

export interface ClimateSettings {
  /** By heater number (from 1); a heater not listed keeps the controller's own stage. */
  heaters: ReadonlyMap<number, HeaterParams>;
}

export const NO_SETTINGS: ClimateSettings = { heaters: new Map() };

/** The controller's own stages: heater i (from 0) on 0.5 + 0.7 i K under the set point, 0.8 K of hysteresis. */
export function defaultHeater(i: number): HeaterParams {
  const onBelow = 0.5 + 0.7 * i;
  return { index: i + 1, enabled: true, onBelow, offBelow: onBelow - 0.8 };
}

/** Heater `i` (from 0) next: on, off, or held, by its switching points and the set-point error `e` (temp - target). */
export function heaterNext(h: HeaterParams, wasOn: boolean, e: number): 0 | 1 {
  if (!h.enabled) return 0;
  return (wasOn ? e < -h.offBelow : e < -h.onBelow) ? 1 : 0;
}

/** The heater list of a `setHeaterParams` command; a word saying why not when it cannot be taken. */
export function parseHeaters(raw: unknown, count: number): HeaterParams[] | 'badParams' | 'outOfRange' | 'noSuchDevice' {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 16) return 'badParams';
  const out: HeaterParams[] = [];
  for (const h of raw as unknown[]) {
    if (!h || typeof h !== 'object') return 'badParams';
    const { index, enabled, onBelow, offBelow } = h as Record<string, unknown>;
    if (typeof index !== 'number' || !Number.isInteger(index) || typeof enabled !== 'boolean') return 'badParams';
    if (typeof onBelow !== 'number' || !Number.isFinite(onBelow) || typeof offBelow !== 'number' || !Number.isFinite(offBelow))
      return 'badParams';
    if (offBelow >= onBelow || onBelow > 10 || offBelow < -3) return 'outOfRange';
    if (index < 1 || index > count || out.some((o) => o.index === index)) return 'noSuchDevice';
    out.push({ index, enabled, onBelow, offBelow });
  }
  return out;
}
