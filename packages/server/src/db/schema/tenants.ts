import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, extensionOf, stamps, ts } from './columns.js';

// Tenants and what the platform granted them: system and API authorization, API call counts.

export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contact: text('contact'),
    phone: text('phone'),
    address: text('address'),
    /** Application modules the platform granted: 'pig', 'chicken', 'group'. */
    modules: jsonb('modules')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: smallint('status').notNull().default(1),
    ...stamps,
  },
  (t) => [uniqueIndex('tenants_name_uq').on(t.name)],
);

/** System authorization (SPEC §3): validity and caps; absent values mean permanent / unlimited. */
export const systemAuth = pgTable('system_auth', {
  tenantId: extensionOf('tenant_id', () => tenants.id),
  validYears: integer('valid_years'),
  validStart: ts('valid_start'),
  validEnd: ts('valid_end'),
  userNum: integer('user_num'),
  farmNum: integer('farm_num'),
  deviceNum: integer('device_num'),
  isOpenApi: boolean('is_open_api').notNull().default(false),
  allowAccounts: jsonb('allow_accounts').$type<number[] | null>(),
  ...stamps,
});

/** API authorization (SPEC §3, §6). */
export const apiAuth = pgTable(
  'api_auth',
  {
    tenantId: extensionOf('tenant_id', () => tenants.id),
    validYears: integer('valid_years'),
    validStart: ts('valid_start'),
    validEnd: ts('valid_end'),
    visitWay: text('visit_way').$type<'http' | 'https' | 'both'>().notNull().default('both'),
    ipAddress: text('ip_address'),
    authCodeHash: text('auth_code_hash'),
    visitTimes: integer('visit_times'),
    allowAccounts: jsonb('allow_accounts').$type<number[] | null>(),
    functions: jsonb('functions').$type<string[] | null>(),
    farms: jsonb('farms').$type<number[] | null>(),
    ...stamps,
  },
  (t) => [uniqueIndex('api_auth_code_uq').on(t.authCodeHash)],
);

/** Calls made with a tenant's API access code per UTC day, against api_auth.visit_times. */
export const apiCalls = pgTable(
  'api_calls',
  {
    tenantId: belongsTo('tenant_id', () => tenants.id),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);
