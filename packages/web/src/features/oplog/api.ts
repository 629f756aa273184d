import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AuditOutcome, OperationLogRow, Page } from '@farmsense/shared';
import { request } from '../../app/api/client';

/**
 * The operation and security log (server: modules/oplog/routes.ts). Read-only: the server has no
 * call that changes or deletes an entry, and neither has this module.
 */
export interface OplogQuery {
  pageNo: number;
  pageSize: number;
  /** Epoch milliseconds; the range is at most 30 days (SPEC §9). */
  startTime: number;
  endTime: number;
  accountId?: number;
  module?: string;
  outcome?: AuditOutcome;
  /** Platform account only: whose log to read (absent: the platform's own entries). */
  tenantId?: number;
}

export const oplogApi = {
  page: (body: OplogQuery, signal?: AbortSignal): Promise<Page<OperationLogRow>> =>
    request('/breedpigbuilding/operationLog/page', { method: 'POST', body, signal }),
  modules: (tenantId: number | undefined, signal?: AbortSignal): Promise<string[]> =>
    request('/breedpigbuilding/operationLog/modules', { query: { tenantId }, signal }),
};

export function useOplogPage(q: OplogQuery): UseQueryResult<Page<OperationLogRow>> {
  return useQuery({
    queryKey: ['oplog', 'page', q],
    queryFn: ({ signal }) => oplogApi.page(q, signal),
    placeholderData: keepPreviousData,
    // A log is read as it is now: no cached answer from earlier.
    staleTime: 0,
  });
}

export function useOplogModules(tenantId: number | undefined): UseQueryResult<string[]> {
  return useQuery({
    queryKey: ['oplog', 'modules', tenantId ?? null],
    queryFn: ({ signal }) => oplogApi.modules(tenantId, signal),
    staleTime: 60_000,
  });
}
