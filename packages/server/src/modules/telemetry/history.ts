import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Typed handle on the partitioned history table `telemetry` for drizzle queries
 * (`db.select().from(telemetry)`). The table itself is created by the custom migration
 * drizzle/0004_telemetry.sql (PARTITION BY RANGE (ts), monthly partitions, DEFAULT partition,
 * BRIN on ts, primary key (gateway_id, key, ts)). This file is on purpose not re-exported from
 * db/tables.ts: drizzle-kit would then generate a second, unpartitioned CREATE TABLE.
 */
export const telemetry = pgTable('telemetry', {
  gatewayId: integer('gateway_id').notNull(),
  key: text('key').notNull(),
  ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
  value: doublePrecision('value').notNull(),
});
