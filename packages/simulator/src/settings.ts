import type { LightingPoint } from '@farmsense/shared';
import type { OpeningParams } from './openings.js';
import type { DynamicWind } from './ventilation.js';
import type { WarnParams } from './warn.js';

/**
 * Settings the platform sets on the controller by remote control (besides the day-age curve):
 * the heaters' switching points. Without them the controller uses its own heating stages.
 *
 *   setHeaterParams {version, heaters: [{index, enabled, onBelow, offBelow}]}
 *     heater `index` switches on once the house is `onBelow` °C under the set point and off once
 *     it is only `offBelow` °C under it (offBelow < onBelow); a disabled heater stays off.
 *   setFanStages {version, stages: [{fan, onAbove, offAbove, runSeconds, stopSeconds}]}
 *     fan `fan` runs once the house is `onAbove` °C over the set point until it is only `offAbove`
 *     over it, in cycles of `runSeconds` on and `stopSeconds` off (0: continuously).
 *   setPumps {version, pumps: [{pump, kind, auto, onAbove, offAbove, rhLimit, runSeconds, stopSeconds}]}
 *     pump `pump` (a cooling pad's or a mist's) runs like a fan stage, but never while the house's
 *     humidity is over `rhLimit` % RH; a pump not in automatic use (`auto` false) stays off.
 *   Each command is its group's whole state: a device it does not list runs the controller's own
 *   setting of defaults.ts (`fansOver` ...), whatever an earlier command of the group said.
 */
export interface HeaterParams {
  index: number;
  enabled: boolean;
  onBelow: number;
  offBelow: number;
}

export interface FanStageParams {
  fan: number;
  onAbove: number;
  offAbove: number;
  runSeconds: number;
  stopSeconds: number;
}

export interface ClimateSettings {
  /** By heater number (from 1); a heater not in the map runs the controller's own stage (`defaultHeater`). */
  heaters: ReadonlyMap<number, HeaterParams>;
  /** By fan number (from 1); fans 2..n start on the controller's own stages (defaults.ts), a fan not in the map follows the demand. */
  fans: ReadonlyMap<number, FanStageParams>;
  /** Fan stages switched in (between their on and off points), whether or not resting in their cycle. */
  engaged: Set<number>;
  /** By pump number (from 1), from the controller's own (defaults.ts); a pump not in the map runs the pad rule (controller.ts). */
  pumps?: ReadonlyMap<number, PumpParams>;
  /** Pumps switched in (between their on and off points), whether or not resting in their cycle. */
  pumpsEngaged?: Set<number>;
  /** The variable-speed fan's range and the minimum ventilation (ventilation.ts); none: the controller's own. */
  dynamic?: DynamicWind;
  /** Inlets and curtains by actuator key (`window.1`, `curtain.1`; openings.ts); none: the controller's own. */
  openings?: ReadonlyMap<string, OpeningParams>;
  /** The lighting schedule by day age the platform set (lights.ts); none: the profile's own. */
  lighting?: readonly LightingPoint[];
  /** The controller's own alarm limits by op (warn.ts `setRhAlarm` ...). */
  warn?: ReadonlyMap<string, WarnParams>;
}

export const NO_SETTINGS: ClimateSettings = { heaters: new Map(), fans: new Map(), engaged: new Set() };

export interface PumpParams {
  pump: number;
  kind: 'pad' | 'mist';
  auto: boolean;
  onAbove: number;
  offAbove: number;
  rhLimit: number;
  runSeconds: number;
  stopSeconds: number;
}

/** A pump next: off when not automatic or the house is over its humidity limit, else as a fan stage (on/off points, cycle). */
export function pumpNext(s: PumpParams, wasEngaged: boolean, e: number, rh: number, clock: number): { engaged: boolean; value: 0 | 1 } {
  if (!s.auto || rh > s.rhLimit) return { engaged: false, value: 0 };
  const r = fanStageNext(s, wasEngaged, e, clock);
  return { engaged: r.engaged, value: r.value === 100 ? 1 : 0 };
}

/** Water a running mist evaporates, kg/s per m³/s of the house's fan capacity (about 200 l/h in a broiler house). */
export const MIST_KG_S_PER_M3S = 0.0007;

