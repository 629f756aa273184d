import { useQuery, type QueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import {
  dailyRecordsApi,
  dailyRowBody,
  dailyRowUpdateBody,
  productionFlocksApi,
  type AnswerOf,
  type BodyOf,
  type DailyKind,
  type DailyRecordRow,
  type FlockOption,
  type FlockRow,
  type Page,
  type QuickRecord,
  type QuickRow,
  type SaveOutcome,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery, useRefreshingMutation } from '../../app/api/queryHooks';
import { FLOCK_KEYS } from './flocksApi';
import { POULTRY_KEYS } from './reportsApi';

/**
 * Production entry calls (server: modules/production, docs/API-PRODUCTION.md): flocks and the
 * daily records of each kind. Bodies are what the shared schemas in
 * packages/shared/src/schemas/production.ts accept.
 */

export interface FlockQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  status: 1 | 2;
}

/** A flock as the pickers list it. */
export type { FlockOption };

export interface DailyQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  flockId?: number;
  start?: string;
  end?: string;
}

/** A daily record as listed: the kind's fields plus where it belongs. */
export type DailyRow = DailyRecordRow;

/** One current flock of the quick-entry form with the day's existing records. */
export type { QuickRow };

/** The day's record of a kind on a quick-entry row (only day kinds are entered there). */
export function quickRecordOf(r: QuickRow, kind: DailyKind): QuickRecord | undefined {
  return kind === 'immune' || kind === 'drug' ? undefined : r[kind];
}

type FlockWritten = AnswerOf<typeof productionFlocksApi.add>;

export const productionApi = {
  flockPage: (q: FlockQuery, signal?: AbortSignal): Promise<Page<FlockRow>> => call(productionFlocksApi.page, { body: q }, { signal }),
  flockOptions: (q: { farmId?: number; shedId?: number; status?: 1 | 2 }, signal?: AbortSignal): Promise<FlockOption[]> =>
    call(productionFlocksApi.options, { query: q }, { signal }),
  addFlock: (body: BodyOf<typeof productionFlocksApi.add>): Promise<FlockWritten> => call(productionFlocksApi.add, { body }),
  updateFlock: (body: BodyOf<typeof productionFlocksApi.update>): Promise<FlockWritten> => call(productionFlocksApi.update, { body }),
  closeFlock: (body: BodyOf<typeof productionFlocksApi.close>): Promise<FlockWritten> => call(productionFlocksApi.close, { body }),
  removeFlock: (id: number): Promise<null> => call(productionFlocksApi.remove, { params: { id } }),
  dailyPage: (kind: DailyKind, q: DailyQuery, signal?: AbortSignal): Promise<Page<DailyRow>> =>
    call(dailyRecordsApi.page, { params: { kind }, body: q }, { signal }),
  /** The record's own fields are checked by its kind's schema on the form and on the server; the call checks its flock. */
  addDaily: ({ kind, body }: { kind: DailyKind; body: unknown }): Promise<FlockWritten> =>
    call(dailyRecordsApi.add, { params: { kind }, body: dailyRowBody.parse(body) }),
  updateDaily: ({ kind, body }: { kind: DailyKind; body: unknown }): Promise<FlockWritten> =>
    call(dailyRecordsApi.update, { params: { kind }, body: dailyRowUpdateBody.parse(body) }),
  removeDaily: ({ kind, id }: { kind: DailyKind; id: number }): Promise<null> => call(dailyRecordsApi.remove, { params: { kind, id } }),
  batch: ({ kind, body }: { kind: DailyKind; body: BodyOf<typeof dailyRecordsApi.batch> }): Promise<SaveOutcome> =>
    call(dailyRecordsApi.batch, { params: { kind }, body }),
  quick: (farmId: number, day: string, signal?: AbortSignal): Promise<QuickRow[]> =>
    call(dailyRecordsApi.quick, { query: { farmId, day } }, { signal }),
};

/** Query keys: every production write refreshes everything under `production`. */
export const PRODUCTION_KEYS = {
  all: ['production'] as const,
  flocks: (q: FlockQuery) => ['production', 'flocks', q] as const,
  options: (farmId: number | undefined, shedId: number | undefined, status: 1 | 2) =>
    ['production', 'options', farmId, shedId, status] as const,
  daily: (kind: DailyKind, q: DailyQuery) => ['production', 'daily', kind, q] as const,
  quick: (farmId: number, day: string) => ['production', 'quick', farmId, day] as const,
  gateways: (farmId: number) => ['production', 'gateways', farmId] as const,
};

export function useFlockPage(q: FlockQuery): UseQueryResult<Page<FlockRow>> {
  return useSteadyQuery(PRODUCTION_KEYS.flocks(q), (signal) => productionApi.flockPage(q, signal));
}

export function useFlockOptions(farmId: number | undefined, shedId?: number, status: 1 | 2 = 1): UseQueryResult<FlockOption[]> {
  return useQuery({
    queryKey: PRODUCTION_KEYS.options(farmId, shedId, status),
    enabled: !!farmId,
    queryFn: ({ signal }) => productionApi.flockOptions({ farmId, shedId, status }, signal),
  });
}

export function useDailyPage(kind: DailyKind, q: DailyQuery): UseQueryResult<Page<DailyRow>> {
  return useSteadyQuery(PRODUCTION_KEYS.daily(kind, q), (signal) => productionApi.dailyPage(kind, q, signal), { enabled: !!q.farmId });
}

export function useQuickRows(farmId: number | undefined, day: string): UseQueryResult<QuickRow[]> {
  return useQuery({
    queryKey: PRODUCTION_KEYS.quick(farmId ?? 0, day),
    enabled: !!farmId,
    queryFn: ({ signal }) => productionApi.quick(farmId!, day, signal),
  });
}

/** The houses of a farm as select options (the console's one shed-option query). */
export { useShedOptions as useFarmSheds } from '../../app/farm';

/**
 * What a production write can change: the entry screens, the poultry reports and the flock cards,
 * drawers and trends (all read flocks and daily records). Standard curves are not among them.
 */
const PRODUCTION_DEPENDENT_KEYS = [PRODUCTION_KEYS.all, POULTRY_KEYS.all, FLOCK_KEYS.flocks, FLOCK_KEYS.summary, FLOCK_KEYS.trends];

/** Marks everything a production write (or import) changed as stale; shown screens reload. */
export async function invalidateProductionData(client: QueryClient): Promise<void> {
  await Promise.all(PRODUCTION_DEPENDENT_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useProductionMutation<V, R>(fn: (v: V) => Promise<R>): UseMutationResult<R, unknown, V> {
  return useRefreshingMutation(fn, PRODUCTION_DEPENDENT_KEYS);
}
