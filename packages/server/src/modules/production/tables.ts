import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { gateways } from '../../db/schema.js';
import { inFarm, inShed, tenantId } from '../../db/schema/owners.js';
import { belongsTo, stamps, ts } from '../../db/schema/columns.js';

/**
 * Poultry production records (SPEC §3 "Flock", daily stock and daily records, medication and
 * immunisation records, standard curves). Dates are calendar days in the farm's time zone
 * (`date` columns, 'YYYY-MM-DD'); a flock's day age on a date is `date - birth_date` (hatch day =
 * day 0, so Ross 308 day 0 = 44 g lines up). Daily tables hold one row per flock and day; a
 * second entry for the same day is refused with the kind's code (20078 / 20302 / 20301).
 */
const day = (name: string) => date(name, { mode: 'string' });
const num = (name: string) => doublePrecision(name);

/** A flock: placement to depletion in one house. status 1 = current, 2 = closed (history). */
export const flocks = pgTable(
  'flocks',
  {
    id: serial('id').primaryKey(),
    ...inShed,
    /** The group number the farm uses ("2026-B07"); unique per farm and house (20065). */
    groupNo: text('group_no').notNull(),
    /** FLOCK_TYPES index + 1: 1 breeding, 2 feeding, 3 cock, 4 hen, 5 mixed. */
    flockType: smallint('flock_type').notNull(),
    /** FLOCK_SEX: 1 rooster, 2 hen, 3 mixed, 4 chick, 5 other. */
    sex: smallint('sex').notNull(),
    breed: text('breed'),
    birthDate: day('birth_date').notNull(),
    layingDate: day('laying_date'),
    /** Placement in the house. */
    startDate: day('start_date').notNull(),
    /** Planned depletion. */
    endDate: day('end_date'),
    /** Actual close; set when the flock moves to history. */
    stopDate: day('stop_date'),
    origin: text('origin'),
    maleCount: integer('male_count').notNull().default(0),
    femaleCount: integer('female_count').notNull().default(0),
    /** Average weights at placement, grams. */
    maleAvgWeight: num('male_avg_weight'),
    femaleAvgWeight: num('female_avg_weight'),
    /** The gateway whose water/feed meters fill this flock's daily records. */
    deviceId: integer('device_id').references(() => gateways.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('flocks_farm_shed_group_uq').on(t.farmId, t.shedId, t.groupNo),
    index('flocks_tenant_farm_idx').on(t.tenantId, t.farmId, t.status),
  ],
);

const dayKey = {
  id: serial('id').primaryKey(),
  tenantId,
  flockId: belongsTo('flock_id', () => flocks.id),
  day: day('day').notNull(),
  /** Day age on `day`, stored so reports and the 20301 rule read it without the flock. */
  dayAge: integer('day_age').notNull(),
};

/**
 * Daily stock. Totals always; the `*Male` columns are the male part of each total for sexed
 * flocks (null otherwise). Birds present at the end of a day = male_count + female_count +
 * running sum of (in - out - dead - culled).
 */
export const flockStockDays = pgTable(
  'flock_stock_days',
  {
    ...dayKey,
    transferIn: integer('transfer_in').notNull().default(0),
    transferOut: integer('transfer_out').notNull().default(0),
    dead: integer('dead').notNull().default(0),
    culled: integer('culled').notNull().default(0),
    transferInMale: integer('transfer_in_male'),
    transferOutMale: integer('transfer_out_male'),
    deadMale: integer('dead_male'),
    culledMale: integer('culled_male'),
    /** Live weight of the birds out that day, kg (thinning, depletion, transfer): live weight produced for FCR and EPEF. */
    transferOutKg: num('transfer_out_kg'),
    /** Weight of the day's dead birds, kg, where weighed (mortality-corrected FCR). */
    deadKg: num('dead_kg'),
    /** Mating count (breeders). */
    mating: integer('mating'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [uniqueIndex('flock_stock_days_uq').on(t.flockId, t.day)],
);

/** Growth: body weight sampling, grams; uniformity in percent. */
export const flockGrowDays = pgTable(
  'flock_grow_days',
  {
    ...dayKey,
    avgWeight: num('avg_weight'),
    maleAvgWeight: num('male_avg_weight'),
    femaleAvgWeight: num('female_avg_weight'),
    uniformity: num('uniformity'),
    /** Coefficient of variation of the weighed sample, %, computed from individual weights when they were entered. */
    cv: num('cv'),
    sampleSize: integer('sample_size'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [uniqueIndex('flock_grow_days_uq').on(t.flockId, t.day)],
);

/**
 * Feed (kg) and water (L) per day. `measured` rows were filled from the house's meters; when a
 * person corrects one, `measured` turns false and `measured_value` keeps what the meter said.
 */
export const flockFeedDays = pgTable(
  'flock_feed_days',
  {
    ...dayKey,
    feedKg: num('feed_kg').notNull(),
    feedType: text('feed_type'),
    measured: boolean('measured').notNull().default(false),
    measuredValue: num('measured_value'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [uniqueIndex('flock_feed_days_uq').on(t.flockId, t.day)],
);

export const flockWaterDays = pgTable(
  'flock_water_days',
  {
    ...dayKey,
    waterL: num('water_l').notNull(),
    measured: boolean('measured').notNull().default(false),
    measuredValue: num('measured_value'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [uniqueIndex('flock_water_days_uq').on(t.flockId, t.day)],
);

/** Eggs: count and total weight (kg); grading is optional (counts per grade). */
export const flockEggDays = pgTable(
  'flock_egg_days',
  {
    ...dayKey,
    eggCount: integer('egg_count').notNull(),
    eggWeightKg: num('egg_weight_kg'),
    qualified: integer('qualified'),
    large: integer('large'),
    medium: integer('medium'),
    small: integer('small'),
    broken: integer('broken'),
    dirty: integer('dirty'),
    deformed: integer('deformed'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [uniqueIndex('flock_egg_days_uq').on(t.flockId, t.day)],
);

/** Immunisation record (SPEC §3). */
export const flockImmunizations = pgTable(
  'flock_immunizations',
  {
    id: serial('id').primaryKey(),
    tenantId,
    flockId: belongsTo('flock_id', () => flocks.id),
    vaccinatedAt: ts('vaccinated_at').notNull(),
    dayAge: integer('day_age').notNull(),
    vaccineBrand: text('vaccine_brand').notNull(),
    method: text('method').notNull(),
    disease: text('disease').notNull(),
    vaccineExpiry: day('vaccine_expiry'),
    dose: text('dose'),
    implementer: text('implementer'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [index('flock_immunizations_flock_idx').on(t.flockId, t.vaccinatedAt)],
);

/** Medication record (SPEC §3). */
export const flockMedications = pgTable(
  'flock_medications',
  {
    id: serial('id').primaryKey(),
    tenantId,
    flockId: belongsTo('flock_id', () => flocks.id),
    medicatedAt: ts('medicated_at').notNull(),
    dayAge: integer('day_age').notNull(),
    drugName: text('drug_name').notNull(),
    manufacturer: text('manufacturer'),
    method: text('method').notNull(),
    disease: text('disease').notNull(),
    dose: text('dose'),
    withdrawalDays: integer('withdrawal_days'),
    implementer: text('implementer'),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [index('flock_medications_flock_idx').on(t.flockId, t.medicatedAt)],
);

/**
 * Standard curves: one per farm, flock type and indicator (20064). `values[i]` is the figure for
 * day age `start_day + i`. `source` names the public standard a built-in copy came from.
 */
export const standardCurves = pgTable(
  'standard_curves',
  {
    id: serial('id').primaryKey(),
    ...inFarm,
    flockType: smallint('flock_type').notNull(),
    /** '01'..'12' (SPEC §3 standard curve indicators). */
    indicator: text('indicator').notNull(),
    name: text('name').notNull(),
    startDay: integer('start_day').notNull().default(0),
    values: jsonb('values')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    source: text('source'),
    builtinId: text('builtin_id'),
    ...stamps,
  },
  (t) => [uniqueIndex('standard_curves_farm_type_indicator_uq').on(t.farmId, t.flockType, t.indicator)],
);
