import { describe, expect, it } from 'vitest';
import { SIDE_INLET } from '@farmsense/shared';
import { applyCommand } from './commands.js';
import type { ShedModel } from './model.js';
import { inletFor, openingNext, parseOpenings, pressureOf, type OpeningParams } from './openings.js';
import { testHouse, JULY_MIDNIGHT as MIDNIGHT, HOUR } from './test-house.js';

const now = MIDNIGHT + 12 * HOUR;

/** A broiler house at day 30 (26 °C outside: its fans and inlets work; 18 °C: its curtain stays shut). */
function broiler(outside = 26): ShedModel {
  return testHouse({ code: 'fs-win01', seed: 5, midnight: MIDNIGHT, dayAge: 30, outside: { temp: outside, rh: 60 } });
}

type Sums = { pa: number; temp: number; curtain: number };

/** Means over two hours of one-minute steps of the pressure, temperature and curtain readings. */
function run(models: ShedModel[]): Sums[] {
  const sums = models.map(() => ({ pa: 0, temp: 0, curtain: 0 }));
  for (let i = 1; i <= 120; i++) {
    models.forEach((m, k) => {
      const v = m.step(60, now + i * 60_000).values;
      sums[k]!.pa += v['pa.1']! / 120;
      sums[k]!.temp += v['temp.1']! / 120;
      sums[k]!.curtain += v['curtain.1']! / 120;
    });
  }
  return sums;
}

const opening = (more: Partial<OpeningParams> = {}): OpeningParams => ({ ...SIDE_INLET, maxOpen: 90, ...more });

describe('inlets and curtains set by the platform', () => {
  it('moves toward the pressure target or along the temperature line, within min and max (hand-worked)', () => {
    expect(inletFor(28, 0.5)).toBeCloseTo(0.5); // 6 + 22 * (0.5 / 0.5)^1.5 = 28 Pa
    expect(pressureOf(0.5, inletFor(20, 0.5))).toBeCloseTo(20);
    const room = { e: 0, fanShare: 0.5, inletShare: 0.5, dt: 60, speed: 0.5 };
    expect(openingNext(opening({ pressureTarget: 28 }), 50, room)).toBe(50); // 28 Pa: within the band, held
    expect(openingNext(opening({ pressureTarget: 15 }), 50, room)).toBe(80); // too much pressure: opens, 30 % a minute
    expect(openingNext(opening({ pressureTarget: 40 }), 50, room)).toBe(37); // too little: closes to what gives 40 Pa (0.5 / (34 / 22)^(2/3))
    expect(openingNext(opening({ pressureTarget: 40, minOpen: 45 }), 50, room)).toBe(45);
    const temp = opening({ control: 'temperature' });
    expect(openingNext(temp, 10, { ...room, e: 2.5, speed: 1 })).toBe(50);
    expect(openingNext(temp, 50, { ...room, e: 10, speed: 1 })).toBe(90);
    expect(openingNext(temp, 50, { ...room, e: -3, speed: 1 })).toBe(10);
  });

  it('reads the command and refuses what the controller cannot take', () => {
    const counts = { windows: 1, curtains: 1 };
    expect(parseOpenings([opening(), opening({ kind: 'curtain' })], counts)).toEqual([opening(), opening({ kind: 'curtain' })]);
    expect(parseOpenings([opening({ minOpen: 60, maxOpen: 50 })], counts)).toBe('outOfRange');
    expect(parseOpenings([opening({ control: 'temperature', openFrom: 3, fullyOpen: 2 })], counts)).toBe('outOfRange');
    expect(parseOpenings([{ ...opening(), kind: 'door' }], counts)).toBe('badParams');
    expect(parseOpenings([], counts)).toBe('outOfRange');
    expect(parseOpenings('x', counts)).toBe('badParams');
    expect(parseOpenings([opening({ index: 2 })], counts)).toBe('noSuchDevice');
    expect(parseOpenings([opening({ kind: 'curtain' })], { windows: 1, curtains: 0 })).toBe('noSuchDevice');
  });

  it('obeys setOpenings and acks with the version: a higher pressure target closes the inlet, a curtain open early cools', () => {
    const [usual, tight, mild, open] = [broiler(), broiler(), broiler(18), broiler(18)];
    for (const m of [usual, tight, mild, open]) m.warmUp(now, 2);
    const ack = applyCommand(
      tight,
      { id: 'w1', op: 'setOpenings', params: { version: 4, openings: [opening({ pressureTarget: 45 })] } },
      now,
    );
    expect(ack).toEqual({ id: 'w1', ok: true, msg: 'ok', data: { version: 4, openings: 1 } });
    expect(
      applyCommand(open, { id: 'w2', op: 'setOpenings', params: { version: 1, openings: [opening({ index: 3 })] } }, now),
    ).toMatchObject({
      ok: false,
      msg: 'noSuchDevice',
    });
    const curtain = opening({ kind: 'curtain', control: 'temperature', openFrom: -5, fullyOpen: -4, minOpen: 0, maxOpen: 100 });
    expect(applyCommand(open, { id: 'w3', op: 'setOpenings', params: { version: 1, openings: [curtain] } }, now).ok).toBe(true);
    const [u, t, m, o] = run([usual, tight, mild, open]) as [Sums, Sums, Sums, Sums];
    expect(t.pa).toBeGreaterThan(u.pa + 10);
    expect(Math.abs(t.pa - 45)).toBeLessThan(5);
    expect(o.curtain).toBeGreaterThan(m.curtain + 50);
    expect(o.temp).toBeLessThan(m.temp);
  });
});
