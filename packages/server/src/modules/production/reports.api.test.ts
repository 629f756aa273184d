import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import { AccountType, BUILTIN_CURVES } from '@farmsense/shared';
import { accountSheds, gateways } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, buildFarm, buildRole, buildShed, buildTenant, call, tokenFor } from '../../test/factories.js';
import { telemetryDaily } from '../telemetry/tables.js';
import type { EnergyRow } from './report-energy.js';
import type { HealthRow } from './report-health.js';
import type { ReportRow } from './report-rows.js';
import type { SummaryAnswer, TrendSeries } from './reports.js';
import {
  flockEggDays,
  flockFeedDays,
  flockGrowDays,
  flockImmunizations,
  flockMedications,
  flockStockDays,
  flockWaterDays,
  flocks,
} from './tables.js';

const R = '/api/breedpigbuilding/flockReport';
const ROSS = BUILTIN_CURVES.find((c) => c.id === 'ross308-weight')!;

/**
 * A farm of its own (Asia/Shanghai) with two flocks, written straight to the tables:
 * A (broilers, house 1): 1000 hens placed on 2026-03-01 at day age 0 weighing 40 g.
 *   03-01 dead 5, feed 50 kg, water 100 L       -> 1000 at the start, 995 at the end
 *   03-02 dead 3 culled 2, feed 60, water 120, weight 55 g          -> 995 -> 990
 *   03-03 dead 2, feed 70, water 140, weight 75 g, uniformity 90    -> 990 -> 988
 * B (layers, house 2): 500 hens placed 2026-02-28, hatched 2025-09-01 (day age 181 on 03-01).
 *   03-01 dead 1, feed 55 kg, 450 eggs 27 kg; 03-02 feed 56 kg, 460 eggs 27.6 kg; 03-03 nothing.
 * 2026-03-01 is a Sunday: calendar weeks start 02-23 and 03-02.
 */
