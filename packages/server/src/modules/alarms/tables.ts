import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { gateways } from '../../db/schema.js';
import { inFarm, inShed, tenantId } from '../../db/schema/owners.js';
import { belongsTo, extensionOf, stamps, ts } from '../../db/schema/columns.js';

/**
 * Alarm rules and alarm states (issue 13; DESIGN.md §3 "Alarm state derived from facts").
 * A group is a farm's rule set for one shed type; its rules apply to every shed of that type in
 * the farm. Alarms are facts (`active`, `acknowledged`, start, end, peak) kept as records after
 * their rule or gateway is gone, so they carry the names and limits they were raised with.
 */

/** A farm's rules for one shed type; names are unique in the farm (10010). */
export const alarmRuleGroups = pgTable(
  'alarm_rule_groups',
  {
    id: serial('id').primaryKey(),
    ...inFarm,
    shedType: integer('shed_type').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...stamps,
  },
  (t) => [uniqueIndex('alarm_rule_groups_farm_name_uq').on(t.farmId, t.name), index('alarm_rule_groups_farm_idx').on(t.farmId, t.shedType)],
);

/**
 * A rule (shared alarms/schemas.ts): kind threshold (property, operator, stages, duration,
 * deadband), noData (property, no_data_minutes), offline (property 'offline', duration) or
 * commandFailed (property 'command') or rateOfChange (property, rate_*, window_minutes, duration, deadband).
 * `farm_id` and `shed_type` repeat the group's, so the evaluator finds a shed's rules in one index.
 */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: serial('id').primaryKey(),
    ...inFarm,
    groupId: belongsTo('group_id', () => alarmRuleGroups.id),
    shedType: integer('shed_type').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    property: text('property').notNull(),
    operator: text('operator'),
    /** 1 high, 2 medium, 3 low. */
    level: smallint('level').notNull(),
    message: text('message').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    durationSec: integer('duration_sec').notNull().default(0),
    deadband: doublePrecision('deadband').notNull().default(0),
    noDataMinutes: integer('no_data_minutes'),
    /** rateOfChange: 'rising' | 'falling' | 'either', the change allowed, the window it is measured over. */
    rateDirection: text('rate_direction'),
    rateAmount: doublePrecision('rate_amount'),
    windowMinutes: integer('window_minutes'),
    ...stamps,
  },
  (t) => [
    index('alarm_rules_farm_type_idx').on(t.farmId, t.shedType),
    index('alarm_rules_group_idx').on(t.groupId),
    check('alarm_rules_kind_ck', sql`${t.kind} IN ('threshold', 'noData', 'offline', 'commandFailed', 'rateOfChange')`),
    check('alarm_rules_level_ck', sql`${t.level} IN (1, 2, 3)`),
  ],
);

/** Day-age stages of a threshold rule: ranges do not overlap (20028), from <= to (20027). */
export const alarmRuleStages = pgTable(
  'alarm_rule_stages',
  {
    id: serial('id').primaryKey(),
    tenantId,
    ruleId: belongsTo('rule_id', () => alarmRules.id),
    fromDay: integer('from_day').notNull(),
    toDay: integer('to_day').notNull(),
    /** 'absolute' or 'relative' (offsets from the day's target temperature). */
    limitKind: text('limit_kind').notNull().default('absolute'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
  },
  (t) => [index('alarm_rule_stages_rule_idx').on(t.ruleId), check('alarm_rule_stages_range_ck', sql`${t.fromDay} <= ${t.toDay}`)],
);

/**
 * Alarms. One live (active) alarm per originator (gateway and value key) and rule: the partial
 * unique index makes a second raise (a redelivered reading, a second server process, the
 * catch-up job) a no-op. No foreign key to the gateway or (beyond set null) to the rule: the
 * record outlives both.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...inShed,
    gatewayId: integer('gateway_id').notNull(),
    gatewayCode: text('gateway_code').notNull(),
    ruleId: integer('rule_id').references(() => alarmRules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name').notNull(),
    kind: text('kind').notNull(),
    /** The originator's value key (`temp.3`), 'offline', or `command.<setting group>` (value: the version). */
    key: text('key').notNull(),
    level: smallint('level').notNull(),
    message: text('message').notNull(),
    active: boolean('active').notNull().default(true),
    acknowledged: boolean('acknowledged').notNull().default(false),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    /** The reading that raised it, the worst since, and the limits then in force. */
    readingTs: ts('reading_ts'),
    value: doublePrecision('value'),
    peak: doublePrecision('peak'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    dayAge: integer('day_age'),
    ackBy: integer('ack_by'),
    ackAt: ts('ack_at'),
    ackComment: text('ack_comment'),
    clearedBy: integer('cleared_by'),
    clearComment: text('clear_comment'),
    shelvedUntil: ts('shelved_until'),
    shelvedBy: integer('shelved_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alarms_live_uq')
      .on(t.ruleId, t.gatewayId, t.key)
      .where(sql`${t.active}`),
    index('alarms_tenant_started_idx').on(t.tenantId, t.startedAt),
    index('alarms_shed_active_idx').on(t.shedId, t.active, t.acknowledged),
  ],
);

/**
 * The evaluator's memory per (rule, originator) between readings: when the current breach began
 * (the duration runs from there) and the newest reading evaluated (older ones are redeliveries
 * or the catch-up going over readings already seen).
 */
export const alarmConditions = pgTable(
  'alarm_conditions',
  {
    ruleId: belongsTo('rule_id', () => alarmRules.id),
    gatewayId: belongsTo('gateway_id', () => gateways.id),
    key: text('key').notNull(),
    pendingSince: ts('pending_since'),
    lastTs: ts('last_ts'),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.gatewayId, t.key] })],
);

/**
 * Evaluation progress per gateway: every reading up to `last_ts` has been evaluated. The sweep job
 * evaluates what a process stored but did not get to (a restart, a dropped batch) from there.
 */
export const alarmProgress = pgTable('alarm_progress', {
  gatewayId: extensionOf('gateway_id', () => gateways.id),
  lastTs: ts('last_ts').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
