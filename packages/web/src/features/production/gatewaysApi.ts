import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { devicesApi } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { PRODUCTION_KEYS } from './api';

/**
 * Gateways of a farm for a flock's meter device (the flock form only): apart from api.ts so the
 * production list and report pages do not load the device contracts.
 */
export function useGateways(farmId: number | undefined): UseQueryResult<{ value: number; label: string }[]> {
  return useQuery({
    queryKey: PRODUCTION_KEYS.gateways(farmId ?? 0),
    enabled: !!farmId,
    retry: false,
    // An account without device rights simply gets none.
    queryFn: async ({ signal }) =>
      (await call(devicesApi.page, { body: { farmId: farmId!, pageNo: 1, pageSize: 1000 } }, { signal, quiet: true })).list.map((g) => ({
        value: g.id,
        label: `${g.name} (${g.code})`,
      })),
  });
}
