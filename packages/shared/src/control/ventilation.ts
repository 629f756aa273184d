import { z } from 'zod';
import { strictObject } from '../schemas/common.js';
import { inRange, wholeInRange } from './setting-list.js';
import { CURVE_LIMITS, firstNonIncreasingDay } from './logic.js';

/**
 * Variable-speed fans of a house (SPEC §2 /remote-control/env-control/dynamic-wind; climate
 * sub-device 14, fan type 2). The fans run between `minSpeed` and `maxSpeed` % of their speed, and
 * the house is never ventilated below its minimum ventilation (% of the house's fan capacity, for
 * air quality): by day age (`mode` 'dayAge', up to 10 points from day -7 to 999, days strictly
 * increasing, straight lines between points and the end values beyond them) or by CO2 (`mode`
 * 'co2': at or above each threshold in ppm, thresholds strictly increasing, at least its %). The
 * list of the chosen mode needs at least one point; the other one is kept as it was. Minimum
 * ventilation below 0 or above 100 % and a maximum speed below the minimum are refused. The SPEC
 * has no code of its own for variable fans (20008 is a wrong fan type): refusals are the generic
 * 99996, per field.
 */
export const MIN_VENT_MODES = ['dayAge', 'co2'] as const;
export type MinVentMode = (typeof MIN_VENT_MODES)[number];

export const DYNAMIC_WIND_LIMITS = Object.freeze({
  maxPoints: CURVE_LIMITS.maxPoints,
  minDay: CURVE_LIMITS.minDay,
  maxDay: CURVE_LIMITS.maxDay,
  maxPercent: 100,
  maxPpm: 10_000,
});

export const minVentDayPoint = strictObject({
  day: wholeInRange(DYNAMIC_WIND_LIMITS.minDay, DYNAMIC_WIND_LIMITS.maxDay),
  percent: inRange(0, DYNAMIC_WIND_LIMITS.maxPercent),
});
export type MinVentDayPoint = z.infer<typeof minVentDayPoint>;

export const minVentCo2Point = strictObject({
  ppm: wholeInRange(0, DYNAMIC_WIND_LIMITS.maxPpm),
  percent: inRange(0, DYNAMIC_WIND_LIMITS.maxPercent),
});
export type MinVentCo2Point = z.infer<typeof minVentCo2Point>;

const points = <T extends z.ZodType>(point: T) =>
  z.array(point, { error: 'validation.required' }).max(DYNAMIC_WIND_LIMITS.maxPoints, 'validation.tooMany');

/** The variable-speed fans: speeds from min to max %, minimum ventilation by day age or by CO2. */
export const dynamicWindPayload = strictObject({
  minSpeed: inRange(0, DYNAMIC_WIND_LIMITS.maxPercent),
  maxSpeed: inRange(0, DYNAMIC_WIND_LIMITS.maxPercent),
  mode: z.enum(MIN_VENT_MODES, { error: 'validation.required' }),
  dayAge: points(minVentDayPoint),
  co2: points(minVentCo2Point),
}).superRefine((v, ctx) => {
  if (v.maxSpeed < v.minSpeed) ctx.addIssue({ code: 'custom', message: 'validation.maxBelowMin', path: ['maxSpeed'] });
  if (v[v.mode].length === 0) ctx.addIssue({ code: 'custom', message: 'validation.selectAtLeastOne', path: [v.mode] });
  const day = firstNonIncreasingDay(v.dayAge.map((p) => p.day));
  if (day >= 0) ctx.addIssue({ code: 'custom', message: 'validation.daysIncreasing', path: ['dayAge', day, 'day'] });
  const ppm = firstNonIncreasingDay(v.co2.map((p) => p.ppm));
  if (ppm >= 0) ctx.addIssue({ code: 'custom', message: 'validation.co2Increasing', path: ['co2', ppm, 'ppm'] });
});
export type DynamicWindPayload = z.infer<typeof dynamicWindPayload>;

/** Minimum ventilation (%) on `day` from day-age points: straight lines between them, the end values beyond. */
export function minVentAtDay(points: readonly MinVentDayPoint[], day: number): number | null {
  if (points.length === 0) return null;
  if (day <= points[0]!.day) return points[0]!.percent;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (day <= b.day) return a.percent + ((b.percent - a.percent) * (day - a.day)) / (b.day - a.day);
  }
  return points[points.length - 1]!.percent;
}

/** Minimum ventilation (%) at `ppm` CO2: that of the highest threshold reached, 0 below the first. */
export function minVentAtCo2(points: readonly MinVentCo2Point[], ppm: number): number {
  let out = 0;
  for (const p of points) if (ppm >= p.ppm) out = p.percent;
  return out;
}
