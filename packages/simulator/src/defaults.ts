import { roundTo } from '@farmsense/shared';
import type {
  DynamicWindPayload,
  FixedWindPayload,
  LightingPayload,
  LightingPoint,
  PumpsPayload,
  WarnBarPayload,
  WarnButtonPayload,
  WarnNh3Payload,
  WarnRhPayload,
  WindowPayload,
} from '@farmsense/shared';
import { fullLux } from './lights.js';
import { openingKey } from './openings.js';
import type { ShedProfile } from './profiles.js';
import { defaultHeater, type ClimateSettings, type FanStageParams, type HeaterParams, type PumpParams } from './settings.js';
import type { OpeningParams } from './openings.js';
import type { WarnParams } from './warn.js';

/**
 * The controller's own settings, as the platform's setting groups (shared contract payloads) say
 * them: what a house runs until the platform sets something else, and what the demo seeds as each
 * group's first acknowledged version (server db/seed-control.ts), so the screens show what the
 * simulated house does. Heaters: settings.ts `defaultHeater`; the day-age curve: the profile's.
 */

/** Degrees above the set point over which the controller's ventilation goes from minimum to full (controller.ts). */
export const VENT_BAND = 3;
/** Degrees above the set point where ventilation starts rising above the minimum. */
export const VENT_START = 0.3;

/**
 * Fixed-speed fans 2..n (fan 1 is the variable-speed one) in stages: fan n+1 on once the
 * ventilation demand passes n + 0.15 fan units, off again under n - 0.15, running continuously.
 * Said in °C over the set point (a minimum ventilation counts as the temperature that would ask
 * for it, controller.ts). Null for a house with a single fan.
 */
export function defaultFixedWind(p: ShedProfile): FixedWindPayload | null {
  const n = p.fans.count;
  if (n < 2) return null;
  const at = (units: number): number => roundTo(VENT_START + (VENT_BAND * units) / n, 1);
  const stages = Array.from({ length: n - 1 }, (_, k) => ({
    fan: k + 2,
    onAbove: at(k + 1 + 0.15),
    offAbove: at(k + 1 - 0.15),
    runSeconds: 600,
    stopSeconds: 0,
  }));
  return { stages };
}

/** Curve points kept for a table of at most `max` points: all, or evenly spread with the first and last. */
function spread<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  return Array.from({ length: max }, (_, i) => points[Math.round((i * (points.length - 1)) / (max - 1))]!);
}

/**
 * The variable-speed fan from 10 to 100 %, and the minimum ventilation by day age: the air the
 * animals need for air quality (the profile's m³/h per kg live weight at its weight curve), in %
 * of the house's fan capacity, at least 2 %. By CO2 (kept, not in use): 10 % from 2500 ppm, 25 % from 3000.
 */
export function defaultDynamicWind(p: ShedProfile): DynamicWindPayload {
  const cap = p.fans.count * p.fans.m3s;
  const percent = (kg: number): number => roundTo(Math.min(100, Math.max(2, ((p.headCount * kg * p.minVent) / 3600 / cap) * 100)), 1);
  const dayAge = spread(p.weight, 10)
    .filter(([day]) => day >= -7 && day <= 999)
    .map(([day, kg]) => ({ day, percent: percent(kg) }));
  return {
    minSpeed: 10,
    maxSpeed: 100,
    mode: 'dayAge',
    dayAge,
    co2: [
      { ppm: 2500, percent: 10 },
      { ppm: 3000, percent: 25 },
    ],
  };
}

/**
 * Inlets by the static pressure (20 Pa, held within 4 Pa, 10 to 100 % open) and the tunnel
 * curtains by the temperature (opening from 2.5 °C over the set point, fully open at 5.4 °C).
 */
export function defaultWindow(p: ShedProfile): WindowPayload | null {
  const side = Array.from({ length: p.windows }, (_, i) => ({
    kind: 'side' as const,
    index: i + 1,
    control: 'pressure' as const,
    pressureTarget: 20,
    pressureBand: 4,
    openFrom: 0,
    fullyOpen: 5,
    minOpen: 10,
    maxOpen: 100,
  }));
  const curtains = Array.from({ length: p.curtains }, (_, i) => ({
    kind: 'curtain' as const,
    index: i + 1,
    control: 'temperature' as const,
    pressureTarget: 20,
    pressureBand: 4,
    openFrom: 2.5,
    fullyOpen: 5.4,
    minOpen: 0,
    maxOpen: 100,
  }));
  const openings = [...side, ...curtains];
  return openings.length > 0 ? { openings } : null;
}

/** Cooling pads on 3 °C over the set point, off under 2 °C, never over 85 % RH, running continuously. Null without pumps. */
export function defaultPumps(p: ShedProfile): PumpsPayload | null {
  if (p.pumps === 0) return null;
  const pumps = Array.from({ length: p.pumps }, (_, i) => ({
    pump: i + 1,
    kind: 'pad' as const,
    auto: true,
    onAbove: 3,
    offAbove: 2,
    rhLimit: 85,
    runSeconds: 600,
    stopSeconds: 0,
  }));
  return { pumps };
}

