import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Core tables of the platform. Every tenant-owned row carries tenant_id, and created/updated by
 * and at (who changed what is part of the record, as in LiteFarm). Modules add their own tables
 * in src/modules/<module>/tables.ts and re-export them from ./tables.ts.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const stamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
};

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
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
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
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
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
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    /** Null for the platform back office. */
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    /** The sign-in name (SPEC "accountCode"), unique across the platform, stored lower-case. */
    accountCode: text('account_code').notNull(),
    accountName: text('account_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    secureHash: text('secure_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    accountType: smallint('account_type').notNull(),
    status: smallint('status').notNull().default(1),
    phoneNo: text('phone_no'),
    email: text('email'),
    name: text('name'),
    gender: smallint('gender'),
    jobNo: text('job_no'),
    areaCode: text('area_code'),
    lastLoginAt: ts('last_login_at'),
    ...stamps,
  },
  (t) => [uniqueIndex('accounts_code_uq').on(t.accountCode), index('accounts_tenant_idx').on(t.tenantId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
    /** 'farm' or 'group': group-level applications are granted apart from farm-level ones. */
    type: text('type').$type<'farm' | 'group'>().notNull().default('farm'),
    ...stamps,
  },
  (t) => [uniqueIndex('roles_tenant_name_uq').on(t.tenantId, t.roleName)],
);

/** Operation rights per application bound to a role. */
export const roleApps = pgTable(
  'role_apps',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    appCode: text('app_code').notNull(),
    /** Operation rights on the application: view, add, edit, delete, control. */
    ops: jsonb('ops')
      .$type<string[]>()
      .notNull()
      .default(sql`'["view"]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.appCode] })],
);

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] })],
);

/** The permission catalogue as data (seeded from @farmsense/shared at start-up). */
export const applicationInfo = pgTable(
  'application_info',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    parentCode: text('parent_code'),
    funType: text('fun_type').notNull(),
    scope: text('scope').notNull(),
    seqNo: integer('seq_no').notNull(),
    path: text('path'),
    isIndex: boolean('is_index').notNull().default(true),
  },
  (t) => [uniqueIndex('application_info_code_uq').on(t.code)],
);

export const farms = pgTable(
  'farms',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    farmName: text('farm_name').notNull(),
    /** 1 pig, 2 poultry, 3 cattle. */
    type: smallint('type').notNull(),
    scale: smallint('scale'),
    address: text('address'),
    personInCharge: text('person_in_charge'),
    contact: text('contact'),
    areaCode: text('area_code'),
    phone: text('phone'),
    adminAccountId: integer('admin_account_id'),
    state: smallint('state').notNull().default(1),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    timeZoneName: text('time_zone_name'),
    ...stamps,
  },
  (t) => [uniqueIndex('farms_tenant_name_uq').on(t.tenantId, t.farmName)],
);

export const accountFarms = pgTable(
  'account_farms',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.farmId] })],
);

export const sheds = pgTable(
  'sheds',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    shedName: text('shed_name').notNull(),
    /** Poultry 1001-2000, pig 0-7 (SPEC §3). */
    shedType: integer('shed_type').notNull(),
    areaNum: integer('area_num').notNull().default(0),
    buildingNum: integer('building_num').notNull().default(0),
    shedNum: integer('shed_num').notNull().default(0),
    ...stamps,
  },
  (t) => [index('sheds_farm_idx').on(t.farmId)],
);

/** When an account has rows here for a farm, it sees only those sheds of that farm. */
export const accountSheds = pgTable(
  'account_sheds',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shedId: integer('shed_id')
      .notNull()
      .references(() => sheds.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.shedId] })],
);

export const pens = pgTable(
  'pens',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    shedId: integer('shed_id')
      .notNull()
      .references(() => sheds.id, { onDelete: 'cascade' }),
    /** Pen (column) number and row ("field"); 0 means blank. */
    fieldColumn: integer('field_column').notNull().default(0),
    field: integer('field').notNull().default(0),
    name: text('name'),
    ...stamps,
  },
  (t) => [index('pens_shed_idx').on(t.shedId)],
);

/** When an account has rows here for a shed, it sees only those pens of that shed. */
export const accountPens = pgTable(
  'account_pens',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    penId: integer('pen_id')
      .notNull()
      .references(() => pens.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.penId] })],
);

/** A gateway (controller, DTU, feeder main unit, meter hub) that speaks CONTRACT §4. */
export const gateways = pgTable(
  'gateways',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    shedId: integer('shed_id').references(() => sheds.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    gatewayType: integer('gateway_type').notNull(),
    deviceCategory: integer('device_category'),
    model: text('model'),
    serialNo: text('serial_no'),
    checkCode: text('check_code').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Where a bus controller (the 4008 family) sits: the network device it is wired to (a
     * network_devices id of the same tenant; cleared when that device is deleted), the port there
     * and its communication point number on that port, unique per network device and port.
     */
    networkId: integer('network_id'),
    port: integer('port'),
    commPointNo: integer('comm_point_no'),
    /** The DTU gateway (type 1000) a sub-device reports through. */
    parentId: integer('parent_id').references((): AnyPgColumn => gateways.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('gateways_code_uq').on(t.code),
    index('gateways_shed_idx').on(t.shedId),
    uniqueIndex('gateways_comm_point_uq').on(t.networkId, t.port, t.commPointNo),
    index('gateways_parent_idx').on(t.parentId),
  ],
);

/** Server-side sessions: the token is random, only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Append-only log of every write, sign-in, failure and refusal (no route updates or deletes it). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    tenantId: integer('tenant_id'),
    accountId: integer('account_id'),
    accountCode: text('account_code'),
    ip: text('ip'),
    method: text('method'),
    action: text('action').notNull(),
    module: text('module'),
    /** 'ok', 'failed' or 'denied'. */
    outcome: text('outcome').notNull(),
    code: integer('code'),
    detail: jsonb('detail'),
  },
  (t) => [index('audit_log_tenant_at_idx').on(t.tenantId, t.at)],
);

/** Menu visits (saveActLog). */
export const actLog = pgTable(
  'act_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    tenantId: integer('tenant_id'),
    accountId: integer('account_id').notNull(),
    modeCode: text('mode_code').notNull(),
  },
  (t) => [index('act_log_account_idx').on(t.accountId, t.at)],
);

export const defaultApplication = pgTable('default_application', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  applicationInfoId: integer('application_info_id').notNull(),
});

/** Parameters by group; group LOGO lists languages (paramCode locale, paramValue title, paramOther version). */
export const params = pgTable(
  'params',
  {
    id: serial('id').primaryKey(),
    paramGroupCode: text('param_group_code').notNull(),
    paramCode: text('param_code').notNull(),
    paramValue: text('param_value').notNull(),
    paramOther: text('param_other'),
    seqNo: integer('seq_no').notNull().default(0),
  },
  (t) => [uniqueIndex('params_group_code_uq').on(t.paramGroupCode, t.paramCode)],
);

/** Keys shared by every API process (the RSA key pair for password transport). */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  privatePem: text('private_pem').notNull(),
  publicPem: text('public_pem').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
