import type { TelemetryBucket, TelemetryTrend } from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { FINE_ROLLUP_DAYS } from '../../iot/store.js';

/**
 * Chart queries over telemetry, bucketed on the server (DESIGN.md §2) so a chart never receives
 * more than ~maxPoints points. Ranges shorter than a day read the raw history; a day or more
 * reads a rollup, never raw rows (a controller reporting every 10 s writes 8,640 rows a day per
 * sensor): the 5-minute rollup while buckets shorter than an hour fit maxPoints and it still holds the range
 * (FINE_ROLLUP_DAYS), else the hourly one (a year is ~8,760 rows instead of 525,600), and ranges
 * too long for whole hours to fit maxPoints read the daily rollup. Buckets are aligned to the
 * epoch (rollup buckets stay whole), so the same range always gives the same points.
 */
export type TrendPoint = TelemetryBucket;
export type TrendResult = TelemetryTrend;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const FIVE_MINUTES = 5 * MINUTE;
/** Ranges shorter than this read the raw history. */
export const RAW_MAX_SPAN_MS = DAY;

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

/** The sensors of one chart: (gateway, key) pairs read together in one statement. */
export interface SeriesRef {
  gatewayId: number;
  key: string;
}

/** Identity of a series in the answer of queryTrends. */
export function seriesId(gatewayId: number, key: string): string {
  return `${gatewayId} ${key}`;
}

interface SeriesRow {
  g: number;
  k: string;
  /** JSON text of the series' buckets, oldest first: [b, min, max, avg, count] each. */
  pts: string;
}

type BucketTuple = [number, number, number, number, number];

/** Where a range is read from and in which buckets (queryTrends; also what tests check). */
export function trendPlan(
  from: number,
  to: number,
  maxPoints: number,
  now = Date.now(),
): { source: TrendResult['source']; bucketMs: number; from: number } {
  const points = Math.max(1, Math.floor(maxPoints));
  const span = Math.max(0, to - from);
  // At least a second per bucket; devices report every few seconds at most.
  if (span < RAW_MAX_SPAN_MS) return { source: 'raw', bucketMs: widthFor(span, points, 1_000), from };
  // A day from 6 days ago still has its 5-minute buckets (kept a day less than the rule, so a
  // range starting at the edge is never half purged).
  const fineFrom = Math.floor(from / FIVE_MINUTES) * FIVE_MINUTES;
  const fineWidth = widthFor(span, points, FIVE_MINUTES);
  if (fineWidth < HOUR && fineFrom >= now - (FINE_ROLLUP_DAYS - 1) * DAY) return { source: '5min', bucketMs: fineWidth, from: fineFrom };
  // Rollup buckets are whole hours: include the hour that contains `from`.
  if (span / HOUR <= points * 24) return { source: 'hourly', bucketMs: widthFor(span, points, HOUR), from: Math.floor(from / HOUR) * HOUR };
  return { source: 'daily', bucketMs: widthFor(span, points, DAY), from: from - DAY };
}

const RAW_SQL = `
SELECT u.g, u.k, (extract(epoch FROM date_bin($5 * interval '1 millisecond', t.ts, 'epoch')) * 1000)::float8 AS b,
       min(t.value) AS min, max(t.value) AS max, avg(t.value) AS avg, count(*) AS count
  FROM unnest($1::int[], $2::text[]) AS u(g, k)
  JOIN telemetry t ON t.gateway_id = u.g AND t.key = u.k
 WHERE t.ts >= to_timestamp($3 / 1000.0) AND t.ts < to_timestamp($4 / 1000.0)
 GROUP BY 1, 2, 3`;

const rollupSql = (table: 'telemetry_5min' | 'telemetry_hourly' | 'telemetry_daily'): string => `
SELECT u.g, u.k, (extract(epoch FROM date_bin($5 * interval '1 millisecond', r.bucket, 'epoch')) * 1000)::float8 AS b,
       min(r.min) AS min, max(r.max) AS max, sum(r.sum) / sum(r.count) AS avg, sum(r.count)::int8 AS count
  FROM unnest($1::int[], $2::text[]) AS u(g, k)
  JOIN ${table} r ON r.gateway_id = u.g AND r.key = u.k
 WHERE r.bucket >= to_timestamp($3 / 1000.0) AND r.bucket < to_timestamp($4 / 1000.0)
 GROUP BY 1, 2, 3`;

/**
 * One row per series with its buckets as one JSON text (`[[b, min, max, avg, count], ...]`): the
 * embedded store's wire parser copies every field of every row on its own, and a day's chart of
 * three sheds was 4,000 rows of seven fields, most of a trend call's time. One field per series is
 * read by JSON.parse.
 */
const perSeries = (sql: string): string => `
SELECT g, k, json_agg(json_build_array(b, min, max, avg, count) ORDER BY b)::text AS pts FROM (${sql}) x GROUP BY g, k`;

const SQL_OF: Record<TrendResult['source'], string> = {
  raw: perSeries(RAW_SQL),
  '5min': perSeries(rollupSql('telemetry_5min')),
  hourly: perSeries(rollupSql('telemetry_hourly')),
  daily: perSeries(rollupSql('telemetry_daily')),
};

/**
 * min/max/avg/count of several sensors over [from, to), each in at most ~maxPoints buckets, in
 * one statement (a chart of six sheds has a dozen series: one round trip, not a dozen). The
 * answer has an entry for every series asked for (seriesId), empty where nothing was stored.
 * Callers check that the account may see the gateways' sheds.
 */
export async function queryTrends(
  database: Database,
  series: readonly SeriesRef[],
  from: Date | number,
  to: Date | number,
  maxPoints = 2_000,
): Promise<Map<string, TrendResult>> {
  const f = typeof from === 'number' ? from : from.getTime();
  const t = typeof to === 'number' ? to : to.getTime();
  const out = new Map<string, TrendResult>();
  if (t <= f) {
    for (const s of series) out.set(seriesId(s.gatewayId, s.key), { source: 'raw', bucketMs: MINUTE, points: [] });
    return out;
  }
  const plan = trendPlan(f, t, maxPoints);
  for (const s of series) out.set(seriesId(s.gatewayId, s.key), { source: plan.source, bucketMs: plan.bucketMs, points: [] });
  if (series.length === 0) return out;
  const rows = await database.query<SeriesRow>(SQL_OF[plan.source], [
    series.map((s) => s.gatewayId),
    series.map((s) => s.key),
    plan.from,
    t,
    plan.bucketMs,
  ]);
  for (const r of rows) {
    const into = out.get(seriesId(r.g, r.k));
    if (!into) continue;
    const buckets: BucketTuple[] = JSON.parse(r.pts);
    for (const [b, min, max, avg, count] of buckets) into.points.push({ ts: b, min, max, avg, count });
  }
  return out;
}

/** queryTrends for one sensor (`key` such as `temp.1`) of one gateway. */
export async function queryTrend(
  database: Database,
  gatewayId: number,
  key: string,
  from: Date | number,
  to: Date | number,
  maxPoints = 2_000,
): Promise<TrendResult> {
  const answer = await queryTrends(database, [{ gatewayId, key }], from, to, maxPoints);
  return answer.get(seriesId(gatewayId, key))!;
}
