import { describe, expect, it } from 'vitest';
import { FeedConcentratorModel } from './feeders.js';
import { SiloScaleModel, type SiloChannel } from './silo-scales.js';

const MIN = 60_000;
const DAY = 1440 * MIN;
/** Local midnight (UTC+8) of a fixed day. */
const MIDNIGHT = Date.UTC(2026, 10, 20) - 8 * 3_600_000;

const scale = (channels: SiloChannel[], start = MIDNIGHT) =>
  new SiloScaleModel({ code: 'fs-scaletest', seed: 3, utcOffsetMinutes: 480, start, channels });

describe('silo weigher', () => {
  it('reports each channel as weight.<n>, falling by about the day draw, with small noise', () => {
    const m = scale([
      { channel: 1, capacityKg: 12_000, startKg: 9_000, dailyKg: 1_400 },
      { channel: 2, capacityKg: 15_000, startKg: 12_000, dailyKg: 1_900 },
    ]);
    const first = m.step(30, MIDNIGHT).values;
    expect(Object.keys(first).sort()).toEqual(['weight.1', 'weight.2']);
    expect(Math.abs(first['weight.1']! - 9_000)).toBeLessThanOrEqual(12_000 * 0.002);
    const end = m.step(30, MIDNIGHT + DAY).values;
    // A day's draw within its spread, read within the noise band.
    expect(9_000 - end['weight.1']!).toBeGreaterThan(1_400 * 0.9 - 24);
    expect(9_000 - end['weight.1']!).toBeLessThan(1_400 * 1.1 + 24);
    expect(12_000 - end['weight.2']!).toBeGreaterThan(1_900 * 0.9 - 30);
    expect(12_000 - end['weight.2']!).toBeLessThan(1_900 * 1.1 + 30);
    // Two thirds of the feed goes by day: from 6 to 20 o'clock more than at night.
    const night = scale([{ channel: 1, capacityKg: 12_000, startKg: 9_000, dailyKg: 1_400 }]);
    night.advance(MIDNIGHT + 6 * 60 * MIN);
    expect(9_000 - night.weightOf(1)!).toBeLessThan(1_400 * 0.25);
  });

  it('gets a delivery of several tonnes once a silo is low at a working hour', () => {
    const m = scale([{ channel: 1, capacityKg: 12_000, startKg: 3_400, dailyKg: 1_400 }]);
    let before = m.step(30, MIDNIGHT).values['weight.1']!;
    let jumpAt = 0;
    let low = Infinity;
    for (let t = MIDNIGHT + MIN; t <= MIDNIGHT + 2 * DAY; t += MIN) {
      const w = m.step(30, t).values['weight.1']!;
      if (!jumpAt) low = Math.min(low, w);
      if (!jumpAt && w - before > 150) jumpAt = t;
      before = w;
    }
    expect(jumpAt).toBeGreaterThan(0);
    const hour = new Date(jumpAt + 8 * 3_600_000).getUTCHours();
    expect(hour).toBeGreaterThanOrEqual(9);
    expect(hour).toBeLessThan(16);
    // Under a quarter before, and 60-70 % of the capacity more after the truck left.
    expect(low).toBeLessThan(3_000 + 30);
    expect(m.fillingOf(1)).toBe(false);
    expect(m.deliveredOf(1)).toBeGreaterThanOrEqual(12_000 * 0.6);
    expect(m.deliveredOf(1)).toBeLessThanOrEqual(12_000 * 0.7);
    expect(m.weightOf(1)! - low).toBeGreaterThan(12_000 * 0.6 - 1_400 * 2);
  });

  it('draws what the house feeders dispensed plus the spill, once each meal is over', () => {
    const feeders = Array.from({ length: 6 }, (_, i) => ({ collector: '01', feeder: String(i + 1).padStart(3, '0') }));
    const unit = new FeedConcentratorModel({ code: 'fs-feedtest', seed: 7, utcOffsetMinutes: 480, feeders, faultChance: 0 });
    feeders.forEach((f, i) =>
      unit.obey(
        {
          id: `r${i}`,
          op: 'setRation',
          params: {
            version: 1,
            feederId: 10 + i,
            ...f,
            planId: 1,
            stages: [{ startDay: 1, endDay: 30, grams: 5000 }],
            meals: [
              { start: 360, end: 420, share: 50 },
              { start: 960, end: 1020, share: 50 },
            ],
          },
        },
        MIDNIGHT,
      ),
    );
    const fed = (t: number): number =>
      Object.entries(unit.values(t)).reduce((sum, [k, v]) => (k.startsWith('feederFeed.') ? sum + v : sum), 0);
    const m = scale([{ channel: 3, capacityKg: 3_000, startKg: 2_000, dailyKg: 150, fed, noise: 0.0002 }]);
    // Nothing drawn before the first meal, nor while it runs.
    m.advance(MIDNIGHT + 400 * MIN);
    expect(m.weightOf(3)).toBe(2_000);
    m.advance(MIDNIGHT + 430 * MIN);
    const firstMeal = fed(MIDNIGHT + 430 * MIN) / 1000;
    expect(2_000 - m.weightOf(3)!).toBeCloseTo(firstMeal * 1.015, 6);
    // Over the day (the figures start again after midnight) the silo gave the day's feed and the spill.
    const day = fed(MIDNIGHT + DAY - MIN) / 1000;
    m.advance(MIDNIGHT + DAY + 30 * MIN);
    expect(2_000 - m.weightOf(3)!).toBeCloseTo(day * 1.015, 6);
    expect(day).toBeGreaterThan(6 * 5 * 0.9);
  });

  it('gives the same readings for the same seed and start, however often it is asked', () => {
    const ch = [{ channel: 1, capacityKg: 12_000, startKg: 3_500, dailyKg: 1_400 }];
    const a = scale(ch);
    const b = scale(ch);
    for (let t = MIDNIGHT; t < MIDNIGHT + DAY; t += 5 * MIN) a.step(30, t);
    expect(a.step(30, MIDNIGHT + DAY).values).toEqual(b.step(30, MIDNIGHT + DAY).values);
    expect(a.obey({ id: 'g', op: 'getState', params: {} }, MIDNIGHT + DAY).data).toEqual(b.values(MIDNIGHT + DAY));
    expect(a.obey({ id: 'x', op: 'tare', params: {} }, MIDNIGHT + DAY).msg).toBe('unknownOp');
  });
});
