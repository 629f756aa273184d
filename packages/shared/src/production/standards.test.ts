import { describe, expect, it } from 'vitest';
import { CURVE_INDICATORS } from '../schemas/production.js';
import { BUILTIN_CURVES, curveValueAt } from './standards.js';

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
  it('have unique ids and one curve per flock type and indicator (copyable to one farm)', () => {
    expect(new Set(BUILTIN_CURVES.map((c) => c.id)).size).toBe(BUILTIN_CURVES.length);
    const keys = BUILTIN_CURVES.map((c) => `${c.flockType}:${c.indicator}`);
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
  it('Ross 308 weight passes through every published weekly figure', () => {
    const w = curve('ross308-weight');
    const published: [number, number][] = [
      [0, 44],
      [7, 213],
      [14, 533],
      [21, 1012],
      [28, 1616],
      [35, 2296],
      [42, 2998],
      [49, 3681],
      [56, 4318],
    ];
    for (const [day, g] of published) expect(curveValueAt(w, day)).toBe(g);
    expect(w.source).toContain('interpolated daily between the published weekly figures');
    expect(curveValueAt(w, 57)).toBeNull();
  });
  it('Ross 308 weight rises every day and lies between its neighbouring weekly figures', () => {
    const w = curve('ross308-weight').values;
    for (let d = 1; d < w.length; d++) expect(w[d]!).toBeGreaterThan(w[d - 1]!);
    expect(w[10]!).toBeGreaterThan(213);
    expect(w[10]!).toBeLessThan(533);
  });
  it('daily gain is the day-to-day weight difference', () => {
    const w = curve('ross308-weight').values;
    const g = curve('ross308-gain');
    expect(g.startDay).toBe(1);
    const sum = g.values.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(w[w.length - 1]! - w[0]!, -1);
  });
  it('broiler set-point follows the controller defaults', () => {
    const t = curve('broiler-temp');
    expect(curveValueAt(t, 1)).toBe(34);
    expect(curveValueAt(t, 7)).toBe(30);
    expect(curveValueAt(t, 28)).toBe(23);
    expect(curveValueAt(t, 49)).toBe(19);
    expect(curveValueAt(t, 0)).toBeNull();
  });
  it('layer temperature follows the Lohmann bands', () => {
    const t = curve('layer-temp');
    expect(curveValueAt(t, 1)).toBe(35.5);
    expect(curveValueAt(t, 4)).toBe(33.5);
    expect(curveValueAt(t, 10)).toBe(28.5);
    expect(curveValueAt(t, 300)).toBe(19);
  });
  it('derived broiler figures are plausible and labelled as typical', () => {
    const fcr = curve('ross308-fcr');
    expect(curveValueAt(fcr, 42)).toBeCloseTo(1.64, 2);
    const feed = curve('ross308-feed').values;
    for (let d = 1; d < feed.length; d++) expect(feed[d]!).toBeGreaterThanOrEqual(feed[d - 1]!);
    expect(curveValueAt(curve('ross308-water'), 35)! / curveValueAt(curve('ross308-feed'), 35)!).toBeCloseTo(1.8, 1);
    for (const id of ['ross308-fcr', 'ross308-feed', 'ross308-water', 'ross308-wmr', 'layer-rate', 'layer-efr']) {
      expect(curve(id).source).toMatch(/not a breeder publication/);
    }
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
