import type { UseQueryResult } from '@tanstack/react-query';
import {
  feedingFeedApi,
  type FeedInfoAddBody,
  type FeedInfoRow,
  type FeedOption,
  type FeedTypeAddBody,
  type FeedTypeRow,
  type Page,
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
