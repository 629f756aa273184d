import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOfAge } from '@farmsense/shared';
import { readXlsx } from '../../lib/xlsx.js';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildPlace, call } from '../../test/factories.js';
import type { ReportRow } from './report-row.js';
import type { SummaryAnswer } from './reports.js';
import { flockFeedDays, flockGrowDays, flocks, flockStockDays } from './tables.js';

const R = '/api/breedpigbuilding/flockReport';
const BIRTH = '2026-01-01';
const day = (age: number): string => dayOfAge(BIRTH, age);

/**
 * Broiler flock A of docs/KPI.md (worked example 1), written straight to the tables:
 * 20 000 day-olds placed on 2026-01-01 (day 0). Day 10: 500 dead weighing 300 kg. Day 20: 63 000 kg
 * of feed (all feed to day 35). Day 35: weighed at 2300 g, then 6 000 birds thinned with 13 800 kg.
 * Day 38: 18 000 kg of feed. Day 40: 100 dead weighing 120 kg. Day 42: the last 13 400 birds depleted
 * with 40 200 kg, no weighing. The flock closes on day 42.
 */
describe(`broiler KPIs through thinning and depletion (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let farm: number;
  let flock: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const place = await buildPlace(
      db,
      'Thinning',
      { shedName: 'Broiler 1', shedType: 1001, shedNum: 1 },
      { modules: ['chicken'], farmType: 2 },
    );
    const { tenant, shed } = place;
    farm = place.farm;
    [{ id: flock }] = (await db
      .insert(flocks)
      .values({
        tenantId: tenant,
        farmId: farm,
        shedId: shed,
        groupNo: 'T-01',
        flockType: 2,
        sex: 3,
        birthDate: BIRTH,
        startDate: BIRTH,
        stopDate: day(42),
        status: 2,
        femaleCount: 20_000,
      })
      .returning({ id: flocks.id })) as [{ id: number }];
    const at = (age: number) => ({ tenantId: tenant, flockId: flock, day: day(age), dayAge: age });
    await db.insert(flockStockDays).values([
      { ...at(10), dead: 500, deadKg: 300 },
      { ...at(35), transferOut: 6_000, transferOutKg: 13_800 },
      { ...at(40), dead: 100, deadKg: 120 },
      { ...at(42), transferOut: 13_400, transferOutKg: 40_200 },
    ]);
    await db.insert(flockFeedDays).values([
      { ...at(20), feedKg: 63_000 },
      { ...at(38), feedKg: 18_000 },
    ]);
    await db.insert(flockGrowDays).values({ ...at(35), avgWeight: 2300 });
    token = await adminToken(db, tenant, 'thin-admin');
  });
  afterAll(async () => ctx?.close());

  const summary = async (body: object): Promise<SummaryAnswer> => {
    const res = await call<SummaryAnswer>(ctx, token, 'POST', `${R}/summary`, { farmId: farm, start: day(0), end: day(42), ...body });
    expect(res.code).toBe(1);
    return res.data;
  };
  const onDay = (rows: ReportRow[], age: number): ReportRow => rows.find((r) => r.period === day(age))!;

  it('keeps FCR on the thinning day: feed / (birds in the house + kg shipped)', async () => {
    const { rows } = await summary({ period: 'day' });
    const d35 = onDay(rows, 35);
    expect(d35).toMatchObject({ opening: 19_500, transferOut: 6_000, transferOutKg: 13_800, closing: 13_500, avgWeight: 2300 });
    // 63 000 / (13 500 x 2.3 + 13 800 = 44 850 kg) = 1.404682 (2.029 if the shipped kg were dropped)
    expect(d35.fcr).toBeCloseTo(1.404682, 5);
    // EPEF to date: 97.5 % x 2.3 kg / (35 days x 1.404682) x 100 = 456.13
    expect(d35.epef).toBeNull();
    expect(d35.epefToDate).toBeCloseTo(456.13, 2);
    // a day without a weighing has no FCR point
    expect(onDay(rows, 36).fcr).toBeNull();
  });

  it('gives the closing figures on the depletion day', async () => {
    const { rows } = await summary({ period: 'day' });
    const d42 = onDay(rows, 42);
    // The house emptied: weighed at exit, 40 200 kg / 13 400 birds = 3000 g.
    expect(d42).toMatchObject({ closing: 0, transferOut: 13_400, avgWeight: 3000 });
    // 81 000 kg / (13 800 + 40 200 = 54 000 kg) = 1.500
    expect(d42.fcr).toBeCloseTo(1.5, 9);
    // with the 420 kg of dead birds: 81 000 / 54 420 = 1.488423
    expect(d42.fcrMortality).toBeCloseTo(1.488423, 5);
    // corrected to 2.5 kg at 54 000 / 19 400 = 2.783505 kg: 1.5 + (2.5 - 2.783505) x 0.2 = 1.443299
    expect(d42.fcrCorrected).toBeCloseTo(1.443299, 5);
    // EPEF = 97.0 x 2.783505 / (39.835052 x 1.5) x 100 = 451.86, a closing figure
    expect(d42.livability).toBeCloseTo(97, 9);
    expect(d42.epef).toBeCloseTo(451.86, 2);
    expect(d42.epefToDate).toBeNull();
  });

  it('carries the same figures into weeks of age and the per-type totals', async () => {
    const { rows, totalsByType } = await summary({ period: 'week', groupBy: 'flock' });
    const week = (n: number): ReportRow => rows.find((r) => r.week === n)!;
    expect(week(5).fcr).toBeCloseTo(1.404682, 5);
    expect(week(6).fcr).toBeCloseTo(1.5, 9);
    expect(week(6).epef).toBeCloseTo(451.86, 2);
    expect(totalsByType).toHaveLength(1);
    expect(totalsByType[0]).toMatchObject({ productionType: 'broiler', transferOut: 19_400, transferOutKg: 54_000 });
    expect(totalsByType[0]!.fcr).toBeCloseTo(1.5, 9);
    expect(totalsByType[0]!.epef).toBeCloseTo(451.86, 2);
  });

  it('exports the FCR screen with its corrected figures, headed in the request language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${R}/export`,
      headers: { token, 'accept-language': 'en-us' },
      payload: { farmId: farm, start: day(0), end: day(42), period: 'day', groupBy: 'flock', report: 'ci18.grow.daily-mf-ratio-trend' },
    });
    expect(res.statusCode).toBe(200);
    const [head, ...rows] = await readXlsx(res.rawPayload);
    const col = (name: string): number => head!.findIndex((h) => String(h).startsWith(name));
    for (const name of ['FCR', 'FCR at 2.5 kg', 'FCR incl. dead', 'EPEF', 'EPEF to date']) expect(col(name)).toBeGreaterThanOrEqual(0);
    const d42 = rows.find((r) => r.includes(day(42)) || r.some((c) => c instanceof Date && c.toISOString().startsWith(day(42))))!;
    expect(d42[head!.indexOf('FCR')]).toBe(1.5);
    expect(d42[head!.indexOf('FCR at 2.5 kg')]).toBe(1.443);
    expect(d42[head!.indexOf('FCR incl. dead')]).toBe(1.488);
    expect(d42[head!.indexOf('EPEF')]).toBe(451.863); // 97.0 x 2.783505 / (39.835052 x 1.5) x 100, three decimals
  });

  it('signs no FCR once birds left without their kg, nor a mortality-corrected one with unweighed dead', async () => {
    const { db } = ctx.database;
    await db
      .update(flockStockDays)
      .set({ transferOutKg: null })
      .where(eq(flockStockDays.day, day(35)));
    await db
      .update(flockStockDays)
      .set({ deadKg: null })
      .where(eq(flockStockDays.day, day(40)));
    try {
      const { rows } = await summary({ period: 'day' });
      expect(onDay(rows, 35)).toMatchObject({ fcr: null, fcrCorrected: null, epefToDate: null });
      expect(onDay(rows, 42)).toMatchObject({ fcr: null, epef: null, transferOutKg: 40_200 });
    } finally {
      await db
        .update(flockStockDays)
        .set({ transferOutKg: 13_800 })
        .where(eq(flockStockDays.day, day(35)));
    }
    const { rows } = await summary({ period: 'day' });
    expect(onDay(rows, 42).fcr).toBeCloseTo(1.5, 9);
    expect(onDay(rows, 42).fcrMortality).toBeNull();
  });
});
