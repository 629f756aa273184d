import type { Occupancy } from './occupancy.js';
import type { ShedProfile } from './profiles.js';

/**
 * The house's lighting zones, one per light sensor (`light.N` is zone N and the lux its sensor
 * reads). The profile's schedule lights them by hour and day age (broilers dimmed as they grow);
 * a hand value from the platform (remote control `setDevice`/`setLight`, 0-100 %) dims the zone's
 * lamps to that share of their full output for the day age, and holds until it is taken back
 * (null, or `setAuto`), when the zone follows its schedule again.
 */
export const LIGHT = 'light';

/** The lamps at full output for a day age: the brightest hour of the schedule, lux. */
export function fullLux(p: ShedProfile, dayAge: number): number {
  let max = 0;
  for (let h = 0; h < 24; h++) max = Math.max(max, p.lux(h, dayAge));
  return max;
}

/** Lux per zone now: the schedule's, or the zone's hand share of full output. */
export function lightLevels(p: ShedProfile, manual: ReadonlyMap<string, number>, hour: number, occ: Occupancy): number[] {
  const scheduled = occ.occupied && occ.dayAge !== null ? p.lux(hour, occ.dayAge) : 0;
  return Array.from({ length: p.sensors.light }, (_, i) => {
    const hand = manual.get(`${LIGHT}.${i + 1}`);
    return hand === undefined ? scheduled : (fullLux(p, occ.dayAge ?? 0) * hand) / 100;
  });
}
