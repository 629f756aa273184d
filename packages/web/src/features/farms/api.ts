import type { UseQueryResult } from '@tanstack/react-query';
import { farmsApi, type FarmAddBody, type FarmDetail, type Page } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';
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
  return useSteadyQuery(FARM_KEYS.page(q), (signal) => call(farmsApi.page, { query: q }, { signal }));
}

/**
 * After a farm changes, the session's farm list (every farm picker of the console) is reloaded,
 * and so are the lists that name farms (accounts, sheds).
 */
const write = refreshingWrites([FARM_KEYS.pages, QK.sessionLists, ['accounts'], ['sheds']]);

export const useAddFarm = write((body: FarmFields) => call(farmsApi.add, { body }));
export const useUpdateFarm = write((body: FarmFields & { id: number }) => call(farmsApi.update, { body }));
export const useDeleteFarm = write((id: number) => call(farmsApi.remove, { params: { id } }));
