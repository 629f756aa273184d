import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import {
  alarmsApi,
  type AlarmRow,
  type AlarmRuleAddBody,
  type AlarmRuleRow,
  type AlarmKind,
  type AlarmStateFilter,
  type Page,
  type RuleGroupAddBody,
  type RuleGroupRow,
  type RuleGroupUpdateBody,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useRefreshingMutation, useSteadyQuery } from '../../app/api/queryHooks';
import { ALARM_KEYS } from './countApi';

export { ALARM_KEYS, useAlarmCount } from './countApi';

export interface RuleGroupQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedType?: number;
}

export interface RuleQuery {
  pageNo: number;
  pageSize: number;
  groupId?: number;
}

export function useRuleGroupPage(q: RuleGroupQuery, enabled: boolean): UseQueryResult<Page<RuleGroupRow>> {
  return useSteadyQuery(ALARM_KEYS.groups(q), (signal) => call(alarmsApi.groupPage, { query: q }, { signal }), { enabled });
}

export function useRulePage(q: RuleQuery, enabled: boolean): UseQueryResult<Page<AlarmRuleRow>> {
  return useSteadyQuery(ALARM_KEYS.rules(q), (signal) => call(alarmsApi.rulePage, { query: q }, { signal }), { enabled });
}

const configWrite = refreshingWrites([ALARM_KEYS.config]);
export const useAddRuleGroup = configWrite((body: RuleGroupAddBody) => call(alarmsApi.groupAdd, { body }));
export const useUpdateRuleGroup = configWrite((body: RuleGroupUpdateBody) => call(alarmsApi.groupUpdate, { body }));
export const useDeleteRuleGroup = configWrite((id: number) => call(alarmsApi.groupRemove, { params: { id } }));
export const useAddRule = configWrite((body: AlarmRuleAddBody) => call(alarmsApi.ruleAdd, { body }));
export const useUpdateRule = configWrite((body: AlarmRuleAddBody & { id: number }) => call(alarmsApi.ruleUpdate, { body }));
export const useDeleteRule = configWrite((id: number) => call(alarmsApi.ruleRemove, { params: { id } }));

/** The alarm list request (server: alarmPageQuery); times are epoch milliseconds. */
export interface AlarmListQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  level?: number;
  state?: AlarmStateFilter;
  kind?: AlarmKind;
  startTime?: number;
  endTime?: number;
}

export function useAlarmPage(q: AlarmListQuery, enabled: boolean): UseQueryResult<Page<AlarmRow>> {
  // Alarms change by themselves (raised, released): a list is read as it is now.
  return useSteadyQuery(ALARM_KEYS.page(q), (signal) => call(alarmsApi.page, { query: q }, { signal }), { enabled, staleTime: 0 });
}

type AckBody = { ids: number[]; comment?: string };
type ClearBody = { id: number; comment?: string };
type ShelveBody = { id: number; until: number | null };

/** Acknowledge, release, shelve: each reloads the list and the count once it succeeded. */
export function useAlarmWrites(): {
  ack: UseMutationResult<unknown, unknown, AckBody>;
  clear: UseMutationResult<unknown, unknown, ClearBody>;
  shelve: UseMutationResult<unknown, unknown, ShelveBody>;
} {
  return {
    ack: useRefreshingMutation((body: AckBody) => call(alarmsApi.ack, { body }), [ALARM_KEYS.records]),
    clear: useRefreshingMutation((body: ClearBody) => call(alarmsApi.clear, { body }), [ALARM_KEYS.records]),
    shelve: useRefreshingMutation((body: ShelveBody) => call(alarmsApi.shelve, { body }), [ALARM_KEYS.records]),
  };
}
