import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  directoryApi,
  shedsApi,
  type AddFieldsBody,
  type AnswerOf,
  type InputOf,
  type Page,
  type PenRow,
  type ShedAddBody,
  type ShedOverviewRow,
} from '@farmsense/shared';
import { call } from '../../app/api/call';

/**
 * Shed and pen administration (contracts: packages/shared/src/sheds/endpoints.ts and directory's
 * querySheds; application code `housemanagement.shedlist`).
 */
export interface ShedQuery {
  farmId: number;
  pageNo: number;
  pageSize: number;
}

/** Bodies are what the shared shed schemas accept. */
export type ShedFields = Omit<ShedAddBody, 'farmId'>;
export type PenFields = Omit<InputOf<typeof shedsApi.updatePen>['body'], 'id'>;
/** One row of new pens (addFields): columns startColumn..endColumn in row `row`. */
export type PenRange = AddFieldsBody;

export const SHED_KEYS = {
  pages: ['sheds', 'page'] as const,
  page: (q: ShedQuery) => ['sheds', 'page', q] as const,
  pens: (shedId: number) => ['sheds', 'pens', shedId] as const,
};

export function useShedPage(q: ShedQuery | null): UseQueryResult<Page<ShedOverviewRow>> {
  return useQuery({
    queryKey: SHED_KEYS.page(q ?? { farmId: 0, pageNo: 1, pageSize: 0 }),
    queryFn: ({ signal }) => call(directoryApi.shedPage, { body: q! }, { signal }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePens(shedId: number | undefined): UseQueryResult<PenRow[]> {
  return useQuery({
    queryKey: SHED_KEYS.pens(shedId ?? 0),
    queryFn: ({ signal }) => call(shedsApi.pens, { body: { shedId: shedId! } }, { signal }),
    enabled: shedId !== undefined,
  });
}

/**
 * After a write the shed list (pen counts, labels) and the pens are read again, and so are the
 * overview pages' shed lists and the account page's authorization tree, which show the same sheds.
 */
function useRefresh(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['sheds'] }),
      client.invalidateQueries({ queryKey: ['overview'] }),
      client.invalidateQueries({ queryKey: ['accounts', 'hierarchy'] }),
      client.invalidateQueries({ queryKey: ['farms', 'page'] }),
    ]);
  };
}

export function useAddShed(): UseMutationResult<AnswerOf<typeof shedsApi.add>, unknown, ShedFields & { farmId: number }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: ShedFields & { farmId: number }) => call(shedsApi.add, { body }), onSuccess: refresh });
}

export function useUpdateShed(): UseMutationResult<null, unknown, ShedFields & { id: number }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: ShedFields & { id: number }) => call(shedsApi.update, { body }), onSuccess: refresh });
}

export function useDeleteShed(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => call(shedsApi.remove, { params: { id } }), onSuccess: refresh });
}

export function useAddPens(): UseMutationResult<AnswerOf<typeof shedsApi.addPens>, unknown, PenRange> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: PenRange) => call(shedsApi.addPens, { body }), onSuccess: refresh });
}

export function useUpdatePen(): UseMutationResult<null, unknown, PenFields & { id: number }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: PenFields & { id: number }) => call(shedsApi.updatePen, { body }), onSuccess: refresh });
}

export function useDeletePen(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => call(shedsApi.removePen, { params: { id } }), onSuccess: refresh });
}
