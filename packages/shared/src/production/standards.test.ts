import { describe, expect, it } from 'vitest';
import { CURVE_INDICATORS } from '../schemas/production-curves.js';
import { BUILTIN_CURVES, curveValueAt } from './standards.js';
import { COBB_500_2022, cumulativeFeed, ROSS_308_2022 } from './standards-broiler.js';

const curve = (id: string): (typeof BUILTIN_CURVES)[number] => {
  const c = BUILTIN_CURVES.find((x) => x.id === id);
  if (!c) throw new Error(`no curve ${id}`);
  return c;
};

describe('curveValueAt', () => {
  const c = { startDay: 3, values: [10, 20, 40] };
  it('reads the figure at a day age', () => {
    expect(curveValueAt(c, 3)).toBe(10);
    expect(curveValueAt(c, 4)).toBe(20);
    expect(curveValueAt(c, 5)).toBe(40);
  });
  it('reads between two days linearly', () => {
    expect(curveValueAt(c, 3.5)).toBe(15);
    expect(curveValueAt(c, 4.25)).toBe(25);
  });
  it('answers null outside the curve', () => {
    expect(curveValueAt(c, 2)).toBeNull();
    expect(curveValueAt(c, 2.9)).toBeNull();
    expect(curveValueAt(c, 5.1)).toBeNull();
    expect(curveValueAt(c, 6)).toBeNull();
    expect(curveValueAt({ startDay: 0, values: [] }, 0)).toBeNull();
    expect(curveValueAt(c, Number.NaN)).toBeNull();
  });
});

