import { clamp, slew } from './physics.js';
import type { ShedProfile } from './profiles.js';
import { defaultHeater, fanStageNext, heaterNext, NO_SETTINGS, pumpNext, type ClimateSettings } from './settings.js';
import { openingNext } from './openings.js';
import { setMinVent, variableSpeed } from './ventilation.js';
import { VENT_BAND, VENT_START } from './defaults.js';

/**
 * The climate controller of one shed, as barn climate computers work: minimum ventilation for air
 * quality, then ventilation rising with the temperature above the set-point (fan 1 variable speed,
 * the other fans switched in stages with a hysteresis), heaters in stages below the set-point,
 * inlets tracking the fans to hold the static pressure, the tunnel curtain and cooling pads only
 * in hot spells. An actuator set by hand (a command) holds its value until released.
 */
export interface Actuators {
  /** Speed %, 0-100. */
  fan: number[];
  /** 0 off, 1 on. */
  heater: number[];
  /** Opening %, 0-100. */
  window: number[];
  curtain: number[];
  /** Cooling pad pumps, 0/1. */
  pump: number[];
}

export type ActuatorKind = keyof Actuators;
export const ACTUATOR_KINDS: readonly ActuatorKind[] = ['fan', 'heater', 'window', 'curtain', 'pump'];

export interface ControlInput {
  /** Mean room temperature, °C. */
  temp: number;
  /** Set-point, or null for an empty house (frost protection only). */
  target: number | null;
  outTemp: number;
  /** Fraction of the fan capacity needed for air quality (CO2, moisture, NH3). */
  minVent: number;
  /** Seconds since the previous control step (actuator travel). */
  dt: number;
  /** Time in seconds, for fan stages running in cycles (remote control settings). */
  clock?: number;
  /** Room humidity, % RH, for pumps with a humidity limit (remote control settings). */
  rh?: number;
  /** Room CO2, ppm, and the flock's day age, for a minimum ventilation the platform set. */
  co2?: number;
  dayAge?: number | null;
}

const FROST_TARGET = 5;
/** Motor travel of inlets and curtains, % per second. */
const INLET_SPEED = 0.5;
const CURTAIN_SPEED = 0.2;

export function emptyActuators(p: ShedProfile): Actuators {
  return {
    fan: new Array<number>(p.fans.count).fill(0),
    heater: new Array<number>(p.heaters.count).fill(0),
    window: new Array<number>(p.windows).fill(20),
    curtain: new Array<number>(p.curtains).fill(0),
    pump: new Array<number>(p.pumps).fill(0),
  };
}

/** Share of the inlets open, 0-1 (0.6 for a house without inlets). */
export function inletShare(a: Actuators): number {
  return a.window.length > 0 ? a.window.reduce((s, v) => s + v, 0) / (100 * a.window.length) : 0.6;
}

/** Share of the fan capacity the fans deliver, 0-1. */
export function fanFraction(a: Actuators): number {
  if (a.fan.length === 0) return 0;
  return a.fan.reduce((s, v) => s + v, 0) / (100 * a.fan.length);
}

