import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, extensionOf, stamps, ts } from './columns.js';
import { tenants } from './tenants.js';

// Accounts, roles and the permission catalogue they are granted from.

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
    tenantId: belongsTo('tenant_id', () => tenants.id),
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
    roleId: belongsTo('role_id', () => roles.id),
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
    accountId: belongsTo('account_id', () => accounts.id),
    roleId: belongsTo('role_id', () => roles.id),
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

export const defaultApplication = pgTable('default_application', {
  accountId: extensionOf('account_id', () => accounts.id),
  applicationInfoId: integer('application_info_id').notNull(),
});
