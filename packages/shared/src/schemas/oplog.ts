import { z } from 'zod';
import { INPUT_MAX_LENGTH } from '../constants.js';
import { blankAsAbsent, dateTimeInput } from './time.js';

/**
 * The operation and security log (/safe-oplog/records): a read-only view of the append-only
 * audit log, filtered by time (at most 30 days, SPEC §9), account, module and outcome.
 */
export const AUDIT_OUTCOMES = ['ok', 'failed', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

const optionalId = z.preprocess(blankAsAbsent, z.coerce.number().int('validation.invalid').positive('validation.invalid').optional());

export const operationLogPageBody = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  /** Defaults: the end is now, the start 30 days before the end. */
  startTime: z.preprocess(blankAsAbsent, dateTimeInput.optional()),
  endTime: z.preprocess(blankAsAbsent, dateTimeInput.optional()),
  accountId: optionalId,
  module: z.preprocess(blankAsAbsent, z.string().trim().min(1).max(100, 'validation.maxLength').optional()),
  outcome: z.preprocess(blankAsAbsent, z.enum(AUDIT_OUTCOMES, { error: 'validation.invalid' }).optional()),
  accountCode: z.preprocess(blankAsAbsent, z.string().trim().min(1).max(INPUT_MAX_LENGTH, 'validation.maxLength').optional()),
  /** Platform account only: whose log to read (absent: the platform's own entries). */
  tenantId: optionalId,
});
export type OperationLogPageBody = z.infer<typeof operationLogPageBody>;

export const operationLogModulesQuery = z.object({ tenantId: optionalId });
export type OperationLogModulesQuery = z.infer<typeof operationLogModulesQuery>;
