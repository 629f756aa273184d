import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type FeedRecordRow, type Page, dayRange, farmDay } from '@farmsense/shared';
import { storeBatch, type ReadingBatch } from '../../iot/store.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { feederHouse, type FeederSet } from './feeding.fixtures.js';

/**
 * The feeding records count and order their feeder-days from telemetry_feeder_days (kept by triggers on
 * telemetry_daily, migration 0033): the sets must follow every write of the daily rollup.
 */
const RECORDS = '/api/feeding/records/feeding';
const ZONE = 'Asia/Shanghai';
const HOUR_MS = 3_600_000;

describe(`feeding records after new, late and deleted feeder-days (${TEST_DB})`, () => {
  let ctx: TestContext;
  let farm: number;
  let penIds: number[];
  let set: FeederSet;
  let token = '';
  const today = farmDay(new Date(), ZONE);
  const d1 = addDays(today, -1);
  const d2 = addDays(d1, -1);
  const d3 = addDays(d2, -1);
  const range = () => `startTime=${dayRange(d3, ZONE).start.getTime()}&endTime=${Date.now()}`;

  /** Readings through ingest's one statement (iot/store.ts), `hours` after the day's local midnight. */
  const ingest = async (rows: { key: string; day: string; hours: number; value: number }[]) => {
    const batch: ReadingBatch = {
      gatewayIds: rows.map(() => set.gatewayId),
      keys: rows.map((r) => r.key),
      ts: rows.map((r) => dayRange(r.day, ZONE).start.getTime() + r.hours * HOUR_MS),
      values: rows.map((r) => r.value),
      zones: new Map([[set.gatewayId, ZONE]]),
    };
    return storeBatch(ctx.database, batch);
  };
  const fed = (feeder: number, day: string, value: number, hours = 8) => ({ key: `feederFeed.${feeder}`, day, hours, value });

  const page = async (extra = '') => {
    const r = await call<Page<FeedRecordRow>>(ctx, token, 'GET', `${RECORDS}?farmId=${farm}&${range()}&pageSize=50${extra}`);
    expect(r.code).toBe(1);
    return r.data;
  };
  const days = (p: Page<FeedRecordRow>) => p.list.map((x) => [x.day, x.penColumn, x.dispensed]);
  /** The feeder-days as the rollup itself holds them (the feeders' feederFeed rows of the range). */
  const stored = async () => {
    const [n] = await ctx.database.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM telemetry_daily WHERE gateway_id = $1 AND key = ANY($2::text[]) AND bucket >= $3::timestamptz`,
      [set.gatewayId, set.feeders.map((f) => `feederFeed.${f}`), dayRange(d3, ZONE).start.toISOString()],
    );
    return Number(n!.n);
  };

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const h = await feederHouse(ctx, {
      name: 'Day Sets',
      prefix: 'ds',
      house: 'Gestation S',
      shedType: 1,
      code: 'fs-fdsets1',
      feeders: [0, 1],
    });
    ({ farm, set } = h);
    penIds = h.pens;
    token = h.tok['ds-admin']!;
  });
  afterAll(async () => ctx?.close());

  it('counts a new feeder-day once however many readings it gets, and a late one for an older day in its place', async () => {
    const [a, b] = set.feeders as [number, number];
    expect(await page()).toMatchObject({ total: 0, list: [] });
    await ingest([fed(a, d1, 1000), fed(b, d1, 900), fed(a, today, 300)]);
    expect((await page()).total).toBe(3);
    // More readings of the same days update the rollup rows (ON CONFLICT) and add no feeder-day.
    await ingest([
      fed(a, d1, 2500, 12),
      fed(b, d1, 2600, 12),
      fed(a, today, 600, 2),
      { key: `feederRation.${a}`, day: today, hours: 1, value: 3000 },
    ]);
    const p = await page();
    expect(p.total).toBe(3);
    expect(days(p)).toEqual([
      [today, 1, 600],
      [d1, 1, 2500],
      [d1, 2, 2600],
    ]);
    expect(p.list[0]!.planned).toBe(3000);
    // A late report for an older day (a feeder that was offline) lands on its own day.
    await ingest([fed(b, d3, 2800, 20)]);
    const late = await page();
    expect(late.total).toBe(4);
    expect(late.total).toBe(await stored());
    expect(days(late).at(-1)).toEqual([d3, 2, 2800]);
    // Within the pen filter and past the end of the pages.
    expect(days(await page(`&penId=${penIds[1]}`))).toEqual([
      [d1, 2, 2600],
      [d3, 2, 2800],
    ]);
    const past = await call<Page<FeedRecordRow>>(ctx, token, 'GET', `${RECORDS}?farmId=${farm}&${range()}&pageSize=3&pageNo=5`);
    expect([past.data.total, past.data.list]).toEqual([4, []]);
  });

  it('drops a deleted feeder-day and ignores keys the records cannot name', async () => {
    const [a, b] = set.feeders as [number, number];
    // Not canonical feeder keys: stored, never counted (the records probe 'feederFeed.' || id).
    expect(
      await ingest([
        fed(a, d2, 1, 5),
        { key: `feederFeed.0${b}`, day: d2, hours: 5, value: 7 },
        { key: 'feederFeed.x', day: d2, hours: 5, value: 7 },
      ]),
    ).toBe(3);
    const before = await page();
    expect(before.total).toBe(5);
    await ctx.database.query(`DELETE FROM telemetry_daily WHERE gateway_id = $1 AND key = $2 AND bucket = $3::timestamptz`, [
      set.gatewayId,
      `feederFeed.${b}`,
      dayRange(d1, ZONE).start.toISOString(),
    ]);
    const after = await page();
    expect(after.total).toBe(4);
    expect(days(after)).toEqual([
      [today, 1, 600],
      [d1, 1, 2500],
      [d2, 1, 1],
      [d3, 2, 2800],
    ]);
    // Stored again (a redelivered day after a repair) it counts again, once.
    await ingest([fed(b, d1, 2600, 13)]);
    expect((await page()).total).toBe(5);
    const [sets] = await ctx.database.query<{ ids: number[] }>(
      `SELECT feeder_ids AS ids FROM telemetry_feeder_days WHERE gateway_id = $1 AND bucket = $2::timestamptz`,
      [set.gatewayId, dayRange(d1, ZONE).start.toISOString()],
    );
    expect([...sets!.ids].sort((x, y) => x - y)).toEqual([a, b].sort((x, y) => x - y));
  });

  it('counts a feeder only on its own gateway, as its rows are read', async () => {
    const [a] = set.feeders as [number, number];
    const before = (await page()).total;
    // The same feeder key reported by another gateway is no record of this feeder.
    await ctx.database.query(
      `INSERT INTO telemetry_daily (gateway_id, key, bucket, min, max, sum, count) VALUES ($1, $2, $3::timestamptz, 1, 1, 1, 1)`,
      [set.gatewayId + 100_000, `feederFeed.${a}`, dayRange(d2, ZONE).start.toISOString()],
    );
    expect((await page()).total).toBe(before);
    expect(await stored()).toBe(before);
  });
});
