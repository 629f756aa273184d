import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import type { ReportRow } from './report-row.js';
import { reportFixture, ROSS, type ReportFixture } from './reports.fixtures.js';

/** The report fixture (reports.fixtures.ts): flock A (broilers) and B (layers) on "Report Farm", 2026-03-01..03. */
describe(`production reports (${TEST_DB})`, () => {
  let fx: ReportFixture;
  let ctx: TestContext;
  let farm: number;
  let a: number;
  let b: number;
  let summary: ReportFixture['summary'];
  beforeAll(async () => {
    fx = await reportFixture(expect);
    ({ ctx, farm, a, b, summary } = fx);
  });
  afterAll(async () => ctx?.close());

  it('gives one row per flock and day with stock, feed, water, weight and KPIs computed by hand', async () => {
    const { rows } = await summary({ period: 'day', flockIds: [a] });
    expect(rows.map((r) => [r.period, r.dayAgeFrom, r.opening, r.dead, r.culled, r.closing])).toEqual([
      ['2026-03-01', 0, 1000, 5, 0, 995],
      ['2026-03-02', 1, 995, 3, 2, 990],
      ['2026-03-03', 2, 990, 2, 0, 988],
    ]);
    const [d1, d2, d3] = rows as [ReportRow, ReportRow, ReportRow];
    expect(d1).toMatchObject({ farmId: farm, farmName: 'Report Farm', flockId: a, groupNo: 'A-01', shedName: 'House 1', flockType: 2 });
    // Day 1: livability (1000 - 5) / 1000 = 99.5 %; 5 / 1000 x 10 000 = 50; 50 kg / 1000 birds = 50 g; 100 L -> 100 ml; 100 / 50 = 2.
    expect(d1.livability).toBeCloseTo(99.5, 9);
    expect(d1.survivalRate).toBeCloseTo(99.5, 9);
    expect(d1.mortalityPer10k).toBeCloseTo(50, 9);
    expect([d1.feedPerBird, d1.waterPerBird, d1.waterFeedRatio]).toEqual([50, 100, 2]);
    expect([d1.avgWeight, d1.gain, d1.fcr, d1.epef, d1.eggCount, d1.layingRate]).toEqual([null, null, null, null, null, null]);
    // Day 2: livability (1000 - 10) / 1000 = 99 %; survival (995 - 5) / 995 = 99.4975 %; 3 / 995 x 10 000 = 30.1508;
    // feed 60 000 g / 995 = 60.3015 g; gain (55 - 40 g placed) / 1 day = 15 g;
    // FCR on live weight produced = 110 kg since placement / (990 x 55 / 1000 = 54.45 kg) = 2.020202;
    // the house still holds birds, so EPEF is to date: 99 x 0.055 / (1 x 2.020202) x 100 = 269.5275.
    expect(d2.livability).toBeCloseTo(99, 9);
    expect(d2.survivalRate).toBeCloseTo(99.497487, 5);
    expect(d2.mortalityPer10k).toBeCloseTo(30.150754, 5);
    expect(d2.feedPerBird).toBeCloseTo(60.301508, 5);
    expect([d2.avgWeight, d2.gain]).toEqual([55, 15]);
    expect(d2.fcr).toBeCloseTo(2.020202, 5);
    expect(d2.epef).toBeNull();
    expect(d2.epefToDate).toBeCloseTo(269.5275, 4);
    // no dead bird weighed: no mortality-corrected FCR; corrected to 2.5 kg: 2.020202 + (2.5 - 0.055) x 0.2 = 2.509202
    expect(d2.fcrMortality).toBeNull();
    expect(d2.fcrCorrected).toBeCloseTo(2.509202, 5);
    // Day 3: FCR = 180 / (988 x 75 / 1000 = 74.1) = 2.429150; gain 75 - 55 = 20 g;
    // EPEF to date = 98.8 x 0.075 / (2 x 2.429150) x 100 = 7.41 / 4.858300 x 100 = 152.5225; uniformity passed through.
    expect(d3.livability).toBeCloseTo(98.8, 9);
    expect(d3.fcr).toBeCloseTo(2.42915, 5);
    expect([d3.gain, d3.uniformity]).toEqual([20, 90]);
    expect(d3.epefToDate).toBeCloseTo(152.5225, 4);
    expect(d3.productionType).toBe('broiler');
  });

  it('carries what happened before the range into a range that starts later', async () => {
    const { rows } = await summary({ start: '2026-03-03', period: 'day' });
    const [ra, rb] = rows as [ReportRow, ReportRow];
    // A on 03-03: 990 at the start (1000 - 10 before); livability (1000 - 12) / 1000; gain from the 03-02 weighing
    // (75 - 55) / 1 = 20 g; FCR with the feed since placement 180 / 74.1 = 2.42915.
    expect(ra).toMatchObject({
      flockId: a,
      period: '2026-03-03',
      dayAgeFrom: 2,
      opening: 990,
      dead: 2,
      closing: 988,
      avgWeight: 75,
      gain: 20,
      feedKg: 70,
    });
    expect(ra.livability).toBeCloseTo(98.8, 9);
    expect(ra.fcr).toBeCloseTo(2.42915, 5);
    // B on 03-03: no records that day; 499 present; eggs since placement 910 per 500 hens housed.
    expect(rb).toMatchObject({ flockId: b, opening: 499, closing: 499, dead: 0, eggCount: null, feedKg: null });
    const { rows: later } = await summary({ start: '2026-03-02', period: 'month', flockIds: [b] });
    expect(later[0]!.eggsPerHen).toBeCloseTo(1.82, 9);
  });

  it('reads the standards at the day age: the curve on the day, the mean of per-day figures, the sum of mortality', async () => {
    const { rows: days } = await summary({ period: 'day', flockIds: [a] });
    expect(days.map((r) => r.std)).toEqual([
      { avgWeigh: ROSS.values[0], avgFeed: 20, mortality: 10 },
      { avgWeigh: ROSS.values[1], avgFeed: 30, mortality: 20 },
      { avgWeigh: ROSS.values[2], avgFeed: 40, mortality: 30 },
    ]);
    // Week of age 1 (day ages 0-2 here): weight at day age 2, feed mean (20 + 30 + 40) / 3 = 30, mortality 10 + 20 + 30 = 60.
    const { rows: weeks } = await summary({ period: 'week', flockIds: [a] });
    expect(weeks.map((r) => [r.period, r.week, r.std])).toEqual([['1', 1, { avgWeigh: ROSS.values[2], avgFeed: 30, mortality: 60 }]]);
  });

  it('keeps FCR and EPEF to meat flocks: a layer flock has none and adds nothing to the farm figure', async () => {
    const { rows } = await summary({ period: 'month' });
    const layer = rows.find((r) => r.flockId === b)!;
    expect([layer.fcr, layer.epef, layer.epefToDate, layer.productionType]).toEqual([null, null, null, 'layer']);
    const meat = rows.find((r) => r.flockId === a)!;
    // Farm rows are per production type, side by side: the broiler row carries A's FCR, the layer row B's eggs.
    const { rows: farmRows } = await summary({ period: 'month', groupBy: 'farm' });
    expect(farmRows.map((r) => r.productionType)).toEqual(['broiler', 'layer']);
    expect(farmRows[0]!.fcr).toBeCloseTo(meat.fcr!, 9);
    expect(farmRows[0]!.epefToDate).toBeCloseTo(meat.epefToDate!, 9);
    expect([farmRows[0]!.eggCount, farmRows[0]!.layingRate]).toEqual([null, null]);
    expect(farmRows[1]!.fcr).toBeNull();
    expect(farmRows[1]!.eggCount).toBe(910);
  });

  it('aggregates weeks of age, and totals over the range', async () => {
    const { rows, totals, totalsByType } = await summary({ period: 'week' });
    const wa = rows.find((r) => r.flockId === a)!;
    // Flock A, week 1: 1000 -> 988; 2985 bird-days (1000 + 995 + 990): feed 180 000 g / 2985 = 60.3015 g, water 120.6030 ml;
    // gain (75 - 40) / 2 days = 17.5 g; mortality 10 / 1000 x 10 000 = 100.
    expect(wa).toMatchObject({
      period: '1',
      week: 1,
      dayAgeFrom: 0,
      dayAgeTo: 2,
      opening: 1000,
      dead: 10,
      culled: 2,
      closing: 988,
      feedKg: 180,
      waterL: 360,
      avgWeight: 75,
      gain: 17.5,
    });
    expect(wa.feedPerBird).toBeCloseTo(60.301508, 5);
    expect(wa.waterPerBird).toBeCloseTo(120.603015, 5);
    expect(wa.mortalityPer10k).toBeCloseTo(100, 9);
    // Flock B, day ages 181-183 = weeks 26 (181, 182) and 27 (183).
    expect(rows.filter((r) => r.flockId === b).map((r) => [r.period, r.opening, r.dead, r.closing, r.eggCount])).toEqual([
      ['26', 500, 1, 499, 910],
      ['27', 499, 0, 499, null],
    ]);
    // Totals: 1500 placed, 13 lost -> (1500 - 13) / 1500 = 99.1333 %; feed 291 kg over 2985 + 999 bird-days.
    expect(totals).toMatchObject({
      period: 'total',
      farmId: farm,
      opening: 1500,
      dead: 11,
      culled: 2,
      closing: 1487,
      feedKg: 291,
      eggCount: 910,
      std: {},
    });
    expect(totals.livability).toBeCloseTo(99.133333, 5);
    expect(totals.feedPerBird).toBeCloseTo(291_000 / 3984, 9);
    // Over two production types the totals row carries no type KPI; the per-type totals do.
    expect([totals.productionType, totals.fcr, totals.layingRate]).toEqual([null, null, null]);
    expect(totalsByType.map((t) => [t.productionType, t.opening, t.closing])).toEqual([
      ['broiler', 1000, 988],
      ['layer', 500, 499],
    ]);
    expect(totalsByType[0]!.fcr).toBeCloseTo(2.42915, 5);
    expect(totalsByType[1]!.layingRate).toBeCloseTo(91.091091, 5);
  });

  it('computes the egg figures of a laying flock', async () => {
    const { rows } = await summary({ period: 'month', flockIds: [b] });
    const [m] = rows as [ReportRow];
    // 910 eggs on 500 + 499 hen-days: 91.0911 %; 54.6 kg / 910 eggs = 60 g; 910 eggs / 500 hens housed = 1.82;
    // 111 kg feed over the egg days: 111 000 / 910 = 121.978 g per egg, 111 / 54.6 = 2.0330 kg/kg; feed 111 000 / 999 = 111.111 g.
    expect(m).toMatchObject({ period: '2026-03', opening: 500, closing: 499, eggCount: 910, eggsPerHen: 1.82 });
    expect(m.eggWeightKg).toBeCloseTo(54.6, 9);
    expect(m.layingRate).toBeCloseTo(91.091091, 5);
    expect(m.avgEggWeight).toBeCloseTo(60, 9);
    expect(m.feedPerEgg).toBeCloseTo(121.978022, 5);
    expect(m.feedEggRatio).toBeCloseTo(2.032967, 5);
    expect(m.feedPerBird).toBeCloseTo(111.111111, 5);
  });

  it('groups by farm over calendar weeks (Monday) and months', async () => {
    const { rows } = await summary({ period: 'week', groupBy: 'farm' });
    // One row per farm, production type and week: week of 02-23 holds only 03-01, week of 03-02 holds 03-02 and 03-03.
    expect(rows.map((r) => [r.period, r.productionType, r.opening, r.dead, r.culled, r.closing, r.feedKg, r.flockId])).toEqual([
      ['2026-02-23', 'broiler', 1000, 5, 0, 995, 50, undefined],
      ['2026-02-23', 'layer', 500, 1, 0, 499, 55, undefined],
      ['2026-03-02', 'broiler', 995, 5, 2, 988, 130, undefined],
      ['2026-03-02', 'layer', 499, 0, 0, 499, 56, undefined],
    ]);
    const { rows: months } = await summary({ period: 'month', groupBy: 'farm' });
    // Broilers: 10 dead per 1000 at the start = 100 per 10 000; layers: 1 per 500 = 20, laying rate 910 / 999 hen-days.
    expect(months).toHaveLength(2);
    const [broilers, layers] = months as [ReportRow, ReportRow];
    expect(broilers).toMatchObject({ period: '2026-03', farmName: 'Report Farm', productionType: 'broiler', opening: 1000, closing: 988 });
    expect(broilers.mortalityPer10k).toBeCloseTo(100, 9);
    expect([broilers.layingRate, broilers.eggsPerHen]).toEqual([null, null]);
    expect(layers).toMatchObject({
      productionType: 'layer',
      opening: 500,
      closing: 499,
      eggCount: 910,
      std: {},
      fcr: null,
      epefToDate: null,
    });
    expect(layers.mortalityPer10k).toBeCloseTo(20, 9);
    expect(layers.layingRate).toBeCloseTo(91.091091, 5);
  });
});