/** Day ages over which the profiles' lighting programmes change (none changes after its first weeks). */
const LIGHTING_DAYS = 120;
const hhmm = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** One day's lamps as a point: on at the first lit hour after a dark one, off at the next dark hour. */
function dayPoint(p: ShedProfile, day: number): Omit<LightingPoint, 'day'> | null {
  const full = fullLux(p, day);
  // The lamps are on where the programme gives the day's full output; a pig room's 5 lux at night
  // (under 3 % of its lamps) is its night light, which the schedule does not switch.
  const lit = Array.from({ length: 24 }, (_, h) => full > 0 && p.lux(h, day) >= full / 2);
  if (lit.every(Boolean)) return { on: '00:00', off: '23:59', intensity: 100 };
  const on = lit.findIndex((x, h) => x && !lit[(h + 23) % 24]);
  if (on < 0) return null;
  let off = (on + 1) % 24;
  while (lit[off]) off = (off + 1) % 24;
  return { on: hhmm(on), off: hhmm(off), intensity: 100 };
}

/**
 * The profile's lighting programme as the platform's lighting schedule (shared lighting.ts): a
 * point on each day age where the lit hours change, at full output (the lamps' full output for a
 * day age is the programme's own, lights.ts `fullLux`, so a broiler house still dims as it grows).
 * Under this schedule the house is lit exactly as under its programme. Null without a light sensor.
 */
export function defaultLighting(p: ShedProfile): LightingPayload | null {
  if (p.sensors.light === 0) return null;
  const points: LightingPoint[] = [];
  for (let day = 0; day <= LIGHTING_DAYS; day++) {
    const point = dayPoint(p, day);
    const last = points.at(-1);
    if (point && (!last || last.on !== point.on || last.off !== point.off)) points.push({ day, ...point });
  }
  return points.length > 0 ? { points } : null;
}

/** The controller's own alarm limits: humidity 35-90 % RH, static pressure 2-60 Pa, ammonia 25 ppm, the siren on. */
export const DEFAULT_WARN_RH: WarnRhPayload = { enabled: true, low: 35, high: 90, delaySeconds: 300 };
export const DEFAULT_WARN_BAR: WarnBarPayload = { enabled: true, low: 2, high: 60, delaySeconds: 120 };
export const DEFAULT_WARN_NH3: WarnNh3Payload = { enabled: true, high: 25, delaySeconds: 300 };
export const DEFAULT_WARN_BUTTON: WarnButtonPayload = { enabled: true, delaySeconds: 0 };

/** Each warn group's default by its controller op (warn.ts). */
export const DEFAULT_WARN: Readonly<Record<string, WarnParams>> = {
  setRhAlarm: DEFAULT_WARN_RH,
  setPressureAlarm: DEFAULT_WARN_BAR,
  setNh3Alarm: DEFAULT_WARN_NH3,
  setAlarmButton: DEFAULT_WARN_BUTTON,
};

/** A house's settings before the platform sets any: every default above, as the controller runs them. */
export function defaultSettings(p: ShedProfile): ClimateSettings {
  const fans = defaultFixedWind(p)?.stages ?? [];
  const pumps: PumpParams[] = defaultPumps(p)?.pumps ?? [];
  const openings = defaultWindow(p)?.openings ?? [];
  return {
    heaters: new Map(),
    fans: new Map(fans.map((s): [number, FanStageParams] => [s.fan, s])),
    engaged: new Set(),
    pumps: new Map(pumps.map((x) => [x.pump, x])),
    pumpsEngaged: new Set(),
    dynamic: defaultDynamicWind(p),
    openings: new Map(openings.map((o) => [openingKey(o), o])),
    warn: new Map(Object.entries(DEFAULT_WARN)),
  };
}

/** `own` by key with `set` in place of the ones it names (and after them any `own` does not have). */
function over<K, T>(own: readonly T[], set: readonly T[], key: (t: T) => K): Map<K, T> {
  const out = new Map(own.map((t): [K, T] => [key(t), t]));
  for (const t of set) out.set(key(t), t);
  return out;
}

/*
 * A setting group the platform saves is the whole desired state of that group: the devices its
 * command lists run as listed, every other device of the group runs the controller's own setting
 * above (not what an earlier command of the group set, and not the controller's rules from before
 * settings existed).
 */
export const heatersOver = (p: ShedProfile, set: readonly HeaterParams[]): Map<number, HeaterParams> =>
  over(
    Array.from({ length: p.heaters.count }, (_, i) => defaultHeater(i)),
    set,
    (h) => h.index,
  );
export const fansOver = (p: ShedProfile, set: readonly FanStageParams[]): Map<number, FanStageParams> =>
  over(defaultFixedWind(p)?.stages ?? [], set, (s) => s.fan);
export const pumpsOver = (p: ShedProfile, set: readonly PumpParams[]): Map<number, PumpParams> =>
  over(defaultPumps(p)?.pumps ?? [], set, (x) => x.pump);
export const openingsOver = (p: ShedProfile, set: readonly OpeningParams[]): Map<string, OpeningParams> =>
  over(defaultWindow(p)?.openings ?? [], set, openingKey);
