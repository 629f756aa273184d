import { describe, expect, it } from 'vitest';
import { dayAgeOn, dayOfAge, inFlockLife, productionTypeOf, weekOfAge } from './age.js';
import { roundTo } from '../numbers.js';
import {
  correctedFcr,
  eggsPerHen,
  epef,
  FCR_CORRECTION_PER_100G,
  FCR_REFERENCE_WEIGHT_KG,
  fcr,
  layingRate,
  livability,
  liveWeightProduced,
  weighingStats,
  weightedMean,
} from './kpi.js';

/** Rounds as the reports print: FCR 3 decimals, percentages 1 or 2, EPEF whole. */
const r = (v: number | null, digits: number): number | null => (v === null ? null : roundTo(v, digits));

/*
 * Broiler flock A (docs/KPI.md, worked example 1): 20 000 day-olds placed on day 0.
 *   days 0-35: 500 dead, 63 000 kg feed; day 35 weighing 2300 g; 19 500 birds present.
 *   day 35 thinning: 6 000 birds out, 13 800 kg (2.3 kg each).
 *   days 36-42: 100 dead, 18 000 kg feed; day 42 depletion: 13 400 birds out, 40 200 kg.
 *   The 600 dead were weighed: 420 kg.
 */
describe('hand-worked broiler flock: thinning at day 35, depletion at day 42', () => {
  it('FCR at day 35 is the same before and after the thinning (live weight produced)', () => {
    // before: 19 500 x 2.3 = 44 850 kg in the house; 63 000 / 44 850 = 1.40468...
    const before = liveWeightProduced(19_500, 2300, 0);
    expect(before).toBeCloseTo(44_850, 6);
    expect(r(fcr(63_000, before), 3)).toBe(1.405);
    // after: 13 500 x 2.3 = 31 050 kg in the house + 13 800 kg shipped = 44 850 kg: FCR unchanged
    const after = liveWeightProduced(13_500, 2300, 13_800);
    expect(after).toBeCloseTo(44_850, 6);
    expect(r(fcr(63_000, after), 3)).toBe(1.405);
    // the defect the issue names: feed over the birds still in the house only = 2.029
    expect(r(fcr(63_000, liveWeightProduced(13_500, 2300, 0)), 3)).toBe(2.029);
  });

  it('closing figures at depletion: FCR, mortality-corrected FCR, corrected FCR, livability, EPEF', () => {
    // all birds gone: live weight produced = 13 800 + 40 200 = 54 000 kg; 81 000 / 54 000 = 1.500
    const live = liveWeightProduced(0, null, 13_800 + 40_200);
    expect(live).toBe(54_000);
    const f = fcr(81_000, live)!;
    expect(r(f, 3)).toBe(1.5);
    // with the 420 kg of dead birds: 81 000 / 54 420 = 1.48842...
    expect(r(fcr(81_000, liveWeightProduced(0, null, 54_000, 420)), 3)).toBe(1.488);
    // average sold weight 54 000 / 19 400 birds = 2.78351 kg
    const avgKg = 54_000 / 19_400;
    expect(r(avgKg, 3)).toBe(2.784);
    // corrected to 2.5 kg: 1.500 + (2.5 - 2.78351) x 10 x 0.02 = 1.500 - 0.05670 = 1.44330
    expect(FCR_REFERENCE_WEIGHT_KG).toBe(2.5);
    expect(FCR_CORRECTION_PER_100G).toBe(0.02);
    expect(r(correctedFcr(f, avgKg), 3)).toBe(1.443);
    // livability (20 000 - 600) / 20 000 = 97.0 %
    const liv = livability(20_000, 600)!;
    expect(r(liv, 1)).toBe(97);
    // mean age at sale (6 000 x 35 + 13 400 x 42) / 19 400 = 772 800 / 19 400 = 39.8351 days
    const age = weightedMean([
      { value: 35, weight: 6_000 },
      { value: 42, weight: 13_400 },
    ])!;
    expect(r(age, 4)).toBe(39.8351);
    // EPEF = 97.0 x 2.78351 / (39.8351 x 1.500) x 100 = 270.0 / 59.7526 x 100 = 451.86
    expect(r(epef(liv, avgKg, age, f), 0)).toBe(452);
    expect(r(epef(liv, avgKg, age, f), 2)).toBe(451.86);
  });

  it('birds present without a weight, or a negative part, leave the live weight unknown', () => {
    expect(liveWeightProduced(100, null, 0)).toBeNull();
    expect(liveWeightProduced(100, 2000, null)).toBeNull();
    expect(liveWeightProduced(0, null, 0)).toBe(0);
    expect(fcr(100, liveWeightProduced(0, null, 0))).toBeNull();
    expect(correctedFcr(null, 2.5)).toBeNull();
    expect(correctedFcr(1.6, 0)).toBeNull();
    // a flock sold at exactly 2.5 kg keeps its FCR
    expect(correctedFcr(1.6, 2.5)).toBe(1.6);
  });
});

/*
 * Mortality spike: 10 000 placed; 30, 25, 20 dead in days 1-3, then 400 on day 20 (heat stress),
 * 5 a day otherwise to day 28 (24 other days): 30 + 25 + 20 + 400 + 120 = 595 dead.
 */
