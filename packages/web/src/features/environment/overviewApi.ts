import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { directoryApi, PAGE_SIZES, type Page } from '@farmsense/shared';
import { call } from '../../app/api/call';
import type { ShedOverviewRow } from '../../app/api/types';

/** POST /breedpigbuilding/shed/querySheds: every shed of a farm the account may see (SPEC §9 page size). */
export function querySheds(farmId: number, signal?: AbortSignal): Promise<Page<ShedOverviewRow>> {
  return call(directoryApi.shedPage, { body: { farmId, pageNo: 1, pageSize: PAGE_SIZES.shedList } }, { signal });
}

export function useSheds(farmId: number | undefined): UseQueryResult<Page<ShedOverviewRow>> {
  return useQuery({
    queryKey: ['overview', 'sheds', farmId],
    queryFn: ({ signal }) => querySheds(farmId!, signal),
    enabled: farmId !== undefined,
  });
}
