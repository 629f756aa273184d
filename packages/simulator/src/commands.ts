import type { ActuatorKind } from './controller.js';
import { LIGHT, parseLighting } from './lights.js';
import type { ShedModel } from './model.js';
import { parseFanStages, parseHeaters, parsePumps } from './settings.js';
import { parseOpenings } from './openings.js';
import { fansOver, heatersOver, openingsOver, pumpsOver } from './defaults.js';
import { parseDynamicWind } from './ventilation.js';
import { parseWarn, WARN_OPS } from './warn.js';

/**
 * Commands a climate controller obeys (CONTRACT §4 `fs/{code}/cmd`). The answer is what the
 * device sends on `fs/{code}/ack`: `msg` is a short machine-readable word (devices do not speak
 * the user's language; the platform translates by it).
 *
 *   setFan / setWindow / setCurtain {index, value: 0-100 | null}   hand value; null = automatic
 *   setHeater / setPump {index, value: 0 | 1 | null}
 *   setLight {index, value: 0-100 | null}                          a lighting zone dimmed by hand (lights.ts); null = its schedule
 *   setTargetTemp {value: °C | null}                                 null = back to the day curve
 *   setDayAge {value: day}                                           new batch or corrected age
 *   setTempCurve {version, points: [{day, target, ...}], rhTarget}   day-age set-point curve (remote control)
 *   setHeaterParams {version, heaters: [{index, enabled, onBelow, offBelow}]}   heater points (settings.ts)
 *   setFanStages {version, stages: [{fan, onAbove, offAbove, runSeconds, stopSeconds}]}   fan stages (settings.ts)
 *   setPumps {version, pumps: [{pump, kind, auto, onAbove, offAbove, rhLimit, runSeconds, stopSeconds}]}   pads and mist (settings.ts)
 *   setDynamicWind {version, minSpeed, maxSpeed, mode, dayAge, co2}   variable fans, minimum ventilation (ventilation.ts)
 *   setOpenings {version, openings: [{kind, index, control, ...}]}   inlets and curtains (openings.ts)
 *   setLighting {version, points: [{day, on, off, intensity}]}       lighting schedule by day age (lights.ts)
 *   setRhAlarm / setPressureAlarm / setNh3Alarm / setAlarmButton {version, enabled, low?, high?, delaySeconds}   own alarm limits (warn.ts)
 *   (a setting group's command is the group's whole state: a device it does not list runs the controller's own setting, defaults.ts)
 *   setDevice {version, key: 'fan.1' | 'light.1' | ..., value, returnMinutes}   a device by hand (remote control); null = automatic
 *   setAuto {}                                                       everything back to automatic
 *   getState {}                                                      current readings
 */
export interface Command {
  id: string;
  op: string;
  params?: Record<string, unknown>;
}

export interface Ack {
  id: string;
  ok: boolean;
  msg: string;
  data: Record<string, unknown>;
}

const ACTUATOR_OPS: Record<string, ActuatorKind | typeof LIGHT> = {
  setFan: 'fan',
  setHeater: 'heater',
  setWindow: 'window',
  setCurtain: 'curtain',
  setPump: 'pump',
  setLight: LIGHT,
};

/** Parses a cmd payload; null when it is not a command at all. */
export function parseCommand(payload: Buffer | string): Command | null {
  try {
    const raw = JSON.parse(payload.toString()) as unknown;
    if (!raw || typeof raw !== 'object') return null;
    const { id, op, params } = raw as Record<string, unknown>;
    if (typeof id !== 'string' || typeof op !== 'string') return null;
    return { id, op, params: params && typeof params === 'object' ? (params as Record<string, unknown>) : {} };
  } catch {
    return null;
  }
}

