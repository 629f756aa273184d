import type { LiveAlarm } from '@farmsense/shared';

/** A live alarm event of the tests: a level-1 temperature alarm of shed 7, raised (or changed) now. */
export const liveAlarm = (id: number, change: LiveAlarm['change'] = 'raised'): LiveAlarm => ({
  id,
  farmId: 1,
  shedId: 7,
  gatewayId: 3,
  ruleId: 4,
  level: 1,
  key: 'temp.2',
  active: true,
  acknowledged: false,
  value: 31,
  peak: 31,
  change,
  ts: Date.now(),
});
