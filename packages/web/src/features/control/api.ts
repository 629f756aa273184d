import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  authCodeApi,
  controlApi,
  type AuthCodeEnableBody,
  type AuthCodeGenerateBody,
  type AuthCodeRow,
  type OptionLogPageQuery,
  type OptionLogRow,
  type Page,
  type SettingApplyBody,
  type SettingGroup,
  type SettingRestoreBody,
  type SettingStateAnswer,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';

/** Query keys of the remote-control feature: every write refreshes everything under `all`. */
export const CONTROL_KEYS = {
  all: ['control'] as const,
  codes: (q: { pageNo: number; pageSize: number }) => ['control', 'codes', q] as const,
  state: (shedId: number, group: SettingGroup) => ['control', 'state', shedId, group] as const,
  logs: (q: OptionLogPageQuery) => ['control', 'logs', q] as const,
};

export function useAuthCodes(q: { pageNo: number; pageSize: number }): UseQueryResult<Page<AuthCodeRow>> {
  return useSteadyQuery(CONTROL_KEYS.codes(q), (signal) => call(authCodeApi.page, { query: q }, { signal }));
}

/** How often a house's setting group is read again while its newest version waits for the controller. */
export const PENDING_POLL_MS = 2_000;

/** A house's setting group; polled while a version waits for the controller's answer. */
export function useSettingState(shedId: number | undefined, group: SettingGroup): UseQueryResult<SettingStateAnswer> {
  return useQuery({
    queryKey: CONTROL_KEYS.state(shedId ?? 0, group),
    queryFn: ({ signal }) => call(controlApi.state, { query: { shedId: shedId!, group } }, { signal }),
    enabled: shedId !== undefined,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

export function useOptionLogs(q: OptionLogPageQuery): UseQueryResult<Page<OptionLogRow>> {
  return useSteadyQuery(CONTROL_KEYS.logs(q), (signal) => call(controlApi.optionLogs, { query: q }, { signal }));
}

const write = refreshingWrites([CONTROL_KEYS.all]);
export const useGenerateAuthCode = write((body: AuthCodeGenerateBody) => call(authCodeApi.generate, { body }));
export const useEnableAuthCode = write((body: AuthCodeEnableBody) => call(authCodeApi.enable, { body }));
export const useApplySetting = write((body: SettingApplyBody) => call(controlApi.apply, { body }));
export const useRestoreSetting = write((body: SettingRestoreBody) => call(controlApi.restore, { body }));
