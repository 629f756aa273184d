import type { TelemetryBucket, TelemetryTrend } from '@farmsense/shared';
import type { Database } from '../../db/client.js';

/**
 * Chart queries over telemetry, bucketed on the server (DESIGN.md §2) so a chart never receives
 * more than ~maxPoints points. Ranges up to 7 days read the raw history; longer ones read the
 * hourly rollup (a year is ~8,760 rows instead of 525,600), and ranges too long for whole hours
 * to fit maxPoints read the daily rollup. Buckets are aligned to the epoch (hourly and daily
 * rollup buckets stay whole), so the same range always gives the same points.
 */
export type TrendPoint = TelemetryBucket;
export type TrendResult = TelemetryTrend;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
export const RAW_MAX_SPAN_MS = 7 * DAY;

/** Smallest width >= span / maxPoints that is a multiple of `unit`. */
function widthFor(spanMs: number, maxPoints: number, unit: number): number {
  return Math.max(unit, Math.ceil(spanMs / maxPoints / unit) * unit);
}

interface Row {
  b: string | number;
  min: number;
  max: number;
  avg: number;
  count: string | number;
}

function toPoints(rows: Row[]): TrendPoint[] {
  return rows.map((r) => ({ ts: Number(r.b), min: r.min, max: r.max, avg: r.avg, count: Number(r.count) }));
}

/** Aggregates the raw history into buckets of `bucketMs` (also the reference for benchmarks). */
export async function queryRawBuckets(
  database: Database,
  gatewayId: number,
  key: string,
  from: number,
  to: number,
  bucketMs: number,
): Promise<TrendPoint[]> {
  const rows = await database.query<Row>(
    `SELECT (extract(epoch FROM bt) * 1000)::float8 AS b, min, max, avg, count FROM (
       SELECT date_bin($5 * interval '1 millisecond', ts, 'epoch') AS bt,
              min(value) AS min, max(value) AS max, avg(value) AS avg, count(*) AS count
         FROM telemetry
        WHERE gateway_id = $1 AND key = $2 AND ts >= to_timestamp($3 / 1000.0) AND ts < to_timestamp($4 / 1000.0)
        GROUP BY 1) q ORDER BY bt`,
    [gatewayId, key, from, to, bucketMs],
  );
  return toPoints(rows);
}

async function queryRollup(
  database: Database,
  table: 'telemetry_hourly' | 'telemetry_daily',
  gatewayId: number,
  key: string,
  from: number,
  to: number,
  bucketMs: number,
): Promise<TrendPoint[]> {
  const rows = await database.query<Row>(
    `SELECT (extract(epoch FROM bt) * 1000)::float8 AS b, min, max, avg, count FROM (
       SELECT date_bin($5 * interval '1 millisecond', bucket, 'epoch') AS bt,
              min(min) AS min, max(max) AS max, sum(sum) / sum(count) AS avg, sum(count)::int8 AS count
         FROM ${table}
        WHERE gateway_id = $1 AND key = $2 AND bucket >= to_timestamp($3 / 1000.0) AND bucket < to_timestamp($4 / 1000.0)
        GROUP BY 1) q ORDER BY bt`,
    [gatewayId, key, from, to, bucketMs],
  );
  return toPoints(rows);
}

/**
 * min/max/avg/count of one sensor (`key` such as `temp.1`) of one gateway over [from, to),
 * in at most ~maxPoints buckets. Callers check that the account may see the gateway's shed.
 */
export async function queryTrend(
  database: Database,
  gatewayId: number,
  key: string,
  from: Date | number,
  to: Date | number,
  maxPoints = 2_000,
): Promise<TrendResult> {
  const f = typeof from === 'number' ? from : from.getTime();
  const t = typeof to === 'number' ? to : to.getTime();
  const points = Math.max(1, Math.floor(maxPoints));
  const span = Math.max(0, t - f);
  if (span === 0) return { source: 'raw', bucketMs: MINUTE, points: [] };
  if (span <= RAW_MAX_SPAN_MS) {
    // At least a second per bucket; devices report every few seconds at most.
    const bucketMs = widthFor(span, points, 1_000);
    return { source: 'raw', bucketMs, points: await queryRawBuckets(database, gatewayId, key, f, t, bucketMs) };
  }
  if (span / HOUR <= points * 24) {
    // Rollup buckets are whole hours: include the hour that contains `from`.
    const bucketMs = widthFor(span, points, HOUR);
    return {
      source: 'hourly',
      bucketMs,
      points: await queryRollup(database, 'telemetry_hourly', gatewayId, key, Math.floor(f / HOUR) * HOUR, t, bucketMs),
    };
  }
  const bucketMs = widthFor(span, points, DAY);
  return { source: 'daily', bucketMs, points: await queryRollup(database, 'telemetry_daily', gatewayId, key, f - DAY, t, bucketMs) };
}
