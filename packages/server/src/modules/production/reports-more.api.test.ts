import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import type { EnergyRow } from './report-energy.js';
import type { HealthRow } from './report-health.js';
import type { SummaryAnswer, TrendSeries } from './reports.js';
import { R, range, reportFixture, ROSS, type ReportFixture } from './reports.fixtures.js';

/** The report fixture (reports.fixtures.ts): flock A (broilers) and B (layers) on "Report Farm", 2026-03-01..03. */
describe(`production trends, energy, health and exports (${TEST_DB})`, () => {
  let fx: ReportFixture;
  let ctx: TestContext;
  let tok: Record<string, string>;
  let farm: number;
  let a: number;
  let b: number;
  let house1: number;
  beforeAll(async () => {
    fx = await reportFixture(expect);
    ({ ctx, tok, farm, a, b, house1 } = fx);
  });
  afterAll(async () => ctx?.close());

  it('gives trends of actual against standard (and the feedTrend alias), with the measured house temperature', async () => {
    const body = { flockIds: [a], indicators: ['02', '05', '01'], ...range };
    const res = await call<{ series: TrendSeries[] }>(ctx, tok['rep-admin']!, 'POST', `${R}/trend`, body);
    expect(res.code).toBe(1);
    const [weight, feed, temp] = res.data.series as [TrendSeries, TrendSeries, TrendSeries];
    expect(weight.points).toEqual([
      { dayAge: 0, day: '2026-03-01', actual: null, standard: ROSS.values[0] },
      { dayAge: 1, day: '2026-03-02', actual: 55, standard: ROSS.values[1] },
      { dayAge: 2, day: '2026-03-03', actual: 75, standard: ROSS.values[2] },
    ]);
    expect(feed).toMatchObject({ flockId: a, groupNo: 'A-01', shedName: 'House 1', indicator: '05' });
    // 50 000 / 1000, 60 000 / 995, 70 000 / 990 g per bird.
    expect(feed.points.map((p) => p.standard)).toEqual([20, 30, 40]);
    [50, 60_000 / 995, 70_000 / 990].forEach((v, i) => expect(feed.points[i]!.actual).toBeCloseTo(v, 9));
    // temp.1 on 03-01: one reading of 34 (sum 34 / count 1); no standard curve 01 on this farm.
    expect(temp.points.map((p) => [p.actual, p.standard])).toEqual([
      [34, null],
      [null, null],
      [null, null],
    ]);
    const alias = await call<{ series: TrendSeries[] }>(ctx, tok['rep-admin']!, 'POST', `${R}/feedTrend`, { ...body, period: 'week' });
    expect(alias.data.series[0]!.points).toEqual([{ dayAge: 2, day: '2026-03-03', week: 1, actual: 75, standard: ROSS.values[2] }]);
  });

  it('reports farm energy from the meter rollups, per bird present', async () => {
    const res = await call<{ rows: EnergyRow[] }>(ctx, tok['rep-admin']!, 'POST', `${R}/energy`, {
      farmId: farm,
      ...range,
      period: 'day',
      groupBy: 'farm',
    });
    expect(res.code).toBe(1);
    // 03-01: water 1300 - 1000 = 300 L, elec 80 - 50 = 30 kWh (no reading the day before), 1500 birds:
    //   300 000 ml / 1500 = 200 ml per bird, 30 x 1000 / 1500 = 20 kWh per 1000 birds.
    // 03-02: water 1650 - 1300 + (10 - 0) = 360 L, elec 20 kWh, 995 + 499 = 1494 birds. 03-03: birds only.
    const close = (v: number) => expect.closeTo(v, 9);
    expect(res.data.rows).toEqual([
      {
        farmId: farm,
        farmName: 'Report Farm',
        period: '2026-03-01',
        waterL: 300,
        elecKwh: 30,
        birds: 1500,
        waterPerBirdMl: close(200),
        elecPerKBirdKwh: close(20),
      },
      {
        farmId: farm,
        farmName: 'Report Farm',
        period: '2026-03-02',
        waterL: 360,
        elecKwh: 20,
        birds: 1494,
        waterPerBirdMl: close(360_000 / 1494),
        elecPerKBirdKwh: close(20_000 / 1494),
      },
      {
        farmId: farm,
        farmName: 'Report Farm',
        period: '2026-03-03',
        waterL: null,
        elecKwh: null,
        birds: 1489,
        waterPerBirdMl: null,
        elecPerKBirdKwh: null,
      },
    ]);
    const month = await call<{ rows: EnergyRow[] }>(ctx, tok['rep-admin']!, 'POST', `${R}/energy`, {
      farmId: farm,
      ...range,
      period: 'month',
      groupBy: 'farm',
    });
    // 660 L over 1500 + 1494 bird-days = 220.44 ml; birds (1500 + 1494 + 1489) / 3 = 1494.3 -> 1494.
    expect(month.data.rows).toEqual([
      {
        farmId: farm,
        farmName: 'Report Farm',
        period: '2026-03',
        waterL: 660,
        elecKwh: 50,
        birds: 1494,
        waterPerBirdMl: close(660_000 / 2994),
        elecPerKBirdKwh: close(50_000 / 2994),
      },
    ]);
  });

  it('counts deaths, culls, immunisations and medications per flock', async () => {
    const res = await call<{ rows: HealthRow[] }>(ctx, tok['rep-admin']!, 'POST', `${R}/health`, { farmId: farm, ...range });
    const [ha, hb] = res.data.rows as [HealthRow, HealthRow];
    expect(ha).toMatchObject({
      flockId: a,
      groupNo: 'A-01',
      shedName: 'House 1',
      dayAge: 2,
      dead: 10,
      culled: 2,
      mortalityPer10k: expect.closeTo(100, 9),
      immunizations: 2,
      medications: 1,
    });
    expect(ha.lastImmunization).toMatchObject({
      at: Date.parse('2026-03-02T09:00:00+08:00'),
      dayAge: 1,
      vaccineBrand: 'Second',
      disease: 'IB',
      method: 'drinking',
    });
    expect(ha.lastMedication).toMatchObject({ drugName: 'Vit C', disease: 'stress', dayAge: 2 });
    expect(hb).toMatchObject({
      flockId: b,
      dayAge: 183,
      dead: 1,
      culled: 0,
      mortalityPer10k: expect.closeTo(20, 9),
      immunizations: 0,
      lastImmunization: null,
    });
    // From 03-02: A starts at 995 with 5 dead -> 5 / 995 x 10 000 = 50.2513.
    const later = await call<{ rows: HealthRow[] }>(ctx, tok['rep-admin']!, 'POST', `${R}/health`, {
      farmId: farm,
      start: '2026-03-02',
      end: '2026-03-03',
    });
    expect(later.data.rows[0]!.mortalityPer10k).toBeCloseTo(50.251256, 5);
    expect(later.data.rows[0]!.immunizations).toBe(1);
  });

  it('exports the summary as an .xlsx file with translated headers', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${R}/export`,
      headers: { token: tok['rep-admin']!, 'accept-language': 'en-us' },
      payload: { farmId: farm, ...range, period: 'day', report: 'ci18.column.daily' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet[0]!.slice(0, 8)).toEqual([
      'Farm',
      'House',
      'Group No.',
      'Period',
      'Day age',
      'Opening stock',
      'Transferred in',
      'Transferred out',
    ]);
    expect(sheet[0]).toContain('Livability (%)');
    // 3 days of A, 3 of B, then the totals row.
    expect(sheet).toHaveLength(1 + 6 + 1);
    // The period is a real date cell.
    expect(sheet[1]!.slice(0, 7)).toEqual(['Report Farm', 'House 1', 'A-01', new Date('2026-03-01T00:00:00Z'), 0, 1000, 0]);
    expect(sheet[7]!.slice(3, 6)).toEqual(['Total', '0-183', 1500]);
    const bad = await call(ctx, tok['rep-admin']!, 'POST', `${R}/export`, { farmId: farm, ...range, report: 'nope' });
    expect(bad.code).toBe(99996);
  });

  it('exports the health and field energy screens with their own columns', async () => {
    const sheetOf = async (report: string, period = 'day'): Promise<unknown[][]> => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${R}/export`,
        headers: { token: tok['rep-admin']!, 'accept-language': 'en-us' },
        payload: { farmId: farm, ...range, period, report },
      });
      expect(res.statusCode).toBe(200);
      return readSheet(res.rawPayload);
    };
    const healthSheet = await sheetOf('ci18.immunel.health');
    expect(healthSheet[0]!.slice(0, 5)).toEqual(['Farm', 'House', 'Group No.', 'Day age', 'Dead']);
    const health = (
      await call<{ rows: { groupNo: string; dead: number }[] }>(ctx, tok['rep-admin']!, 'POST', `${R}/health`, { farmId: farm, ...range })
    ).data.rows;
    expect(healthSheet.slice(1).map((r) => [r[2], r[4]])).toEqual(health.map((r) => [r.groupNo, r.dead]));
    const energySheet = await sheetOf('ci18.business.field-energy', 'month');
    expect(energySheet[0]!.slice(0, 4)).toEqual(['Farm', 'Period', 'Water (L)', 'Electricity (kWh)']);
    expect(energySheet.length).toBeGreaterThan(1);
    expect(energySheet[1]![0]).toBe('Report Farm');
    // A month period is a date cell on the month's first day.
    expect((energySheet[1]![1] as Date).toISOString()).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
  });

  it('refuses what the caller may not see, ranges over the limit, and callers without a report screen', async () => {
    expect((await call(ctx, tok['rep-second']!, 'POST', `${R}/summary`, { farmId: farm, ...range })).code).toBe(10007);
    expect((await call(ctx, tok['rep-second']!, 'POST', `${R}/trend`, { flockIds: [a], indicators: ['02'] })).code).toBe(20071);
    expect((await call<SummaryAnswer>(ctx, tok['rep-second']!, 'POST', `${R}/summary`, range)).data.rows).toEqual([]);
    expect((await call(ctx, tok['rep-two']!, 'POST', `${R}/summary`, { farmId: farm, ...range })).code).toBe(10007);
    expect((await call(ctx, tok['rep-two']!, 'POST', `${R}/health`, { flockIds: [a], ...range })).code).toBe(20071);
    expect((await call<SummaryAnswer>(ctx, tok['rep-two']!, 'POST', `${R}/summary`, range)).data.rows).toEqual([]);
    expect((await call(ctx, tok['rep-env']!, 'POST', `${R}/summary`, { farmId: farm, ...range })).code).toBe(10009);
    // Limited to house 2: flock B only, house 1's flock and meters are out of view.
    const house2 = await call<SummaryAnswer>(ctx, tok['rep-house2']!, 'POST', `${R}/summary`, { farmId: farm, ...range, period: 'month' });
    expect(house2.data.rows.map((r) => r.flockId)).toEqual([b]);
    expect((await call(ctx, tok['rep-house2']!, 'POST', `${R}/trend`, { flockIds: [a], indicators: ['02'] })).code).toBe(20071);
    expect((await call(ctx, tok['rep-house2']!, 'POST', `${R}/summary`, { farmId: farm, shedIds: [house1], ...range })).code).toBe(30004);
    const energy = await call<{ rows: EnergyRow[] }>(ctx, tok['rep-house2']!, 'POST', `${R}/energy`, {
      farmId: farm,
      ...range,
      period: 'month',
    });
    expect(energy.data.rows).toEqual([
      {
        farmId: farm,
        farmName: 'Report Farm',
        period: '2026-03',
        waterL: null,
        elecKwh: null,
        birds: 499,
        waterPerBirdMl: null,
        elecPerKBirdKwh: null,
      },
    ]);
    const long = await call<{ issues: { field: string; key: string }[] }>(ctx, tok['rep-admin']!, 'POST', `${R}/summary`, {
      start: '2026-01-01',
      end: '2027-01-02',
    });
    expect([long.code, long.data.issues[0]]).toMatchObject([99996, { field: 'end', key: 'validation.rangeMaxDays' }]);
    expect(
      (await call(ctx, tok['rep-admin']!, 'POST', `${R}/summary`, { start: '2026-01-01', end: '2027-01-02', period: 'month' })).code,
    ).toBe(1);
  });
});
