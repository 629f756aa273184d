import { queryOptions, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  directoryApi,
  environmentApi,
  telemetryApi,
  type CommuOffRow,
  type DeviceConnectRow,
  type EnvKind,
  type EnvMonitorAnswer,
  type HkqDetail,
  type MonitorStatistics,
  type Page,
  type RecordsAnswer,
  type RunStatsRow,
  type ShedListItem,
  type TelemetryLatest,
  type TrendAnswer,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';

/**
 * Environment calls (SPEC §7 "Devices and monitoring" and the environment screens). Times go out
 * as epoch milliseconds; every answer is typed by the shared contracts (environment/endpoints.ts,
 * telemetry/endpoints.ts for the readings store and its live stream).
 */
export interface TrendRequest {
  shedIds: number[];
  kind: EnvKind;
  preset?: string;
  startTime?: number;
  endTime?: number;
}

export interface RecordsRequest {
  shedId: number;
  kind: EnvKind;
  startTime: number;
  endTime: number;
  pageNo: number;
  pageSize: number;
}

export interface RangeRequest {
  farmId: number;
  startTime: number;
  endTime: number;
}

export interface ConnectRequest {
  farmId?: number;
  online?: boolean;
  pageNo: number;
  pageSize: number;
}

export const envApi = {
  sheds: (farmId: number, signal?: AbortSignal): Promise<ShedListItem[]> => call(directoryApi.sheds, { query: { farmId } }, { signal }),
  monitor: (farmId: number, signal?: AbortSignal): Promise<EnvMonitorAnswer> =>
    call(environmentApi.monitor, { body: { farmId } }, { signal }),
  detail: (q: { gatewayCode?: string; shedId?: number }, signal?: AbortSignal): Promise<HkqDetail> =>
    call(environmentApi.detail, { body: q }, { signal }),
  statistics: (farmId: number, signal?: AbortSignal): Promise<MonitorStatistics> =>
    call(environmentApi.statistics, { body: { farmId } }, { signal }),
  connectStatus: (q: ConnectRequest, signal?: AbortSignal): Promise<Page<DeviceConnectRow>> =>
    call(environmentApi.connectStatus, { body: q }, { signal }),
  trend: (q: TrendRequest, signal?: AbortSignal): Promise<TrendAnswer> => call(environmentApi.trend, { body: q }, { signal }),
  records: (q: RecordsRequest, signal?: AbortSignal): Promise<RecordsAnswer> => call(environmentApi.records, { body: q }, { signal }),
  commuOff: (q: RangeRequest, signal?: AbortSignal): Promise<CommuOffRow[]> => call(environmentApi.commuOff, { body: q }, { signal }),
  runStats: (q: RangeRequest, signal?: AbortSignal): Promise<RunStatsRow[]> => call(environmentApi.runStats, { body: q }, { signal }),
  /** The gateways of a shed with their newest values (the stream names gateways by id only). */
  latest: (shedId: number, signal?: AbortSignal): Promise<TelemetryLatest> => call(telemetryApi.latest, { query: { shedId } }, { signal }),
};

export const envKeys = {
  sheds: (farmId: number | undefined) => ['environment', 'sheds', farmId] as const,
  monitor: (farmId: number | undefined) => ['environment', 'monitor', farmId] as const,
  detail: (code: string | undefined, shedId: number | undefined) => ['environment', 'detail', code, shedId] as const,
  statistics: (farmId: number | undefined) => ['environment', 'statistics', farmId] as const,
};

/** The sheds of a farm the account may see (for pickers). */
export function useFarmSheds(farmId: number | undefined): UseQueryResult<ShedListItem[]> {
  return useQuery({
    queryKey: envKeys.sheds(farmId),
    queryFn: ({ signal }) => envApi.sheds(farmId!, signal),
    enabled: farmId !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** Latest values of every shed of a farm; the live stream keeps them current afterwards. */
export function useEnvMonitor(farmId: number | undefined): UseQueryResult<EnvMonitorAnswer> {
  return useQuery({
    queryKey: envKeys.monitor(farmId),
    queryFn: ({ signal }) => envApi.monitor(farmId!, signal),
    enabled: farmId !== undefined,
  });
}

export function useMonitorStatistics(farmId: number | undefined): UseQueryResult<MonitorStatistics> {
  return useQuery({
    queryKey: envKeys.statistics(farmId),
    queryFn: ({ signal }) => envApi.statistics(farmId!, signal),
    enabled: farmId !== undefined,
    // Counts like "readings today" move slowly; a minute is fresh enough for a wall display.
    refetchInterval: 60_000,
  });
}

export function useControllerDetail(q: { gatewayCode?: string; shedId?: number } | null): UseQueryResult<HkqDetail> {
  return useQuery({
    queryKey: envKeys.detail(q?.gatewayCode, q?.shedId),
    queryFn: ({ signal }) => envApi.detail(q!, signal),
    enabled: !!q && (q.gatewayCode !== undefined || q.shedId !== undefined),
  });
}

/** A trend; the previous chart stays on screen while a new range loads. */
export function useTrend(q: TrendRequest | null): UseQueryResult<TrendAnswer> {
  return useSteadyQuery(['environment', 'trend', q], (signal) => envApi.trend(q!, signal), {
    enabled: !!q && q.shedIds.length > 0,
    staleTime: 30_000,
  });
}

/** Several trends at once (one per kind, or per group of six sheds), cached like useTrend's. */
export function useTrends(jobs: readonly TrendRequest[]): UseQueryResult<TrendAnswer>[] {
  return useQueries({
    queries: jobs.map((q) => ({
      queryKey: ['environment', 'trend', q],
      queryFn: ({ signal }: { signal: AbortSignal }) => envApi.trend(q, signal),
      staleTime: 30_000,
    })),
  });
}

export function useRecords(q: RecordsRequest | null): UseQueryResult<RecordsAnswer> {
  return useSteadyQuery(['environment', 'records', q], (signal) => envApi.records(q!, signal), { enabled: !!q });
}

/**
 * The gateways of a shed with their newest values: the stream names gateways by id, the snapshot
 * and the detail by code, and this answer pairs them (rarely changes: kept ten minutes).
 */
export function shedGatewaysQuery(shedId: number) {
  return queryOptions({
    queryKey: ['environment', 'gatewayIds', shedId],
    queryFn: ({ signal }) => envApi.latest(shedId, signal),
    staleTime: 10 * 60_000,
  });
}
