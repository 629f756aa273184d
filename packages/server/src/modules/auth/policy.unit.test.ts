import { describe, expect, it } from 'vitest';
import { isStrongPassword, LOGIN_LOCK } from '@farmsense/shared';
import { addYears, withinSystemAuth } from '../../lib/system-auth.js';
import { afterFailure, afterNameFailure, captchaNeeded, CLEAR_FAILURES, lockRemainingSeconds, type FailureState } from './policy.js';

const MIN = 60_000;
const at = (ms: number): Date => new Date(Date.UTC(2025, 0, 10) + ms);

describe('failures of a name over every address', () => {
  it('counts past the lock limit without locking, and asks for the captcha at the threshold inside the window', () => {
    let s: FailureState = CLEAR_FAILURES;
    for (let i = 1; i < LOGIN_LOCK.captchaAfter; i += 1) {
      s = afterNameFailure(s, at(i * 1000));
      expect(s.lockedUntil).toBeNull();
      expect(captchaNeeded(s, at(i * 1000))).toBe(false);
    }
    s = afterNameFailure(s, at(LOGIN_LOCK.captchaAfter * 1000));
    expect(s).toMatchObject({ failedCount: LOGIN_LOCK.captchaAfter, lockedUntil: null });
    expect(captchaNeeded(s, at(LOGIN_LOCK.captchaAfter * 1000))).toBe(true);
    // Once the window opened by the first failure has passed, the name is free again.
    expect(captchaNeeded(s, at(1000 + LOGIN_LOCK.windowMinutes * MIN))).toBe(false);
  });
});

describe('sign-in lock', () => {
  it('locks on the last allowed failure inside the window and starts a fresh count', () => {
    let s: FailureState = CLEAR_FAILURES;
    for (let i = 1; i < LOGIN_LOCK.maxFailures; i += 1) {
      s = afterFailure(s, at(i * MIN));
      expect(s).toMatchObject({ failedCount: i, firstFailedAt: at(MIN), lockedUntil: null });
    }
    const now = at(LOGIN_LOCK.maxFailures * MIN);
    s = afterFailure(s, now);
    expect(s).toEqual({ failedCount: 0, firstFailedAt: null, lockedUntil: new Date(now.getTime() + LOGIN_LOCK.lockMinutes * MIN) });
    expect(lockRemainingSeconds(s, now)).toBe(LOGIN_LOCK.lockMinutes * 60);
    expect(lockRemainingSeconds(s, new Date(now.getTime() + 500))).toBe(LOGIN_LOCK.lockMinutes * 60);
    expect(lockRemainingSeconds(s, new Date(now.getTime() + LOGIN_LOCK.lockMinutes * MIN))).toBe(0);
  });

  it('forgets failures older than the window', () => {
    let s = afterFailure(CLEAR_FAILURES, at(0));
    for (let i = 1; i < LOGIN_LOCK.maxFailures - 1; i += 1) s = afterFailure(s, at(i * 1000));
    expect(s.failedCount).toBe(LOGIN_LOCK.maxFailures - 1);
    const late = at(LOGIN_LOCK.windowMinutes * MIN);
    s = afterFailure(s, late);
    expect(s).toEqual({ failedCount: 1, firstFailedAt: late, lockedUntil: null });
  });

  it('treats a past lock as no lock', () => {
    const s = { failedCount: 0, firstFailedAt: null, lockedUntil: at(0) };
    expect(lockRemainingSeconds(s, at(1))).toBe(0);
    expect(afterFailure(s, at(MIN)).lockedUntil).toBeNull();
    expect(lockRemainingSeconds(CLEAR_FAILURES, at(0))).toBe(0);
  });

  it('honours a custom policy', () => {
    const policy = { maxFailures: 2, windowMinutes: 1, lockMinutes: 3 };
    const s = afterFailure(afterFailure(CLEAR_FAILURES, at(0), policy), at(1000), policy);
    expect(lockRemainingSeconds(s, at(1000))).toBe(180);
  });
});

describe('system authorization window', () => {
  const created = new Date(Date.UTC(2024, 1, 29));
  const now = new Date(Date.UTC(2025, 5, 1));
  const none = { validYears: null, validStart: null, validEnd: null, allowAccounts: null };

  it('is permanent without a row or values', () => {
    expect(withinSystemAuth(null, created, 1, now)).toBe(true);
    expect(withinSystemAuth(none, created, 1, now)).toBe(true);
  });

  it('checks start, end and years (from the start, else the tenant creation)', () => {
    expect(withinSystemAuth({ ...none, validEnd: new Date(now.getTime() - 1) }, created, 1, now)).toBe(false);
    expect(withinSystemAuth({ ...none, validEnd: now }, created, 1, now)).toBe(true);
    expect(withinSystemAuth({ ...none, validStart: new Date(now.getTime() + 1) }, created, 1, now)).toBe(false);
    expect(withinSystemAuth({ ...none, validYears: 1 }, created, 1, now)).toBe(false);
    expect(withinSystemAuth({ ...none, validYears: 2 }, created, 1, now)).toBe(true);
    expect(withinSystemAuth({ ...none, validYears: 1, validStart: new Date(Date.UTC(2025, 0, 1)) }, created, 1, now)).toBe(true);
  });

  it('limits to the allowed accounts when the list is set', () => {
    expect(withinSystemAuth({ ...none, allowAccounts: [1, 2] }, created, 2, now)).toBe(true);
    expect(withinSystemAuth({ ...none, allowAccounts: [1, 2] }, created, 3, now)).toBe(false);
    expect(withinSystemAuth({ ...none, allowAccounts: [] }, created, 3, now)).toBe(false);
  });

  it('adds calendar years', () => {
    expect(addYears(new Date(Date.UTC(2023, 4, 5, 6)), 2).toISOString()).toBe('2025-05-05T06:00:00.000Z');
    expect(addYears(created, 1).toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });
});

describe('password rule', () => {
  it('needs 8 characters with a letter and a digit', () => {
    expect(isStrongPassword('Demo@12345')).toBe(true);
    expect(isStrongPassword('abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdef1')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
  });
});
