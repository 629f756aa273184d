import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildTenant } from '../../test/factories.js';
import { Partitions, monthKey } from '../../iot/partitions.js';
import { emptyBatch, storeBatch, type ReadingBatch } from '../../iot/store.js';
import { addGateway } from '../../iot/testkit.js';
import { queryRawBuckets, queryTrend } from './query.js';

/** Partitions, retention and trend queries over the rollups, on the storage layer directly. */
const HOUR = 3_600_000;

function series(gatewayId: number, key: string, from: number, count: number, stepMs: number, f: (i: number) => number): ReadingBatch {
  const b = emptyBatch();
  for (let i = 0; i < count; i++) {
    b.gatewayIds.push(gatewayId);
    b.keys.push(key);
    b.ts.push(from + i * stepMs);
    b.values.push(f(i));
  }
  b.zones.set(gatewayId, 'UTC');
  return b;
}

describe(`telemetry storage (${TEST_DB})`, () => {
  let ctx: TestContext;
  let gw: number;
  let partitions: Partitions;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const tenantId = await buildTenant(ctx.database.db, 'Storage Tenant');
    gw = await addGateway(ctx.database, { tenantId, code: 'fs-storage1' });
    partitions = new Partitions(ctx.database);
    await partitions.refresh();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const partitionOf = async (ms: number): Promise<string> =>
    (
      await ctx.database.query<{ p: string }>(
        `SELECT tableoid::regclass::text AS p FROM telemetry WHERE gateway_id = $1 AND ts = to_timestamp($2 / 1000.0)`,
        [gw, ms],
      )
    )[0]!.p;

  it('moves rows the DEFAULT partition caught into their month when the month is created', async () => {
    const ms = Date.UTC(2019, 4, 10, 12);
    await storeBatch(
      ctx.database,
      series(gw, 'temp.1', ms, 3, 60_000, (i) => i),
    );
    expect(await partitionOf(ms)).toBe('telemetry_default');
    await partitions.ensure([monthKey(ms)]);
    expect(await partitionOf(ms)).toBe('telemetry_y2019m05');
    const [n] = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM telemetry WHERE gateway_id = $1`, [gw]);
    expect(n!.n).toBe(3);
  });

  it('drops whole months older than the retention and keeps their rollups', async () => {
    const ms = Date.UTC(2018, 0, 15);
    await partitions.ensure([monthKey(ms)]);
    await storeBatch(
      ctx.database,
      series(gw, 'rh.1', ms, 10, 60_000, () => 50),
    );
    const dropped = await partitions.dropBefore(Date.UTC(2018, 6, 1));
    expect(dropped).toContain('telemetry_y2018m01');
    const [raw] = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM telemetry WHERE key = 'rh.1'`);
    expect(raw!.n).toBe(0);
    const [hourly] = await ctx.database.query<{ n: number }>(`SELECT sum(count)::int AS n FROM telemetry_hourly WHERE key = 'rh.1'`);
    expect(hourly!.n).toBe(10);
  });

  /** Stores a long series as the ingest path does, 10,000 readings a statement. */
  async function storeInParts(batch: ReadingBatch): Promise<void> {
    for (let i = 0; i < batch.keys.length; i += 10_000) {
      const part = emptyBatch();
      part.gatewayIds = batch.gatewayIds.slice(i, i + 10_000);
      part.keys = batch.keys.slice(i, i + 10_000);
      part.ts = batch.ts.slice(i, i + 10_000);
      part.values = batch.values.slice(i, i + 10_000);
      part.zones = batch.zones;
      await storeBatch(ctx.database, part);
    }
  }

  it('answers long trends from the hourly rollup with the same figures as the raw history', async () => {
    const from = Date.UTC(2025, 0, 1);
    const days = 30;
    const count = days * 24 * 60;
    const batch = series(gw, 'temp.2', from, count, 60_000, (i) => 20 + 5 * Math.sin(i / 300) + (i % 7) * 0.1);
    await partitions.ensure([monthKey(from), monthKey(from + days * 24 * HOUR)]);
    await storeInParts(batch);
    const to = from + days * 24 * HOUR;
    const trend = await queryTrend(ctx.database, gw, 'temp.2', from, to, 500);
    expect(trend.source).toBe('hourly');
    expect(trend.bucketMs).toBe(2 * HOUR);
    expect(trend.points).toHaveLength(360);
    const raw = await queryRawBuckets(ctx.database, gw, 'temp.2', from, to, trend.bucketMs);
    expect(trend.points.map((p) => [p.ts, p.min, p.max, p.count])).toEqual(raw.map((p) => [p.ts, p.min, p.max, p.count]));
    trend.points.forEach((p, i) => expect(p.avg).toBeCloseTo(raw[i]!.avg, 9));

    // Two days long ago: the 5-minute rollup no longer holds them, the hourly one does.
    const old = await queryTrend(ctx.database, gw, 'temp.2', from, from + 2 * 24 * HOUR, 2_000);
    expect(old.source).toBe('hourly');
    expect(old.points.reduce((s, p) => s + p.count, 0)).toBe(2 * 24 * 60);
  });

  it('answers recent day-long trends from the 5-minute rollup and shorter ones from the raw history', async () => {
    const to = Math.floor(Date.now() / HOUR) * HOUR;
    const from = to - 2 * 24 * HOUR;
    const count = 2 * 24 * 60 * 6; // every 10 s, as a controller reports
    const batch = series(gw, 'nh3.1', from, count, 10_000, (i) => 8 + (i % 13) * 0.25);
    await partitions.ensure([monthKey(from), monthKey(to)]);
    await storeInParts(batch);
    const day = await queryTrend(ctx.database, gw, 'nh3.1', to - 24 * HOUR, to, 2_000);
    expect(day).toMatchObject({ source: '5min', bucketMs: 5 * 60_000 });
    expect(day.points).toHaveLength(288);
    const raw = await queryRawBuckets(ctx.database, gw, 'nh3.1', to - 24 * HOUR, to, day.bucketMs);
    expect(day.points.map((p) => [p.ts, p.min, p.max, p.count])).toEqual(raw.map((p) => [p.ts, p.min, p.max, p.count]));
    day.points.forEach((p, i) => expect(p.avg).toBeCloseTo(raw[i]!.avg, 9));
    // Two days in 500 points: 10-minute buckets of the same rollup.
    const two = await queryTrend(ctx.database, gw, 'nh3.1', from, to, 500);
    expect(two).toMatchObject({ source: '5min', bucketMs: 10 * 60_000 });
    expect(two.points.reduce((s, p) => s + p.count, 0)).toBe(count);
    const half = await queryTrend(ctx.database, gw, 'nh3.1', to - 12 * HOUR, to, 2_000);
    expect(half.source).toBe('raw');
    expect(half.points.reduce((s, p) => s + p.count, 0)).toBe(12 * 360);

    // Housekeeping keeps the 5-minute rollup for FINE_ROLLUP_DAYS only; the hourly one stays.
    const fiveMin = `SELECT count(*)::int AS n FROM telemetry_5min WHERE key = 'temp.2'`;
    expect((await ctx.database.query<{ n: number }>(fiveMin))[0]!.n).toBeGreaterThan(0);
    await ctx.iot.housekeeping();
    expect((await ctx.database.query<{ n: number }>(fiveMin))[0]!.n).toBe(0);
    expect((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM telemetry_5min WHERE key = 'nh3.1'`))[0]!.n).toBe(
      288 * 2,
    );
  });
});
