import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { farmsApi, type AnswerOf, type FarmAddBody, type FarmDetail, type Page } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { QK } from '../../app/auth/queries';

/**
 * Farm administration (contracts: packages/shared/src/farms/endpoints.ts; application code
 * `housemanagement.houselist`). Bodies are what the shared farm schemas accept.
 */
export interface FarmQuery {
  pageNo: number;
  pageSize: number;
  farmName?: string;
}

export type FarmFields = FarmAddBody;

export const FARM_KEYS = {
  pages: ['farms', 'page'] as const,
  page: (q: FarmQuery) => ['farms', 'page', q] as const,
};

export function useFarmPage(q: FarmQuery): UseQueryResult<Page<FarmDetail>> {
  return useQuery({
    queryKey: FARM_KEYS.page(q),
    queryFn: ({ signal }) => call(farmsApi.page, { query: q }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a farm changes, the session's farm list (every farm picker of the console) is reloaded,
 * and so are the lists that name farms (accounts, sheds).
 */
function useRefresh(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: FARM_KEYS.pages }),
      client.invalidateQueries({ queryKey: QK.sessionLists }),
      client.invalidateQueries({ queryKey: ['accounts'] }),
      client.invalidateQueries({ queryKey: ['sheds'] }),
    ]);
  };
}

export function useAddFarm(): UseMutationResult<AnswerOf<typeof farmsApi.add>, unknown, FarmFields> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: FarmFields) => call(farmsApi.add, { body }), onSuccess: refresh });
}

export function useUpdateFarm(): UseMutationResult<null, unknown, FarmFields & { id: number }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: FarmFields & { id: number }) => call(farmsApi.update, { body }), onSuccess: refresh });
}

export function useDeleteFarm(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => call(farmsApi.remove, { params: { id } }), onSuccess: refresh });
}
