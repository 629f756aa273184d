import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  directoryApi,
  feedDeviceApi,
  feedMonitorApi,
  feedingFeedApi,
  feedingPlanApi,
  feedingStandardApi,
  type DispatchStatus,
  type CollectorAddBody,
  type ConcentratorAddBody,
  type FeedDeviceKind,
  type FeederAddBody,
  type PenFeedRow,
  type FeedDeviceOption,
  type FeedDeviceRow,
  type PlanAddBody,
  type PlanRow,
  type FeedInfoAddBody,
  type FeedInfoRow,
  type FeedOption,
  type FeedTypeAddBody,
  type FeedTypeRow,
  type Page,
  type PenFeedingType,
  type StandardAddBody,
  type StandardOption,
  type StandardRow,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';

/**
 * Precision feeding, feed catalogue (contracts: packages/shared/src/feeding/endpoints.ts;
 * application codes accurate-feeding.info.type and accurate-feeding.info.info).
 */
export interface FeedTypeQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
}

export interface FeedInfoQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  typeId?: number;
  animalType?: number;
}

export const FEEDING_KEYS = {
  feeds: ['feeding', 'feeds'] as const,
  typePage: (q: FeedTypeQuery) => ['feeding', 'feeds', 'types', q] as const,
  typeList: ['feeding', 'feeds', 'typeList'] as const,
  infoPage: (q: FeedInfoQuery) => ['feeding', 'feeds', 'info', q] as const,
  infoList: (animalType: number | undefined) => ['feeding', 'feeds', 'infoList', animalType ?? null] as const,
};

export function useFeedTypePage(q: FeedTypeQuery): UseQueryResult<Page<FeedTypeRow>> {
  return useSteadyQuery(FEEDING_KEYS.typePage(q), (signal) => call(feedingFeedApi.typePage, { query: q }, { signal }));
}

export function useFeedTypeList(): UseQueryResult<{ id: number; name: string }[]> {
  return useSteadyQuery(FEEDING_KEYS.typeList, (signal) => call(feedingFeedApi.typeList, {}, { signal }));
}

export function useFeedInfoPage(q: FeedInfoQuery): UseQueryResult<Page<FeedInfoRow>> {
  return useSteadyQuery(FEEDING_KEYS.infoPage(q), (signal) => call(feedingFeedApi.infoPage, { query: q }, { signal }));
}

/** The feeds a plan may use, for an animal type (the farm's type). */
export function useFeedOptions(animalType: number | undefined, enabled = true): UseQueryResult<FeedOption[]> {
  return useSteadyQuery(
    FEEDING_KEYS.infoList(animalType),
    (signal) => call(feedingFeedApi.infoList, { query: animalType === undefined ? {} : { animalType } }, { signal }),
    { enabled },
  );
}

/** A type or feed written: every catalogue list reloads (counts and names appear in both tabs). */
const feedWrite = refreshingWrites([FEEDING_KEYS.feeds]);
export const useAddFeedType = feedWrite((body: FeedTypeAddBody) => call(feedingFeedApi.typeAdd, { body }));
export const useUpdateFeedType = feedWrite((body: FeedTypeAddBody & { id: number }) => call(feedingFeedApi.typeUpdate, { body }));
export const useDeleteFeedType = feedWrite((id: number) => call(feedingFeedApi.typeRemove, { params: { id } }));
export const useAddFeedInfo = feedWrite((body: FeedInfoAddBody) => call(feedingFeedApi.infoAdd, { body }));
export const useUpdateFeedInfo = feedWrite((body: FeedInfoAddBody & { id: number }) => call(feedingFeedApi.infoUpdate, { body }));
export const useDeleteFeedInfo = feedWrite((id: number) => call(feedingFeedApi.infoRemove, { params: { id } }));

/** The plan list request (shared planPageQuery). */
export interface PlanQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  name?: string;
  dispatchStatus?: DispatchStatus;
}

export const PLAN_KEYS = {
  plans: ['feeding', 'plans'] as const,
  page: (q: PlanQuery) => ['feeding', 'plans', 'page', q] as const,
};

export function usePlanPage(q: PlanQuery, enabled: boolean): UseQueryResult<Page<PlanRow>> {
  // Dispatch states change by themselves (feeders confirm): a list is read as it is now.
  return useSteadyQuery(PLAN_KEYS.page(q), (signal) => call(feedingPlanApi.page, { query: q }, { signal }), { enabled, staleTime: 0 });
}

/** The pens of a house as options (the plan's targets), from the authorized tree of the farm. */
export function usePlanPens(farmId: number, shedId: number | undefined): { value: number; label: string }[] {
  const { t } = useTranslation('feeding');
  const tree = useSteadyQuery(['sheds', 'authList', farmId], (signal) => call(directoryApi.authSheds, { query: { farmId } }, { signal }));
  const shed = tree.data?.find((s) => s.tid === shedId);
  return (shed?.pens ?? []).map((p) => ({ value: p.id, label: t('plan.penLabel', { column: p.fieldColumn, row: p.field }) }));
}

const planWrite = refreshingWrites([PLAN_KEYS.plans, FEEDING_KEYS.feeds]);
export const useAddPlan = planWrite((body: PlanAddBody) => call(feedingPlanApi.add, { body }));
export const useUpdatePlan = planWrite((body: PlanAddBody & { id: number }) => call(feedingPlanApi.update, { body }));
export const useDeletePlan = planWrite((id: number) => call(feedingPlanApi.remove, { params: { id } }));
export const useDispatchPlan = planWrite((id: number) => call(feedingPlanApi.dispatch, { body: { id } }));
export const useRetryDispatch = planWrite((id: number) => call(feedingPlanApi.retry, { body: { id } }));

