import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import { DEFAULT_WARN } from './defaults.js';
import { ShedModel } from './model.js';
import { parseWarn, sounding, type WarnParams } from './warn.js';

describe("the controller's own alarm limits", () => {
  it('reads the limits and refuses what the controller cannot take', () => {
    expect(parseWarn('setRhAlarm', { enabled: true, low: 40, high: 85, delaySeconds: 60 })).toEqual({
      enabled: true,
      low: 40,
      high: 85,
      delaySeconds: 60,
    });
    expect(parseWarn('setNh3Alarm', { enabled: true, high: 25, delaySeconds: 0 })).toEqual({ enabled: true, high: 25, delaySeconds: 0 });
    expect(parseWarn('setAlarmButton', { enabled: false, delaySeconds: 30 })).toEqual({ enabled: false, delaySeconds: 30 });
    expect(parseWarn('setRhAlarm', { enabled: true, low: 85, high: 85, delaySeconds: 0 })).toBe('outOfRange');
    expect(parseWarn('setPressureAlarm', { enabled: true, low: 5, high: 250, delaySeconds: 0 })).toBe('outOfRange');
    expect(parseWarn('setNh3Alarm', { enabled: true, high: 25, delaySeconds: 15 })).toBe('outOfRange');
    expect(parseWarn('setRhAlarm', { enabled: 'yes', low: 1, high: 2, delaySeconds: 0 })).toBe('badParams');
    expect(parseWarn('setRhAlarm', { enabled: true, high: 2, delaySeconds: 0 })).toBe('badParams');
  });

  it('sounds a limit once the value stayed outside it for its delay, not while the alarm button is off (hand-worked)', () => {
    const rh: WarnParams = { enabled: true, low: 40, high: 80, delaySeconds: 60 };
    const since = new Map<string, number>();
    const limits = new Map([['setRhAlarm', rh]]);
    expect(sounding(limits, { 'rh.1': 85 }, since, 1000)).toEqual([]); // left the band at 1000 s
    expect(sounding(limits, { 'rh.1': 86 }, since, 1059)).toEqual([]);
    expect(sounding(limits, { 'rh.1': 86 }, since, 1060)).toEqual(['setRhAlarm']);
    expect(sounding(limits, { 'rh.1': 70 }, since, 1070)).toEqual([]); // back inside: the delay starts again
    expect(sounding(limits, { 'rh.1': 30 }, since, 1080)).toEqual([]);
    expect(sounding(limits, { 'rh.1': 30 }, since, 1140)).toEqual(['setRhAlarm']);
    const off = new Map([...limits, ['setAlarmButton', { enabled: false, delaySeconds: 0 }]]);
    expect(sounding(off, { 'rh.1': 30 }, since, 1200)).toEqual([]);
    expect(sounding(new Map([['setRhAlarm', { ...rh, enabled: false }]]), { 'rh.1': 30 }, new Map(), 0)).toEqual([]);
  });

  it('obeys the commands, acks with the version and reports the limits in its state', () => {
    const m = new ShedModel({
      code: 'fs-warn01',
      kind: 'broiler',
      seed: 1,
      placedAt: Date.UTC(2026, 6, 1) - 20 * 86_400_000,
      faults: false,
    });
    const now = Date.UTC(2026, 6, 1, 12);
    const ack = applyCommand(m, { id: 'w1', op: 'setNh3Alarm', params: { version: 2, enabled: true, high: 20, delaySeconds: 30 } }, now);
    expect(ack).toEqual({ id: 'w1', ok: true, msg: 'ok', data: { version: 2, enabled: true, high: 20, delaySeconds: 30 } });
    expect(
      applyCommand(m, { id: 'w2', op: 'setRhAlarm', params: { version: 1, enabled: true, low: 90, high: 80, delaySeconds: 0 } }, now).msg,
    ).toBe('outOfRange');
    const state = applyCommand(m, { id: 'w3', op: 'getState' }, now);
    // The set group replaces its default; the others keep the controller's own (defaults.ts).
    expect(state.data.alarmLimits).toEqual({ ...DEFAULT_WARN, setNh3Alarm: { enabled: true, high: 20, delaySeconds: 30 } });
  });
});
