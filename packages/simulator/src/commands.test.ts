import { describe, expect, it } from 'vitest';
import { applyCommand, parseCommand } from './commands.js';
import type { ShedModel } from './model.js';
import { testHouse, NOVEMBER_MIDNIGHT as MIDNIGHT, HOUR } from './test-house.js';

function broiler(): ShedModel {
  return testHouse({ code: 'fs-cmd01', seed: 1, midnight: MIDNIGHT, dayAge: 9, outside: { temp: 10, rh: 70 } });
}

describe('controller commands', () => {
  const now = MIDNIGHT + 12 * HOUR;

  it('parses only well-formed commands', () => {
    expect(parseCommand('{"id":"a","op":"setFan","params":{"index":1,"value":50}}')).toEqual({
      id: 'a',
      op: 'setFan',
      params: { index: 1, value: 50 },
    });
    expect(parseCommand('{"id":"a","op":"setAuto"}')).toEqual({ id: 'a', op: 'setAuto', params: {} });
    expect(parseCommand('not json')).toBeNull();
    expect(parseCommand('{"op":"setFan"}')).toBeNull();
    expect(parseCommand('[1,2]')).toBeNull();
  });

  it('sets a fan by hand and reports it, until released to automatic', () => {
    const m = broiler();
    m.warmUp(now, 2);
    const ack = applyCommand(m, { id: 'c1', op: 'setFan', params: { index: 3, value: 100 } }, now);
    expect(ack).toEqual({ id: 'c1', ok: true, msg: 'ok', data: { key: 'fan.3', value: 100, manual: true } });
    expect(m.step(60, now + 60_000).values['fan.3']).toBe(100);
    expect(m.manualKeys()).toEqual(['fan.3']);
    expect(applyCommand(m, { id: 'c2', op: 'setFan', params: { index: 3, value: null } }, now).ok).toBe(true);
    expect(m.manualKeys()).toEqual([]);
    expect(m.step(60, now + 120_000).values['fan.3']).toBe(0);
  });

  it('sets heaters, the target temperature and the day age', () => {
    const m = broiler();
    m.warmUp(now, 2);
    expect(applyCommand(m, { id: 'h', op: 'setHeater', params: { index: 1, value: 1 } }, now).ok).toBe(true);
    expect(m.step(60, now + 60_000).values['heater.1']).toBe(1);
    const t = applyCommand(m, { id: 't', op: 'setTargetTemp', params: { value: 25 } }, now);
    expect(t).toMatchObject({ ok: true, data: { targetTemp: 25 } });
    expect(m.step(60, now + 120_000).values['targetTemp.1']).toBe(25);
    expect(applyCommand(m, { id: 't2', op: 'setTargetTemp', params: { value: null } }, now).data).toEqual({
      targetTemp: expect.closeTo(29.1, 0),
    });
    expect(applyCommand(m, { id: 'd', op: 'setDayAge', params: { value: 1 } }, now).data).toEqual({ dayAge: 1 });
    expect(m.step(60, now + 180_000).values['targetTemp.1']).toBeCloseTo(34, 0);
    expect(applyCommand(m, { id: 'a', op: 'setAuto', params: {} }, now).ok).toBe(true);
    expect(m.manualKeys()).toEqual([]);
    const state = applyCommand(m, { id: 's', op: 'getState' }, now);
    expect(state.ok).toBe(true);
    expect(state.data).toMatchObject({ manual: [], dayAge: 1 });
  });

  it('follows a day-age curve set by the platform: a lower target lowers the house temperature', () => {
    const low = broiler();
    const usual = broiler();
    low.warmUp(now, 2);
    usual.warmUp(now, 2);
    const points = [
      { day: -1, target: 30, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
      { day: 5, target: 22, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
      { day: 30, target: 18, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
    ];
    const ack = applyCommand(low, { id: 'c', op: 'setTempCurve', params: { version: 3, points, rhTarget: 60 } }, now);
    expect(ack).toMatchObject({ ok: true, data: { version: 3, targetTemp: expect.closeTo(21.5, 0) } });
    let a = 0;
    let b = 0;
    for (let i = 1; i <= 120; i++) {
      a = low.step(60, now + i * 60_000).values['temp.1']!;
      b = usual.step(60, now + i * 60_000).values['temp.1']!;
    }
    expect(low.step(60, now + 121 * 60_000).values['targetTemp.1']).toBeCloseTo(21.5, 0);
    expect(a).toBeLessThan(b - 3);
    const bad = (p: unknown): string => applyCommand(low, { id: 'x', op: 'setTempCurve', params: { points: p } }, now).msg;
    expect(bad([])).toBe('badParams');
    expect(bad([points[1], points[0]])).toBe('badParams');
    expect(bad([{ day: 1, target: 60 }])).toBe('outOfRange');
  });

  it('refuses unknown operations, missing devices and values out of range', () => {
    const m = broiler();
    expect(applyCommand(m, { id: '1', op: 'selfDestruct' }, now)).toEqual({ id: '1', ok: false, msg: 'unknownOp', data: {} });
    expect(applyCommand(m, { id: '2', op: 'setFan', params: { index: 9, value: 50 } }, now).msg).toBe('noSuchDevice');
    expect(applyCommand(m, { id: '3', op: 'setFan', params: { index: 1, value: 150 } }, now).msg).toBe('outOfRange');
    expect(applyCommand(m, { id: '4', op: 'setHeater', params: { index: 1, value: 2 } }, now).msg).toBe('outOfRange');
    expect(applyCommand(m, { id: '5', op: 'setFan', params: { value: 50 } }, now).msg).toBe('badParams');
    expect(applyCommand(m, { id: '6', op: 'setTargetTemp', params: { value: 80 } }, now).msg).toBe('outOfRange');
    expect(applyCommand(m, { id: '7', op: 'setDayAge', params: { value: 0 } }, now).msg).toBe('badParams');
    expect(applyCommand(m, { id: '8', op: 'setPump', params: { index: 1, value: 1 } }, now).ok).toBe(true);
  });
});
