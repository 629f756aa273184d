import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { envControlApi, type EnvOverviewAnswer } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { CONTROL_KEYS, PENDING_POLL_MS } from '../api';

/** How often the climate overview reads the houses' values again (every few seconds while a version waits). */
export const OVERVIEW_POLL_MS = 15_000;

/**
 * A farm's climate overview: houses, their controllers' latest values and each climate group's
 * versions. Apart from api.ts so the settings pages do not carry it.
 */
export function useEnvOverview(farmId: number | undefined): UseQueryResult<EnvOverviewAnswer> {
  return useQuery({
    queryKey: CONTROL_KEYS.overview(farmId ?? 0),
    queryFn: ({ signal }) => call(envControlApi.overview, { query: { farmId: farmId! } }, { signal }),
    enabled: farmId !== undefined,
    refetchInterval: (q) =>
      q.state.data?.sheds.some((s) => s.groups.some((g) => g.status === 'pending')) ? PENDING_POLL_MS : OVERVIEW_POLL_MS,
  });
}
