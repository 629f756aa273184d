import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiloReportRow } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildPlace, call, tenantAccounts } from '../../test/factories.js';
import { readSheet } from '../../test/xlsx-reader.js';

const REPORT = '/api/breedpigbuilding/breedWeightFodder/silo/report';

/**
 * The silo reports: daily rows of a month, monthly sums of a year, yearly sums, the weight at the
 * last day of each period, the Excel file in the caller's language, each period behind its own
 * screen (10009), a missing year or month (99996) and another tenant's farm (10007).
 */
describe(`silo reports (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let farm: number;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const place = await buildPlace(db, 'Report', { shedName: 'Grower', shedType: 4 }, { modules: ['pig'] });
    const { tenant, shed } = place;
    farm = place.farm;
    Object.assign(
      tok,
      await tenantAccounts(db, {
        tenant,
        name: 'Report',
        prefix: 'sr',
        modules: ['pig'],
        limited: [{ suffix: 'daily', role: 'Daily only', code: 'weight.ddreports', farm }],
        other: { suffix: 'other', tenant: 'Report Elsewhere' },
      }),
    );
    const add = async (name: string): Promise<number> =>
      (
        await call<{ id: number }>(ctx, tok['sr-admin']!, 'POST', '/api/breedpigbuilding/breedWeightFodder/silo', {
          farmId: farm,
          name,
          capacityKg: 10_000,
          shedIds: [shed],
        })
      ).data.id;
    const a = await add('Silo A');
    const b = await add('Silo B');
    const day = (silo: number, d: string, consumed: number, delivered: number, n: number, closing: number): string =>
      `(${silo}, '${d}', ${tenant}, ${farm}, ${consumed}, ${delivered}, ${n}, ${closing})`;
    await ctx.database.query(
      `INSERT INTO silo_daily (silo_id, day, tenant_id, farm_id, consumed_kg, delivered_kg, deliveries, closing_kg) VALUES ${[
        day(a, '2026-02-27', 1000, 0, 0, 5000),
        day(a, '2026-03-01', 1100, 6000, 1, 9900),
        day(a, '2026-03-02', 1200.44, 0, 0, 8700),
        day(b, '2026-03-02', 800, 0, 0, 4000),
        day(a, '2025-12-31', 900, 0, 0, 3000),
      ].join(', ')}`,
    );
  });
  afterAll(async () => ctx?.close());

  const report = (q: string, who = 'sr-admin') => call<SiloReportRow[]>(ctx, tok[who]!, 'GET', `${REPORT}?farmId=${farm}&${q}`);

  it('gives each silo per day of the month, per month of the year and per year', async () => {
    const days = (await report('period=day&year=2026&month=3')).data;
    expect(days.map((r) => [r.bucket, r.siloName, r.consumedKg, r.deliveredKg, r.deliveries, r.closingKg])).toEqual([
      ['2026-03-01', 'Silo A', 1100, 6000, 1, 9900],
      ['2026-03-02', 'Silo A', 1200.4, 0, 0, 8700],
      ['2026-03-02', 'Silo B', 800, 0, 0, 4000],
    ]);
    const months = (await report('period=month&year=2026')).data;
    expect(months.map((r) => [r.bucket, r.siloName, r.consumedKg, r.deliveredKg, r.closingKg])).toEqual([
      ['2026-02', 'Silo A', 1000, 0, 5000],
      ['2026-03', 'Silo A', 2300.4, 6000, 8700],
      ['2026-03', 'Silo B', 800, 0, 4000],
    ]);
    const years = (await report('period=year')).data;
    expect(years.map((r) => [r.bucket, r.siloName, r.consumedKg])).toEqual([
      ['2025', 'Silo A', 900],
      ['2026', 'Silo A', 3300.4],
      ['2026', 'Silo B', 800],
    ]);
  });

  it('writes the Excel file in the caller language', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${REPORT}/export?farmId=${farm}&period=month&year=2026`,
      headers: { token: tok['sr-admin']!, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = readSheet(res.rawPayload);
    expect(sheet[0]).toEqual(['Month', 'Silo', 'Drawn (kg)', 'Delivered (kg)', 'Deliveries', 'Weight at the end (kg)']);
    expect(sheet[2]!.slice(0, 4)).toEqual(['2026-03', 'Silo A', '2300.4', '6000']);
  });

  it('keeps each period behind its own screen and refuses bad or foreign asks', async () => {
    expect((await report('period=day&year=2026&month=3', 'sr-daily')).code).toBe(1);
    expect((await report('period=month&year=2026', 'sr-daily')).code).toBe(10009);
    expect((await report('period=day&year=2026')).code).toBe(99996);
    expect((await report('period=month')).code).toBe(99996);
    expect((await report('period=week&year=2026')).code).toBe(99996);
    expect((await report('period=year', 'sr-other')).code).toBe(10007);
  });
});
