import { roundTo } from '@farmsense/shared';
import type { Actuators } from './controller.js';
import { fanFraction, inletShare } from './controller.js';
import { pressureOf } from './openings.js';
import { clamp } from './physics.js';
import type { ShedProfile } from './profiles.js';
import type { Rng } from './random.js';

/**
 * What the gateway reports at one instant: each sensor sees the room through its own position
 * (the fan end of a tunnel house runs warmer than the inlet end, more so at high ventilation),
 * its calibration error and measurement noise, rounded to the resolution real sensors give.
 */
export interface SnapshotInput {
  profile: ShedProfile;
  noise: Rng;
  calibration: { temp: number[]; rh: number[] };
  temp: number;
  rh: number;
  co2: number;
  nh3: number;
  h2s: number;
  /** Per lighting zone (light sensor), lux. */
  lux: readonly number[];
  outTemp: number;
  dayAge: number | null;
  target: number | null;
  act: Actuators;
  water: number;
  elec: number;
}

/** Static pressure, Pa: rises with fan airflow against the inlet opening. */
export function staticPressure(act: Actuators): number {
  return pressureOf(fanFraction(act), inletShare(act));
}

export function snapshot(s: SnapshotInput): Record<string, number> {
  const p = s.profile;
  const n = s.noise;
  const v: Record<string, number> = {};
  const f = fanFraction(s.act);
  const tCount = p.sensors.temp;
  for (let i = 0; i < tCount; i++) {
    const position = tCount > 1 ? i / (tCount - 1) - 0.5 : 0;
    v[`temp.${i + 1}`] = roundTo(s.temp + position * (0.4 + 2 * f) + s.calibration.temp[i]! + 0.08 * n.normal(), 1);
  }
  for (let i = 0; i < p.sensors.rh; i++) v[`rh.${i + 1}`] = roundTo(clamp(s.rh + s.calibration.rh[i]! + 0.8 * n.normal(), 5, 100), 1);
  for (let i = 0; i < p.sensors.co2; i++) v[`co2.${i + 1}`] = Math.round(Math.max(380, s.co2 * (1 + 0.015 * n.normal()) + 8 * n.normal()));
  for (let i = 0; i < p.sensors.nh3; i++) v[`nh3.${i + 1}`] = roundTo(Math.max(0, s.nh3 + 0.25 * n.normal()), 1);
  for (let i = 0; i < p.sensors.h2s; i++) v[`h2s.${i + 1}`] = roundTo(Math.max(0, s.h2s + 0.03 * n.normal()), 2);
  const pa = staticPressure(s.act);
  for (let i = 0; i < p.sensors.pa; i++) v[`pa.${i + 1}`] = roundTo(Math.max(0, pa + 0.4 * n.normal()), 1);
  for (let i = 0; i < p.sensors.light; i++) v[`light.${i + 1}`] = Math.round(Math.max(0, s.lux[i]! * (1 + 0.03 * n.normal())));
  const speed = (f * p.fans.count * p.fans.m3s) / p.crossSection;
  for (let i = 0; i < p.sensors.wind; i++) v[`wind.${i + 1}`] = roundTo(Math.max(0, speed * (1 + 0.05 * n.normal())), 2);
  v['outTemp.1'] = roundTo(s.outTemp + 0.1 * n.normal(), 1);
  if (s.dayAge !== null) v['dayAge.1'] = s.dayAge;
  if (s.target !== null) v['targetTemp.1'] = roundTo(s.target, 1);
  s.act.fan.forEach((x, i) => (v[`fan.${i + 1}`] = x));
  s.act.heater.forEach((x, i) => (v[`heater.${i + 1}`] = x));
  s.act.window.forEach((x, i) => (v[`window.${i + 1}`] = x));
  s.act.curtain.forEach((x, i) => (v[`curtain.${i + 1}`] = x));
  s.act.pump.forEach((x, i) => (v[`pump.${i + 1}`] = x));
  v['water.1'] = roundTo(s.water, 1);
  v['elec.1'] = roundTo(s.elec, 2);
  return v;
}
