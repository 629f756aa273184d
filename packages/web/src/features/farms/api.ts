import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { FarmAddBody, FarmDetail, Page } from '@farmsense/shared';
import { request } from '../../app/api/client';
import { QK } from '../../app/auth/queries';

/**
 * Farm administration calls (server: modules/farms/routes.ts, application code
 * `housemanagement.houselist`). Bodies are what the shared farm schemas accept.
 */
export interface FarmQuery {
  pageNo: number;
  pageSize: number;
  farmName?: string;
}

export type FarmFields = FarmAddBody;

export const farmsApi = {
  page: (q: FarmQuery, signal?: AbortSignal): Promise<Page<FarmDetail>> =>
    request('/breedpigbuilding/farmInfo/page', { query: { ...q }, signal }),
  add: (body: FarmFields): Promise<{ id: number }> => request('/breedpigbuilding/farmInfo/add', { method: 'POST', body }),
  update: (body: FarmFields & { id: number }): Promise<null> => request('/breedpigbuilding/farmInfo/update', { method: 'PUT', body }),
  remove: (id: number): Promise<null> => request(`/breedpigbuilding/farmInfo/delete/${id}`, { method: 'DELETE' }),
};

export const FARM_KEYS = {
  pages: ['farms', 'page'] as const,
  page: (q: FarmQuery) => ['farms', 'page', q] as const,
};

export function useFarmPage(q: FarmQuery): UseQueryResult<Page<FarmDetail>> {
  return useQuery({ queryKey: FARM_KEYS.page(q), queryFn: ({ signal }) => farmsApi.page(q, signal), placeholderData: keepPreviousData });
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

export function useAddFarm(): UseMutationResult<{ id: number }, unknown, FarmFields> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: farmsApi.add, onSuccess: refresh });
}

export function useUpdateFarm(): UseMutationResult<null, unknown, FarmFields & { id: number }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: farmsApi.update, onSuccess: refresh });
}

export function useDeleteFarm(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: farmsApi.remove, onSuccess: refresh });
}
