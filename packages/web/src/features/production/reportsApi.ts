import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  dailyRecordsApi,
  directoryApi,
  productionFlocksApi,
  productionReportsApi,
  type AnswerOf,
  type BodyOf,
  type CurveIndicator,
  type DailyPageBody,
  type DailyRecordRow,
  type FlockOption,
  type FlockTrendPoint,
  type FlockTrendSeries,
  type Page,
  type ReportBody,
  type ShedListItem,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';
import type { StdField } from './model/metrics';

/**
 * Poultry report calls (docs/API-PRODUCTION.md, "Reports"): summaries, trends, energy and health
 * by flock or farm, the flock picker's options and the immunisation / medication lists. The
 * answer shapes are the server's; figures are null where they cannot be computed.
 */
export type { FlockOption };

export type Figure = number | null;

/**
 * A row of any of the three report answers the screens table (summary, energy, health: their
 * contracts in packages/shared/src/production/endpoints-reports.ts), read figure by figure.
 */
export interface ReportRow {
  /** Null on a totals row. */
  farmId: number | null;
  farmName: string | null;
  flockId?: number | null;
  groupNo?: string | null;
  shedId?: number | null;
  shedName?: string | null;
  flockType?: number | null;
  /** broiler, layer, breeder or pullet; null on a totals row over several types. */
  productionType?: string | null;
  /** Absent on health rows (one per flock over the range). */
  period?: string | number;
  week?: number | null;
  dayAgeFrom?: Figure;
  dayAgeTo?: Figure;
  std?: Partial<Record<StdField, Figure>> | null;
  [figure: string]: unknown;
}

export interface SummaryAnswer {
  rows: ReportRow[];
  totals: ReportRow | null;
  /** One totals row per production type in the selection; over several types `totals` has counts only. */
  totalsByType: ReportRow[];
}

export type TrendPoint = FlockTrendPoint;
export type TrendSeriesAnswer = FlockTrendSeries;
export type TrendAnswer = AnswerOf<typeof productionReportsApi.trend>;

export interface TrendRequest {
  flockIds: number[];
  indicators: CurveIndicator[];
  period: 'day' | 'week';
  start?: string;
  end?: string;
}

/** The range part of a report request; the rest of ReportBody is filled by the page. */
export type ReportRequest = Pick<ReportBody, 'start' | 'end' | 'period' | 'groupBy'> & {
  farmId?: number;
  shedIds?: number[];
  flockIds?: number[];
};

/** An immunisation or medication as listed: `at` is the moment, epoch ms. */
export type EventRecord = DailyRecordRow;

export type RecordsRequest = Pick<DailyPageBody, 'pageNo' | 'pageSize'> & {
  farmId?: number;
  shedId?: number;
  start?: string;
  end?: string;
};

const rowsOf = (a: { rows?: ReportRow[]; totals?: ReportRow | null; totalsByType?: ReportRow[] } | null): SummaryAnswer => ({
  rows: a?.rows ?? [],
  totals: a?.totals ?? null,
  totalsByType: a?.totalsByType ?? [],
});

/** A report request as sent: closed flocks whose life overlaps the range are in, as the server's default is. */
export function reportBodyOf(q: ReportRequest): BodyOf<typeof productionReportsApi.summary> {
  return { includeClosed: true, ...q };
}

export const poultryApi = {
  flockOptions: (q: { farmId: number; status: 1 | 2 }, signal?: AbortSignal): Promise<FlockOption[]> =>
    call(productionFlocksApi.options, { query: q }, { signal }),
  sheds: (farmId: number, signal?: AbortSignal): Promise<ShedListItem[]> => call(directoryApi.sheds, { query: { farmId } }, { signal }),
  summary: async (q: ReportRequest, signal?: AbortSignal): Promise<SummaryAnswer> =>
    rowsOf(await call(productionReportsApi.summary, { body: reportBodyOf(q) }, { signal })),
  energy: async (q: ReportRequest, signal?: AbortSignal): Promise<SummaryAnswer> =>
    rowsOf(await call(productionReportsApi.energy, { body: reportBodyOf(q) }, { signal })),
  health: async (q: ReportRequest, signal?: AbortSignal): Promise<SummaryAnswer> =>
    rowsOf(await call(productionReportsApi.health, { body: reportBodyOf(q) }, { signal })),
  trend: (q: TrendRequest, signal?: AbortSignal): Promise<TrendAnswer> => call(productionReportsApi.trend, { body: q }, { signal }),
  records: (kind: 'immune' | 'drug', q: RecordsRequest, signal?: AbortSignal): Promise<Page<EventRecord>> =>
    call(dailyRecordsApi.page, { params: { kind }, body: q }, { signal }),
};

/** Every poultry report query lives under this key; production writes refresh it (production/api.ts). */
export const POULTRY_KEYS = { all: ['poultry'] as const };

/** Current and closed flocks of a farm for the trend picker (closed ones are history). */
export function useFlockOptions(farmId: number | undefined): UseQueryResult<{ current: FlockOption[]; history: FlockOption[] }> {
  return useQuery({
    queryKey: ['poultry', 'flockOptions', farmId],
    queryFn: async ({ signal }) => {
      const [current, history] = await Promise.all([
        poultryApi.flockOptions({ farmId: farmId!, status: 1 }, signal),
        poultryApi.flockOptions({ farmId: farmId!, status: 2 }, signal),
      ]);
      return { current, history };
    },
    enabled: farmId !== undefined,
    staleTime: 60_000,
  });
}

export function usePoultrySheds(farmId: number | undefined): UseQueryResult<ShedListItem[]> {
  return useQuery({
    queryKey: ['poultry', 'sheds', farmId],
    queryFn: ({ signal }) => poultryApi.sheds(farmId!, signal),
    enabled: farmId !== undefined,
    staleTime: 60_000,
  });
}

export function useReport(endpoint: 'summary' | 'energy' | 'health', q: ReportRequest | null): UseQueryResult<SummaryAnswer> {
  return useSteadyQuery(['poultry', endpoint, q], (signal) => poultryApi[endpoint](q!, signal), { enabled: !!q });
}

export function useFlockTrend(q: TrendRequest | null): UseQueryResult<TrendAnswer> {
  return useSteadyQuery(['poultry', 'trend', q], (signal) => poultryApi.trend(q!, signal), { enabled: !!q && q.flockIds.length > 0 });
}

export function useEventRecords(kind: 'immune' | 'drug', q: RecordsRequest | null): UseQueryResult<Page<EventRecord>> {
  return useSteadyQuery(['poultry', 'records', kind, q], (signal) => poultryApi.records(kind, q!, signal), { enabled: !!q });
}
