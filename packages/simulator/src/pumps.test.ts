import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import type { ShedModel } from './model.js';
import { parsePumps, pumpEffects, pumpNext, type PumpParams } from './settings.js';
import { testHouse, JULY_MIDNIGHT as MIDNIGHT, HOUR } from './test-house.js';

const now = MIDNIGHT + 12 * HOUR;

/** A broiler house at day 30 on a hot, dry day (32 °C, 40 % RH outside): pads and mist cool it. */
function hotBroiler(): ShedModel {
  return testHouse({ code: 'fs-pump01', seed: 3, midnight: MIDNIGHT, dayAge: 30, outside: { temp: 32, rh: 40 } });
}

const pump = (more: Partial<PumpParams> = {}): PumpParams => ({
  pump: 1,
  kind: 'pad',
  auto: true,
  onAbove: 2,
  offAbove: 1,
  rhLimit: 80,
  runSeconds: 60,
  stopSeconds: 30,
  ...more,
});

/** Mean house temperature and humidity over two hours of one-minute steps, and the last pump state. */
function run(m: ShedModel): { temp: number; rh: number; pump: number } {
  let temp = 0;
  let rh = 0;
  let last: Record<string, number> = {};
  for (let i = 1; i <= 120; i++) {
    last = m.step(60, now + i * 60_000).values;
    temp += last['temp.1']!;
    rh += last['rh.1']!;
  }
  return { temp: temp / 120, rh: rh / 120, pump: last['pump.1']! };
}

describe('cooling pad and mist pumps set by the platform', () => {
  it('switches by its points, cycles, stays off over its humidity limit or out of automatic use (hand-worked)', () => {
    const s = pump();
    expect(pumpNext(s, false, 1.9, 50, 0)).toEqual({ engaged: false, value: 0 });
    expect(pumpNext(s, false, 2.1, 50, 0)).toEqual({ engaged: true, value: 1 }); // 0 s into a 90 s cycle: running
    expect(pumpNext(s, true, 1.5, 50, 60)).toEqual({ engaged: true, value: 0 }); // 60-89 s: resting
    expect(pumpNext(s, true, 1.5, 50, 90)).toEqual({ engaged: true, value: 1 }); // next cycle
    expect(pumpNext(s, true, 0.9, 50, 0)).toEqual({ engaged: false, value: 0 }); // under the off point
    expect(pumpNext(s, true, 3, 80.5, 0)).toEqual({ engaged: false, value: 0 }); // over 80 % RH: off
    expect(pumpNext(s, false, 3, 80, 0)).toEqual({ engaged: true, value: 1 }); // at the limit: may run
    expect(pumpNext(pump({ auto: false }), true, 5, 50, 0)).toEqual({ engaged: false, value: 0 });
  });

  it('tells pads from mist: mist evaporates 0.0007 kg/s per m³/s of fan capacity, less in humid air (hand-worked)', () => {
    const settings = { heaters: new Map(), fans: new Map(), engaged: new Set<number>(), pumps: new Map([[1, pump({ kind: 'mist' })]]) };
    // 78 m³/s of fans: 0.0546 kg/s at 50 % RH or drier, half at 75 %, none at 100 %.
    expect(pumpEffects([1], settings, 78, 40)).toEqual({ padsOn: false, mistKgS: expect.closeTo(0.0546, 6) });
    expect(pumpEffects([1], settings, 78, 75).mistKgS).toBeCloseTo(0.0273, 6);
    expect(pumpEffects([1], settings, 78, 100).mistKgS).toBe(0);
    expect(pumpEffects([0], settings, 78, 40)).toEqual({ padsOn: false, mistKgS: 0 });
    expect(pumpEffects([1], { ...settings, pumps: new Map() }, 78, 40)).toEqual({ padsOn: true, mistKgS: 0 });
  });

  it('reads the command and refuses what the controller cannot take', () => {
    expect(parsePumps([pump(), pump({ pump: 2, kind: 'mist' })], 2)).toEqual([pump(), pump({ pump: 2, kind: 'mist' })]);
    expect(parsePumps([], 1)).toBe('badParams');
    expect(parsePumps([pump({ kind: 'fog' as 'pad' })], 1)).toBe('badParams');
    expect(parsePumps([pump({ offAbove: 2 })], 1)).toBe('outOfRange');
    expect(parsePumps([pump({ rhLimit: 101 })], 1)).toBe('outOfRange');
    expect(parsePumps([pump({ runSeconds: 65 })], 1)).toBe('outOfRange');
    expect(parsePumps([pump({ pump: 2 })], 1)).toBe('noSuchDevice');
  });

  it('obeys setPumps and acks with the version: a pad or mist held off warms the house, mist cools it and raises the humidity', () => {
    const off = hotBroiler();
    const pad = hotBroiler();
    const mist = hotBroiler();
    const dry = hotBroiler();
    for (const m of [off, pad, mist, dry]) m.warmUp(now, 2);
    const set = (m: ShedModel, id: string, p: PumpParams) =>
      applyCommand(m, { id, op: 'setPumps', params: { version: 3, pumps: [p] } }, now);
    expect(set(off, 'p1', pump({ auto: false }))).toEqual({ id: 'p1', ok: true, msg: 'ok', data: { version: 3, pumps: 1 } });
    expect(set(pad, 'p2', pump({ onAbove: 0.5, offAbove: 0, stopSeconds: 0 })).ok).toBe(true);
    expect(set(mist, 'p3', pump({ kind: 'mist', onAbove: 0.5, offAbove: 0, stopSeconds: 0 })).ok).toBe(true);
    // A humidity limit under the house's humidity keeps the mist off.
    expect(set(dry, 'p4', pump({ kind: 'mist', onAbove: 0.5, offAbove: 0, stopSeconds: 0, rhLimit: 5 })).ok).toBe(true);
    expect(set(pad, 'p5', pump({ pump: 2 })).msg).toBe('noSuchDevice');
    const [o, p, m, d] = [off, pad, mist, dry].map(run);
    expect(o!.pump).toBe(0);
    expect(d!.pump).toBe(0);
    expect(p!.pump).toBe(1);
    expect(m!.pump).toBe(1);
    expect(p!.temp).toBeLessThan(o!.temp - 1);
    expect(p!.rh).toBeGreaterThan(o!.rh + 5);
    expect(m!.temp).toBeLessThan(o!.temp - 0.3);
    expect(m!.temp).toBeGreaterThan(p!.temp);
    expect(m!.rh).toBeGreaterThan(o!.rh + 2);
    expect(Math.abs(d!.temp - o!.temp)).toBeLessThan(0.05);
  });
});
