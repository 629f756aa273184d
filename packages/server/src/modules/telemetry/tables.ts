import { bigint, bigserial, boolean, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { gateways } from '../../db/schema.js';
import { belongsTo, extensionOf, ts } from '../../db/schema/columns.js';

/**
 * Telemetry storage beside the history (DESIGN.md §3 "Telemetry like a time-series store").
 *
 * The history itself, `telemetry(gateway_id, key, ts, value)`, is a partitioned table that
 * drizzle-kit cannot declare: its DDL lives in a custom migration and its typed handle in
 * ./history.ts, which is deliberately NOT re-exported through db/tables.ts (drizzle-kit would
 * otherwise emit a plain CREATE TABLE for it).
 *
 * Hot-path tables (latest, rollups) carry no foreign keys: ingest writes them at up to 10^5 rows
 * a second and the rollups outlive a deleted gateway as records. Every `key` is a CONTRACT §4
 * value key such as `temp.1`; every `ts`/`bucket` is an instant (timestamptz).
 */

/** The newest reading per gateway and key (dashboards, shed cards); ingest only moves it forward. */
export const telemetryLatest = pgTable(
  'telemetry_latest',
  {
    gatewayId: integer('gateway_id').notNull(),
    key: text('key').notNull(),
    ts: ts('ts').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.key] })],
);

/**
 * The columns of a rollup table (hourly and daily): one row per gateway, key and bucket with min,
 * max, sum and count of the readings in it.
 */
const rollupColumns = {
  gatewayId: integer('gateway_id').notNull(),
  key: text('key').notNull(),
  bucket: ts('bucket').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  sum: doublePrecision('sum').notNull(),
  count: integer('count').notNull(),
};

/**
 * Five-minute rollup: like the hourly one with 5-minute buckets (aligned to the epoch). Charts of a
 * day up to about a week read it (288 points a day) instead of the raw history, whose rows a busy
 * controller writes every few seconds. Kept FINE_ROLLUP_DAYS (iot/link.ts housekeeping); longer
 * ranges read the hourly rollup.
 */
export const telemetry5min = pgTable('telemetry_5min', rollupColumns, (t) => [primaryKey({ columns: [t.gatewayId, t.key, t.bucket] })]);

/**
 * Hourly rollup: one row per gateway, key and UTC hour (`bucket` = start of the hour) with min,
 * max, sum and count of the readings stored in that hour (avg = sum / count). Maintained by ingest
 * from the rows actually inserted, so a redelivered reading is counted once. Kept forever.
 */
export const telemetryHourly = pgTable('telemetry_hourly', rollupColumns, (t) => [primaryKey({ columns: [t.gatewayId, t.key, t.bucket] })]);

/**
 * Daily rollup: like the hourly one, but `bucket` is local midnight in the time zone of the
 * gateway's farm (UTC when the gateway has no farm), so "per day" statistics match the farm's
 * calendar day. Kept forever.
 */
export const telemetryDaily = pgTable('telemetry_daily', rollupColumns, (t) => [primaryKey({ columns: [t.gatewayId, t.key, t.bucket] })]);

/**
 * Which feeders have a day's record: per gateway and daily bucket, the ids `n` of the
 * `feederFeed.n` rows of telemetry_daily (a feeder-day of the feeding records, feeding/feeder-page.ts).
 * Kept by statement triggers on telemetry_daily (migration 0033): rows inserted add their ids, rows
 * deleted remove them, whoever writes (ingest, seeds, fixtures, benches); an ON CONFLICT update of
 * an existing day row changes nothing. So the records' total and page are counted from about one
 * row per gateway and day instead of every feeder-day of the range. Rollup rows are never re-keyed.
 */
export const telemetryFeederDays = pgTable(
  'telemetry_feeder_days',
  {
    gatewayId: integer('gateway_id').notNull(),
    bucket: ts('bucket').notNull(),
    feederIds: integer('feeder_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.bucket] })],
);

/**
 * Current link state per gateway: `online` since `since`; `last_seen_at` is the last message
 * (telemetry, status or ack) the platform received from it. A gateway that never connected has
 * no row (treat as offline). Removed with its gateway.
 */
export const gatewayStatus = pgTable(
  'gateway_status',
  {
    gatewayId: extensionOf('gateway_id', () => gateways.id),
    online: boolean('online').notNull(),
    since: ts('since').notNull(),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [index('gateway_status_online_idx').on(t.online, t.lastSeenAt)],
);

/**
 * Every online/offline transition (status topic, last will, heartbeat timeout): the source of
 * communication-off times and counts (reports /device-commu-off). An offline row followed by the
 * next online row of the same gateway is one outage.
 */
export const gatewayStatusEvents = pgTable(
  'gateway_status_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gatewayId: belongsTo('gateway_id', () => gateways.id),
    at: ts('at').notNull(),
    online: boolean('online').notNull(),
  },
  (t) => [index('gateway_status_events_gw_at_idx').on(t.gatewayId, t.at)],
);

/**
 * Ingest counters per running process (`node` = host:pid:random), flushed every few seconds, so
 * GET /api/telemetry/ingestStats can sum them across all ingest workers.
 */
export const ingestStats = pgTable('ingest_stats', {
  node: text('node').primaryKey(),
  startedAt: ts('started_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** Telemetry messages received (well-formed or not). */
  messages: counter('messages'),
  /** Readings (key/value pairs) accepted for storage. */
  points: counter('points'),
  /** Readings newly stored (the rest were redelivered duplicates). */
  stored: counter('stored'),
  duplicates: counter('duplicates'),
  /** Payloads refused: not JSON, missing/insane ts, values not an object of finite numbers. */
  malformed: counter('malformed'),
  /** Single values dropped from otherwise good payloads (non-finite, bad key). */
  badValues: counter('bad_values'),
  /** Messages from device codes not in the registry (external broker only). */
  unknownDevice: counter('unknown_device'),
  /** Batches whose write failed and was retried. */
  dbErrors: counter('db_errors'),
  batches: counter('batches'),
  /** Gauge: the longest wait from receipt to commit of a reading since the previous flush (ms). */
  lagMs: integer('lag_ms').notNull().default(0),
  /** Gauge: messages received and not yet durable at the flush (unacknowledged to the broker). */
  pending: integer('pending').notNull().default(0),
});

/** A non-negative 64-bit counter read as a JS number (counters stay far below 2^53). */
function counter(name: string) {
  return bigint(name, { mode: 'number' }).notNull().default(0);
}

/**
 * One-time tickets for GET /api/telemetry/stream?ticket=... (EventSource cannot send the `token`
 * header). Valid 60 s, consumed by the first use; only hashes are stored. Held in the database
 * so the stream may be opened on any API process.
 */
export const telemetryStreamTickets = pgTable(
  'telemetry_stream_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('telemetry_stream_tickets_exp_idx').on(t.expiresAt)],
);

/**
 * The persistent broker sessions of the ingest servers behind an external broker (iot/adopt.ts):
 * each server writes a heartbeat for its session id; a session whose server stopped beating
 * (killed, machine lost) is adopted by a live server of the same shared group, which takes what
 * the broker had queued there and leaves the group in its name. A server that stops gracefully
 * drains its own session and deletes its row.
 */
export const ingestSessions = pgTable('ingest_sessions', {
  clientId: text('client_id').primaryKey(),
  shareGroup: text('share_group').notNull(),
  /** The process holding the session now: its owner, or the server adopting it. */
  node: text('node').notNull(),
  heartbeatAt: ts('heartbeat_at').notNull(),
});