/** The feeding standard list request (shared standardPageQuery). */
export interface StandardQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  penFeedingType?: PenFeedingType;
}

const STANDARD_KEYS = {
  standards: ['feeding', 'standards'] as const,
  page: (q: StandardQuery) => ['feeding', 'standards', 'page', q] as const,
  list: ['feeding', 'standards', 'list'] as const,
};

export function useStandardPage(q: StandardQuery): UseQueryResult<Page<StandardRow>> {
  return useSteadyQuery(STANDARD_KEYS.page(q), (signal) => call(feedingStandardApi.page, { query: q }, { signal }));
}

/** The standards a plan may keep to. */
export function useStandardOptions(enabled = true): UseQueryResult<StandardOption[]> {
  return useSteadyQuery(STANDARD_KEYS.list, (signal) => call(feedingStandardApi.list, {}, { signal }), { enabled });
}

/** A standard written: its lists reload, and the plans (their below-minimum flags follow the standard). */
const standardWrite = refreshingWrites([STANDARD_KEYS.standards, PLAN_KEYS.plans]);
export const useAddStandard = standardWrite((body: StandardAddBody) => call(feedingStandardApi.add, { body }));
export const useUpdateStandard = standardWrite((body: StandardAddBody & { id: number }) => call(feedingStandardApi.update, { body }));
export const useDeleteStandard = standardWrite((id: number) => call(feedingStandardApi.remove, { params: { id } }));

/** The feeding devices list request (shared feedDevicePageQuery). */
export interface FeedDeviceQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  name?: string;
}

const DEVICE_KEYS = {
  devices: ['feeding', 'devices'] as const,
  page: (kind: FeedDeviceKind, q: FeedDeviceQuery) => ['feeding', 'devices', kind, 'page', q] as const,
  list: (kind: FeedDeviceKind, shedId: number | undefined) => ['feeding', 'devices', kind, 'list', shedId] as const,
};

const PAGE_OF = {
  concentrator: feedDeviceApi.concentratorPage,
  collector: feedDeviceApi.collectorPage,
  feeder: feedDeviceApi.feederPage,
} as const;

export function useFeedDevicePage(kind: FeedDeviceKind, q: FeedDeviceQuery, enabled: boolean): UseQueryResult<Page<FeedDeviceRow>> {
  // Online states change by themselves: a list is read as it is now.
  return useSteadyQuery(DEVICE_KEYS.page(kind, q), (signal) => call(PAGE_OF[kind], { query: q }, { signal }), { enabled, staleTime: 0 });
}

/** A house's devices of the parent kind (a collector's concentrators, a feeder's collectors). */
export function useParentOptions(kind: 'collector' | 'feeder', shedId: number | undefined): UseQueryResult<FeedDeviceOption[]> {
  const endpoint = kind === 'collector' ? feedDeviceApi.concentratorList : feedDeviceApi.collectorList;
  return useSteadyQuery(DEVICE_KEYS.list(kind, shedId), (signal) => call(endpoint, { query: { shedId: shedId ?? 0 } }, { signal }), {
    enabled: shedId !== undefined,
  });
}

/** A house's feeder main gateways, for the concentrator form. */
export function useFeederGateways(
  shedId: number | undefined,
  enabled: boolean,
): UseQueryResult<{ id: number; code: string; name: string }[]> {
  return useSteadyQuery(
    ['feeding', 'devices', 'gateways', shedId],
    (signal) => call(feedDeviceApi.concentratorGateways, { query: { shedId: shedId ?? 0 } }, { signal }),
    { enabled: enabled && shedId !== undefined },
  );
}

const deviceWrite = refreshingWrites([DEVICE_KEYS.devices]);
type Save<B> = { id: number | null; body: B };
export const useSaveConcentrator = deviceWrite(({ id, body }: Save<ConcentratorAddBody>) =>
  id === null ? call(feedDeviceApi.concentratorAdd, { body }) : call(feedDeviceApi.concentratorUpdate, { body: { ...body, id } }),
);
export const useSaveCollector = deviceWrite(({ id, body }: Save<CollectorAddBody>) =>
  id === null ? call(feedDeviceApi.collectorAdd, { body }) : call(feedDeviceApi.collectorUpdate, { body: { ...body, id } }),
);
export const useSaveFeeder = deviceWrite(({ id, body }: Save<FeederAddBody>) =>
  id === null ? call(feedDeviceApi.feederAdd, { body }) : call(feedDeviceApi.feederUpdate, { body: { ...body, id } }),
);
const REMOVE_OF = {
  concentrator: feedDeviceApi.concentratorRemove,
  collector: feedDeviceApi.collectorRemove,
  feeder: feedDeviceApi.feederRemove,
} as const;
export const useDeleteFeedDevice = deviceWrite(({ kind, id }: { kind: FeedDeviceKind; id: number }) =>
  call(REMOVE_OF[kind], { params: { id } }),
);

/** Today's feed per pen as the feeders last reported it; read again every `refreshMs` (reports keep coming). */
export function useFeedMonitor(
  farmId: number | undefined,
  refreshMs: number,
  shedId?: number,
): UseQueryResult<{ day: string; pens: PenFeedRow[] }> {
  return useQuery({
    queryKey: ['feeding', 'monitor', farmId ?? 0, shedId],
    queryFn: ({ signal }) => call(feedMonitorApi.pens, { query: { farmId: farmId!, shedId } }, { signal }),
    enabled: farmId !== undefined,
    staleTime: 0,
    refetchInterval: refreshMs,
  });
}
