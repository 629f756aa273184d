import type { UseQueryResult } from '@tanstack/react-query';
import { alarmsApi, type AlarmRuleRow, type Page } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';
import { ALARM_KEYS } from './countApi';

/** The alarm rules page: the right to read the rules (`useHeldPath` of it before calling). */
export const ALARM_RULES_APP = 'warningmanagement.warningconfiguration';

/** At most this many threshold rules of a farm are compared (a farm has a few per shed type). */
const MAX_RULES = 500;

/**
 * A farm's threshold rules with their day-age stages, for pages of other features that show the
 * platform's limits beside their own (remote control's alarm limits). Under the alarms config
 * key, so a rule write reloads them.
 */
export function useThresholdRules(farmId: number | undefined, enabled: boolean): UseQueryResult<Page<AlarmRuleRow>> {
  const query = { pageNo: 1, pageSize: MAX_RULES, farmId, kind: 'threshold' as const };
  return useSteadyQuery(ALARM_KEYS.rules(query), (signal) => call(alarmsApi.rulePage, { query }, { signal }), {
    enabled: enabled && farmId !== undefined,
  });
}