export function control(
  p: ShedProfile,
  prev: Actuators,
  input: ControlInput,
  manual: ReadonlyMap<string, number>,
  settings: ClimateSettings = NO_SETTINGS,
): Actuators {
  const next: Actuators = {
    fan: [...prev.fan],
    heater: [...prev.heater],
    window: [...prev.window],
    curtain: [...prev.curtain],
    pump: [...prev.pump],
  };
  const target = input.target ?? FROST_TARGET;
  const e = input.temp - target;

  // Ventilation demand in fan units: air quality first, then heat removal above the set-point.
  const occupied = input.target !== null;
  // A minimum ventilation the platform set (by day age or CO2) replaces the controller's own.
  const minVent = setMinVent(settings.dynamic, input.dayAge, input.co2) ?? (occupied ? clamp(input.minVent, 0.02, 1) : 0.02);
  const tempError = occupied ? e : input.temp - 25 + VENT_START;
  const tempVent = clamp((tempError - VENT_START) / VENT_BAND, 0, 1);
  const demand = Math.max(minVent, tempVent) * p.fans.count;
  for (let i = 1; i < p.fans.count; i++) {
    const on = prev.fan[i]! >= 100;
    const threshold = i + 0.15 * (on ? -1 : 1);
    next.fan[i] = demand > threshold ? 100 : 0;
  }
  // Fans in stages (the controller's own, defaults.ts, or the platform's) run by their points and
  // cycle; the minimum ventilation counts as the temperature that would ask for it.
  const stageError = Math.max(tempError, VENT_START + VENT_BAND * minVent);
  for (const [n, s] of settings.fans) {
    if (n > p.fans.count) continue;
    const r = fanStageNext(s, settings.engaged.has(n), stageError, input.clock ?? 0);
    if (r.engaged) settings.engaged.add(n);
    else settings.engaged.delete(n);
    next.fan[n - 1] = r.value;
  }
  // The variable-speed fan 1 covers what the fans switched in leave of the demand.
  const stages = next.fan.slice(1).reduce((sum, v) => sum + v / 100, 0);
  if (p.fans.count > 0 && !settings.fans.has(1)) next.fan[0] = variableSpeed(settings.dynamic, demand - stages);

  // Heaters switch by the points the platform set (remote control), else in the controller's own
  // stages 0.7 K apart, each with 0.8 K of hysteresis.
  for (let i = 0; i < p.heaters.count; i++) {
    next.heater[i] = heaterNext(settings.heaters.get(i + 1) ?? defaultHeater(i), prev.heater[i] === 1, e);
  }

  for (let i = 0; i < p.pumps; i++) {
    // Pumps the platform set (pads or mist) run by their own points, humidity limit and cycle.
    const set = settings.pumps?.get(i + 1);
    if (set) {
      const engaged = settings.pumpsEngaged ?? new Set<number>();
      const r = pumpNext(set, engaged.has(i + 1), e, input.rh ?? 0, input.clock ?? 0);
      if (r.engaged) engaged.add(i + 1);
      else engaged.delete(i + 1);
      next.pump[i] = r.value;
      continue;
    }
    const on = prev.pump[i] === 1;
    next.pump[i] = on ? (e > 2 && input.outTemp > 22 ? 1 : 0) : e > 3 && input.outTemp > 24 ? 1 : 0;
  }
  for (let i = 0; i < p.curtains; i++) {
    // The tunnel curtain opens for tunnel ventilation when the house is well above set-point.
    const tunnel = occupied && e > 2.5 ? clamp((e - 2.5) * 35, 0, 100) : 0;
    const want = next.pump.some((v, k) => v === 1 && settings.pumps?.get(k + 1)?.kind !== 'mist') ? 100 : tunnel;
    next.curtain[i] = Math.round(slew(prev.curtain[i]!, want, CURTAIN_SPEED * input.dt));
  }

  // Curtains the platform set (by pressure or temperature) follow their own rule.
  const room = { e, fanShare: fanFraction(next), inletShare: inletShare(prev), dt: input.dt };
  for (let i = 0; i < p.curtains; i++) {
    const set = settings.openings?.get(`curtain.${i + 1}`);
    if (set) next.curtain[i] = openingNext(set, prev.curtain[i]!, { ...room, speed: CURTAIN_SPEED });
  }
  applyManual(next, manual, ['fan', 'heater', 'pump', 'curtain']);
  // Inlets follow the fans actually running (manual ones included) to keep the pressure, or the platform's rule.
  room.fanShare = fanFraction(next);
  const want = 15 + 85 * room.fanShare;
  for (let i = 0; i < p.windows; i++) {
    const set = settings.openings?.get(`window.${i + 1}`);
    next.window[i] = set
      ? openingNext(set, prev.window[i]!, { ...room, speed: INLET_SPEED })
      : Math.round(slew(prev.window[i]!, want, INLET_SPEED * input.dt));
  }
  applyManual(next, manual, ['window']);
  return next;
}

function applyManual(a: Actuators, manual: ReadonlyMap<string, number>, kinds: ActuatorKind[]): void {
  for (const [key, value] of manual) {
    const [kind, n] = key.split('.') as [ActuatorKind, string];
    if (!kinds.includes(kind)) continue;
    const list = a[kind];
    const i = Number(n) - 1;
    if (i >= 0 && i < list.length) list[i] = value;
  }
}
