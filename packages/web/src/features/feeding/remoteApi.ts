import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  feedRemoteApi,
  type ConcentratorRemoteRow,
  type ConcentratorSendBody,
  type FeederRemoteRow,
  type FeederSendBody,
  type FeedNowRecordRow,
  type FeedRemoteCommand,
  type Page,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';

/** Remote control of feeding devices and the feed-now record (contracts: packages/shared/src/feeding/remote-endpoints.ts). */
const KEYS = {
  all: ['feedRemote'] as const,
  feeders: (shedId: number) => ['feedRemote', 'feeders', shedId] as const,
  concentrators: (shedId: number) => ['feedRemote', 'concentrators', shedId] as const,
};

/** Read again every 2 s while a command waits for its device, else every 30 s (live reports). */
export const REMOTE_PENDING_POLL_MS = 2_000;
const LIVE_POLL_MS = 30_000;
const waiting = (rows: { commands: FeedRemoteCommand[] }[] | undefined): boolean =>
  rows?.some((r) => r.commands.some((c) => c.status === 'pending')) ?? false;

export function useRemoteFeeders(shedId: number | undefined): UseQueryResult<FeederRemoteRow[]> {
  return useQuery({
    queryKey: KEYS.feeders(shedId ?? 0),
    queryFn: ({ signal }) => call(feedRemoteApi.feeders, { query: { shedId: shedId! } }, { signal }),
    enabled: shedId !== undefined,
    refetchInterval: (q) => (waiting(q.state.data) ? REMOTE_PENDING_POLL_MS : LIVE_POLL_MS),
  });
}

export function useRemoteConcentrators(shedId: number | undefined): UseQueryResult<ConcentratorRemoteRow[]> {
  return useQuery({
    queryKey: KEYS.concentrators(shedId ?? 0),
    queryFn: ({ signal }) => call(feedRemoteApi.concentrators, { query: { shedId: shedId! } }, { signal }),
    enabled: shedId !== undefined,
    refetchInterval: (q) => (waiting(q.state.data) ? REMOTE_PENDING_POLL_MS : LIVE_POLL_MS),
  });
}

const write = refreshingWrites([KEYS.all]);
export const useFeederSend = write((body: FeederSendBody) => call(feedRemoteApi.feederSend, { body }));
export const useConcentratorSend = write((body: ConcentratorSendBody) => call(feedRemoteApi.concentratorSend, { body }));

export interface FeedNowAsk {
  farmId: number;
  shedId?: number;
  penId?: number;
  status?: FeedRemoteCommand['status'];
  startTime?: number;
  endTime?: number;
  pageNo: number;
  pageSize: number;
}

export function useFeedNowRecords(q: FeedNowAsk, enabled: boolean): UseQueryResult<Page<FeedNowRecordRow>> {
  return useSteadyQuery(['feedRemote', 'feedNow', q], (signal) => call(feedRemoteApi.feedNowRecords, { query: q }, { signal }), {
    enabled,
  });
}
