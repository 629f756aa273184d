import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  productionFlocksApi,
  standardCurvesApi,
  type AnswerOf,
  type BodyOf,
  type BuiltinCurve,
  type CurveIndicator,
  type CurveRow,
  type FlockRow,
  type Page,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { request } from '../../app/api/client';

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

/** The figures of a production report row these screens show (the server sends more). */
export interface ReportFigures {
  flockId?: number;
  period: string;
  dayAgeFrom: number | null;
  dayAgeTo: number | null;
  opening: number | null;
  closing: number | null;
  dead: number | null;
  culled: number | null;
  livability: number | null;
  mortalityPer10k: number | null;
  avgWeight: number | null;
  feedKg: number | null;
  waterL: number | null;
  fcr: number | null;
  fcrCorrected?: number | null;
  eggCount: number | null;
  layingRate: number | null;
  epef: number | null;
  std: { avgWeigh?: number | null; fcr?: number | null; elr?: number | null };
}

export interface ReportAnswer {
  rows: ReportFigures[];
  totals: ReportFigures | null;
}

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

export interface TrendPoint {
  dayAge: number;
  day: string;
  actual: number | null;
  standard: number | null;
}

export interface TrendAnswer {
  series: { flockId: number; groupNo: string; shedName: string; indicator: CurveIndicator; points: TrendPoint[] }[];
}

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

const R = '/breedpigbuilding/flockReport';
type Written = AnswerOf<typeof standardCurvesApi.add>;

export const flocksApi = {
  page: (q: FlockQuery, signal?: AbortSignal): Promise<Page<FlockRow>> => call(productionFlocksApi.page, { body: q }, { signal }),
  summary: (q: ReportQuery, signal?: AbortSignal): Promise<ReportAnswer> => request(`${R}/summary`, { method: 'POST', body: q, signal }),
  trend: (flockId: number, signal?: AbortSignal): Promise<TrendAnswer> =>
    request(`${R}/trend`, { method: 'POST', body: { flockIds: [flockId], indicators: ['02'], period: 'day' }, signal }),
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
  return useQuery({
    queryKey: [...FLOCK_KEYS.flocks, q],
    queryFn: ({ signal }) => flocksApi.page(q, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFlockSummary(q: ReportQuery | null): UseQueryResult<ReportAnswer> {
  return useQuery({ queryKey: [...FLOCK_KEYS.summary, q], queryFn: ({ signal }) => flocksApi.summary(q!, signal), enabled: q !== null });
}

export function useWeightTrend(flockId: number): UseQueryResult<TrendAnswer> {
  return useQuery({ queryKey: FLOCK_KEYS.trend(flockId), queryFn: ({ signal }) => flocksApi.trend(flockId, signal) });
}

export function useCurvePage(q: CurveQuery): UseQueryResult<Page<CurveRow>> {
  return useQuery({
    queryKey: [...FLOCK_KEYS.curves, q],
    queryFn: ({ signal }) => flocksApi.curves(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** The built-in standards never change while the console runs. */
export function useBuiltins(): UseQueryResult<BuiltinCurve[]> {
  return useQuery({ queryKey: FLOCK_KEYS.builtins, queryFn: ({ signal }) => flocksApi.builtins(signal), staleTime: Infinity });
}

/** A curve write; every curve list is reloaded after it. */
export function useCurveMutation<V, R>(fn: (v: V) => Promise<R>): UseMutationResult<R, unknown, V> {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: FLOCK_KEYS.curves }) });
}
