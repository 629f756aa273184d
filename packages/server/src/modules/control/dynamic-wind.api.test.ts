import type { DynamicWindPayload } from '@farmsense/shared';
import { settingGroupSuite } from './group-suite.fixtures.js';

const wind = (first: number, more: Partial<DynamicWindPayload> = {}): DynamicWindPayload => ({
  minSpeed: 20,
  maxSpeed: 90,
  mode: 'dayAge',
  dayAge: [
    { day: -7, percent: first },
    { day: 21, percent: first + 10 },
    { day: 42, percent: first + 30 },
  ],
  co2: [{ ppm: 2500, percent: 30 }],
  ...more,
});

const days = (a: number, b: number) => [
  { day: a, percent: 10 },
  { day: b, percent: 20 },
];
const invalid: [unknown, string, string][] = [
  [wind(5, { dayAge: [{ day: 0, percent: -1 }] }), 'payload.dayAge.0.percent', 'validation.invalid'],
  [wind(5, { dayAge: [{ day: 0, percent: 100.5 }] }), 'payload.dayAge.0.percent', 'validation.tooLarge'],
  [wind(5, { co2: [{ ppm: 2000, percent: 101 }] }), 'payload.co2.0.percent', 'validation.tooLarge'],
  [wind(5, { dayAge: days(7, 7) }), 'payload.dayAge.1.day', 'validation.daysIncreasing'],
  [wind(5, { dayAge: days(-8, 7) }), 'payload.dayAge.0.day', 'validation.invalid'],
  [
    wind(5, {
      co2: [
        { ppm: 3000, percent: 20 },
        { ppm: 2000, percent: 40 },
      ],
    }),
    'payload.co2.1.ppm',
    'validation.co2Increasing',
  ],
  [wind(5, { minSpeed: 70, maxSpeed: 60 }), 'payload.maxSpeed', 'validation.maxBelowMin'],
  [wind(5, { mode: 'co2', co2: [] }), 'payload.co2', 'validation.selectAtLeastOne'],
  [{ ...wind(5), mode: 'nh3' }, 'payload.mode', 'validation.required'],
];

/**
 * Variable-speed fans and minimum ventilation (SPEC §2 /remote-control/env-control/dynamic-wind)
 * through the real HTTP layer and the embedded broker: applied per house, sent as `setDynamicWind`
 * with the version, synced by the ack, restored and logged; minimum ventilation below 0 or above
 * 100 %, days or CO2 thresholds not increasing, a maximum below the minimum speed and an empty list
 * for the chosen mode are refused with 99996 per field.
 */
settingGroupSuite({
  title: 'variable-speed fans and minimum ventilation',
  name: 'dyn',
  group: 'dynamicWind',
  op: 'setDynamicWind',
  first: wind(5),
  second: wind(8, { mode: 'co2' }),
  invalid: {
    title: 'refuses minimum ventilation outside 0-100 %, days or thresholds not increasing, max below min, with 99996 per field',
    cases: invalid,
  },
});
