import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  alarmsApi,
  authCodeApi,
  controlApi,
  type AuthCodeEnableBody,
  type AuthCodeGenerateBody,
  type AlarmRuleRow,
  type AuthCodeRow,
  type DeviceListAnswer,
  type DeviceSwitchBody,
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
  devices: (shedId: number) => ['control', 'devices', shedId] as const,
  platformRules: (farmId: number) => ['control', 'platformRules', farmId] as const,
  overview: (farmId: number) => ['control', 'overview', farmId] as const,
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

/** The alarm rules page: the right to read the platform's rules (`useHeldPath` of it before calling). */
export const ALARM_RULES_APP = 'warningmanagement.warningconfiguration';

/**
 * A farm's threshold alarm rules with their day-age stages (the alarms module's contract), to
 * show the platform's limits beside the controller's own (the alarm-limit pages).
 */
export function useThresholdRules(farmId: number | undefined, enabled: boolean): UseQueryResult<Page<AlarmRuleRow>> {
  const query = { pageNo: 1, pageSize: 500, farmId, kind: 'threshold' as const };
  return useSteadyQuery(CONTROL_KEYS.platformRules(farmId ?? 0), (signal) => call(alarmsApi.rulePage, { query }, { signal }), {
    enabled: enabled && farmId !== undefined,
  });
}

/** A house's devices with their live values; polled (live values change, hand commands wait for the ack). */
export function useDevices(shedId: number | undefined): UseQueryResult<DeviceListAnswer> {
  return useQuery({
    queryKey: CONTROL_KEYS.devices(shedId ?? 0),
    queryFn: ({ signal }) => call(controlApi.devices, { query: { shedId: shedId! } }, { signal }),
    enabled: shedId !== undefined,
    refetchInterval: (q) => (q.state.data?.devices.some((d) => d.command?.status === 'pending') ? PENDING_POLL_MS : 15_000),
  });
}

const write = refreshingWrites([CONTROL_KEYS.all]);
export const useSwitchDevice = write((body: DeviceSwitchBody) => call(controlApi.switchDevice, { body }));
export const useGenerateAuthCode = write((body: AuthCodeGenerateBody) => call(authCodeApi.generate, { body }));
export const useEnableAuthCode = write((body: AuthCodeEnableBody) => call(authCodeApi.enable, { body }));
export const useApplySetting = write((body: SettingApplyBody) => call(controlApi.apply, { body }));
export const useRestoreSetting = write((body: SettingRestoreBody) => call(controlApi.restore, { body }));
