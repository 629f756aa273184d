import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  ErrorCodes,
  type FeedAlarmStatsAnswer,
  type FeedAmountRow,
  type FeedAnalysisAnswer,
  type FeedIntakeAnswer,
  type Page,
  dayRange,
  farmDay,
} from '@farmsense/shared';
import { telemetryDaily } from '../telemetry/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildPens, buildPlace, buildShed, call, tenantAccounts } from '../../test/factories.js';
import { readSheet } from '../../test/xlsx-reader.js';
import { buildFeeders } from './feeding.fixtures.js';
import { feedingDispatches, feedingPlanMeals, feedingPlans } from './tables.js';

const AMOUNT = '/api/feeding/records/amount';
const ANALYSIS = '/api/feeding/analysis/feed';
const INTAKE = '/api/feeding/analysis/intake';
const STATS = '/api/feeding/alarms/analysis';
const ZONE = 'Asia/Shanghai';

describe(`feed amounts, feed analysis, intake trend and not-eaten statistics (${TEST_DB})`, () => {
  let ctx: TestContext;
  let farm: number;
  let shedB: number;
  let penA1: number;
  const feeder: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
  const tok: Record<string, string> = {};
  const today = farmDay(new Date(), ZONE);
  const d1 = addDays(today, -1);
  const d2 = addDays(d1, -1);
  const d3 = addDays(d2, -1);
  const range = `startTime=${dayRange(d3, ZONE).start.getTime()}&endTime=${Date.now()}`;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const place = await buildPlace(db, 'Analysis', { shedName: 'Analysis A', shedType: 2 }, { modules: ['pig'] });
    const { tenant, shed: shedA } = place;
    farm = place.farm;
    shedB = await buildShed(db, tenant, farm, { shedName: 'Analysis B', shedType: 2 });
    const penIds = await buildPens(db, tenant, [{ shedId: shedA }, { shedId: shedA, fieldColumn: 2 }, { shedId: shedB }]);
    penA1 = penIds[0]!;
    const setA = await buildFeeders(ctx.database, {
      tenantId: tenant,
      farmId: farm,
      shedId: shedA,
      code: 'fs-anl-a',
      pens: [penA1, penIds[1]!],
    });
    const setB = await buildFeeders(ctx.database, {
      tenantId: tenant,
      farmId: farm,
      shedId: shedB,
      code: 'fs-anl-b',
      pens: [penIds[2]!],
    });
    [feeder.a, feeder.b] = setA.feeders as [number, number];
    feeder.c = setB.feeders[0]!;
    const other = { suffix: 'other', tenant: 'Analysis Other' };
    Object.assign(tok, await tenantAccounts(db, { tenant, name: 'Analysis', prefix: 'an', modules: ['pig'], other }));
    const day = (gatewayId: number, id: number, d: string, planned: number, fed: number, state: number) =>
      (
        [
          ['feederRation', planned],
          ['feederFeed', fed],
          ['feederState', state],
        ] as const
      ).map(([key, v]) => ({ gatewayId, key: `${key}.${id}`, bucket: dayRange(d, ZONE).start, min: 0, max: v, sum: v, count: 1 }));
    const a = (d: string, p: number, f: number, s: number) => day(setA.gatewayId, feeder.a, d, p, f, s);
    const b = (d: string, p: number, f: number, s: number) => day(setA.gatewayId, feeder.b, d, p, f, s);
    const c = (d: string, p: number, f: number, s: number) => day(setB.gatewayId, feeder.c, d, p, f, s);
    // a ate every day; b left most of d2, reported not eating on d1 and today; c fell to 75 % on d1.
    await db
      .insert(telemetryDaily)
      .values([
        ...a(d3, 6000, 6100, 0),
        ...a(d2, 6000, 5900, 0),
        ...a(d1, 6000, 6050, 1),
        ...a(today, 6000, 2000, 1),
        ...b(d3, 6000, 5800, 0),
        ...b(d2, 6000, 1200, 0),
        ...b(d1, 6000, 300, 2),
        ...b(today, 6000, 100, 2),
        ...c(d2, 4000, 4000, 0),
        ...c(d1, 4000, 3000, 0),
      ]);
    // Feeder a confirmed a plan of three meals (30, 40, 30 %); b's copy of it is still pending.
    const [plan] = await db
      .insert(feedingPlans)
      .values({
        tenantId: tenant,
        farmId: farm,
        shedId: shedA,
        name: 'Sows',
        totalDays: 60,
        splitPoints: [1, 60],
        dispatchMode: 'immediate',
      })
      .returning({ id: feedingPlans.id });
    const meal = (seq: number, startMinute: number, endMinute: number, share: number) => ({
      tenantId: tenant,
      planId: plan!.id,
      seq,
      startMinute,
      endMinute,
      share,
    });
    await db.insert(feedingPlanMeals).values([meal(1, 360, 420, 30), meal(2, 660, 720, 40), meal(3, 1020, 1080, 30)]);
    await db.insert(feedingDispatches).values([
      { tenantId: tenant, planId: plan!.id, gatewayId: setA.gatewayId, feederId: feeder.a, status: 'sent', result: 1, sentAt: new Date() },
      { tenantId: tenant, planId: plan!.id, gatewayId: setA.gatewayId, feederId: feeder.b, status: 'sending' },
    ]);
  });
  afterAll(async () => ctx?.close());

  const get = <T>(url: string, who = 'an-admin') => call<T>(ctx, tok[who]!, 'GET', url);

  it('pages the daily amounts in the database with farm, place and the meals of the confirmed plan done', async () => {
    const r = await get<Page<FeedAmountRow>>(`${AMOUNT}?farmId=${farm}&${range}&pageSize=4`);
    expect(r.code).toBe(1);
    expect(r.data.total).toBe(10);
    expect(r.data.list.map((x) => [x.day, x.farmName, x.shedName, x.feederId, x.planned, x.dispensed, x.mealsDone, x.meals])).toEqual([
      [today, 'Analysis Farm', 'Analysis A', feeder.a, 6000, 2000, 1, 3],
      [today, 'Analysis Farm', 'Analysis A', feeder.b, 6000, 100, null, null],
      [d1, 'Analysis Farm', 'Analysis A', feeder.a, 6000, 6050, 3, 3],
      [d1, 'Analysis Farm', 'Analysis A', feeder.b, 6000, 300, null, null],
    ]);
    const p3 = await get<Page<FeedAmountRow>>(`${AMOUNT}?farmId=${farm}&${range}&pageSize=4&pageNo=3`);
    expect(p3.data.list.map((x) => [x.day, x.feederId])).toEqual([
      [d3, feeder.a],
      [d3, feeder.b],
    ]);
    const past = await get<Page<FeedAmountRow>>(`${AMOUNT}?farmId=${farm}&${range}&pageSize=4&pageNo=9`);
    expect([past.data.list.length, past.data.total]).toEqual([0, 10]);
    const house = await get<Page<FeedAmountRow>>(`${AMOUNT}?farmId=${farm}&shedId=${shedB}&${range}`);
    expect(house.data.list.map((x) => [x.day, x.dispensed])).toEqual([
      [d1, 3000],
      [d2, 4000],
    ]);
  });

  it('exports the daily amounts as an Excel sheet', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${AMOUNT}/export?farmId=${farm}&${range}`,
      headers: { token: tok['an-admin']!, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = readSheet(res.rawPayload);
    expect(sheet[0]).toEqual(['Day', 'Farm', 'House', 'Pen', 'Feeder', 'Planned (g)', 'Dispensed (g)', 'Meals done']);
    expect(sheet).toHaveLength(11);
    expect(sheet[1]!.slice(5)).toEqual(['6000', '2000', '1 / 3']);
  });

  it('sums planned against dispensed with leftover and deviation per day, house or pen', async () => {
    const byDay = await get<FeedAnalysisAnswer>(`${ANALYSIS}?farmId=${farm}&${range}&groupBy=day`);
    expect(byDay.code).toBe(1);
    expect(byDay.data.list.map((x) => [x.key, x.records, x.planned, x.dispensed, x.leftover, x.deviation])).toEqual([
      [d3, 2, 12000, 11900, 200, -0.8],
      [d2, 3, 16000, 11100, 4900, -30.6],
      [d1, 3, 16000, 9350, 6700, -41.6],
      [today, 2, 12000, 2100, 9900, -82.5],
    ]);
    expect(byDay.data.total).toEqual({ planned: 56000, dispensed: 34450, leftover: 21700, deviation: -38.5 });
    const byShed = await get<FeedAnalysisAnswer>(`${ANALYSIS}?farmId=${farm}&${range}&groupBy=shed`);
    expect(byShed.data.list.map((x) => [x.shedName, x.planned, x.dispensed, x.deviation])).toEqual([
      ['Analysis A', 48000, 27450, -42.8],
      ['Analysis B', 8000, 7000, -12.5],
    ]);
    const byPen = await get<FeedAnalysisAnswer>(`${ANALYSIS}?farmId=${farm}&${range}&groupBy=pen`);
    expect(byPen.data.list.map((x) => [x.shedName, x.penColumn, x.dispensed])).toEqual([
      ['Analysis A', 1, 20050],
      ['Analysis A', 2, 7400],
      ['Analysis B', 1, 7000],
    ]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ANALYSIS}/export?farmId=${farm}&${range}&groupBy=shed`,
      headers: { token: tok['an-admin']!, 'accept-language': 'en-US' },
    });
    const sheet = readSheet(res.rawPayload);
    expect(sheet[0]).toEqual(['House', 'Feeder-days', 'Planned (kg)', 'Dispensed (kg)', 'Leftover (kg)', 'Deviation (%)']);
    expect(sheet[2]).toEqual(['Analysis B', '2', '8', '7', '1', '-12.5']);
  });

  it('refuses a range over 30 days and an unknown grouping', async () => {
    const long = `startTime=${Date.now() - 40 * 86_400_000}&endTime=${Date.now()}`;
    for (const url of [
      `${ANALYSIS}?farmId=${farm}&${long}`,
      `${AMOUNT}?farmId=${farm}&${long}`,
      `${INTAKE}?farmId=${farm}&${long}`,
      `${STATS}?farmId=${farm}&${long}`,
    ]) {
      expect((await get(url)).code).toBe(ErrorCodes.PARAM_ERROR);
    }
    expect((await get(`${ANALYSIS}?farmId=${farm}&${range}&groupBy=week`)).code).toBe(ErrorCodes.PARAM_ERROR);
  });

  it('draws one feeder or one pen against its plan and flags the days under the share', async () => {
    const one = await get<FeedIntakeAnswer>(`${INTAKE}?farmId=${farm}&feederId=${feeder.b}&${range}`);
    expect(one.code).toBe(1);
    expect(one.data.minShare).toBe(80);
    expect(one.data.feeders.map((f) => f.feederId)).toEqual([feeder.a, feeder.b, feeder.c]);
    expect(one.data.days.map((d) => [d.day, d.share, d.low])).toEqual([
      [d3, 96.7, false],
      [d2, 20, true],
      [d1, 5, true],
      [today, 1.7, true],
    ]);
    // Today is not over: 2000 of 6000 g is no shortfall yet.
    const pen = await get<FeedIntakeAnswer>(`${INTAKE}?farmId=${farm}&penId=${penA1}&${range}`);
    expect(pen.data.days.map((d) => d.low)).toEqual([false, false, false, false]);
    const house = await get<FeedIntakeAnswer>(`${INTAKE}?farmId=${farm}&shedId=${shedB}&${range}&minShare=70`);
    expect(house.data.feeders.map((f) => f.feederId)).toEqual([feeder.c]);
    expect(house.data.days.map((d) => [d.day, d.planned, d.dispensed, d.low])).toEqual([
      [d2, 4000, 4000, false],
      [d1, 4000, 3000, false],
    ]);
  });

  it('counts the not-eaten days per day, house and kind with the feeders that have most', async () => {
    const r = await get<FeedAlarmStatsAnswer>(`${STATS}?farmId=${farm}&${range}`);
    expect(r.code).toBe(1);
    expect(r.data.total).toEqual({ refused: 2, low: 2 });
    expect(r.data.days).toEqual([
      { day: d3, refused: 0, low: 0 },
      { day: d2, refused: 0, low: 1 },
      { day: d1, refused: 1, low: 1 },
      { day: today, refused: 1, low: 0 },
    ]);
    expect(r.data.sheds.map((s) => [s.shedName, s.refused, s.low])).toEqual([
      ['Analysis A', 2, 1],
      ['Analysis B', 0, 1],
    ]);
    expect(r.data.top.map((f) => [f.feederId, f.refused, f.low, f.total])).toEqual([
      [feeder.b, 2, 1, 3],
      [feeder.c, 0, 1, 1],
    ]);
  });

  it('answers 10007 for a farm of another tenant and 203336 for a feeder not seen', async () => {
    for (const url of [`${AMOUNT}?farmId=${farm}&${range}`, `${ANALYSIS}?farmId=${farm}&${range}`, `${STATS}?farmId=${farm}&${range}`]) {
      expect((await get(url, 'an-other')).code).toBe(10007);
    }
    expect((await get(`${INTAKE}?farmId=${farm}&${range}`, 'an-other')).code).toBe(10007);
    expect((await get(`${INTAKE}?farmId=${farm}&feederId=${feeder.a + 1000}&${range}`)).code).toBe(ErrorCodes.FEEDER_NOT_FOUND);
  });
});
