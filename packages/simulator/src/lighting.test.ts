import { lightingPayload } from '@farmsense/shared';
import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands.js';
import { defaultLighting } from './defaults.js';
import { fullLux, lightLevels } from './lights.js';
import { ShedModel } from './model.js';
import { PROFILES, SHED_KINDS } from './profiles.js';

const MIDNIGHT = Date.UTC(2026, 6, 1, 16);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = MIDNIGHT + 12 * HOUR;

/** A broiler house at day 20 (local midnight is 16:00 UTC). */
function broiler(): ShedModel {
  return new ShedModel({ code: 'fs-lux01', kind: 'broiler', seed: 5, placedAt: MIDNIGHT - 20 * DAY, faults: false });
}

describe('lighting schedule set by the platform', () => {
  it('lights the zones from on to off at the intensity of the point in force, past midnight too (hand-worked)', () => {
    const m = broiler();
    const p = m.profile;
    const occ = m.occupancy(now);
    const full = fullLux(p, occ.dayAge!);
    const schedule = [
      { day: 0, on: '05:00', off: '23:00', intensity: 80 },
      { day: 14, on: '20:00', off: '04:00', intensity: 40 },
    ];
    // Day 20: the second point, lit 20:00 to 04:00 at 40 %.
    expect(lightLevels(p, new Map(), 21.5, occ, schedule)[0]).toBeCloseTo(full * 0.4, 6);
    expect(lightLevels(p, new Map(), 3.9, occ, schedule)[0]).toBeCloseTo(full * 0.4, 6);
    expect(lightLevels(p, new Map(), 12, occ, schedule)[0]).toBe(0);
    // A hand value still wins over the schedule.
    expect(lightLevels(p, new Map([['light.1', 100]]), 12, occ, schedule)[0]).toBeCloseTo(full, 6);
  });

  it('obeys setLighting and acks with the version: the light sensor reads dark at noon and lit at night', () => {
    const m = broiler();
    const noonBefore = m.step(60, now).values['light.1']!;
    expect(noonBefore).toBeGreaterThan(0);
    const points = [{ day: 0, on: '18:00', off: '06:00', intensity: 60 }];
    expect(applyCommand(m, { id: 'l1', op: 'setLighting', params: { version: 3, points } }, now)).toEqual({
      id: 'l1',
      ok: true,
      msg: 'ok',
      data: { version: 3, points: 1 },
    });
    expect(m.step(60, now + 60_000).values['light.1']).toBeLessThan(1);
    expect(m.step(60, now + 10 * HOUR).values['light.1']).toBeGreaterThan(noonBefore * 0.3);
    const bad = (pts: unknown) => applyCommand(m, { id: 'l2', op: 'setLighting', params: { points: pts } }, now).msg;
    expect(bad([{ day: 0, on: '06:00', off: '06:00', intensity: 50 }])).toBe('outOfRange');
    expect(bad([{ day: 0, on: '06:00', off: '22:00', intensity: 150 }])).toBe('outOfRange');
    expect(bad([{ day: 0, on: 6, off: '22:00', intensity: 50 }])).toBe('badParams');
    expect(bad([])).toBe('outOfRange');
  });
});

describe('the profiles lighting programme as a platform schedule (the demo version 1)', () => {
  it('says each programme in points (hand-worked)', () => {
    expect(defaultLighting(PROFILES.broiler)).toEqual({
      points: [
        { day: 0, on: '00:00', off: '23:00', intensity: 100 },
        { day: 8, on: '04:00', off: '22:00', intensity: 100 },
      ],
    });
    expect(defaultLighting(PROFILES.layer)).toEqual({ points: [{ day: 0, on: '05:00', off: '21:00', intensity: 100 }] });
    expect(defaultLighting(PROFILES.farrowing)).toEqual({ points: [{ day: 0, on: '07:00', off: '19:00', intensity: 100 }] });
  });

  it('lights every house under its schedule as under its programme, but for a pig room night light', () => {
    for (const kind of SHED_KINDS) {
      const p = PROFILES[kind];
      const payload = defaultLighting(p)!;
      expect(lightingPayload.safeParse(payload).success, kind).toBe(true);
      const m = new ShedModel({ code: 'fs-lux02', kind, seed: 1, placedAt: MIDNIGHT, faults: false });
      for (const day of [0, 3, 7, 8, 15, 21, 22, 40, 90]) {
        const occ = { ...m.occupancy(MIDNIGHT + day * DAY + HOUR), occupied: true, dayAge: day };
        for (let h = 0; h < 24; h++) {
          const own = p.lux(h, day);
          const scheduled = lightLevels(p, new Map(), h + 0.5, occ, payload.points)[0]!;
          expect(scheduled, `${kind} day ${day} ${h}:30`).toBeCloseTo(own < fullLux(p, day) / 2 ? 0 : own, 6);
        }
      }
    }
  });
});
