import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import type { ShedModel } from './model.js';
import { defaultHeater, heaterNext, parseHeaters } from './settings.js';
import { testHouse, NOVEMBER_MIDNIGHT as MIDNIGHT, HOUR } from './test-house.js';

const now = MIDNIGHT + 12 * HOUR;

/** A broiler house at day 9 on a cold day (0 °C outside): its heaters work. */
function coldBroiler(): ShedModel {
  return testHouse({ code: 'fs-heat01', seed: 1, midnight: MIDNIGHT, dayAge: 9, outside: { temp: 0, rh: 70 } });
}

/** Mean house temperature minus the set point over two hours of one-minute steps. */
function meanError(m: ShedModel): number {
  let sum = 0;
  for (let i = 1; i <= 120; i++) {
    const v = m.step(60, now + i * 60_000).values;
    sum += v['temp.1']! - v['targetTemp.1']!;
  }
  return sum / 120;
}

describe('heater points set by the platform', () => {
  it('switches a heater on under the on point and holds it until the off point (hand-worked)', () => {
    const h = { index: 1, enabled: true, onBelow: 2, offBelow: 0.5 };
    expect(heaterNext(h, false, -1.9)).toBe(0); // 1.9 K under: not yet
    expect(heaterNext(h, false, -2.1)).toBe(1); // 2.1 K under: on
    expect(heaterNext(h, true, -0.6)).toBe(1); // warming, still 0.6 K under: stays on
    expect(heaterNext(h, true, -0.4)).toBe(0); // only 0.4 K under: off
    expect(heaterNext({ ...h, enabled: false }, false, -9)).toBe(0);
    // The controller's own stages: heater 2 on 1.2 K under, off 0.4 K under.
    expect(defaultHeater(1)).toEqual({ index: 2, enabled: true, onBelow: 1.2, offBelow: expect.closeTo(0.4, 9) });
  });

  it('reads the command and refuses what the controller cannot take', () => {
    const ok = { index: 1, enabled: true, onBelow: 2, offBelow: 1 };
    expect(parseHeaters([ok], 2)).toEqual([ok]);
    expect(parseHeaters([], 2)).toBe('badParams');
    expect(parseHeaters([{ ...ok, enabled: 'yes' }], 2)).toBe('badParams');
    expect(parseHeaters([{ ...ok, offBelow: 2 }], 2)).toBe('outOfRange');
    expect(parseHeaters([{ ...ok, index: 3 }], 2)).toBe('noSuchDevice');
    expect(parseHeaters([ok, ok], 2)).toBe('noSuchDevice');
  });

  it('obeys setHeaterParams and acks with the version: heaters off make the house colder, a higher off point warmer', () => {
    const usual = coldBroiler();
    const off = coldBroiler();
    const warm = coldBroiler();
    for (const m of [usual, off, warm]) m.warmUp(now, 2);
    const heaters = (enabled: boolean, onBelow: number, offBelow: number) => [1, 2].map((index) => ({ index, enabled, onBelow, offBelow }));
    const ack = applyCommand(off, { id: 'h1', op: 'setHeaterParams', params: { version: 4, heaters: heaters(false, 2, 1) } }, now);
    expect(ack).toEqual({ id: 'h1', ok: true, msg: 'ok', data: { version: 4, heaters: 2 } });
    expect(applyCommand(warm, { id: 'h2', op: 'setHeaterParams', params: { version: 1, heaters: heaters(true, 0.2, -2) } }, now).ok).toBe(
      true,
    );
    const [u, o, w] = [meanError(usual), meanError(off), meanError(warm)];
    expect(o).toBeLessThan(u - 1);
    expect(w).toBeGreaterThan(u + 0.5);
    expect(applyCommand(off, { id: 'h3', op: 'setHeaterParams', params: { heaters: heaters(true, 1, 1) } }, now)).toMatchObject({
      ok: false,
      msg: 'outOfRange',
    });
  });
});
