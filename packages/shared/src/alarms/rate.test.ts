import { describe, expect, it } from 'vitest';
import { step, type ConditionState } from './logic.js';
import { rateBreaches, rateChange, rateClears, windowRange } from './rate.js';
import { alarmRuleAddBody } from './schemas.js';

const MIN = 60_000;

describe('rate of change', () => {
  it('measures the change against the window: rising from its lowest, falling from its highest', () => {
    // 20.0, 21.5, 19.0, 23.5 within ten minutes: at 23.5 it rose 4.5 from the low of 19.0 and
    // is 0 below the high (it is the high); at 19.0 it had fallen 2.5 from 21.5.
    const w = windowRange([20, 21.5, 19, 23.5])!;
    expect(w).toEqual({ min: 19, max: 23.5 });
    expect(rateChange('rising', 23.5, w)).toBe(4.5);
    expect(rateChange('falling', 23.5, w)).toBe(0);
    expect(rateChange('either', 23.5, w)).toBe(4.5);
    const before = windowRange([20, 21.5, 19])!;
    expect(rateChange('falling', 19, before)).toBe(-2.5);
    expect(rateChange('rising', 19, before)).toBe(0);
    expect(rateChange('either', 19, before)).toBe(-2.5);
    // Either: the larger in size wins (up 1 from the low, down 3 from the high).
    expect(rateChange('either', 18, windowRange([17, 21, 18])!)).toBe(-3);
    expect(windowRange([])).toBeNull();
  });

  it('breaches above the amount only, and clears at the amount less the deadband', () => {
    expect(rateBreaches(4.5, 4)).toBe(true);
    expect(rateBreaches(-4.5, 4)).toBe(true);
    expect(rateBreaches(4, 4)).toBe(false);
    // Amount 4, deadband 1: a change of 3.2 keeps it, 3.0 clears it.
    expect(rateClears(3.2, 4, 1)).toBe(false);
    expect(rateClears(3, 4, 1)).toBe(true);
    expect(rateClears(-3, 4, 1)).toBe(true);
  });

  it('goes through the same state machine: held for the duration, cleared past the deadband', () => {
    // Amount 2 per window, duration 2 minutes, deadband 0.5; changes at minutes 0, 1, 2, 3, 4.
    const changes = [2.5, 3, 2.2, 1.8, 1.4];
    let s: ConditionState = { pendingSince: null, active: false, lastTs: null };
    const actions = changes.map((c, i) => {
      const r = step(s, { ts: i * MIN, breach: rateBreaches(c, 2), clear: rateClears(c, 2, 0.5), durationMs: 2 * MIN });
      s = r.state;
      return r.action;
    });
    // Breach from 0, raised at 2 (two minutes held); 1.8 is not yet 1.5 or less; 1.4 clears.
    expect(actions).toEqual(['none', 'none', 'raise', 'update', 'clear']);
  });

  it('validates the rule: a known property, a direction, an amount above zero, a window, a deadband below the amount', () => {
    const base = {
      groupId: 1,
      name: 'Fast climb',
      level: 1,
      message: 'Temperature climbs fast',
      kind: 'rateOfChange',
      property: 'temp.1',
      direction: 'rising',
      rateAmount: 3,
      windowMinutes: 10,
    };
    const ok = alarmRuleAddBody.safeParse(base);
    expect(ok.success && ok.data).toMatchObject({ durationSec: 0, deadband: 0, rateAmount: 3 });
    const issues = (over: Record<string, unknown>): [string, string][] => {
      const r = alarmRuleAddBody.safeParse({ ...base, ...over });
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({ rateAmount: 0 })).toEqual([['rateAmount', 'validation.positive']]);
    expect(issues({ rateAmount: undefined })).toEqual([['rateAmount', 'validation.number']]);
    expect(issues({ windowMinutes: 0 })).toEqual([['windowMinutes', 'validation.positiveInteger']]);
    expect(issues({ windowMinutes: 1441 })).toEqual([['windowMinutes', 'validation.tooLarge']]);
    expect(issues({ windowMinutes: 2.5 })).toEqual([['windowMinutes', 'validation.integer']]);
    expect(issues({ direction: 'up' })).toEqual([['direction', 'validation.invalid']]);
    expect(issues({ property: 'nosuch.1' })).toEqual([['property', 'validation.invalid']]);
    expect(issues({ deadband: 3 })).toEqual([['deadband', 'validation.deadbandBelowAmount']]);
    // Fields of the limit kind do not belong here.
    expect(issues({ stages: [] })).toHaveLength(1);
  });
});
