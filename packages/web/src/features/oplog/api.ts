import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { oplogApi, type AnswerOf, type AuditOutcome } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';

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

export function useOplogPage(q: OplogQuery): UseQueryResult<AnswerOf<typeof oplogApi.page>> {
  // A log is read as it is now: no cached answer from earlier.
  return useSteadyQuery(['oplog', 'page', q], (signal) => call(oplogApi.page, { body: q }, { signal }), { staleTime: 0 });
}

export function useOplogModules(tenantId: number | undefined): UseQueryResult<AnswerOf<typeof oplogApi.modules>> {
  return useQuery({
    queryKey: ['oplog', 'modules', tenantId ?? null],
    queryFn: ({ signal }) => call(oplogApi.modules, { query: { tenantId } }, { signal }),
    staleTime: 60_000,
  });
}
