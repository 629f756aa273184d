import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SiloAction, SiloLevel, SiloWeightState, TrackState } from '@farmsense/shared';
import { gateways } from '../../db/schema.js';
import { inFarm, shedId } from '../../db/schema/owners.js';
import { belongsTo, extensionOf, stamps, ts } from '../../db/schema/columns.js';

/**
 * Silos (feed towers) and what their load cells tell (issue 15; SPEC §4 "Feed tower"). A silo
 * belongs to a farm, feeds some of its houses, and is weighed by one channel `weight.<n>` of a
 * weigher gateway: a channel weighs one silo (the partial unique index, 20050). Deliveries and
 * daily figures are records: they stay after the scale is unbound.
 */

/** A silo; names are unique in the farm (10010). */
export const silos = pgTable(
  'silos',
  {
    id: serial('id').primaryKey(),
    ...inFarm,
    name: text('name').notNull(),
    capacityKg: integer('capacity_kg').notNull(),
    emptyPct: doublePrecision('empty_pct').notNull().default(10),
    fullPct: doublePrecision('full_pct').notNull().default(95),
    leadDays: smallint('lead_days').notNull().default(3),
    /** The weigher gateway and its channel n (`weight.<n>`); both null when unbound. */
    gatewayId: integer('gateway_id').references(() => gateways.id, { onDelete: 'set null' }),
    channel: smallint('channel'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('silos_farm_name_uq').on(t.farmId, t.name),
    uniqueIndex('silos_scale_uq')
      .on(t.gatewayId, t.channel)
      .where(sql`${t.gatewayId} IS NOT NULL`),
    check('silos_capacity_ck', sql`${t.capacityKg} > 0`),
  ],
);

/** The houses a silo feeds (of its farm). */
export const siloSheds = pgTable(
  'silo_sheds',
  {
    siloId: belongsTo('silo_id', () => silos.id),
    shedId,
  },
  (t) => [primaryKey({ columns: [t.siloId, t.shedId] }), index('silo_sheds_shed_idx').on(t.shedId)],
);

/**
 * A silo's state from its newest reading, and the detector's memory (shared silos/detect.ts).
 * `ts` is the newest reading taken: an older or equal one changes nothing (redelivery, replay).
 */
export const siloState = pgTable('silo_state', {
  siloId: extensionOf('silo_id', () => silos.id),
  ts: ts('ts').notNull(),
  weightKg: doublePrecision('weight_kg').notNull(),
  level: text('level').$type<SiloLevel>().notNull(),
  weightState: text('weight_state').$type<SiloWeightState>().notNull(),
  action: text('action').$type<SiloAction>().notNull(),
  track: jsonb('track').$type<TrackState>().notNull(),
});

/** A delivery found in the readings: from the start of the rise to its peak, with its kg. */
export const siloDeliveries = pgTable(
  'silo_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...inFarm,
    siloId: belongsTo('silo_id', () => silos.id),
    startedAt: ts('started_at').notNull(),
    ts: ts('ts').notNull(),
    kg: doublePrecision('kg').notNull(),
  },
  (t) => [uniqueIndex('silo_deliveries_silo_ts_uq').on(t.siloId, t.ts), index('silo_deliveries_farm_ts_idx').on(t.farmId, t.ts)],
);

/** One silo's local day (the farm's time zone): consumption, deliveries and the last weight. */
export const siloDaily = pgTable(
  'silo_daily',
  {
    siloId: belongsTo('silo_id', () => silos.id),
    day: date('day', { mode: 'string' }).notNull(),
    ...inFarm,
    consumedKg: doublePrecision('consumed_kg').notNull().default(0),
    deliveredKg: doublePrecision('delivered_kg').notNull().default(0),
    deliveries: integer('deliveries').notNull().default(0),
    closingKg: doublePrecision('closing_kg'),
    closingTs: ts('closing_ts'),
  },
  (t) => [primaryKey({ columns: [t.siloId, t.day] }), index('silo_daily_farm_day_idx').on(t.farmId, t.day)],
);
