import { useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import {
  productionFlocksApi,
  productionReportsApi,
  standardCurvesApi,
  type AnswerOf,
  type BodyOf,
  type BuiltinCurve,
  type CurveIndicator,
  type CurveRow,
  type FlockTrendPoint,
  type FlockRow,
  type Page,
  type ProductionReportRow,
  type ReportSummaryAnswer,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery, useRefreshingMutation } from '../../app/api/queryHooks';

/**
 * Flock and standard-curve calls (server: modules/production, docs/API-PRODUCTION.md). The read
 * screens here use `ci18.group.current` (flocks, reports of one flock) and `ci18.std` (curves).
 */
export interface FlockQuery {
  farmId?: number;
  status: 1 | 2;
  flockType?: number;
  keyword?: string;
  pageNo: number;
  pageSize: number;
}

/** A production report row (flock cards and drawer read its figures). */
export type ReportFigures = ProductionReportRow;
export type ReportAnswer = ReportSummaryAnswer;

export interface ReportQuery {
  farmId?: number;
  flockIds?: number[];
  start: string;
  end: string;
  /** Cards read days; the drawer reads weeks, since a day report stops at 366 days and layers live longer. */
  period: 'day' | 'week';
  groupBy: 'flock';
  includeClosed: boolean;
}

export type TrendPoint = FlockTrendPoint;
export type TrendAnswer = AnswerOf<typeof productionReportsApi.trend>;

export type { BuiltinCurve, CurveRow };

export interface CurveQuery {
  farmId?: number;
  flockType?: number;
  indicator?: CurveIndicator;
  pageNo: number;
  pageSize: number;
}

/** A curve as the form sends it (adds have no id). */
export type CurveBody = BodyOf<typeof standardCurvesApi.add> & { id?: number };

type Written = AnswerOf<typeof standardCurvesApi.add>;

export const flocksApi = {
  page: (q: FlockQuery, signal?: AbortSignal): Promise<Page<FlockRow>> => call(productionFlocksApi.page, { body: q }, { signal }),
  summary: (q: ReportQuery, signal?: AbortSignal): Promise<ReportAnswer> => call(productionReportsApi.summary, { body: q }, { signal }),
  trend: (flockId: number, signal?: AbortSignal): Promise<TrendAnswer> =>
    call(productionReportsApi.trend, { body: { flockIds: [flockId], indicators: ['02'], period: 'day' } }, { signal }),
  curves: (q: CurveQuery, signal?: AbortSignal): Promise<Page<CurveRow>> => call(standardCurvesApi.page, { body: q }, { signal }),
  addCurve: (body: CurveBody): Promise<Written> => call(standardCurvesApi.add, { body }),
  updateCurve: ({ id, ...body }: CurveBody): Promise<Written> =>
    id === undefined ? Promise.reject(new Error('updateCurve needs an id')) : call(standardCurvesApi.update, { body: { id, ...body } }),
  removeCurve: (id: number): Promise<null> => call(standardCurvesApi.remove, { params: { id } }),
  builtins: (signal?: AbortSignal): Promise<BuiltinCurve[]> => call(standardCurvesApi.builtins, {}, { signal }),
  copy: (body: BodyOf<typeof standardCurvesApi.copy>): Promise<Written> => call(standardCurvesApi.copy, { body }),
};

export const FLOCK_KEYS = {
  flocks: ['flocks', 'list'] as const,
  summary: ['flocks', 'summary'] as const,
  trends: ['flocks', 'trend'] as const,
  trend: (id: number) => ['flocks', 'trend', id] as const,
  curves: ['flocks', 'curves'] as const,
  builtins: ['flocks', 'builtins'] as const,
};

export function useFlockPage(q: FlockQuery, enabled = true): UseQueryResult<Page<FlockRow>> {
  return useSteadyQuery([...FLOCK_KEYS.flocks, q], (signal) => flocksApi.page(q, signal), { enabled });
}

export function useFlockSummary(q: ReportQuery | null): UseQueryResult<ReportAnswer> {
  return useQuery({ queryKey: [...FLOCK_KEYS.summary, q], queryFn: ({ signal }) => flocksApi.summary(q!, signal), enabled: q !== null });
}

export function useWeightTrend(flockId: number): UseQueryResult<TrendAnswer> {
  return useQuery({ queryKey: FLOCK_KEYS.trend(flockId), queryFn: ({ signal }) => flocksApi.trend(flockId, signal) });
}

export function useCurvePage(q: CurveQuery): UseQueryResult<Page<CurveRow>> {
  return useSteadyQuery([...FLOCK_KEYS.curves, q], (signal) => flocksApi.curves(q, signal));
}

/** The built-in standards never change while the console runs. */
export function useBuiltins(): UseQueryResult<BuiltinCurve[]> {
  return useQuery({ queryKey: FLOCK_KEYS.builtins, queryFn: ({ signal }) => flocksApi.builtins(signal), staleTime: Infinity });
}

/** A curve write; every curve list is reloaded after it. */
export function useCurveMutation<V, R>(fn: (v: V) => Promise<R>): UseMutationResult<R, unknown, V> {
  return useRefreshingMutation(fn, [FLOCK_KEYS.curves]);
}