function numberOrNull(v: unknown): number | null | undefined {
  if (v === null) return null;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** `[{day, target}]` with days strictly increasing, as `[day, target]` pairs; null when malformed. */
function curveOf(points: unknown): [number, number][] | null {
  if (!Array.isArray(points) || points.length === 0 || points.length > 10) return null;
  const curve: [number, number][] = [];
  for (const p of points as unknown[]) {
    if (!p || typeof p !== 'object') return null;
    const { day, target } = p as Record<string, unknown>;
    if (typeof day !== 'number' || !Number.isInteger(day) || typeof target !== 'number' || !Number.isFinite(target)) return null;
    if (curve.length > 0 && day <= curve[curve.length - 1]![0]) return null;
    curve.push([day, target]);
  }
  return curve;
}

/** Devices switched in before a new setting group that keep their switching points in it (they hold; the others start over). */
function stillEngaged<T>(before: ReadonlyMap<number, T>, after: ReadonlyMap<number, T>, engaged: ReadonlySet<number>): Set<number> {
  const same = (n: number): boolean => JSON.stringify(before.get(n)) === JSON.stringify(after.get(n));
  return new Set([...engaged].filter(same));
}

export function applyCommand(model: ShedModel, cmd: Command, now: number): Ack {
  const params = cmd.params ?? {};
  const fail = (msg: string): Ack => ({ id: cmd.id, ok: false, msg, data: {} });
  const done = (data: Record<string, unknown>): Ack => ({ id: cmd.id, ok: true, msg: 'ok', data });

  const kind = ACTUATOR_OPS[cmd.op];
  if (kind) {
    const index = params.index;
    const value = numberOrNull(params.value);
    if (typeof index !== 'number' || !Number.isInteger(index) || value === undefined) return fail('badParams');
    const binary = kind === 'heater' || kind === 'pump';
    if (value !== null && (value < 0 || value > (binary ? 1 : 100))) return fail('outOfRange');
    const key = `${kind}.${index}`;
    if (!model.setManual(key, value)) return fail('noSuchDevice');
    return done({ key, value, manual: value !== null });
  }
  // A device switched by hand from the platform (remote control): {key: 'fan.1' | 'light.1', value: 0-100 | 0/1 | null}.
  if (cmd.op === 'setDevice') {
    const [dev = '', n] = (typeof params.key === 'string' ? params.key : '').split('.');
    const op = `set${dev.charAt(0).toUpperCase()}${dev.slice(1)}`;
    if (!ACTUATOR_OPS[op]) return fail('badParams');
    return applyCommand(model, { id: cmd.id, op, params: { index: Number(n), value: params.value } }, now);
  }
  switch (cmd.op) {
    case 'setTargetTemp': {
      const value = numberOrNull(params.value);
      if (value === undefined) return fail('badParams');
      if (value !== null && (value < 5 || value > 40)) return fail('outOfRange');
      model.setTarget(value);
      return done({ targetTemp: model.targetAt(now) });
    }
    case 'setDayAge': {
      const value = params.value;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000) return fail('badParams');
      model.setDayAge(value, now);
      return done({ dayAge: model.occupancy(now).dayAge });
    }
    case 'setTempCurve': {
      const curve = curveOf(params.points);
      if (curve === null) return fail('badParams');
      if (curve.some(([, t]) => t < 5 || t > 40)) return fail('outOfRange');
      model.setCurve(curve);
      return done({ version: params.version ?? null, targetTemp: model.targetAt(now) });
    }
    case 'setHeaterParams': {
      const heaters = parseHeaters(params.heaters, model.profile.heaters.count);
      if (typeof heaters === 'string') return fail(heaters);
      model.settings = { ...model.settings, heaters: heatersOver(model.profile, heaters) };
      return done({ version: params.version ?? null, heaters: heaters.length });
    }
    case 'setFanStages': {
      const stages = parseFanStages(params.stages, model.profile.fans.count);
      if (typeof stages === 'string') return fail(stages);
      const fans = fansOver(model.profile, stages);
      model.settings = { ...model.settings, fans, engaged: stillEngaged(model.settings.fans, fans, model.settings.engaged) };
      return done({ version: params.version ?? null, stages: stages.length });
    }
    case 'setPumps': {
      const pumps = parsePumps(params.pumps, model.profile.pumps);
      if (typeof pumps === 'string') return fail(pumps);
      const next = pumpsOver(model.profile, pumps);
      const pumpsEngaged = stillEngaged(model.settings.pumps ?? new Map(), next, model.settings.pumpsEngaged ?? new Set());
      model.settings = { ...model.settings, pumps: next, pumpsEngaged };
      return done({ version: params.version ?? null, pumps: pumps.length });
    }
    case 'setDynamicWind': {
      const dynamic = parseDynamicWind(params);
      if (typeof dynamic === 'string') return fail(dynamic);
      model.settings = { ...model.settings, dynamic };
      return done({ version: params.version ?? null, mode: dynamic.mode });
    }
    case 'setOpenings': {
      const openings = parseOpenings(params.openings, model.profile);
      if (typeof openings === 'string') return fail(openings);
      model.settings = { ...model.settings, openings: openingsOver(model.profile, openings) };
      return done({ version: params.version ?? null, openings: openings.length });
    }
    case 'setLighting': {
      const lighting = parseLighting(params.points);
      if (typeof lighting === 'string') return fail(lighting);
      model.settings = { ...model.settings, lighting };
      return done({ version: params.version ?? null, points: lighting.length });
    }
    case 'setRhAlarm':
    case 'setPressureAlarm':
    case 'setNh3Alarm':
    case 'setAlarmButton': {
      const limits = parseWarn(cmd.op, params);
      if (typeof limits === 'string') return fail(limits);
      model.settings = { ...model.settings, warn: new Map([...(model.settings.warn ?? []), [cmd.op, limits]]) };
      return done({ version: params.version ?? null, ...limits });
    }
    case 'setAuto':
      model.releaseAll();
      return done({ manual: [] });
    case 'getState': {
      const s = model.inspect(now);
      const alarmLimits = Object.fromEntries([...(model.settings.warn ?? [])].filter(([op]) => op in WARN_OPS));
      return done({ actuators: s.actuators, manual: model.manualKeys(), targetTemp: s.target, dayAge: s.occupancy.dayAge, alarmLimits });
    }
    default:
      return fail('unknownOp');
  }
}
