import { useCallback, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import type { AuditOutcome } from '@farmsense/shared';
import { lastHours, type DateRange } from '../../../ui/DateRangePicker';
import { usePaging, type Paging } from '../../../ui/PagedTable';
import type { OplogQuery } from '../api';

/** The log opens on the last 24 hours (the brief's default; at most 30 days may be asked). */
export const DEFAULT_HOURS = 24;
/** A range whose end is this close to "now" when chosen keeps ending now on refresh. */
const LIVE_END_MS = 60_000;

export interface OplogFilters {
  range: DateRange;
  accountId?: number;
  module?: string;
  outcome?: AuditOutcome;
  tenantId?: number;
  /** Page visits shown beside the writes (off by default: they would flood the log). */
  visits?: boolean;
}

export interface OplogFilterState {
  filters: OplogFilters;
  query: OplogQuery;
  paging: Paging;
  setPaging: (p: Paging) => void;
  setRange: (range: DateRange) => void;
  set: <K extends Exclude<keyof OplogFilters, 'range'>>(key: K, value: OplogFilters[K]) => void;
  /**
   * Moves a range that ended "now" up to the present, keeping its length (the list then reloads
   * by itself); false when the range is fixed and the caller reloads the same query.
   */
  refresh: () => boolean;
  reset: () => void;
}

function initial(tenantId: number | undefined): { filters: OplogFilters; live: boolean } {
  return { filters: { range: lastHours(DEFAULT_HOURS), tenantId }, live: true };
}

/**
 * Filter state of the operation log. Any change starts again on page 1; choosing another tenant
 * (platform) clears the account and module, which belong to the previous tenant.
 */
export function useOplogFilters(tenantId?: number): OplogFilterState {
  const [state, setState] = useState(() => initial(tenantId));
  const { paging, setPaging, reset: firstPage } = usePaging();

  const setRange = useCallback(
    (range: DateRange) => {
      setState((s) => ({ filters: { ...s.filters, range }, live: Math.abs(range[1].valueOf() - Date.now()) < LIVE_END_MS }));
      firstPage();
    },
    [firstPage],
  );

  const set = useCallback(
    <K extends Exclude<keyof OplogFilters, 'range'>>(key: K, value: OplogFilters[K]) => {
      setState((s) => {
        const next = { ...s.filters, [key]: value };
        if (key === 'tenantId') return { ...s, filters: { ...next, accountId: undefined, module: undefined } };
        return { ...s, filters: next };
      });
      firstPage();
    },
    [firstPage],
  );

  const refresh = useCallback((): boolean => {
    if (!state.live) return false;
    const [start, end] = state.filters.range;
    const range: DateRange = [dayjs().subtract(end.diff(start), 'millisecond'), dayjs()];
    setState((s) => ({ ...s, filters: { ...s.filters, range } }));
    return true;
  }, [state]);

  const reset = useCallback(() => {
    setState((s) => initial(s.filters.tenantId));
    firstPage();
  }, [firstPage]);

  const { filters } = state;
  const query = useMemo<OplogQuery>(
    () => ({
      pageNo: paging.pageNo,
      pageSize: paging.pageSize,
      startTime: filters.range[0].valueOf(),
      endTime: filters.range[1].valueOf(),
      accountId: filters.accountId,
      module: filters.module,
      outcome: filters.outcome,
      tenantId: filters.tenantId,
      visits: filters.visits,
    }),
    [filters, paging],
  );

  return { filters, query, paging, setPaging, setRange, set, refresh, reset };
}
