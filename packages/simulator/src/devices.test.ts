import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import { fullLux } from './lights.js';
import { ShedModel } from './model.js';

const HOUR = 3_600_000;

function broiler(): ShedModel {
  return new ShedModel({
    code: 'fs-dev01',
    kind: 'broiler',
    seed: 2,
    placedAt: Date.UTC(2026, 6, 1) - 20 * 86_400_000,
    faults: false,
  });
}

describe('a device switched by hand from the platform (setDevice)', () => {
  it('holds the hand value, goes back to automatic on null, refuses what it has not', () => {
    const m = broiler();
    const now = Date.UTC(2026, 6, 1, 12);
    const set = (id: string, key: string, value: number | null) =>
      applyCommand(m, { id, op: 'setDevice', params: { version: 1, key, value, returnMinutes: 5 } }, now);
    expect(set('d1', 'fan.1', 40)).toEqual({ id: 'd1', ok: true, msg: 'ok', data: { key: 'fan.1', value: 40, manual: true } });
    expect(m.manualKeys()).toEqual(['fan.1']);
    expect(set('d2', 'heater.1', 2).msg).toBe('outOfRange');
    expect(set('d3', 'mist.1', 1).msg).toBe('badParams');
    expect(set('d4', 'fan.99', 10).msg).toBe('noSuchDevice');
    expect(set('d5', 'fan.1', null)).toMatchObject({ ok: true, data: { key: 'fan.1', value: null, manual: false } });
    expect(m.manualKeys()).toEqual([]);
  });

  it('dims a lighting zone by hand, holds it against the schedule, and gives it back to the schedule on null', () => {
    const m = broiler();
    // Local noon of day 20: the schedule lights the house; 23:00 it is dark (lights off 22:00-04:00).
    const noon = Date.UTC(2026, 6, 1) - m.weather.utcOffsetMs + 12 * HOUR;
    const night = noon + 11 * HOUR;
    m.warmUp(noon, 1);
    const day = m.occupancy(noon).dayAge!;
    const full = fullLux(m.profile, day);
    expect(m.profile.lux(12, day)).toBe(full);
    expect(m.profile.lux(23, day)).toBe(0);
    expect(full).toBeGreaterThan(0);
    const set = (id: string, key: string, value: number | null, at: number) =>
      applyCommand(m, { id, op: 'setDevice', params: { version: 1, key, value, returnMinutes: 30 } }, at);
    expect(m.step(60, noon + 60_000).values['light.1']).toBeGreaterThan(0.9 * full);

    expect(set('l1', 'light.1', 0, noon + 60_000)).toEqual({
      id: 'l1',
      ok: true,
      msg: 'ok',
      data: { key: 'light.1', value: 0, manual: true },
    });
    expect(m.step(60, noon + 120_000).values['light.1']).toBe(0);
    expect(set('l2', 'light.1', 50, noon + 120_000).ok).toBe(true);
    expect(m.step(60, noon + 180_000).values['light.1']).toBeCloseTo(full / 2, -0.5);
    // Held through the night the schedule would keep dark.
    expect(m.step(11 * 3600 - 180, night).values['light.1']).toBeCloseTo(full / 2, -0.5);
    expect(applyCommand(m, { id: 'g', op: 'getState' }, night).data.manual).toEqual(['light.1']);

    expect(set('l3', 'light.1', 120, night).msg).toBe('outOfRange');
    expect(set('l4', 'light.2', 50, night).msg).toBe('noSuchDevice');
    expect(set('l5', 'light.1', null, night)).toMatchObject({ ok: true, data: { key: 'light.1', value: null, manual: false } });
    expect(m.step(60, night + 60_000).values['light.1']).toBe(0);
    // setAuto takes every hand value back, lights included.
    expect(set('l6', 'light.1', 100, night + 60_000).ok).toBe(true);
    expect(m.step(60, night + 120_000).values['light.1']).toBeGreaterThan(0.9 * full);
    applyCommand(m, { id: 'a', op: 'setAuto' }, night + 120_000);
    expect(m.step(60, night + 180_000).values['light.1']).toBe(0);
  });
});
