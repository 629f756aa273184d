import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pens } from '../../db/schema.js';
import { inShed, shedId, tenantId } from '../../db/schema/owners.js';
import { belongsTo, stamps } from '../../db/schema/columns.js';
import { feedDevices } from './device-tables.js';

/**
 * Feeding racks and their positions (issue 15; shared feeding/rack-schemas.ts states the rules):
 * a rack stands in a pen of a pig house and holds the positions `start_no` to `end_no`, one row
 * each; a position holds at most one feeder and a feeder stands at one position at most (the
 * partial unique index). Position numbers are unique in the house, rack names in the pen; both
 * indexes answer a racing second write with the same code as the check before it (20031). A pen
 * or house deleted takes its racks with it; a feeder deleted leaves its position empty.
 */
export const feedRacks = pgTable(
  'feed_racks',
  {
    id: serial('id').primaryKey(),
    ...inShed,
    penId: belongsTo('pen_id', () => pens.id),
    name: text('name').notNull(),
    startNo: integer('start_no').notNull(),
    endNo: integer('end_no').notNull(),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [
    index('feed_racks_shed_idx').on(t.shedId),
    uniqueIndex('feed_racks_pen_name_uq').on(t.penId, t.name),
    check('feed_racks_run_ck', sql`${t.startNo} >= 1 AND ${t.startNo} <= ${t.endNo}`),
  ],
);

export const feedPositions = pgTable(
  'feed_positions',
  {
    id: serial('id').primaryKey(),
    tenantId,
    shedId,
    rackId: belongsTo('rack_id', () => feedRacks.id),
    positionNo: integer('position_no').notNull(),
    feederId: integer('feeder_id').references(() => feedDevices.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('feed_positions_rack_idx').on(t.rackId),
    uniqueIndex('feed_positions_no_uq').on(t.shedId, t.positionNo),
    uniqueIndex('feed_positions_feeder_uq')
      .on(t.feederId)
      .where(sql`${t.feederId} IS NOT NULL`),
  ],
);
