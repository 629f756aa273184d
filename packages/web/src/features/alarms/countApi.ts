import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { alarmCountEndpoint, type AlarmCount } from '@farmsense/shared';
import { call } from '../../app/api/call';

/*
 * The feature's query keys and the bell's query, apart from its other calls: the bell renders on
 * every page, so it imports only the count's contract (shared alarms/count.ts).
 */

/**
 * Query keys of the alarms feature: a write or an alarm event marks everything under `records`
 * stale (the lists and the bell count), not the shed lists.
 */
export const ALARM_KEYS = {
  records: ['alarms', 'records'] as const,
  page: (q: object) => ['alarms', 'records', 'page', q] as const,
  count: (farmId: number | undefined) => ['alarms', 'records', 'count', farmId ?? null] as const,
  /** Rule groups and rules: a write to either reloads both (a group lists its rule count). */
  config: ['alarms', 'config'] as const,
  groups: (q: object) => ['alarms', 'config', 'groups', q] as const,
  rules: (q: object) => ['alarms', 'config', 'rules', q] as const,
};

/** Active, unacknowledged, not shelved alarms per level (the bell's figures). */
export function useAlarmCount(farmId: number | undefined): UseQueryResult<AlarmCount> {
  return useQuery({
    queryKey: ALARM_KEYS.count(farmId),
    queryFn: ({ signal }) => call(alarmCountEndpoint, { query: { farmId } }, { signal }),
  });
}
