import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { Page, PenRow, ShedOverviewRow } from '@farmsense/shared';
import { request } from '../../app/api/client';

/**
 * Shed and pen administration calls (server: modules/sheds/routes.ts and directory's querySheds,
 * application code `housemanagement.shedlist`).
 */
export interface ShedQuery {
  farmId: number;
  pageNo: number;
  pageSize: number;
}

export interface ShedFields {
  shedName: string;
  shedType: number;
  areaNum: number;
  buildingNum: number;
  shedNum: number;
}

export interface PenFields {
  fieldColumn: number;
  field: number;
  name?: string;
}

export const shedsApi = {
  page: (q: ShedQuery, signal?: AbortSignal): Promise<Page<ShedOverviewRow>> =>
    request('/breedpigbuilding/shed/querySheds', { method: 'POST', body: q, signal }),
  add: (body: ShedFields & { farmId: number }): Promise<{ id: number }> => request('/breedpigbuilding/shed/add', { method: 'POST', body }),
  update: (body: ShedFields & { id: number }): Promise<null> => request('/breedpigbuilding/shed/update', { method: 'PUT', body }),
  remove: (id: number): Promise<null> => request(`/breedpigbuilding/shed/delete/${id}`, { method: 'DELETE' }),
  pens: (shedId: number, signal?: AbortSignal): Promise<PenRow[]> =>
    request('/breedpigbuilding/shed/queryFields', { method: 'POST', body: { shedId }, signal }),
  addPens: (body: { shedId: number; startColumn: number; endColumn: number; row: number }): Promise<{ ids: number[] }> =>
    request('/breedpigbuilding/shed/addFields', { method: 'POST', body }),
  updatePen: (body: PenFields & { id: number }): Promise<null> => request('/breedpigbuilding/shed/updateField', { method: 'PUT', body }),
  removePen: (id: number): Promise<null> => request(`/breedpigbuilding/shed/deleteField/${id}`, { method: 'DELETE' }),
};

export const SHED_KEYS = {
  pages: ['sheds', 'page'] as const,
  page: (q: ShedQuery) => ['sheds', 'page', q] as const,
  pens: (shedId: number) => ['sheds', 'pens', shedId] as const,
};

export function useShedPage(q: ShedQuery | null): UseQueryResult<Page<ShedOverviewRow>> {
  return useQuery({
    queryKey: SHED_KEYS.page(q ?? { farmId: 0, pageNo: 1, pageSize: 0 }),
    queryFn: ({ signal }) => shedsApi.page(q!, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePens(shedId: number | undefined): UseQueryResult<PenRow[]> {
  return useQuery({
    queryKey: SHED_KEYS.pens(shedId ?? 0),
    queryFn: ({ signal }) => shedsApi.pens(shedId!, signal),
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

export function useAddShed(): UseMutationResult<{ id: number }, unknown, ShedFields & { farmId: number }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: shedsApi.add, onSuccess: refresh });
}

export function useUpdateShed(): UseMutationResult<null, unknown, ShedFields & { id: number }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: shedsApi.update, onSuccess: refresh });
}

export function useDeleteShed(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: shedsApi.remove, onSuccess: refresh });
}

export function useAddPens(): UseMutationResult<
  { ids: number[] },
  unknown,
  { shedId: number; startColumn: number; endColumn: number; row: number }
> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: shedsApi.addPens, onSuccess: refresh });
}

export function useUpdatePen(): UseMutationResult<null, unknown, PenFields & { id: number }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: shedsApi.updatePen, onSuccess: refresh });
}

export function useDeletePen(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: shedsApi.removePen, onSuccess: refresh });
}
