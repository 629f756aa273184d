import { describe, expect, it } from 'vitest';
import {
  looserThan,
  platformLimits,
  warnBarPayload,
  warnButtonPayload,
  warnNh3Payload,
  warnRhPayload,
  watchesKind,
  type PlatformRule,
} from './warn.js';

const issues = (schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) =>
  schema.safeParse(v).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

const rule = (more: Partial<PlatformRule> = {}): PlatformRule => ({
  kind: 'threshold',
  property: 'rh',
  operator: 'outside',
  enabled: true,
  stages: [{ fromDay: 0, toDay: 9999, limitKind: 'absolute', low: 40, high: 80 }],
  ...more,
});

describe("the controller's own alarm limits", () => {
  it('accepts the physical limits themselves and delays in multiples of 10 s', () => {
    expect(issues(warnRhPayload, { enabled: true, low: 0, high: 100, delaySeconds: 0 })).toEqual([]);
    expect(issues(warnBarPayload, { enabled: false, low: 0, high: 200, delaySeconds: 3600 })).toEqual([]);
    expect(issues(warnNh3Payload, { enabled: true, high: 25, delaySeconds: 60 })).toEqual([]);
    expect(issues(warnButtonPayload, { enabled: true, delaySeconds: 10 })).toEqual([]);
  });

  it('names every refused field with its reason', () => {
    expect(issues(warnRhPayload, { enabled: true, low: 80, high: 80, delaySeconds: 0 })).toEqual([
      { path: 'low', message: 'validation.lowBelowHigh' },
    ]);
    expect(issues(warnRhPayload, { enabled: true, low: 40, high: 101, delaySeconds: 0 })).toEqual([
      { path: 'high', message: 'validation.tooLarge' },
    ]);
    expect(issues(warnRhPayload, { enabled: true, low: -1, high: 80, delaySeconds: 0 })).toEqual([
      { path: 'low', message: 'validation.invalid' },
    ]);
    expect(issues(warnBarPayload, { enabled: true, low: 10, high: 250, delaySeconds: 0 })).toEqual([
      { path: 'high', message: 'validation.tooLarge' },
    ]);
    expect(issues(warnBarPayload, { enabled: true, low: 50, high: 20, delaySeconds: 0 })).toEqual([
      { path: 'low', message: 'validation.lowBelowHigh' },
    ]);
    expect(issues(warnNh3Payload, { enabled: true, high: 0, delaySeconds: 0 })).toEqual([{ path: 'high', message: 'validation.invalid' }]);
    expect(issues(warnNh3Payload, { enabled: true, high: 20, delaySeconds: 15 })).toEqual([
      { path: 'delaySeconds', message: 'validation.multipleOf10' },
    ]);
    expect(issues(warnButtonPayload, { enabled: 'yes', delaySeconds: 0 })).toEqual([{ path: 'enabled', message: 'validation.required' }]);
    expect(issues(warnButtonPayload, { enabled: true, delaySeconds: 3610 })).toEqual([
      { path: 'delaySeconds', message: 'validation.tooLarge' },
    ]);
    expect(issues(warnButtonPayload, { enabled: true, delaySeconds: 0, low: 1 }).map((i) => i.path)).toEqual(['']);
  });

  it('reads a platform rule on the same kind: its limits for the day age, by operator (hand-worked)', () => {
    expect(watchesKind(rule(), 'rh')).toBe(true);
    expect(watchesKind(rule({ property: 'rh.2' }), 'rh')).toBe(true);
    expect(watchesKind(rule({ property: 'temp' }), 'rh')).toBe(false);
    expect(watchesKind(rule({ enabled: false }), 'rh')).toBe(false);
    expect(watchesKind(rule({ kind: 'rateOfChange' }), 'rh')).toBe(false);
    expect(platformLimits(rule(), 12)).toEqual({ low: 40, high: 80 });
    expect(platformLimits(rule({ operator: 'gt' }), 12)).toEqual({ low: null, high: 80 });
    expect(platformLimits(rule({ operator: 'lte' }), null)).toEqual({ low: 40, high: null });
    const staged = rule({
      stages: [
        { fromDay: 0, toDay: 14, limitKind: 'absolute', low: 50, high: 75 },
        { fromDay: 15, toDay: 60, limitKind: 'absolute', low: 45, high: 85 },
      ],
    });
    expect(platformLimits(staged, 20)).toEqual({ low: 45, high: 85 });
    expect(platformLimits(staged, 61)).toBeNull();
    expect(platformLimits(staged, null)).toBeNull();
  });

  it('flags a controller limit looser than the platform: alarm off, high above, low below', () => {
    expect(looserThan({ enabled: true, low: 40, high: 80 }, { low: 40, high: 80 })).toEqual([]);
    expect(looserThan({ enabled: true, low: 45, high: 75 }, { low: 40, high: 80 })).toEqual([]);
    expect(looserThan({ enabled: true, low: 35, high: 85 }, { low: 40, high: 80 })).toEqual(['high', 'low']);
    expect(looserThan({ enabled: false, high: 30 }, { low: null, high: 25 })).toEqual(['enabled', 'high']);
    expect(looserThan({ enabled: true, high: 30 }, { low: 10, high: null })).toEqual([]);
  });
});
