import { ShedModel, type ShedConfig } from './model.js';
import type { ShedKind } from './profiles.js';
import { Weather } from './weather.js';

/* Support for the simulator's tests (no runtime code imports it). */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Local midnight of the demo farms (UTC+8) on 1 July 2026: a summer day. */
export const JULY_MIDNIGHT = Date.UTC(2026, 6, 1, 16);
/** Local midnight of the demo farms (UTC+8) on 2 November 2026: an autumn day. */
export const NOVEMBER_MIDNIGHT = Date.UTC(2026, 10, 1, 16);

export interface TestHouse {
  code: string;
  kind?: ShedKind;
  seed: number;
  /** The local midnight of the day under test, and the flock's day age then. */
  midnight: number;
  dayAge: number;
  /** Fixed outside air (°C, % RH); without it the weather is seeded from `weatherSeed` or `seed`. */
  outside?: { temp: number; rh: number };
  weatherSeed?: number;
  more?: Partial<ShedConfig>;
}

/**
 * A house placed `dayAge` days before `midnight`, without random faults, under fixed outside air
 * when the test names it: the same start a test needs to hand-work what the controller does.
 */
export function testHouse(h: TestHouse): ShedModel {
  const weather = h.outside ? new Weather({ seed: h.weatherSeed ?? h.seed, fixed: h.outside }) : undefined;
  return new ShedModel({
    code: h.code,
    kind: h.kind ?? 'broiler',
    seed: h.seed,
    placedAt: h.midnight - h.dayAge * DAY,
    ...(weather ? { weather } : {}),
    faults: false,
    ...h.more,
  });
}
