import { z } from 'zod';
import { countParam, plainString } from './common.js';
import { idFilter, absentIfBlank, timeFilter } from './time.js';

/**
 * The operation and security log (/safe-oplog/records): a read-only view of the append-only
 * audit log, filtered by time (at most 30 days, SPEC §9), account, module and outcome.
 */
export const AUDIT_OUTCOMES = ['ok', 'failed', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

const optionalId = idFilter();

export const operationLogPageBody = z.strictObject({
  pageNo: countParam(1).default(1),
  pageSize: countParam(1, 1000).default(20),
  /** Defaults: the end is now, the start 30 days before the end. */
  startTime: timeFilter(),
  endTime: timeFilter(),
  accountId: optionalId,
  module: absentIfBlank(plainString(100).trim().min(1)),
  outcome: absentIfBlank(z.enum(AUDIT_OUTCOMES, { error: 'validation.invalid' })),
  accountCode: absentIfBlank(plainString().trim().min(1)),
  /** Platform account only: whose log to read (absent: the platform's own entries). */
  tenantId: optionalId,
  /** Page visits (module `visit`) are left out unless asked for here or by `module: 'visit'`. */
  visits: z.boolean({ error: 'validation.invalid' }).optional(),
});

/** The audit module of menu visits (saveActLog): apart from the writes in the operation log. */
export const VISIT_MODULE = 'visit';
export type OperationLogPageBody = z.infer<typeof operationLogPageBody>;

export const operationLogModulesQuery = z.strictObject({ tenantId: optionalId });
export type OperationLogModulesQuery = z.infer<typeof operationLogModulesQuery>;

/**
 * What an entry of a write says it did (its `detail`, written by the server's audit helper): the
 * operation, the kind and name of the object, and for an edit the changed fields with their values
 * before and after. Codes and values only: the console phrases it in the reader's language.
 */
export const AUDIT_OPS = ['add', 'edit', 'delete', 'apply'] as const;
export type AuditOp = (typeof AUDIT_OPS)[number];
export const AUDIT_KINDS = [
  'shed',
  'farm',
  'account',
  'role',
  'device',
  'pen',
  'network',
  'feedType',
  'feed',
  'feedingPlan',
  'feedRack',
  'mealAdjust',
  'setting',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export type AuditValue = string | number | boolean | null | readonly (string | number | boolean | null)[];
export interface AuditChange {
  field: string;
  before: AuditValue;
  after: AuditValue;
}
/** What a write did that has no value to show (a password reset says only that it happened). */
export const AUDIT_EVENTS = ['passwordReset'] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];
export interface AuditNote {
  op: AuditOp;
  kind: AuditKind;
  name: string | null;
  changes?: AuditChange[];
  events?: AuditEvent[];
}

/** Fields never written to the log, by name (passwords, check and safe codes, tokens, secrets). */
export const AUDIT_SECRET_FIELD = /password|passwd|pwd|checkcode|safecode|token|secret|salt|hash/i;
