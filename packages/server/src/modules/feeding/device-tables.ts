import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { gateways, pens } from '../../db/schema.js';
import { inShed } from '../../db/schema/owners.js';
import { stamps } from '../../db/schema/columns.js';

/**
 * A house's feeder hierarchy (issue 15, SPEC §3): concentrators on feeder main gateways,
 * collectors on a concentrator's bus, feeders on a collector, each feeding one pen. One table for
 * the three kinds (shared feeding/device-schemas.ts states the rules): the serial settings are a
 * concentrator's or collector's, the feeding parameters a feeder's. Deleting a parent with
 * children is refused by the service (20041, 20050); a gateway, pen or house deleted takes its devices with it.
 */
export const feedDevices = pgTable(
  'feed_devices',
  {
    id: serial('id').primaryKey(),
    ...inShed,
    kind: text('kind').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => feedDevices.id, { onDelete: 'cascade' }),
    /** A concentrator's gateway (one concentrator per gateway). */
    gatewayId: integer('gateway_id').references(() => gateways.id, { onDelete: 'cascade' }),
    /** A feeder's pen. */
    penId: integer('pen_id').references(() => pens.id, { onDelete: 'cascade' }),
    deviceNo: text('device_no').notNull(),
    name: text('name').notNull(),
    model: text('model'),
    baudRate: integer('baud_rate'),
    dataBits: smallint('data_bits'),
    stopBits: smallint('stop_bits'),
    parity: text('parity'),
    brightness: smallint('brightness'),
    lockSeconds: integer('lock_seconds'),
    touchLock: boolean('touch_lock'),
    baitWeight: integer('bait_weight'),
    tempLow: smallint('temp_low'),
    tempHigh: smallint('temp_high'),
    intervalMinutes: integer('interval_minutes'),
    amountPerFeed: integer('amount_per_feed'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [
    index('feed_devices_shed_idx').on(t.shedId, t.kind),
    index('feed_devices_parent_idx').on(t.parentId),
    index('feed_devices_pen_idx').on(t.penId),
    uniqueIndex('feed_devices_gateway_uq').on(t.gatewayId),
    // A device number is unique under its parent; a concentrator's in the tenant.
    uniqueIndex('feed_devices_no_uq')
      .on(t.parentId, t.deviceNo)
      .where(sql`${t.parentId} IS NOT NULL`),
    uniqueIndex('feed_devices_root_no_uq')
      .on(t.tenantId, t.deviceNo)
      .where(sql`${t.parentId} IS NULL`),
    check('feed_devices_kind_ck', sql`${t.kind} IN ('concentrator', 'collector', 'feeder')`),
    check(
      'feed_devices_links_ck',
      sql`(${t.kind} = 'concentrator' AND ${t.gatewayId} IS NOT NULL AND ${t.parentId} IS NULL) OR (${t.kind} = 'collector' AND ${t.parentId} IS NOT NULL) OR (${t.kind} = 'feeder' AND ${t.parentId} IS NOT NULL AND ${t.penId} IS NOT NULL)`,
    ),
  ],
);
