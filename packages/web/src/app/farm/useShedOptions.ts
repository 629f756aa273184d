import { useState } from 'react';
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

/** One house of a farm that a page shows (SelectFilter `required`), with the farm's houses. */
export interface ShedPick {
  sheds: UseQueryResult<ShedOption[]>;
  /** The picked house, else the farm's first (undefined while they load or when it has none). */
  shedId: number | undefined;
  /** Picks a house; undefined goes back to the farm's first (after another farm is picked). */
  pick: (shedId: number | undefined) => void;
}

/**
 * The house a one-house page shows (a settings group, the hand switches, the remote feeders): the
 * farm's first house until another is picked. `ui/FarmShedFilters`' `FarmShedFields` are its
 * fields.
 */
export function useShedPick(farmId: number | undefined): ShedPick {
  const sheds = useShedOptions(farmId);
  const [picked, pick] = useState<number | undefined>();
  return { sheds, shedId: picked ?? sheds.data?.[0]?.value, pick };
}
