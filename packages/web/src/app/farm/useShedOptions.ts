import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { directoryApi } from '@farmsense/shared';
import { call } from '../api/call';

/** A shed of a farm as a select option. */
export interface ShedOption {
  value: number;
  label: string;
}

/**
 * The sheds of a farm the account may see, as select options (the shed filters of list pages).
 * Keyed under `['sheds']`, so the sheds feature's writes, which refresh that prefix, refresh the
 * pickers too.
 */
export function useShedOptions(farmId: number | undefined): UseQueryResult<ShedOption[]> {
  return useQuery({
    queryKey: ['sheds', 'options', farmId ?? 0],
    enabled: !!farmId,
    queryFn: async ({ signal }) =>
      (await call(directoryApi.sheds, { query: { farmId: farmId! } }, { signal })).map((s) => ({ value: s.tid, label: s.shedName })),
  });
}