describe(`production reports (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let farm: number;
  let a: number;
  let b: number;
  let house1: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Report Agri', ['chicken']);
    farm = await buildFarm(db, tenant, 'Report Farm', 2);
    const farmTwo = await buildFarm(db, tenant, 'Report Farm Two', 2);
    const s1 = await buildShed(db, tenant, farm, { shedName: 'House 1', shedType: 1001, shedNum: 1 });
    const s2 = await buildShed(db, tenant, farm, { shedName: 'House 2', shedType: 1002, shedNum: 2 });
    house1 = s1;
    const base = { tenantId: tenant, farmId: farm, status: 1 };
    [{ id: a }] = (await db
      .insert(flocks)
      .values({
        ...base,
        shedId: s1,
        groupNo: 'A-01',
        flockType: 2,
        sex: 2,
        birthDate: '2026-03-01',
        startDate: '2026-03-01',
        femaleCount: 1000,
        femaleAvgWeight: 40,
      })
      .returning({ id: flocks.id })) as [{ id: number }];
    [{ id: b }] = (await db
      .insert(flocks)
      .values({
        ...base,
        shedId: s2,
        groupNo: 'B-01',
        flockType: 4,
        sex: 2,
        birthDate: '2025-09-01',
        startDate: '2026-02-28',
        femaleCount: 500,
      })
      .returning({ id: flocks.id })) as [{ id: number }];
    const at = (flockId: number, day: string, dayAge: number) => ({ tenantId: tenant, flockId, day, dayAge });
    await db.insert(flockStockDays).values([
      { ...at(a, '2026-03-01', 0), dead: 5 },
      { ...at(a, '2026-03-02', 1), dead: 3, culled: 2 },
      { ...at(a, '2026-03-03', 2), dead: 2 },
      { ...at(b, '2026-03-01', 181), dead: 1 },
    ]);
    await db.insert(flockFeedDays).values([
      { ...at(a, '2026-03-01', 0), feedKg: 50 },
      { ...at(a, '2026-03-02', 1), feedKg: 60 },
      { ...at(a, '2026-03-03', 2), feedKg: 70 },
      { ...at(b, '2026-03-01', 181), feedKg: 55 },
      { ...at(b, '2026-03-02', 182), feedKg: 56 },
    ]);
    await db.insert(flockWaterDays).values([
      { ...at(a, '2026-03-01', 0), waterL: 100 },
      { ...at(a, '2026-03-02', 1), waterL: 120 },
      { ...at(a, '2026-03-03', 2), waterL: 140 },
    ]);
    await db.insert(flockGrowDays).values([
      { ...at(a, '2026-03-02', 1), avgWeight: 55 },
      { ...at(a, '2026-03-03', 2), avgWeight: 75, uniformity: 90 },
    ]);
    await db.insert(flockEggDays).values([
      { ...at(b, '2026-03-01', 181), eggCount: 450, eggWeightKg: 27 },
      { ...at(b, '2026-03-02', 182), eggCount: 460, eggWeightKg: 27.6 },
    ]);
    // Immunisations at 10:00 and 09:00 local (UTC+8) in the range, one the day before it; one medication on 03-03.
    const vac = { tenantId: tenant, flockId: a, method: 'drinking', disease: 'ND' };
    await db.insert(flockImmunizations).values([
      { ...vac, vaccinatedAt: new Date('2026-02-28T10:00:00+08:00'), dayAge: 0, vaccineBrand: 'Early' },
      { ...vac, vaccinatedAt: new Date('2026-03-01T10:00:00+08:00'), dayAge: 0, vaccineBrand: 'First' },
      { ...vac, vaccinatedAt: new Date('2026-03-02T09:00:00+08:00'), dayAge: 1, vaccineBrand: 'Second', disease: 'IB' },
    ]);
    await db.insert(flockMedications).values({
      tenantId: tenant,
      flockId: a,
      medicatedAt: new Date('2026-03-03T08:00:00+08:00'),
      dayAge: 2,
      drugName: 'Vit C',
      method: 'water',
      disease: 'stress',
    });
    // Meters of house 1: water.1 and elec.1 (cumulative), water.2 from 03-02; buckets at local midnight.
    const [gw] = await db
      .insert(gateways)
      .values({
        tenantId: tenant,
        farmId: farm,
        shedId: s1,
        code: 'fs-rep01',
        name: 'House 1 controller',
        gatewayType: 101,
        checkCode: 'x',
      })
      .returning({ id: gateways.id });
    const roll = (key: string, day: string, min: number, max: number) => ({
      gatewayId: gw!.id,
      key,
      bucket: new Date(`${day}T00:00:00+08:00`),
      min,
      max,
      sum: max,
      count: 1,
    });
    await db
      .insert(telemetryDaily)
      .values([
        roll('water.1', '2026-02-28', 900, 1000),
        roll('water.1', '2026-03-01', 1000, 1300),
        roll('water.1', '2026-03-02', 1300, 1650),
        roll('water.2', '2026-03-02', 0, 10),
        roll('elec.1', '2026-03-01', 50, 80),
        roll('elec.1', '2026-03-02', 80, 100),
        roll('temp.1', '2026-03-01', 30, 34),
      ]);

    await buildAccount(db, { tenantId: tenant, accountCode: 'rep-admin', accountType: AccountType.TENANT_ADMIN });
    const reader = await buildRole(db, tenant, 'Reports', [{ code: 'ci18.business.group-daily', ops: ['view'] }]);
    await buildAccount(db, { tenantId: tenant, accountCode: 'rep-two', farmIds: [farmTwo], roleIds: [reader] });
    // Authorized for the farm but limited to house 2.
    const limited = await buildAccount(db, { tenantId: tenant, accountCode: 'rep-house2', farmIds: [farm], roleIds: [reader] });
    await db.insert(accountSheds).values({ accountId: limited, shedId: s2 });
    const env = await buildRole(db, tenant, 'Temperature only', [{ code: 'ci18.env.temp', ops: ['view'] }]);
    await buildAccount(db, { tenantId: tenant, accountCode: 'rep-env', farmIds: [farm], roleIds: [env] });
    const second = await buildTenant(db, 'Report Second', ['chicken']);
    await buildAccount(db, { tenantId: second, accountCode: 'rep-second', accountType: AccountType.TENANT_ADMIN });
    for (const c of ['rep-admin', 'rep-two', 'rep-house2', 'rep-env', 'rep-second']) tok[c] = await tokenFor(db, c);
    // Standards of the farm for broilers: Ross weight (copied), feed 20/30/40 g and mortality 10/20/30 per 10 000 from day 0.
    await call(ctx, tok['rep-admin']!, 'POST', '/api/breedpigbuilding/standardCurve/copy', { builtinId: 'ross308-weight', farmId: farm });
    await call(ctx, tok['rep-admin']!, 'POST', '/api/breedpigbuilding/standardCurve', {
      farmId: farm,
      flockType: 2,
      indicator: '05',
      name: 'Feed',
      startDay: 0,
      values: [20, 30, 40],
    });
    await call(ctx, tok['rep-admin']!, 'POST', '/api/breedpigbuilding/standardCurve', {
      farmId: farm,
      flockType: 2,
      indicator: '08',
      name: 'Mortality',
      startDay: 0,
      values: [10, 20, 30],
    });
  });
  afterAll(async () => ctx?.close());

  const range = { start: '2026-03-01', end: '2026-03-03' };
  const summary = async (body: object): Promise<SummaryAnswer> => {
    const res = await call<SummaryAnswer>(ctx, tok['rep-admin']!, 'POST', `${R}/summary`, { farmId: farm, ...range, ...body });
    expect(res.code).toBe(1);
    return res.data;
  };

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
    // FCR = 110 kg since placement / ((990 x 55 - 1000 x 40) / 1000 = 14.45 kg) = 7.6125;
    // EPEF = 99 x 0.055 / (1 x 7.612457) x 100 = 5.445 / 7.612457 x 100 = 71.5275.
    expect(d2.livability).toBeCloseTo(99, 9);
    expect(d2.survivalRate).toBeCloseTo(99.497487, 5);
    expect(d2.mortalityPer10k).toBeCloseTo(30.150754, 5);
    expect(d2.feedPerBird).toBeCloseTo(60.301508, 5);
    expect([d2.avgWeight, d2.gain]).toEqual([55, 15]);
    expect(d2.fcr).toBeCloseTo(7.612457, 5);
    expect(d2.epef).toBeCloseTo(71.5275, 4);
    // Day 3: FCR = 180 / ((988 x 75 - 40 000) / 1000 = 34.1) = 5.2786; gain 75 - 55 = 20 g;
    // EPEF = 98.8 x 0.075 / (2 x 5.278592) x 100 = 7.41 / 10.557185 x 100 = 70.1892; uniformity passed through.
    expect(d3.livability).toBeCloseTo(98.8, 9);
    expect(d3.fcr).toBeCloseTo(5.278592, 5);
    expect([d3.gain, d3.uniformity]).toEqual([20, 90]);
    expect(d3.epef).toBeCloseTo(70.189167, 4);
  });

  it('carries what happened before the range into a range that starts later', async () => {
    const { rows } = await summary({ start: '2026-03-03', period: 'day' });
    const [ra, rb] = rows as [ReportRow, ReportRow];
    // A on 03-03: 990 at the start (1000 - 10 before); livability (1000 - 12) / 1000; gain from the 03-02 weighing
    // (75 - 55) / 1 = 20 g; FCR with the feed since placement 180 / 34.1 = 5.2786.
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
    expect(ra.fcr).toBeCloseTo(5.278592, 5);
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
    expect([layer.fcr, layer.epef]).toEqual([null, null]);
    const meat = rows.find((r) => r.flockId === a)!;
    const { rows: farmRows } = await summary({ period: 'month', groupBy: 'farm' });
    expect(farmRows[0]!.fcr).toBeCloseTo(meat.fcr!, 9);
    expect(farmRows[0]!.epef).toBeCloseTo(meat.epef!, 9);
  });

  it('aggregates weeks of age, and totals over the range', async () => {
    const { rows, totals } = await summary({ period: 'week' });
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
    // Week of 02-23: only 03-01 (A 1000, B 500); week of 03-02: 03-02 and 03-03.
    expect(rows.map((r) => [r.period, r.opening, r.dead, r.culled, r.closing, r.feedKg, r.flockId])).toEqual([
      ['2026-02-23', 1500, 6, 0, 1494, 105, undefined],
      ['2026-03-02', 1494, 5, 2, 1487, 186, undefined],
    ]);
    const { rows: months } = await summary({ period: 'month', groupBy: 'farm' });
    // 11 dead per 1500 at the start: 73.333 per 10 000; laying rate over B's hen-days only: 910 / 999.
    expect(months).toHaveLength(1);
    expect(months[0]).toMatchObject({ period: '2026-03', farmName: 'Report Farm', opening: 1500, closing: 1487, eggCount: 910, std: {} });
    expect(months[0]!.mortalityPer10k).toBeCloseTo(73.333333, 5);
    expect(months[0]!.layingRate).toBeCloseTo(91.091091, 5);
  });

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
    expect(sheet[1]!.slice(0, 7)).toEqual(['Report Farm', 'House 1', 'A-01', '2026-03-01', 0, 1000, 0]);
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
