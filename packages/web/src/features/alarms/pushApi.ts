import type { UseQueryResult } from '@tanstack/react-query';
import {
  pushConfigApi,
  pushListApi,
  type InputOf,
  type Page,
  type PhoneConfigRow,
  type PushMessageRow,
  type PushPerson,
  type PushStrategyRow,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';

/** Query keys of the push pages: a configuration write reloads both configurations of the farm. */
export const PUSH_KEYS = {
  config: ['alarms', 'push', 'config'] as const,
  strategies: (farmId: number | undefined) => ['alarms', 'push', 'config', 'strategy', farmId ?? null] as const,
  phones: (farmId: number | undefined) => ['alarms', 'push', 'config', 'phone', farmId ?? null] as const,
  people: (farmId: number) => ['alarms', 'push', 'people', farmId] as const,
  messages: (kind: 'email' | 'phone', q: object) => ['alarms', 'push', 'messages', kind, q] as const,
};

/** A farm has at most one of each (20029): its first page of one row is all there is. */
const ONE = { pageNo: 1, pageSize: 1 };

export function useFarmStrategy(farmId: number | undefined): UseQueryResult<Page<PushStrategyRow>> {
  return useSteadyQuery(
    PUSH_KEYS.strategies(farmId),
    (signal) => call(pushConfigApi.strategyPage, { query: { ...ONE, farmId } }, { signal }),
    {
      enabled: farmId !== undefined,
    },
  );
}

export function useFarmPhoneConfig(farmId: number | undefined): UseQueryResult<Page<PhoneConfigRow>> {
  return useSteadyQuery(PUSH_KEYS.phones(farmId), (signal) => call(pushConfigApi.phonePage, { query: { ...ONE, farmId } }, { signal }), {
    enabled: farmId !== undefined,
  });
}

/** The accounts who can see the farm: the only people its strategy may name (the form's picker). */
export function useFarmPeople(farmId: number): UseQueryResult<PushPerson[]> {
  return useSteadyQuery(PUSH_KEYS.people(farmId), (signal) => call(pushConfigApi.people, { query: { farmId } }, { signal }));
}

/** What the forms send: the request as written (extra e-mails as one `a;b` text). */
export type StrategyAddRequest = InputOf<typeof pushConfigApi.strategyAdd>['body'];
export type StrategyUpdateRequest = InputOf<typeof pushConfigApi.strategyUpdate>['body'];
export type PhoneAddRequest = InputOf<typeof pushConfigApi.phoneAdd>['body'];
export type PhoneUpdateRequest = InputOf<typeof pushConfigApi.phoneUpdate>['body'];

const configWrite = refreshingWrites([PUSH_KEYS.config]);
export const useAddStrategy = configWrite((body: StrategyAddRequest) => call(pushConfigApi.strategyAdd, { body }));
export const useUpdateStrategy = configWrite((body: StrategyUpdateRequest) => call(pushConfigApi.strategyUpdate, { body }));
export const useDeleteStrategy = configWrite((id: number) => call(pushConfigApi.strategyRemove, { params: { id } }));
export const useAddPhoneConfig = configWrite((body: PhoneAddRequest) => call(pushConfigApi.phoneAdd, { body }));
export const useUpdatePhoneConfig = configWrite((body: PhoneUpdateRequest) => call(pushConfigApi.phoneUpdate, { body }));
export const useDeletePhoneConfig = configWrite((id: number) => call(pushConfigApi.phoneRemove, { params: { id } }));

/** The push list request (server: pushEmailPageQuery / pushPhonePageQuery); times are epoch milliseconds. */
export interface PushListQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  status?: 'pushing' | 'success' | 'failure';
  recipient?: string;
  method?: 'sms' | 'voice';
  startTime?: number;
  endTime?: number;
}

export function usePushMessages(kind: 'email' | 'phone', q: PushListQuery, enabled: boolean): UseQueryResult<Page<PushMessageRow>> {
  return useSteadyQuery(
    PUSH_KEYS.messages(kind, q),
    (signal) => {
      if (kind === 'email') {
        const { method: _method, ...query } = q;
        return call(pushListApi.emailPage, { query }, { signal });
      }
      return call(pushListApi.phonePage, { query: q }, { signal });
    },
    // Messages are sent and retried by themselves: a list is read as it is now.
    { enabled, staleTime: 0 },
  );
}