describe('BUILTIN_CURVES', () => {
  it('have unique ids and one curve per breed, flock type and indicator (a farm copies one breed per indicator)', () => {
    expect(new Set(BUILTIN_CURVES.map((c) => c.id)).size).toBe(BUILTIN_CURVES.length);
    const keys = BUILTIN_CURVES.map((c) => `${c.breed}:${c.flockType}:${c.indicator}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('are valid curves: known indicator, finite figures, at most 1000 values, a named source', () => {
    for (const c of BUILTIN_CURVES) {
      expect(CURVE_INDICATORS).toContain(c.indicator);
      expect([1, 2, 3, 4, 5]).toContain(c.flockType);
      expect(c.values.length).toBeGreaterThan(0);
      expect(c.values.length).toBeLessThanOrEqual(1000);
      expect(c.values.every((v) => Number.isFinite(v) && v >= 0)).toBe(true);
      expect(c.source.length).toBeGreaterThan(20);
    }
  });
  it('Ross 308 and Cobb 500 weights and cumulative FCR equal their sources at every published day', () => {
    for (const [id, std] of [
      ['ross308', ROSS_308_2022],
      ['cobb500', COBB_500_2022],
    ] as const) {
      const w = curve(`${id}-weight`);
      for (const [day, g] of std.weight) expect(curveValueAt(w, day)).toBe(g);
      const f = curve(`${id}-fcr`);
      for (const [day, v] of std.fcr) expect(curveValueAt(f, day)).toBe(v);
      expect(f.startDay).toBe(7);
      expect(curveValueAt(w, std.weight[std.weight.length - 1]![0] + 1)).toBeNull();
      for (const c of [w, f]) expect(c.source).toContain(std.source);
    }
    // The published tables themselves, as the issue and DESIGN.md §5 quote them.
    expect(ROSS_308_2022.weight.map((p) => p[1])).toEqual([44, 213, 533, 1012, 1616, 2296, 2998, 3681, 4318]);
    expect(ROSS_308_2022.fcr.map((p) => p[1])).toEqual([0.78, 1.005, 1.142, 1.269, 1.399, 1.531, 1.663, 1.793]);
    expect(COBB_500_2022.weight.map((p) => p[1])).toEqual([42, 202, 570, 1116, 1783, 2521, 3278]);
    expect(COBB_500_2022.fcr.map((p) => p[1])).toEqual([0.891, 1.029, 1.182, 1.322, 1.441, 1.555]);
    expect(ROSS_308_2022.source).toContain('2022');
    expect(COBB_500_2022.source).toContain('2022');
  });
  it('weights rise every day and lie between their neighbouring weekly figures', () => {
    for (const id of ['ross308-weight', 'cobb500-weight']) {
      const w = curve(id).values;
      for (let d = 1; d < w.length; d++) expect(w[d]!).toBeGreaterThan(w[d - 1]!);
    }
    const w = curve('ross308-weight').values;
    expect(w[10]!).toBeGreaterThan(213);
    expect(w[10]!).toBeLessThan(533);
  });
  it('derived daily gain and feed add up, week by week, to the published figures', () => {
    for (const [id, std] of [
      ['ross308', ROSS_308_2022],
      ['cobb500', COBB_500_2022],
    ] as const) {
      const gain = curve(`${id}-gain`);
      const feed = curve(`${id}-feed`);
      expect([gain.startDay, feed.startDay]).toEqual([1, 1]);
      const cum = cumulativeFeed(std);
      for (let k = 1; k < std.weight.length; k++) {
        const [from, w0] = std.weight[k - 1]!;
        const [to, w1] = std.weight[k]!;
        const sum = (c: typeof gain): number => c.values.slice(from, to).reduce((s, v) => s + v, 0);
        // each daily figure is rounded to 0.1 g: a week's sum is within 7 x 0.05 g of the published difference
        expect(Math.abs(sum(gain) - (w1 - w0))).toBeLessThan(0.36);
        expect(Math.abs(sum(feed) - (cum[k]![1] - cum[k - 1]![1]))).toBeLessThan(0.36);
      }
      expect(gain.source).toMatch(/^Day-to-day difference/);
      expect(feed.source).toContain('derived from');
    }
    // Ross 308 2022 cumulative feed at 42 days: 1.531 x 2998 = 4589.938 g
    expect(cumulativeFeed(ROSS_308_2022)[6]).toEqual([42, 1.531 * 2998]);
  });
  it('broiler set-point follows the controller defaults, the placement day holding the day-1 figure', () => {
    const t = curve('broiler-temp');
    expect(curveValueAt(t, 0)).toBe(34);
    expect(curveValueAt(t, 1)).toBe(34);
    expect(curveValueAt(t, 7)).toBe(30);
    expect(curveValueAt(t, 28)).toBe(23);
    expect(curveValueAt(t, 49)).toBe(19);
  });
  it('layer temperature follows the Lohmann bands', () => {
    const t = curve('layer-temp');
    expect(curveValueAt(t, 1)).toBe(35.5);
    expect(curveValueAt(t, 4)).toBe(33.5);
    expect(curveValueAt(t, 10)).toBe(28.5);
    expect(curveValueAt(t, 300)).toBe(19);
  });
  it('assumed figures are labelled as such', () => {
    for (const id of ['ross308-water', 'ross308-wmr', 'layer-rate', 'layer-efr', 'layer-weight', 'layer-eggs']) {
      expect(curve(id).source).toMatch(/not a breeder publication/);
    }
    expect(curveValueAt(curve('ross308-water'), 35)! / curveValueAt(curve('ross308-feed'), 35)!).toBeCloseTo(1.8, 1);
  });
  it('layer figures cover weeks 18-80 with a peak in lay and a feed/egg ratio near 2', () => {
    const rate = curve('layer-rate');
    expect(rate.startDay).toBe(126);
    expect(rate.startDay + rate.values.length - 1).toBe(560);
    expect(Math.max(...rate.values)).toBeGreaterThan(92);
    expect(curveValueAt(curve('layer-efr'), 280)).toBeGreaterThan(1.9);
    expect(curveValueAt(curve('layer-efr'), 280)).toBeLessThan(2.3);
    const eggs = curve('layer-eggs').values;
    for (let d = 1; d < eggs.length; d++) expect(eggs[d]!).toBeGreaterThanOrEqual(eggs[d - 1]!);
  });
});
