import type { Actuators } from './controller.js';
import type { Occupancy } from './occupancy.js';
import type { ShedProfile } from './profiles.js';

/**
 * What a shed's meters count: water (drinking spread over the day by the animals' rhythm, pad
 * evaporation, washing of an empty house) and electrical load (fans, heaters, pumps, base load).
 */

/** The animals' drinking rhythm over a day, with its daily sum per day age (cached). */
export class DrinkingPattern {
  private readonly sums = new Map<number, number>();
  constructor(readonly profile: ShedProfile) {}

  /** Relative drinking at an hour: poultry drink with the lights on, pigs around their meals. */
  at(hour: number, dayAge: number): number {
    if (this.profile.species === 'poultry') return this.profile.lux(hour, dayAge) > 0 ? 1 : 0.04;
    const feeding = (hour >= 7 && hour < 9) || (hour >= 15 && hour < 17) ? 2 : 0;
    return 0.5 + feeding + (hour >= 7 && hour < 19 ? 0.5 : 0);
  }

  /** The day's sum of `at` over its 24 hours. */
  sum(dayAge: number): number {
    let s = this.sums.get(dayAge);
    if (s === undefined) {
      s = 0;
      for (let hr = 0; hr < 24; hr++) s += this.at(hr + 0.5, dayAge);
      this.sums.set(dayAge, s);
    }
    return s;
  }
}

/** Litres per second: drinking spread over the day, pad evaporation, washing of an empty house. */
export function waterRate(
  drinking: DrinkingPattern,
  now: { occ: Occupancy; head: number; weight: number; hour: number; padKgS: number },
): number {
  const { occ, hour } = now;
  let rate = now.padKgS > 0 ? now.padKgS + 0.05 : 0;
  if (occ.occupied && occ.dayAge !== null) {
    const daily = now.head * drinking.profile.waterPerHead(now.weight, occ.dayAge);
    rate += (daily * drinking.at(hour, occ.dayAge)) / drinking.sum(occ.dayAge) / 3600;
  } else if (occ.emptyFor !== null && occ.emptyFor < 2 && hour >= 8 && hour < 17) {
    rate += 500 / 3600; // pressure washing
  }
  return rate;
}

/** Electrical load, kW: fans (a speed-controlled fan draws ~speed^1.5), heaters, pumps, base. */
export function electricLoad(p: ShedProfile, act: Actuators, occupied: boolean): number {
  const fans = act.fan.reduce((s, v) => s + p.fans.kw * (v / 100) ** 1.5, 0);
  const heaters = act.heater.reduce((s, v) => s + v * p.heaters.elecKw, 0);
  const pumps = act.pump.reduce((s, v) => s + v * 0.55, 0);
  return (occupied ? p.baseKw : 0.3) + fans + heaters + pumps;
}
