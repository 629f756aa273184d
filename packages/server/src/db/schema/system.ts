import { bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, ts } from './columns.js';
import { accounts } from './accounts.js';

// Sign-in state, logs and settings shared by every API process.

/** Server-side sessions: the token is random, only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
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