/** What the running pumps do: whether pads wet the incoming air, and how much water mist evaporates in the house (kg/s). */
export function pumpEffects(
  pump: readonly number[],
  settings: ClimateSettings,
  cap: number,
  rh: number,
): { padsOn: boolean; mistKgS: number } {
  const mist = (i: number): boolean => settings.pumps?.get(i + 1)?.kind === 'mist';
  const padsOn = pump.some((v, i) => v === 1 && !mist(i));
  const misting = pump.filter((v, i) => v === 1 && mist(i)).length;
  // Fine droplets evaporate less the more humid the air already is (none at saturation).
  const evaporates = Math.min(1, Math.max(0, (100 - rh) / 50));
  return { padsOn, mistKgS: misting * MIST_KG_S_PER_M3S * cap * evaporates };
}

/** The pump list of a `setPumps` command; a word saying why not when it cannot be taken. */
export function parsePumps(raw: unknown, count: number): PumpParams[] | 'badParams' | 'outOfRange' | 'noSuchDevice' {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 16) return 'badParams';
  const out: PumpParams[] = [];
  for (const x of raw as unknown[]) {
    if (!x || typeof x !== 'object') return 'badParams';
    const { pump, kind, auto, onAbove, offAbove, rhLimit, runSeconds, stopSeconds } = x as Record<string, unknown>;
    const nums = [pump, onAbove, offAbove, rhLimit, runSeconds, stopSeconds];
    if (!nums.every((v) => typeof v === 'number' && Number.isFinite(v))) return 'badParams';
    if ((kind !== 'pad' && kind !== 'mist') || typeof auto !== 'boolean') return 'badParams';
    const [n, on, off, rh, run, stop] = nums as number[];
    if (!Number.isInteger(n) || off! >= on! || on! > 15 || off! < -5 || rh! < 0 || rh! > 100) return 'outOfRange';
    if (run! < 10 || run! > 3600 || run! % 10 !== 0 || stop! < 0 || stop! > 3600 || stop! % 10 !== 0) return 'outOfRange';
    if (n! < 1 || n! > count || out.some((o) => o.pump === n)) return 'noSuchDevice';
    out.push({ pump: n!, kind, auto, onAbove: on!, offAbove: off!, rhLimit: rh!, runSeconds: run!, stopSeconds: stop! });
  }
  return out;
}

/**
 * A staged fan's speed: switched in above its on point, out below its off point (held between),
 * and while in, running the first `runSeconds` of every `runSeconds + stopSeconds` of `clock` (s).
 */
export function fanStageNext(
  s: Omit<FanStageParams, 'fan'>,
  wasEngaged: boolean,
  e: number,
  clock: number,
): { engaged: boolean; value: 0 | 100 } {
  const engaged = wasEngaged ? e > s.offAbove : e > s.onAbove;
  if (!engaged) return { engaged, value: 0 };
  const period = s.runSeconds + s.stopSeconds;
  return { engaged, value: s.stopSeconds === 0 || clock % period < s.runSeconds ? 100 : 0 };
}

/** The stage list of a `setFanStages` command; a word saying why not when it cannot be taken. */
export function parseFanStages(raw: unknown, count: number): FanStageParams[] | 'badParams' | 'outOfRange' | 'noSuchDevice' {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 16) return 'badParams';
  const out: FanStageParams[] = [];
  for (const st of raw as unknown[]) {
    if (!st || typeof st !== 'object') return 'badParams';
    const { fan, onAbove, offAbove, runSeconds, stopSeconds } = st as Record<string, unknown>;
    const nums = [fan, onAbove, offAbove, runSeconds, stopSeconds];
    if (!nums.every((v) => typeof v === 'number' && Number.isFinite(v))) return 'badParams';
    const [f, on, off, run, stop] = nums as number[];
    if (!Number.isInteger(f) || off! >= on! || on! > 15 || off! < -5) return 'outOfRange';
    if (run! < 10 || run! > 3600 || run! % 10 !== 0 || stop! < 0 || stop! > 3600 || stop! % 10 !== 0) return 'outOfRange';
    if (out.length > 0 && on! <= out[out.length - 1]!.onAbove) return 'outOfRange';
    if (f! < 1 || f! > count || out.some((o) => o.fan === f)) return 'noSuchDevice';
    out.push({ fan: f!, onAbove: on!, offAbove: off!, runSeconds: run!, stopSeconds: stop! });
  }
  return out;
}

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
