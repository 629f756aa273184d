import { AccountType } from '@farmsense/shared';
import type { AuthContext } from '../../scope/auth-context.js';
import { dayVerdict, type FeederDay } from './feeder-days.js';

/**
 * The not-eaten alarm's judgement of one feeder (feed-alarms.ts), on the same verdict as the
 * not-eating list and its statistics (feeder-days.ts `dayVerdict`): the farm day the alarm stands
 * for, or null when she is eating.
 * - today's verdict is not "ate" (the feeder reported state 2 today): today;
 * - else yesterday's (a finished day: state 2, or under `minShare` % of her plan) is not "ate" and
 *   she has not eaten today yet (nothing dispensed): yesterday, which the morning run finds;
 * - else (she ate today, or both days are fine): none, and a live alarm clears.
 */
export function notEatenDay(
  today: FeederDay | undefined,
  yesterday: FeederDay | undefined,
  todayKey: string,
  minShare: number,
): string | null {
  if (today && dayVerdict(today, todayKey, minShare) !== 'ate') return todayKey;
  const ateToday = today !== undefined && today.dispensed > 0;
  if (yesterday && !ateToday && dayVerdict(yesterday, todayKey, minShare) !== 'ate') return yesterday.day;
  return null;
}

/**
 * The platform's own view of a tenant for work without a request (the feed alarm job): every farm
 * and house of the tenant, no functions. Only module code that answers nobody uses it.
 */
export function wholeTenant(tenantId: number): AuthContext {
  return {
    tokenHash: '',
    id: 0,
    tenantId,
    accountCode: '',
    accountName: '',
    accountType: AccountType.TENANT_ADMIN,
    status: 1,
    mustChangePassword: false,
    codes: new Set(),
    farmIds: 'all',
    shedLimits: new Map(),
    penLimits: new Map(),
  };
}
