import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { alarmsApi, type LiveAlarm } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { useHeldPath } from '../../../app/auth/sessionContext';

/** The alarms a shed is in: how many, and the most urgent level (1 high .. 3 low). */
export interface ShedAlarm {
  level: number;
  count: number;
}

/**
 * Under the alarms feature's `['alarms', 'records']` prefix, so its writes (acknowledge, release,
 * shelve) refresh the cards too. (The alarms feature imports this one: its keys cannot be imported
 * back without a cycle.)
 */
const shedAlarmsKey = (farmId: number | undefined) => ['alarms', 'records', 'sheds', farmId ?? 0] as const;
/** Active alarms of a farm are few (one per originator and rule): one page holds them. */
const ACTIVE_AT_ONCE = 1000;
const RECORDS_CODE = 'warningmanagement.warningrecord';

/**
 * The active alarms of a farm's sheds, for the overview cards: read from the alarm records
 * (active, shelved ones included: a shed under maintenance is still in alarm), only for accounts
 * that hold the records page (others would be refused). `onAlarm` is for the page's live stream:
 * an alarm event of the farm reloads them.
 */
export function useShedAlarms(farmId: number | undefined): {
  byShed: ReadonlyMap<number, ShedAlarm>;
  onAlarm: (a?: LiveAlarm) => void;
} {
  const held = useHeldPath(RECORDS_CODE) !== null;
  const client = useQueryClient();
  const active = useQuery({
    queryKey: shedAlarmsKey(farmId),
    enabled: held && farmId !== undefined,
    queryFn: ({ signal }) => call(alarmsApi.page, { query: { farmId, state: 'active', pageNo: 1, pageSize: ACTIVE_AT_ONCE } }, { signal }),
  });
  const byShed = useMemo(() => {
    const out = new Map<number, ShedAlarm>();
    for (const a of active.data?.list ?? []) {
      const seen = out.get(a.shedId);
      out.set(a.shedId, { level: Math.min(seen?.level ?? a.level, a.level), count: (seen?.count ?? 0) + 1 });
    }
    return out;
  }, [active.data]);
  const onAlarm = useCallback(
    (a?: LiveAlarm): void => {
      if (!held || (a && a.farmId !== farmId)) return;
      void client.invalidateQueries({ queryKey: shedAlarmsKey(farmId) });
    },
    [client, held, farmId],
  );
  return { byShed, onAlarm };
}