describe('hand-worked mortality spike', () => {
  it('livability counts every loss since placement', () => {
    const dead = 30 + 25 + 20 + 400 + 24 * 5;
    expect(dead).toBe(595);
    // (10 000 - 595) / 10 000 = 94.05 %
    expect(r(livability(10_000, dead), 2)).toBe(94.05);
    // with 12 culled as well: (10 000 - 607) / 10 000 = 93.93 %
    expect(r(livability(10_000, dead, 12), 2)).toBe(93.93);
  });
});

/*
 * Layer flock (docs/KPI.md, worked example 2): 10 000 hens housed, 20 weeks of lay; 10 hens die on
 * the last day of each week, so week w has 10 000 - 10 (w - 1) hens for its 7 days. The week's eggs
 * are the hen-day rate of week w (10, 50, 80, 90, 93, 94, 94, 94, 93, 93, 93, 92, 92, 92, 91, 91,
 * 91, 90, 90, 90 %) x its hen-days, rounded half up to whole eggs (week 16: 62 744.5 -> 62 745).
 */
describe('hand-worked layer flock over 20 weeks', () => {
  const rates = [10, 50, 80, 90, 93, 94, 94, 94, 93, 93, 93, 92, 92, 92, 91, 91, 91, 90, 90, 90];
  const weeks = rates.map((rate, i) => {
    const henDays = 7 * (10_000 - 10 * i);
    return { henDays, eggs: Math.round((rate / 100) * henDays) };
  });
  it('adds up as worked by hand', () => {
    expect(weeks[0]).toEqual({ henDays: 70_000, eggs: 7_000 });
    expect(weeks[19]).toEqual({ henDays: 68_670, eggs: 61_803 });
    expect(weeks.reduce((s, w) => s + w.eggs, 0)).toBe(1_179_975);
    expect(weeks.reduce((s, w) => s + w.henDays, 0)).toBe(1_386_700);
  });
  it('hen-day rate and eggs per hen housed, each on its own basis', () => {
    // week 20: 61 803 / 68 670 = 90.0 % hen-day
    expect(r(layingRate(61_803, 68_670), 1)).toBe(90);
    // 20 weeks: 1 179 975 / 1 386 700 = 85.09 % hen-day
    expect(r(layingRate(1_179_975, 1_386_700), 2)).toBe(85.09);
    // eggs per hen housed: 1 179 975 / 10 000 = 118.00 (hen-housed: the 200 dead hens count)
    expect(r(eggsPerHen(1_179_975, 10_000), 2)).toBe(118);
    // the sum of the hen-day rates would say 7 x 1703 / 100 = 119.21: a different basis, a different standard
    expect(r((7 * rates.reduce((s, x) => s + x, 0)) / 100, 2)).toBe(119.21);
    // livability after 200 dead: 98.0 %
    expect(livability(10_000, 200)).toBe(98);
  });
});

describe('uniformity from individual weights', () => {
  it('CV % and % within ±10 % of the mean', () => {
    // 12 birds, mean 24 000 / 12 = 2000 g; band 1800..2200 g holds 10 of 12 (1500 and 2500 fall out)
    const s = weighingStats([1800, 1850, 1900, 1950, 2000, 2000, 2050, 2100, 2150, 2200, 1500, 2500])!;
    expect(s.n).toBe(12);
    expect(s.meanG).toBe(2000);
    // sample sd = sqrt(650 000 / 11) = 243.086 g; CV = 12.15 %
    expect(r(s.sdG, 3)).toBe(243.086);
    expect(r(s.cvPct, 2)).toBe(12.15);
    expect(r(s.uniformityPct, 1)).toBe(83.3);
    expect(weighingStats([2000])).toBeNull();
    expect(weighingStats([2000, 0])).toBeNull();
    // a split flock: two groups at 1600 and 2400 g average 2000 g but none is within ±10 %
    expect(weighingStats([1600, 1600, 2400, 2400])!.uniformityPct).toBe(0);
  });
});

describe('one day-age rule and production types', () => {
  it('placement (hatch) day is day 0; week 1 ends on day 7', () => {
    expect(dayAgeOn('2026-03-01', '2026-03-01')).toBe(0);
    expect(dayAgeOn('2026-03-01', '2026-03-13')).toBe(12);
    expect(dayAgeOn('2026-02-28', '2026-03-01')).toBe(1);
    expect(dayOfAge('2026-03-01', 42)).toBe('2026-04-12');
    expect([0, 1, 7, 8, 14, 15, 42].map(weekOfAge)).toEqual([1, 1, 1, 2, 2, 3, 6]);
  });
  it("a flock's life runs from its placement day to its last day, both included", () => {
    const life = (day: string): boolean => inFlockLife(day, '2026-03-01', '2026-04-12');
    expect(['2026-02-28', '2026-03-01', '2026-03-20', '2026-04-12', '2026-04-13'].map(life)).toEqual([false, true, true, true, false]);
  });
  it('production type from flock type and house type', () => {
    expect(productionTypeOf(2, 1001)).toBe('broiler');
    expect(productionTypeOf(2, null)).toBe('broiler');
    expect(productionTypeOf(4, 1002)).toBe('layer');
    expect(productionTypeOf(4, 1004)).toBe('pullet');
    expect(productionTypeOf(1, 1003)).toBe('breeder');
    expect(productionTypeOf(1, 1005)).toBe('pullet');
    expect(productionTypeOf(5, 1001)).toBe('broiler');
    expect(productionTypeOf(4, 2000)).toBe('layer');
  });
});
