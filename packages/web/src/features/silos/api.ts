import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  silosApi,
  type Page,
  type SiloAddBody,
  type SiloBindScaleBody,
  type SiloDailyRow,
  type SiloDeliveryRow,
  type SiloRow,
  type SiloScaleRow,
  type SiloStatusRow,
  type SiloUpdateBody,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';

/** Query keys of the silos feature: a write reloads everything under `silos` (list, scales, status). */
export const SILO_KEYS = {
  all: ['silos'] as const,
  page: (q: object) => ['silos', 'page', q] as const,
  scales: (farmId: number) => ['silos', 'scales', farmId] as const,
  status: (farmId: number, shedId?: number) => ['silos', 'status', farmId, shedId ?? null] as const,
  deliveries: (q: object) => ['silos', 'deliveries', q] as const,
  daily: (q: object) => ['silos', 'daily', q] as const,
};

export interface SiloListQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
}

export function useSiloPage(q: SiloListQuery, enabled: boolean): UseQueryResult<Page<SiloRow>> {
  return useSteadyQuery(SILO_KEYS.page(q), (signal) => call(silosApi.page, { query: q }, { signal }), { enabled });
}

export function useScales(farmId: number): UseQueryResult<SiloScaleRow[]> {
  return useSteadyQuery(SILO_KEYS.scales(farmId), (signal) => call(silosApi.scales, { query: { farmId } }, { signal }));
}

/** The silos' state as the scales last saw it; read again every `refreshMs` (readings keep coming). */
export function useSiloStatus(farmId: number | undefined, refreshMs: number, shedId?: number): UseQueryResult<SiloStatusRow[]> {
  return useQuery({
    queryKey: SILO_KEYS.status(farmId ?? 0, shedId),
    queryFn: ({ signal }) => call(silosApi.status, { query: { farmId: farmId!, shedId } }, { signal }),
    enabled: farmId !== undefined,
    staleTime: 0,
    refetchInterval: refreshMs,
  });
}

/** A records request (server: siloRecordsQuery); times are epoch milliseconds. */
export interface SiloRecordsQuery {
  pageNo: number;
  pageSize: number;
  farmId: number;
  siloId?: number;
  start?: number;
  end?: number;
}

export function useDeliveries(q: SiloRecordsQuery, enabled: boolean): UseQueryResult<Page<SiloDeliveryRow>> {
  return useSteadyQuery(SILO_KEYS.deliveries(q), (signal) => call(silosApi.deliveries, { query: q }, { signal }), { enabled });
}

export function useDaily(q: SiloRecordsQuery, enabled: boolean): UseQueryResult<Page<SiloDailyRow>> {
  return useSteadyQuery(SILO_KEYS.daily(q), (signal) => call(silosApi.daily, { query: q }, { signal }), { enabled });
}

const siloWrite = refreshingWrites([SILO_KEYS.all]);
export const useAddSilo = siloWrite((body: SiloAddBody) => call(silosApi.add, { body }));
export const useUpdateSilo = siloWrite((body: SiloUpdateBody) => call(silosApi.update, { body }));
export const useDeleteSilo = siloWrite((id: number) => call(silosApi.remove, { params: { id } }));
export const useBindScale = siloWrite((body: SiloBindScaleBody) => call(silosApi.bindScale, { body }));
export const useUnbindScale = siloWrite((id: number) => call(silosApi.unbindScale, { body: { id } }));
