import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import { BROILER_TARGET, interpolate } from './curves.js';
import { ShedModel } from './model.js';
import type { ShedKind } from './profiles.js';
import { testHouse, NOVEMBER_MIDNIGHT as MIDNIGHT, DAY, HOUR } from './test-house.js';

/**
 * The flock register override: while set, the model's occupancy, day age and head count are the
 * register's, not its own 42 + 10 day cycle; released, the cycle is back unchanged.
 */
// Local midnight (UTC+8, the Weather default) of 2 November 2026.
const NOON = MIDNIGHT + 12 * HOUR;

/** A shed whose own cycle is on `cycleDay` today (broilers: 1-42 occupied, 43-52 empty). */
function shed(cycleDay: number, kind: ShedKind = 'broiler', outTemp = 10): ShedModel {
  return testHouse({
    code: `fs-follow-${kind}`,
    kind,
    seed: 11,
    midnight: MIDNIGHT,
    dayAge: cycleDay,
    outside: { temp: outTemp, rh: 70 },
    weatherSeed: 1,
  });
}

describe('ShedModel following the flock register', () => {
  it('reports the followed day age instead of its own cycle, advancing at local midnight', () => {
    // The cycle says the house is empty (day 46); the register has a flock on day 5.
    const m = shed(46);
    expect(m.occupancy(NOON).occupied).toBe(false);
    m.followFlock({ dayAge: 5, head: 18_000 }, NOON);
    expect(m.following).toBe(true);
    m.warmUp(NOON, 6);
    const v = m.step(60, NOON + 60_000).values;
    expect(v['dayAge.1']).toBe(5);
    expect(m.inspect(NOON).head).toBe(18_000);
    expect(v['targetTemp.1']).toBeCloseTo(interpolate(BROILER_TARGET, 5.5), 0);
    expect(m.step(60, MIDNIGHT + DAY - 60_000).values['dayAge.1']).toBe(5);
    expect(m.step(120, MIDNIGHT + DAY + 60_000).values['dayAge.1']).toBe(6);
    expect(m.occupancy(MIDNIGHT + 3 * DAY + HOUR).dayAge).toBe(8);
    // Past the cycle's 42 days the flock stays as long as the register keeps it.
    expect(m.occupancy(MIDNIGHT + 50 * DAY).dayAge).toBe(55);
  });

  it('is idempotent when the same register state is applied every few minutes', () => {
    const m = shed(10);
    m.followFlock({ dayAge: 5, head: 18_000 }, MIDNIGHT + 10 * HOUR);
    const before = m.occupancy(NOON);
    m.followFlock({ dayAge: 5, head: 18_000 }, MIDNIGHT + 10 * HOUR + 5 * 60_000);
    expect(m.occupancy(NOON)).toEqual(before);
    m.followFlock(null, NOON, { since: MIDNIGHT - DAY });
    m.followFlock(null, NOON + 5 * 60_000);
    expect(m.occupancy(NOON).emptyFor).toBeCloseTo(1.5, 6);
  });

  it('shows an empty house for null, without day age or set-point, whatever the cycle says', () => {
    const m = shed(20, 'broiler', 12);
    expect(m.occupancy(NOON).occupied).toBe(true);
    m.followFlock(null, NOON - 12 * HOUR, { since: MIDNIGHT - 5 * DAY });
    m.warmUp(NOON, 12);
    const v = m.step(60, NOON + 60_000).values;
    expect(v['dayAge.1']).toBeUndefined();
    expect(v['targetTemp.1']).toBeUndefined();
    expect(v['light.1']).toBe(0);
    expect(v['co2.1']).toBeLessThan(480);
    expect(v['nh3.1']).toBeLessThan(1);
    expect(m.inspect(NOON)).toMatchObject({ head: 0, occupancy: { occupied: false, dayAge: null, preheat: false } });
    expect(m.inspect(NOON).occupancy.emptyFor).toBeCloseTo(5.5, 6);
  });

  it('takes the emptying time from what it showed when the departure is unknown', () => {
    const flock = shed(20);
    flock.followFlock(null, NOON);
    expect(flock.occupancy(NOON + HOUR).emptyFor).toBeCloseTo(1 / 24, 6);
    // Already empty by its own cycle (day ages 0-41 in the house, cycle day 44 = third cleaning day):
    // it keeps counting from there.
    const cleaning = shed(44);
    cleaning.followFlock(null, NOON);
    expect(cleaning.occupancy(NOON).emptyFor).toBeCloseTo(2.5, 6);
  });

  it('heats the empty house up the day before the next placement', () => {
    const m = shed(46, 'broiler', 5);
    const placement = MIDNIGHT + 2 * DAY;
    m.followFlock(null, NOON, { since: MIDNIGHT - 8 * DAY, next: placement });
    expect(m.targetAt(NOON)).toBeNull();
    expect(m.occupancy(placement - 6 * HOUR).preheat).toBe(true);
    expect(m.targetAt(placement - 6 * HOUR)).toBe(interpolate(BROILER_TARGET, 1));
    const cold = shed(46, 'broiler', 5);
    cold.followFlock(null, NOON, { since: MIDNIGHT - 8 * DAY });
    for (const x of [m, cold]) x.warmUp(placement - HOUR, 12);
    expect(m.step(60, placement - HOUR + 60_000).values['targetTemp.1']).toBe(34);
    expect(m.inspect().temp).toBeGreaterThan(cold.inspect(placement - HOUR).temp + 10);
    expect(m.inspect().actuators.heater.some((h) => h === 1)).toBe(true);
    // The flock arrives (the register's next sync): day-olds placed on their hatch day are day 0.
    m.followFlock({ dayAge: 0, head: 20_000 }, placement + HOUR);
    expect(m.occupancy(placement + HOUR)).toMatchObject({ occupied: true, dayAge: 0, preheat: false });
  });

  it('uses the followed head count for the animals (water drunk scales with it)', () => {
    const drunk = (head: number): number => {
      const m = shed(46, 'broiler', 18);
      m.followFlock({ dayAge: 20, head }, MIDNIGHT);
      m.warmUp(MIDNIGHT, 2);
      const start = m.inspect(MIDNIGHT).water;
      for (let t = MIDNIGHT + 300_000; t <= MIDNIGHT + DAY; t += 300_000) m.step(300, t);
      return m.inspect().water - start;
    };
    const full = drunk(20_000);
    const half = drunk(10_000);
    expect(half / full).toBeGreaterThan(0.4);
    expect(half / full).toBeLessThan(0.65);
  });

  it('reports register day age 0 as 0, and follows a laying flock', () => {
    const chicks = shed(46);
    chicks.followFlock({ dayAge: 0, head: 20_000 }, NOON);
    // Placed this morning (day 0 began at local midnight): half a day in the house at noon.
    expect(chicks.occupancy(NOON)).toMatchObject({ occupied: true, dayAge: 0, age: 0.5 });
    expect(chicks.targetAt(NOON)).toBe(interpolate(BROILER_TARGET, 1));
    expect(chicks.occupancy(MIDNIGHT + DAY + HOUR).dayAge).toBe(1);
    const hens = shed(251, 'layer');
    hens.followFlock({ dayAge: 300, head: 28_000 }, NOON);
    expect(hens.step(60, NOON).values['dayAge.1']).toBe(300);
  });

  it('moves the followed flock on setDayAge, and goes back to its own cycle when released', () => {
    const m = shed(10);
    const own = shed(10);
    m.followFlock({ dayAge: 30, head: 15_000 }, NOON);
    const ack = applyCommand(m, { id: 'd', op: 'setDayAge', params: { value: 3 } }, NOON);
    expect(ack.data).toEqual({ dayAge: 3 });
    m.releaseFlock();
    expect(m.following).toBe(false);
    // setDayAge moved the cycle too, as it always did; with the same command the cycles agree.
    applyCommand(own, { id: 'd', op: 'setDayAge', params: { value: 3 } }, NOON);
    for (const t of [NOON, NOON + 10 * DAY, NOON + 45 * DAY]) expect(m.occupancy(t)).toEqual(own.occupancy(t));
    // Never followed: the cycle as before (day 10 today, empty after day 42).
    const plain = shed(10);
    expect(plain.occupancy(NOON).dayAge).toBe(10);
    expect(plain.occupancy(NOON + 33 * DAY).occupied).toBe(false);
  });
});
