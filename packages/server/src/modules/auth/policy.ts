import { LOGIN_LOCK } from '@farmsense/shared';

/**
 * Pure sign-in rules, kept apart from the database so they can be tested on their own: the
 * temporary lock after repeated failures of a name at an address, the captcha a name needs after
 * many failures from everywhere, and the tenant's system authorization window.
 */

export interface FailureState {
  failedCount: number;
  firstFailedAt: Date | null;
  lockedUntil: Date | null;
}

export interface LockPolicy {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

/** Seconds left on a lock (rounded up), 0 when the account is not locked. */
export function lockRemainingSeconds(state: FailureState, now: Date): number {
  if (!state.lockedUntil) return 0;
  const ms = state.lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/**
 * The state after one more wrong password. Failures count inside a window opened by the first
 * of them; reaching the maximum locks the account and starts a fresh count for after the lock.
 */
export function afterFailure(state: FailureState, now: Date, policy: LockPolicy = LOGIN_LOCK): FailureState {
  const windowMs = policy.windowMinutes * 60_000;
  const fresh = !state.firstFailedAt || now.getTime() - state.firstFailedAt.getTime() >= windowMs;
  const failedCount = fresh ? 1 : state.failedCount + 1;
  if (failedCount >= policy.maxFailures) {
    return { failedCount: 0, firstFailedAt: null, lockedUntil: new Date(now.getTime() + policy.lockMinutes * 60_000) };
  }
  const stillLocked = state.lockedUntil && state.lockedUntil.getTime() > now.getTime() ? state.lockedUntil : null;
  return { failedCount, firstFailedAt: fresh ? now : state.firstFailedAt, lockedUntil: stillLocked };
}

export const CLEAR_FAILURES: FailureState = Object.freeze({ failedCount: 0, firstFailedAt: null, lockedUntil: null });

/** The count of a name over every address: it never locks, it only counts inside the window. */
export function afterNameFailure(state: FailureState, now: Date, policy: Pick<LockPolicy, 'windowMinutes'> = LOGIN_LOCK): FailureState {
  return afterFailure(state, now, { maxFailures: Number.POSITIVE_INFINITY, windowMinutes: policy.windowMinutes, lockMinutes: 0 });
}

/** Whether a name's failures over every address, still inside their window, call for the captcha. */
export function captchaNeeded(
  total: FailureState,
  now: Date,
  policy: Pick<typeof LOGIN_LOCK, 'windowMinutes' | 'captchaAfter'> = LOGIN_LOCK,
): boolean {
  if (!total.firstFailedAt || now.getTime() - total.firstFailedAt.getTime() >= policy.windowMinutes * 60_000) return false;
  return total.failedCount >= policy.captchaAfter;
}
