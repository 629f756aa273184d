import { z } from 'zod';
import { strictObject } from '../schemas/common.js';
import { minuteOf } from '../feeding/plan-rules.js';
import { increasingBy, inRange, type ListRule, settingList, wholeInRange } from './setting-list.js';

/**
 * Lighting schedule of a house by day age (SPEC §3 climate sub-devices: lighting): from each
 * point's day on (until the next point's day), the lamps are on from `on` to `off` (local time
 * `HH:MM`; an `off` before `on` runs past midnight) at `intensity` % of their full output, and off
 * for the rest of the day. Up to 10 points, days strictly increasing from day 0; on and off never
 * the same minute (no day of 0 or 24 hours is said this way: 00:00 to 23:59 is a lit day). The SPEC
 * has no code of its own for these rules: they are refused with the generic 99996, per field.
 */
export const LIGHTING_LIMITS = Object.freeze({ maxPoints: 10, minDay: 0, maxDay: 999, maxIntensity: 100 });

const clock = z.string({ error: 'validation.required' }).refine((s) => minuteOf(s) !== null, 'validation.invalid');

export const lightingPoint = strictObject({
  day: wholeInRange(LIGHTING_LIMITS.minDay, LIGHTING_LIMITS.maxDay),
  on: clock,
  off: clock,
  intensity: inRange(0, LIGHTING_LIMITS.maxIntensity),
});
export type LightingPoint = z.infer<typeof lightingPoint>;

/** The points' own rules over the list: days strictly increasing, on and off apart (per field). */
const pointRules: ListRule<LightingPoint>[] = [
  increasingBy((p) => p.day, 'day', 'validation.daysIncreasing'),
  {
    first: (points) => points.findIndex((p) => minuteOf(p.on) !== null && minuteOf(p.on) === minuteOf(p.off)),
    field: 'off',
    message: 'validation.lightOnOffSame',
  },
];

export const lightingPayload = strictObject({ points: settingList(lightingPoint, LIGHTING_LIMITS.maxPoints, pointRules) });
export type LightingPayload = z.infer<typeof lightingPayload>;

/**
 * The lamps' output (% of full) at `minute` of the local day for a flock at `dayAge`: the point
 * in force (the last whose day is not after the day age; before the first, the first) lit between
 * its on and off minutes, else 0. Null day age (an empty house): 0.
 */
export function lightingAt(points: readonly LightingPoint[], dayAge: number | null, minute: number): number {
  if (dayAge === null || points.length === 0) return 0;
  const p = points.filter((x) => x.day <= dayAge).at(-1) ?? points[0]!;
  const on = minuteOf(p.on)!;
  const off = minuteOf(p.off)!;
  const lit = on < off ? minute >= on && minute < off : minute >= on || minute < off;
  return lit ? p.intensity : 0;
}
