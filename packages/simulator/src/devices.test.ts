import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import { ShedModel } from './model.js';

describe('a device switched by hand from the platform (setDevice)', () => {
  it('holds the hand value, goes back to automatic on null, refuses what it has not', () => {
    const m = new ShedModel({
      code: 'fs-dev01',
      kind: 'broiler',
      seed: 2,
      placedAt: Date.UTC(2026, 6, 1) - 20 * 86_400_000,
      faults: false,
    });
    const now = Date.UTC(2026, 6, 1, 12);
    const set = (id: string, key: string, value: number | null) =>
      applyCommand(m, { id, op: 'setDevice', params: { version: 1, key, value, returnMinutes: 5 } }, now);
    expect(set('d1', 'fan.1', 40)).toEqual({ id: 'd1', ok: true, msg: 'ok', data: { key: 'fan.1', value: 40, manual: true } });
    expect(m.manualKeys()).toEqual(['fan.1']);
    expect(set('d2', 'heater.1', 2).msg).toBe('outOfRange');
    expect(set('d3', 'light.1', 1).msg).toBe('badParams');
    expect(set('d4', 'fan.99', 10).msg).toBe('noSuchDevice');
    expect(set('d5', 'fan.1', null)).toMatchObject({ ok: true, data: { key: 'fan.1', value: null, manual: false } });
    expect(m.manualKeys()).toEqual([]);
  });
});
