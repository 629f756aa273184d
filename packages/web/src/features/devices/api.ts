import { useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import {
  DTU_GATEWAY_TYPE,
  devicesApi as endpoints,
  type ChannelItem,
  type ChannelRow,
  type CheckCodeAnswer,
  type ControllerAddBody,
  type ControllerCommandAnswer,
  type ControllerCommandOp,
  type ControllerRow,
  type ControllerUpdateBody,
  type HierarchyFarm,
  type NetworkAddBody,
  type NetworkRow,
  type Page,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery, useRefreshingMutation } from '../../app/api/queryHooks';
import { request } from '../../app/api/client';

/**
 * Device registry calls (server: modules/devices/routes.ts, application codes
 * `device-mng.controller` and `device-mng.network`).
 */
export interface ControllerQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  keyword?: string;
  gatewayType?: number;
  /** The 4008 page: its categories and model family. */
  deviceCategories?: number[];
  modelFamily?: string;
}

export interface NetworkQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  keyword?: string;
}

export interface ShedOption {
  value: number;
  label: string;
}

export const devicesApi = {
  page: (q: ControllerQuery, signal?: AbortSignal): Promise<Page<ControllerRow>> => call(endpoints.page, { body: q }, { signal }),
  add: (body: ControllerAddBody): Promise<{ id: number } & CheckCodeAnswer> => call(endpoints.add, { body }),
  regenerateCheckCode: (id: number): Promise<CheckCodeAnswer> => call(endpoints.regenerateCheckCode, { body: { id } }),
  update: (body: ControllerUpdateBody): Promise<null> => call(endpoints.update, { body }),
  remove: (id: number): Promise<null> => call(endpoints.remove, { params: { id } }),
  bind: (body: { id: number; shedId: number }): Promise<null> => call(endpoints.bind, { body }),
  unbind: (id: number): Promise<null> => call(endpoints.unbind, { body: { id } }),
  enable: (body: { ids: number[]; enabled: boolean }): Promise<null> => call(endpoints.enable, { body }),
  channels: (id: number, signal?: AbortSignal): Promise<ChannelRow[]> => call(endpoints.channels, { query: { id } }, { signal }),
  channelsByCode: (code: string, signal?: AbortSignal): Promise<ChannelRow[]> => call(endpoints.channels, { query: { code } }, { signal }),
  command: ({
    params = {},
    ...rest
  }: {
    id: number;
    op: ControllerCommandOp;
    params?: Record<string, unknown>;
  }): Promise<ControllerCommandAnswer> => call(endpoints.command, { body: { ...rest, params } }),
  saveChannels: (body: { id: number; channels: ChannelItem[] }): Promise<null> => call(endpoints.saveChannels, { body }),
  sheds: (farmId: number, signal?: AbortSignal): Promise<HierarchyFarm[]> =>
    request('/breedpigbuilding/shed/qdslHierarchicalQuery', { method: 'POST', body: { farmId }, signal }),
  networkPage: (q: NetworkQuery, signal?: AbortSignal): Promise<Page<NetworkRow>> => call(endpoints.networkPage, { body: q }, { signal }),
  networkAdd: (body: NetworkAddBody): Promise<{ id: number }> => call(endpoints.networkAdd, { body }),
  networkUpdate: (body: NetworkAddBody & { id: number }): Promise<null> => call(endpoints.networkUpdate, { body }),
  networkRemove: (id: number): Promise<null> => call(endpoints.networkRemove, { params: { id } }),
};

export const DEVICE_KEYS = {
  controllers: ['devices', 'controllers'] as const,
  network: ['devices', 'network'] as const,
  channels: (id: number) => ['devices', 'channels', id] as const,
  sheds: (farmId: number) => ['devices', 'sheds', farmId] as const,
};

export function useControllerPage(q: ControllerQuery): UseQueryResult<Page<ControllerRow>> {
  return useSteadyQuery([...DEVICE_KEYS.controllers, q], (signal) => devicesApi.page(q, signal));
}

export function useNetworkPage(q: NetworkQuery): UseQueryResult<Page<NetworkRow>> {
  return useSteadyQuery([...DEVICE_KEYS.network, q], (signal) => devicesApi.networkPage(q, signal));
}

export function useChannels(id: number): UseQueryResult<ChannelRow[]> {
  return useQuery({ queryKey: DEVICE_KEYS.channels(id), queryFn: ({ signal }) => devicesApi.channels(id, signal) });
}

/** A gateway's channels by device code (the running-status page); off while `code` is unknown. */
export function useChannelsByCode(code: string | undefined): UseQueryResult<ChannelRow[]> {
  return useQuery({
    queryKey: ['devices', 'channelsByCode', code],
    queryFn: ({ signal }) => devicesApi.channelsByCode(code!, signal),
    enabled: !!code,
    staleTime: 5 * 60_000,
  });
}

/** Options for a select of the network devices of one farm. */
export function useNetworkOptions(farmId: number | undefined): UseQueryResult<{ value: number; label: string }[]> {
  return useQuery({
    queryKey: [...DEVICE_KEYS.network, 'options', farmId],
    enabled: !!farmId,
    queryFn: async ({ signal }) => {
      const page = await devicesApi.networkPage({ pageNo: 1, pageSize: 1000, farmId }, signal);
      return page.list.map((d) => ({ value: d.id, label: `${d.name} (${d.ip})` }));
    },
  });
}

/** Options for a select of the DTUs (gateway type 1000) of one farm, without `exceptId`. */
export function useDtuOptions(farmId: number | undefined, exceptId?: number): UseQueryResult<{ value: number; label: string }[]> {
  return useQuery({
    queryKey: [...DEVICE_KEYS.controllers, 'dtus', farmId],
    enabled: !!farmId,
    queryFn: async ({ signal }) => {
      const page = await devicesApi.page({ pageNo: 1, pageSize: 1000, farmId, gatewayType: DTU_GATEWAY_TYPE }, signal);
      return page.list.map((g) => ({ value: g.id, label: `${g.name} (${g.code})` }));
    },
    select: (opts) => opts.filter((o) => o.value !== exceptId),
  });
}

/** The sheds of one farm the caller may see, as select options. */
export function useFarmSheds(farmId: number | undefined): UseQueryResult<ShedOption[]> {
  return useQuery({
    queryKey: DEVICE_KEYS.sheds(farmId ?? 0),
    enabled: !!farmId,
    queryFn: async ({ signal }) => {
      const tree = await devicesApi.sheds(farmId!, signal);
      return tree.flatMap((f) => f.sheds.map((s) => ({ value: s.tid, label: s.shedName })));
    },
  });
}

/** Every controller write refreshes the lists (and the channels of the changed one). */
export function useDeviceMutation<V, R>(fn: (v: V) => Promise<R>): UseMutationResult<R, unknown, V> {
  return useRefreshingMutation(fn, [['devices']]);
}
