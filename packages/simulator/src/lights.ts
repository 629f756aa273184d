import { lightingAt, lightingPayload, type LightingPoint } from '@farmsense/shared';
import type { Occupancy } from './occupancy.js';
import type { ShedProfile } from './profiles.js';

/**
 * The house's lighting zones, one per light sensor (`light.N` is zone N and the lux its sensor
 * reads). The profile's schedule lights them by hour and day age (broilers dimmed as they grow);
 * a hand value from the platform (remote control `setDevice`/`setLight`, 0-100 %) dims the zone's
 * lamps to that share of their full output for the day age, and holds until it is taken back
 * (null, or `setAuto`), when the zone follows its schedule again.
 *
 *   setLighting {version, points: [{day, on: 'HH:MM', off: 'HH:MM', intensity}]}   the schedule by day age
 *     the platform sets (remote control, shared lighting.ts): from each point's day the lamps are on
 *     from `on` to `off` at `intensity` % of their full output; it replaces the profile's schedule
 *     in every zone.
 */
export const LIGHT = 'light';

/** The lamps at full output for a day age: the brightest hour of the schedule, lux. */
export function fullLux(p: ShedProfile, dayAge: number): number {
  let max = 0;
  for (let h = 0; h < 24; h++) max = Math.max(max, p.lux(h, dayAge));
  return max;
}

/** Lux per zone now: the schedule's (the platform's when set, else the profile's), or the zone's hand share of full output. */
export function lightLevels(
  p: ShedProfile,
  manual: ReadonlyMap<string, number>,
  hour: number,
  occ: Occupancy,
  schedule?: readonly LightingPoint[],
): number[] {
  const day = occ.occupied ? occ.dayAge : null;
  const minute = Math.floor(hour * 60) % 1440;
  const scheduled = day === null ? 0 : schedule ? (fullLux(p, day) * lightingAt(schedule, day, minute)) / 100 : p.lux(hour, day);
  return Array.from({ length: p.sensors.light }, (_, i) => {
    const hand = manual.get(`${LIGHT}.${i + 1}`);
    return hand === undefined ? scheduled : (fullLux(p, occ.dayAge ?? 0) * hand) / 100;
  });
}

/** The points of a `setLighting` command; a word saying why not when it cannot be taken. */
export function parseLighting(raw: unknown): LightingPoint[] | 'badParams' | 'outOfRange' {
  const r = lightingPayload.safeParse({ points: raw });
  if (r.success) return r.data.points;
  return r.error.issues.every((i) => ['too_big', 'too_small', 'custom'].includes(i.code)) ? 'outOfRange' : 'badParams';
}
