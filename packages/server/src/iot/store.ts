import type { Database } from '../db/client.js';

/**
 * The one statement that stores a batch of readings (DESIGN.md §3): the rows go into the
 * partitioned history with ON CONFLICT DO NOTHING, and the latest-value table and the 5-minute,
 * hourly and daily rollups are updated in the same statement from the rows it actually inserted (RETURNING),
 * so a QoS 1 redelivery is neither stored nor counted twice. One statement is one transaction:
 * either all of it is durable or none of it is.
 *
 * Timestamps travel as epoch milliseconds (float8) and are turned into timestamptz in SQL, which
 * is exact for whole milliseconds and far cheaper than formatting 10^5 Date strings a second.
 * Inputs are ordered by (gateway, key, bucket) so concurrent writers lock rollup rows in the
 * same order.
 */
/** How long the 5-minute rollup is kept (link.ts housekeeping deletes older buckets; charts read it for recent ranges). */
export const FINE_ROLLUP_DAYS = 35;

/**
 * One rollup of the inserted rows (`from`, its columns prefixed `of`) into `table` by `bucket`:
 * min, max, sum and count merged into an existing bucket row.
 */
function rollup(cte: string, table: string, a: string, bucket: string, from = 'ins', of = ''): string {
  return `${cte} AS (
  INSERT INTO ${table} AS ${a} (gateway_id, key, bucket, min, max, sum, count)
  SELECT ${of}gateway_id, ${of}key, ${bucket}, min(${of}value), max(${of}value), sum(${of}value), count(*)
    FROM ${from} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (gateway_id, key, bucket) DO UPDATE SET
    min = least(${a}.min, excluded.min), max = greatest(${a}.max, excluded.max),
    sum = ${a}.sum + excluded.sum, count = ${a}.count + excluded.count
)`;
}

/** The 5-minute and hourly rollups (UTC buckets) and the daily one (the gateway's farm day, UTC without a zone). */
const ROLLUPS = [
  rollup('fm', 'telemetry_5min', 'f', "date_bin('5 minutes', ts, TIMESTAMPTZ 'epoch')"),
  rollup('hr', 'telemetry_hourly', 'h', "date_trunc('hour', ts, 'UTC')"),
  rollup(
    'dy',
    'telemetry_daily',
    'd',
    "date_trunc('day', i.ts, coalesce(z.tz, 'UTC'))",
    'ins i LEFT JOIN zones z ON z.gateway_id = i.gateway_id',
    'i.',
  ),
].join(', ');

const STORE_CTE = `
WITH ins AS (
  INSERT INTO telemetry (gateway_id, key, ts, value)
  SELECT g, k, 'epoch'::timestamptz + t * interval '1 millisecond', v
    FROM unnest($1::int[], $2::text[], $3::float8[], $4::float8[]) AS u(g, k, t, v)
  ON CONFLICT DO NOTHING
  RETURNING gateway_id, key, ts, value
), zones AS (
  SELECT * FROM unnest($5::int[], $6::text[]) AS z(gateway_id, tz)
), lat AS (
  INSERT INTO telemetry_latest AS l (gateway_id, key, ts, value)
  SELECT DISTINCT ON (gateway_id, key) gateway_id, key, ts, value FROM ins ORDER BY gateway_id, key, ts DESC
  ON CONFLICT (gateway_id, key) DO UPDATE SET ts = excluded.ts, value = excluded.value WHERE l.ts < excluded.ts
), ${ROLLUPS}`;

export const STORE_SQL = `${STORE_CTE}
SELECT count(*)::int AS stored FROM ins`;

/**
 * The same statement, also naming the rows it inserted ('gateway key ts-ms') when it did not
 * insert every input row (a redelivery): the list is built only then, so the usual batch with no
 * duplicate costs one count, as above.
 */
const STORE_REPORTING_SQL = `${STORE_CTE}
SELECT s.stored,
       CASE WHEN s.stored < cardinality($1::int[])
            THEN (SELECT array_agg(gateway_id::text || ' ' || key || ' ' || (extract(epoch FROM ts) * 1000)::bigint::text) FROM ins)
       END AS inserted
  FROM (SELECT count(*)::int AS stored FROM ins) s`;

/** Column arrays of one batch; `zones` gives each gateway's farm time zone for daily buckets. */
export interface ReadingBatch {
  gatewayIds: number[];
  keys: string[];
  /** Epoch milliseconds. */
  ts: number[];
  values: number[];
  zones: Map<number, string>;
}

export function emptyBatch(): ReadingBatch {
  return { gatewayIds: [], keys: [], ts: [], values: [], zones: new Map() };
}

function params(batch: ReadingBatch): unknown[] {
  const zoneIds = [...batch.zones.keys()];
  return [batch.gatewayIds, batch.keys, batch.ts, batch.values, zoneIds, zoneIds.map((id) => batch.zones.get(id)!)];
}

/** Writes one batch with one statement; returns how many readings were new. */
export async function storeBatch(database: Database, batch: ReadingBatch): Promise<number> {
  if (batch.keys.length === 0) return 0;
  const rows = await database.ingestQuery<{ stored: number }>(STORE_SQL, params(batch));
  return rows[0]?.stored ?? 0;
}

export interface StoredReport {
  stored: number;
  /** The readings that were new, as readingId(); null when all of them were. */
  inserted: Set<string> | null;
}

/** The identity of a reading as STORE_REPORTING_SQL names it. */
export function readingId(gatewayId: number, key: string, ts: number): string {
  return `${gatewayId} ${key} ${ts}`;
}

/** storeBatch, also telling which readings were new (ingest's onCommitted subscribers get only those). */
export async function storeBatchReporting(database: Database, batch: ReadingBatch): Promise<StoredReport> {
  if (batch.keys.length === 0) return { stored: 0, inserted: null };
  const rows = await database.ingestQuery<{ stored: number; inserted: string[] | null }>(STORE_REPORTING_SQL, params(batch));
  const row = rows[0];
  if (!row || row.stored === 0) return { stored: 0, inserted: new Set() };
  return { stored: row.stored, inserted: row.inserted ? new Set(row.inserted) : null };
}

/** The UTC months (year*12+month) a batch touches, so their partitions can be made first. */
export function monthsOf(ts: readonly number[]): Set<number> {
  const out = new Set<number>();
  let lastMonthStart = Infinity;
  let lastMonthEnd = -Infinity;
  for (const t of ts) {
    // Consecutive readings nearly always fall in the month of the previous one.
    if (t >= lastMonthStart && t < lastMonthEnd) continue;
    const d = new Date(t);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    out.add(y * 12 + m);
    lastMonthStart = Date.UTC(y, m, 1);
    lastMonthEnd = Date.UTC(y, m + 1, 1);
  }
  return out;
}
