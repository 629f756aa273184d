import { describe, expect, it } from 'vitest';
import { dynamicWindPayload, minVentAtCo2, minVentAtDay, type DynamicWindPayload } from './ventilation.js';

const wind = (more: Partial<DynamicWindPayload> = {}): DynamicWindPayload => ({
  minSpeed: 20,
  maxSpeed: 90,
  mode: 'dayAge',
  dayAge: [
    { day: -7, percent: 5 },
    { day: 0, percent: 10 },
    { day: 35, percent: 40 },
  ],
  co2: [
    { ppm: 2000, percent: 20 },
    { ppm: 3000, percent: 50 },
  ],
  ...more,
});
const issues = (payload: unknown): { path: string; message: string }[] =>
  dynamicWindPayload.safeParse(payload).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('variable-speed fan and minimum ventilation rules', () => {
  it('accepts the limits themselves, min equal to max, and an empty list for the mode not chosen', () => {
    expect(issues(wind())).toEqual([]);
    expect(
      issues(
        wind({
          minSpeed: 0,
          maxSpeed: 0,
          dayAge: [
            { day: -7, percent: 0 },
            { day: 999, percent: 100 },
          ],
          co2: [],
        }),
      ),
    ).toEqual([]);
    expect(
      issues(
        wind({
          mode: 'co2',
          dayAge: [],
          co2: [
            { ppm: 0, percent: 100 },
            { ppm: 10_000, percent: 100 },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('names every refused field with its reason', () => {
    const one = (more: Partial<DynamicWindPayload>) => issues(wind(more));
    expect(one({ dayAge: [{ day: 0, percent: -1 }] })).toEqual([{ path: 'dayAge.0.percent', message: 'validation.invalid' }]);
    expect(one({ dayAge: [{ day: 0, percent: 101 }] })).toEqual([{ path: 'dayAge.0.percent', message: 'validation.tooLarge' }]);
    expect(one({ co2: [{ ppm: 2000, percent: 120 }] })).toEqual([{ path: 'co2.0.percent', message: 'validation.tooLarge' }]);
    const days = [
      { day: 0, percent: 10 },
      { day: 7, percent: 20 },
      { day: 7, percent: 30 },
    ];
    expect(one({ dayAge: days })).toEqual([{ path: 'dayAge.2.day', message: 'validation.daysIncreasing' }]);
    expect(
      one({
        dayAge: [
          { day: 10, percent: 10 },
          { day: 5, percent: 20 },
        ],
      }),
    ).toEqual([{ path: 'dayAge.1.day', message: 'validation.daysIncreasing' }]);
    expect(one({ dayAge: [{ day: -8, percent: 10 }] })).toEqual([{ path: 'dayAge.0.day', message: 'validation.invalid' }]);
    expect(one({ dayAge: [{ day: 1000, percent: 10 }] })).toEqual([{ path: 'dayAge.0.day', message: 'validation.tooLarge' }]);
    expect(one({ dayAge: [{ day: 1.5, percent: 10 }] })).toEqual([{ path: 'dayAge.0.day', message: 'validation.integer' }]);
    const co2 = [
      { ppm: 3000, percent: 20 },
      { ppm: 2500, percent: 30 },
    ];
    expect(one({ co2 })).toEqual([{ path: 'co2.1.ppm', message: 'validation.co2Increasing' }]);
    expect(one({ minSpeed: 60, maxSpeed: 50 })).toEqual([{ path: 'maxSpeed', message: 'validation.maxBelowMin' }]);
    expect(one({ maxSpeed: 101 })).toEqual([{ path: 'maxSpeed', message: 'validation.tooLarge' }]);
    expect(one({ minSpeed: -1 })).toEqual([{ path: 'minSpeed', message: 'validation.invalid' }]);
    expect(one({ mode: 'co2', co2: [] })).toEqual([{ path: 'co2', message: 'validation.selectAtLeastOne' }]);
    expect(one({ dayAge: [] })).toEqual([{ path: 'dayAge', message: 'validation.selectAtLeastOne' }]);
    expect(one({ mode: 'nh3' as 'co2' })).toEqual([{ path: 'mode', message: 'validation.required' }]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ day: i, percent: 10 }));
    expect(one({ dayAge: eleven })).toEqual([{ path: 'dayAge', message: 'validation.tooMany' }]);
  });

  it('reads the minimum ventilation by day age (straight lines, end values beyond) and by CO2 (highest threshold reached)', () => {
    const days = wind().dayAge;
    expect(minVentAtDay(days, -10)).toBe(5);
    expect(minVentAtDay(days, 0)).toBe(10);
    expect(minVentAtDay(days, 14)).toBeCloseTo(22);
    expect(minVentAtDay(days, 60)).toBe(40);
    expect(minVentAtDay([], 3)).toBeNull();
    const co2 = wind().co2;
    expect(minVentAtCo2(co2, 1500)).toBe(0);
    expect(minVentAtCo2(co2, 2000)).toBe(20);
    expect(minVentAtCo2(co2, 3500)).toBe(50);
  });
});
