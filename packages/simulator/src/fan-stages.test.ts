import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import type { ShedModel } from './model.js';
import { fanStageNext, parseFanStages } from './settings.js';
import { testHouse, JULY_MIDNIGHT as MIDNIGHT, HOUR } from './test-house.js';

const now = MIDNIGHT + 12 * HOUR;

/** A broiler house at day 30 on a warm day (26 °C outside): its fans work. */
function warmBroiler(): ShedModel {
  return testHouse({ code: 'fs-fan01', seed: 2, midnight: MIDNIGHT, dayAge: 30, outside: { temp: 26, rh: 60 } });
}

describe('fan stages set by the platform', () => {
  it('switches a stage in over its on point, holds it to its off point, and cycles run and rest (hand-worked)', () => {
    const s = { fan: 2, onAbove: 2, offAbove: 1, runSeconds: 60, stopSeconds: 30 };
    expect(fanStageNext(s, false, 1.9, 0)).toEqual({ engaged: false, value: 0 });
    expect(fanStageNext(s, false, 2.1, 0)).toEqual({ engaged: true, value: 100 }); // 0 s into a 90 s cycle: running
    expect(fanStageNext(s, true, 1.5, 59)).toEqual({ engaged: true, value: 100 }); // held between off and on
    expect(fanStageNext(s, true, 1.5, 60)).toEqual({ engaged: true, value: 0 }); // 60-89 s: resting
    expect(fanStageNext(s, true, 1.5, 90)).toEqual({ engaged: true, value: 100 }); // next cycle
    expect(fanStageNext(s, true, 0.9, 0)).toEqual({ engaged: false, value: 0 }); // under the off point: out
    expect(fanStageNext({ ...s, stopSeconds: 0 }, true, 1.5, 75)).toEqual({ engaged: true, value: 100 }); // no rest
  });

  it('reads the command and refuses what the controller cannot take', () => {
    const st = (fan: number, onAbove: number, offAbove = onAbove - 1, runSeconds = 60, stopSeconds = 0) => ({
      fan,
      onAbove,
      offAbove,
      runSeconds,
      stopSeconds,
    });
    expect(parseFanStages([st(2, 1), st(3, 2)], 6)).toEqual([st(2, 1), st(3, 2)]);
    expect(parseFanStages([], 6)).toBe('badParams');
    expect(parseFanStages([st(2, 2), st(3, 2)], 6)).toBe('outOfRange'); // on points not increasing
    expect(parseFanStages([st(2, 1, 1)], 6)).toBe('outOfRange'); // off not below on
    expect(parseFanStages([st(2, 1, 0, 65)], 6)).toBe('outOfRange'); // run not a multiple of 10
    expect(parseFanStages([st(2, 1, 0, 60, 15)], 6)).toBe('outOfRange');
    expect(parseFanStages([st(7, 1)], 6)).toBe('noSuchDevice');
  });

  it('obeys setFanStages and acks with the version: fans held off make the house warmer, fans on early cooler', () => {
    const usual = warmBroiler();
    const held = warmBroiler();
    const early = warmBroiler();
    for (const m of [usual, held, early]) m.warmUp(now, 2);
    const stages = (onAbove: number, step = 1) =>
      [2, 3, 4, 5, 6].map((fan, i) => ({
        fan,
        onAbove: onAbove + i * step,
        offAbove: onAbove + i * step - 0.5,
        runSeconds: 60,
        stopSeconds: 0,
      }));
    const ack = applyCommand(held, { id: 'f1', op: 'setFanStages', params: { version: 2, stages: stages(10) } }, now);
    expect(ack).toEqual({ id: 'f1', ok: true, msg: 'ok', data: { version: 2, stages: 5 } });
    expect(applyCommand(early, { id: 'f2', op: 'setFanStages', params: { version: 1, stages: stages(12) } }, now)).toMatchObject({
      ok: false,
      msg: 'outOfRange',
    });
    expect(applyCommand(early, { id: 'f3', op: 'setFanStages', params: { version: 1, stages: stages(0, 0.1) } }, now).ok).toBe(true);
    let sums = [0, 0, 0];
    let last = [usual, held, early].map(() => ({}) as Record<string, number>);
    for (let i = 1; i <= 120; i++) {
      last = [usual, held, early].map((m) => m.step(60, now + i * 60_000).values);
      sums = sums.map((s, k) => s + last[k]!['temp.1']!);
    }
    const [u, h, e] = sums.map((s) => s / 120);
    expect(h).toBeGreaterThan(u! + 0.5);
    expect(e).toBeLessThan(u!);
    expect([2, 3, 4, 5, 6].map((n) => last[1]![`fan.${n}`])).toEqual([0, 0, 0, 0, 0]);
  });
});
