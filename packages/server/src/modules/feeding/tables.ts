import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { gateways, pens } from '../../db/schema.js';
import { inShed, tenantId } from '../../db/schema/owners.js';
import { belongsTo, stamps, ts } from '../../db/schema/columns.js';
import { feedDevices } from './device-tables.js';

export * from './device-tables.js';
export * from './rack-tables.js';
export * from './meal-tables.js';

/**
 * The feeding module's tables (issue 15). Feed types and feed info are the tenant's catalogue
 * (shared feeding/schemas.ts states the rules); names and batches are unique in the tenant, held by
 * unique indexes so a racing second insert answers the same code as the check before it.
 */

export const feedTypes = pgTable(
  'feed_types',
  {
    id: serial('id').primaryKey(),
    tenantId,
    name: text('name').notNull(),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [uniqueIndex('feed_types_tenant_name_uq').on(t.tenantId, t.name)],
);

/** One feed as bought. Its type cannot go while it exists (restrict: 20036 first). */
export const feedInfos = pgTable(
  'feed_infos',
  {
    id: serial('id').primaryKey(),
    tenantId,
    typeId: integer('type_id')
      .notNull()
      .references(() => feedTypes.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    batch: text('batch').notNull(),
    formulaRatio: text('formula_ratio'),
    weight: doublePrecision('weight').notNull(),
    unit: text('unit').notNull(),
    price: doublePrecision('price'),
    priceUnit: text('price_unit'),
    /** A farm type: 1 pig, 2 poultry, 3 cattle. */
    animalType: smallint('animal_type').notNull(),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('feed_infos_tenant_name_uq').on(t.tenantId, t.name),
    uniqueIndex('feed_infos_tenant_batch_uq').on(t.tenantId, t.batch),
    index('feed_infos_type_idx').on(t.typeId),
    check('feed_infos_unit_ck', sql`${t.unit} IN ('g', 'kg')`),
    check('feed_infos_weight_ck', sql`${t.weight} > 0`),
  ],
);

/**
 * A feeding standard (/std/mgn): the daily amount by day age for one pen feeding type and breed
 * (shared feeding/standard-rules.ts). Names are unique in the tenant (10010); a standard a plan
 * follows cannot be deleted (restrict: 20036 first).
 */
export const feedingStandards = pgTable(
  'feeding_standards',
  {
    id: serial('id').primaryKey(),
    tenantId,
    name: text('name').notNull(),
    penFeedingType: text('pen_feeding_type').notNull(),
    breed: text('breed').notNull(),
    /** Percent above the maximum a feeder may give on demand. */
    excessRatio: doublePrecision('excess_ratio').notNull().default(0),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('feeding_standards_tenant_name_uq').on(t.tenantId, t.name),
    check('feeding_standards_type_ck', sql`${t.penFeedingType} IN ('pregnant', 'careful', 'breastfeed', 'wean', 'nonpregnant', 'empty')`),
  ],
);

/** A standard's age row: days `start_day`..`end_day`, minimum <= standard <= maximum, g per head per day. */
export const feedingStandardAges = pgTable(
  'feeding_standard_ages',
  {
    id: serial('id').primaryKey(),
    tenantId,
    standardId: belongsTo('standard_id', () => feedingStandards.id),
    seq: smallint('seq').notNull(),
    startDay: integer('start_day').notNull(),
    endDay: integer('end_day').notNull(),
    minAmount: doublePrecision('min_amount').notNull(),
    dailyAmount: doublePrecision('daily_amount').notNull(),
    maxAmount: doublePrecision('max_amount').notNull(),
  },
  (t) => [
    uniqueIndex('feeding_standard_ages_seq_uq').on(t.standardId, t.seq),
    check('feeding_standard_ages_days_ck', sql`${t.startDay} <= ${t.endDay}`),
    check('feeding_standard_ages_amount_ck', sql`${t.minAmount} <= ${t.dailyAmount} AND ${t.dailyAmount} <= ${t.maxAmount}`),
  ],
);

/** A standard's adjustment: `percent` added to the amount when the animal's `factor` is within `from`..`to`. */
export const feedingStandardAdjustments = pgTable(
  'feeding_standard_adjustments',
  {
    id: serial('id').primaryKey(),
    tenantId,
    standardId: belongsTo('standard_id', () => feedingStandards.id),
    seq: smallint('seq').notNull(),
    factor: text('factor').notNull(),
    from: doublePrecision('value_from').notNull(),
    to: doublePrecision('value_to').notNull(),
    percent: doublePrecision('percent').notNull(),
  },
  (t) => [
    uniqueIndex('feeding_standard_adjustments_seq_uq').on(t.standardId, t.seq),
    check(
      'feeding_standard_adjustments_factor_ck',
      sql`${t.factor} IN ('parity', 'season', 'litterSize', 'bodyCondition', 'backFat', 'leftoverGrade')`,
    ),
  ],
);

/**
 * A feeding plan (SPEC §3, §5 "Feeding plans"): a farm's ration for one house (and some of its
 * pens, or all when none are listed) by day age, in continuous stages cut at the split points,
 * fed in meal periods. Names are unique in the farm (20092). `dispatch_mode` immediate sends on
 * dispatch, timed at `dispatch_at` (a durable job); `dispatch_status` follows its feeders' rows.
 */
export const feedingPlans = pgTable(
  'feeding_plans',
  {
    id: serial('id').primaryKey(),
    ...inShed,
    name: text('name').notNull(),
    totalDays: integer('total_days').notNull(),
    splitPoints: integer('split_points').array().notNull(),
    dispatchMode: text('dispatch_mode').notNull(),
    dispatchAt: ts('dispatch_at'),
    dispatchStatus: text('dispatch_status').notNull().default('draft'),
    /** The largest day-to-day ration change (g per head) without confirmation. */
    maxStep: doublePrecision('max_step').notNull().default(1000),
    /** A daily step above the limit was confirmed by the user (kept for the record). */
    stepConfirmed: boolean('step_confirmed').notNull().default(false),
    /** The feeding standard the plan keeps to: a stage below its minimum is flagged. */
    standardId: integer('standard_id').references(() => feedingStandards.id, { onDelete: 'restrict' }),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('feeding_plans_farm_name_uq').on(t.farmId, t.name),
    index('feeding_plans_shed_idx').on(t.shedId),
    index('feeding_plans_standard_idx').on(t.standardId),
    check('feeding_plans_mode_ck', sql`${t.dispatchMode} IN ('immediate', 'timed')`),
    check('feeding_plans_status_ck', sql`${t.dispatchStatus} IN ('draft', 'scheduled', 'dispatching', 'dispatched', 'partial', 'failed')`),
  ],
);

/** A stage: days `start_day`..`end_day` (continuous over the plan), one feed, a daily amount in g per head. */
export const feedingPlanStages = pgTable(
  'feeding_plan_stages',
  {
    id: serial('id').primaryKey(),
    tenantId,
    planId: belongsTo('plan_id', () => feedingPlans.id),
    seq: smallint('seq').notNull(),
    startDay: integer('start_day').notNull(),
    endDay: integer('end_day').notNull(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => feedInfos.id, { onDelete: 'restrict' }),
    dailyAmount: doublePrecision('daily_amount').notNull(),
  },
  (t) => [
    uniqueIndex('feeding_plan_stages_seq_uq').on(t.planId, t.seq),
    index('feeding_plan_stages_feed_idx').on(t.feedId),
    check('feeding_plan_stages_days_ck', sql`${t.startDay} <= ${t.endDay}`),
  ],
);

/** A meal period: minutes of the day, start before end, its share of the daily amount in percent. */
export const feedingPlanMeals = pgTable(
  'feeding_plan_meals',
  {
    id: serial('id').primaryKey(),
    tenantId,
    planId: belongsTo('plan_id', () => feedingPlans.id),
    seq: smallint('seq').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    share: doublePrecision('share').notNull(),
  },
  (t) => [
    uniqueIndex('feeding_plan_meals_seq_uq').on(t.planId, t.seq),
    check('feeding_plan_meals_time_ck', sql`${t.startMinute} < ${t.endMinute}`),
  ],
);

/** The pens a plan feeds; none listed means every pen of its house. */
export const feedingPlanPens = pgTable(
  'feeding_plan_pens',
  {
    planId: belongsTo('plan_id', () => feedingPlans.id),
    penId: belongsTo('pen_id', () => pens.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.penId] })],
);

/**
 * One feeder's copy of a plan dispatch: `status` notSent, sending (its command is pending at the
 * concentrator's gateway) or sent; `result` the outcome code (1 confirmed, or the error code it
 * failed with), null while none. One row per plan and feeder: a new dispatch resets it. The
 * command itself is a control command (`command_id`, group `feeding`), settled by the device's ack
 * or its expiry; `gateway_id` is the gateway it goes to (the feeder's concentrator's).
 */
export const feedingDispatches = pgTable(
  'feeding_dispatches',
  {
    id: serial('id').primaryKey(),
    tenantId,
    planId: belongsTo('plan_id', () => feedingPlans.id),
    gatewayId: belongsTo('gateway_id', () => gateways.id),
    feederId: integer('feeder_id').references(() => feedDevices.id, { onDelete: 'cascade' }),
    commandId: text('command_id'),
    version: integer('version'),
    status: text('status').notNull().default('notSent'),
    result: integer('result'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('feeding_dispatches_plan_feeder_uq').on(t.planId, t.feederId),
    index('feeding_dispatches_command_idx').on(t.commandId),
    check('feeding_dispatches_status_ck', sql`${t.status} IN ('notSent', 'sending', 'sent')`),
  ],
);
