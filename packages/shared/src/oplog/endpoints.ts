import { z } from 'zod';
import { get, pageOf, post } from '../contract.js';
import { AUDIT_OUTCOMES, operationLogModulesQuery, operationLogPageBody } from '../schemas/oplog.js';

export const operationLogRow = z.object({
  id: z.number(),
  /** ISO 8601 moment of the entry. */
  at: z.string(),
  tenantId: z.number().nullable(),
  accountId: z.number().nullable(),
  accountCode: z.string().nullable(),
  accountName: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
  action: z.string(),
  module: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  code: z.number().nullable(),
  detail: z.unknown(),
});
export type OperationLogRow = z.infer<typeof operationLogRow>;

/**
 * The operation and security log (/safe-oplog/records). Read-only by construction: there is no
 * update or delete call, so PUT or DELETE on these paths answer 21008 (route not found).
 */
export const oplogApi = {
  page: post(
    '/breedpigbuilding/operationLog/page',
    "Paged audit log of the caller's tenant (time range at most 30 days; account, module, outcome)",
    { body: operationLogPageBody, answer: pageOf(operationLogRow) },
  ),
  modules: get('/breedpigbuilding/operationLog/modules', "Module names present in the caller's audit log", {
    query: operationLogModulesQuery,
    answer: z.array(z.string()),
  }),
};
