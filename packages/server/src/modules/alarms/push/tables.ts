import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PhoneContact, PushMethod, RuleKind } from '@farmsense/shared';
import { farms, tenants } from '../../../db/schema.js';
import { belongsTo, stamps } from '../../../db/schema/columns.js';

/**
 * Push configuration (issue 13; SPEC §3 "Push strategy", "Notification configuration"): one
 * strategy and one phone configuration per farm, held by a unique index on the farm (a second
 * one, even from two requests at once, is 20029). Lists are jsonb: they are read and written
 * whole with their row, never searched. Provider accounts and secrets live in the configuration
 * (environment), never here.
 */
const tenantId = belongsTo('tenant_id', () => tenants.id);
const farmId = belongsTo('farm_id', () => farms.id);

export const pushStrategies = pgTable(
  'push_strategies',
  {
    id: serial('id').primaryKey(),
    tenantId,
    farmId,
    name: text('name').notNull(),
    levels: jsonb('levels').$type<number[]>().notNull(),
    kinds: jsonb('kinds').$type<RuleKind[]>().notNull(),
    /** Value kinds (`temp`) or 'offline'; empty is every property. */
    properties: jsonb('properties').$type<string[]>().notNull(),
    accountIds: jsonb('account_ids').$type<number[]>().notNull(),
    extraEmails: jsonb('extra_emails').$type<string[]>().notNull(),
    language: text('language').notNull(),
    methods: jsonb('methods').$type<PushMethod[]>().notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    sendDelaySec: integer('send_delay_sec').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex('push_strategies_farm_uq').on(t.farmId)],
);

export const pushPhoneConfigs = pgTable(
  'push_phone_configs',
  {
    id: serial('id').primaryKey(),
    tenantId,
    farmId,
    callers: jsonb('callers').$type<PhoneContact[]>().notNull(),
    callees: jsonb('callees').$type<PhoneContact[]>().notNull(),
    templateId: text('template_id'),
    templateContent: text('template_content').notNull(),
    language: text('language').notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex('push_phone_configs_farm_uq').on(t.farmId)],
);
