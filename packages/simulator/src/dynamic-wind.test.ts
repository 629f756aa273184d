import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import type { ShedModel } from './model.js';
import { parseDynamicWind, setMinVent, variableSpeed, type DynamicWind } from './ventilation.js';
import { testHouse, JULY_MIDNIGHT as MIDNIGHT, HOUR } from './test-house.js';

const now = MIDNIGHT + 12 * HOUR;

/** A broiler house at day 20 on a cool day (12 °C outside): it runs on minimum ventilation. */
function coolBroiler(): ShedModel {
  return testHouse({ code: 'fs-dyn01', seed: 4, midnight: MIDNIGHT, dayAge: 20, outside: { temp: 12, rh: 70 } });
}

const wind = (more: Partial<DynamicWind> = {}): DynamicWind => ({
  minSpeed: 20,
  maxSpeed: 90,
  mode: 'dayAge',
  dayAge: [
    { day: 0, percent: 10 },
    { day: 40, percent: 50 },
  ],
  co2: [{ ppm: 2500, percent: 30 }],
  ...more,
});

describe('variable-speed fans and minimum ventilation set by the platform', () => {
  it('reads the minimum by day age or CO2 and keeps the variable fan in its range (hand-worked)', () => {
    expect(setMinVent(undefined, 10, 3000)).toBeNull();
    expect(setMinVent(wind(), 20, 3000)).toBeCloseTo(0.3); // halfway from 10 % to 50 %
    expect(setMinVent(wind(), null, 3000)).toBeNull(); // empty house: the controller's own
    expect(setMinVent(wind({ mode: 'co2' }), 20, 2400)).toBe(0);
    expect(setMinVent(wind({ mode: 'co2' }), 20, 2600)).toBeCloseTo(0.3);
    expect(variableSpeed(undefined, 0)).toBe(10);
    expect(variableSpeed(wind(), 0.05)).toBe(20);
    expect(variableSpeed(wind(), 1)).toBe(90);
    expect(variableSpeed(wind(), 0.55)).toBe(55);
  });

  it('reads the command and refuses what the controller cannot take', () => {
    expect(parseDynamicWind({ version: 3, ...wind() })).toEqual(wind());
    expect(parseDynamicWind({ ...wind(), dayAge: [{ day: 0, percent: 120 }] })).toBe('outOfRange');
    expect(
      parseDynamicWind({
        ...wind(),
        dayAge: [
          { day: 5, percent: 10 },
          { day: 5, percent: 20 },
        ],
      }),
    ).toBe('outOfRange');
    expect(parseDynamicWind({ ...wind(), minSpeed: 80, maxSpeed: 60 })).toBe('outOfRange');
    expect(parseDynamicWind({ ...wind(), mode: 'nh3' })).toBe('badParams');
    expect(parseDynamicWind({ minSpeed: 20 })).toBe('badParams');
  });

  it('obeys setDynamicWind and acks with the version: a higher minimum ventilation moves more air, lowers CO2 and the temperature', () => {
    const low = coolBroiler();
    const high = coolBroiler();
    for (const m of [low, high]) m.warmUp(now, 2);
    const flat = (percent: number) => wind({ dayAge: [{ day: 0, percent }] });
    expect(applyCommand(low, { id: 'd1', op: 'setDynamicWind', params: { version: 1, ...flat(5) } }, now)).toEqual({
      id: 'd1',
      ok: true,
      msg: 'ok',
      data: { version: 1, mode: 'dayAge' },
    });
    expect(applyCommand(high, { id: 'd2', op: 'setDynamicWind', params: { version: 1, ...flat(101) } }, now)).toMatchObject({
      ok: false,
      msg: 'outOfRange',
    });
    expect(applyCommand(high, { id: 'd3', op: 'setDynamicWind', params: { version: 2, ...flat(25) } }, now).ok).toBe(true);
    const sums = [
      { temp: 0, co2: 0, air: 0 },
      { temp: 0, co2: 0, air: 0 },
    ];
    for (let i = 1; i <= 120; i++) {
      [low, high].forEach((m, k) => {
        const v = m.step(60, now + i * 60_000).values;
        sums[k]!.temp += v['temp.1']! / 120;
        sums[k]!.co2 += v['co2.1']! / 120;
        sums[k]!.air += m.inspect(now + i * 60_000).airflow / 120;
      });
    }
    const [l, h] = sums as [(typeof sums)[0], (typeof sums)[0]];
    expect(h.air).toBeGreaterThan(l.air * 1.5);
    expect(h.co2).toBeLessThan(l.co2 - 200);
    expect(h.temp).toBeLessThan(l.temp);
  });
});
