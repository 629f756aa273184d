import { describe, expect, it } from 'vitest';
import { breaches, clears, limitsOf, MAX_DAY_AGE, severity, stageFor, stageProblem, step, type ConditionState } from './logic.js';
import { alarmPropertyValid, alarmRuleAddBody, propertyMatches } from './schemas.js';

const MIN = 60_000;

describe('stage ranges', () => {
  it('finds from > to (20027) before overlaps (20028), naming the stage', () => {
    expect(stageProblem([{ fromDay: 0, toDay: 7 }])).toBeNull();
    expect(stageProblem([{ fromDay: 8, toDay: 7 }])).toEqual({ code: 20027, index: 0 });
    // Days 7 and 7: a shared day is an overlap; 0-6 then 7-14 is not.
    expect(
      stageProblem([
        { fromDay: 0, toDay: 7 },
        { fromDay: 7, toDay: 14 },
      ]),
    ).toEqual({ code: 20028, index: 1 });
    expect(
      stageProblem([
        { fromDay: 0, toDay: 6 },
        { fromDay: 7, toDay: 14 },
      ]),
    ).toBeNull();
    // Unsorted input: 15-20 lies inside 10-30, reported at the later of the two.
    expect(
      stageProblem([
        { fromDay: 10, toDay: 30 },
        { fromDay: 0, toDay: 9 },
        { fromDay: 15, toDay: 20 },
      ]),
    ).toEqual({ code: 20028, index: 2 });
  });

  it('picks the stage of the day age; without a day age only an all-ages stage', () => {
    const stages = [
      { fromDay: 0, toDay: 7, high: 34 },
      { fromDay: 8, toDay: 21, high: 30 },
    ];
    expect(stageFor(stages, 0)?.high).toBe(34);
    expect(stageFor(stages, 8)?.high).toBe(30);
    expect(stageFor(stages, 22)).toBeNull();
    expect(stageFor(stages, null)).toBeNull();
    expect(stageFor([{ fromDay: 0, toDay: MAX_DAY_AGE, high: 1 }], null)?.high).toBe(1);
  });
});

describe('limits', () => {
  it('a relative stage adds its offsets to the target, and has no limits without one', () => {
    expect(limitsOf({ limitKind: 'relative', low: -2, high: 3 }, 28)).toEqual({ low: 26, high: 31 });
    expect(limitsOf({ limitKind: 'relative', low: null, high: 3 }, null)).toBeNull();
    expect(limitsOf({ limitKind: 'absolute', low: null, high: 30 }, null)).toEqual({ low: null, high: 30 });
  });

  it('compares strictly or not as the operator says', () => {
    const l = { low: 10, high: 30 };
    expect([breaches('gt', l, 30), breaches('gt', l, 30.1), breaches('gte', l, 30)]).toEqual([false, true, true]);
    expect([breaches('lt', l, 10), breaches('lt', l, 9.9), breaches('lte', l, 10)]).toEqual([false, true, true]);
    expect([breaches('outside', l, 10), breaches('outside', l, 31), breaches('outside', l, 9)]).toEqual([false, true, true]);
    expect(breaches('gt', { low: null, high: null }, 1e9)).toBe(false);
  });

  it('clears only once back inside by the deadband (limit 30, deadband 1: at 29)', () => {
    const l = { low: 10, high: 30 };
    expect([clears('gt', l, 29.5, 1), clears('gt', l, 29, 1), clears('gt', l, 30, 0)]).toEqual([false, true, true]);
    expect([clears('gte', l, 29, 1), clears('gte', l, 28.9, 1)]).toEqual([false, true]);
    expect([clears('lt', l, 10.5, 1), clears('lt', l, 11, 1), clears('lte', l, 11, 1)]).toEqual([false, true, false]);
    expect([clears('outside', l, 29.5, 1), clears('outside', l, 20, 1), clears('outside', l, 10.5, 1)]).toEqual([false, true, false]);
  });

  it('severity grows with the distance into alarm', () => {
    const l = { low: 10, high: 30 };
    expect(severity('gt', l, 33)).toBe(3);
    expect(severity('lt', l, 7)).toBe(3);
    expect(severity('outside', l, 5)).toBeGreaterThan(severity('outside', l, 32));
  });
});

describe('state machine', () => {
  const idle: ConditionState = { pendingSince: null, active: false, lastTs: null };
  const run = (inputs: [number, boolean, boolean][], durationMs: number) => {
    let s = idle;
    return inputs.map(([ts, breach, clear]) => {
      const r = step(s, { ts, breach, clear, durationMs });
      s = r.state;
      return r.action;
    });
  };

  it('raises at once without a duration, updates while active, clears once clear', () => {
    expect(
      run(
        [
          [0, true, false],
          [MIN, true, false],
          [2 * MIN, false, false],
          [3 * MIN, false, true],
        ],
        0,
      ),
    ).toEqual(['raise', 'update', 'update', 'clear']);
  });

  it('holds a breach for the duration ("above 30 for 5 minutes"), and a dip resets it', () => {
    const five = 5 * MIN;
    expect(
      run(
        [
          [0, true, false],
          [4 * MIN, true, false],
          [5 * MIN, true, false],
        ],
        five,
      ),
    ).toEqual(['none', 'none', 'raise']);
    expect(
      run(
        [
          [0, true, false],
          [4 * MIN, false, true],
          [5 * MIN, true, false],
          [9 * MIN, true, false],
          [10 * MIN, true, false],
        ],
        five,
      ),
    ).toEqual(['none', 'none', 'none', 'none', 'raise']);
  });

  it('ignores a reading not newer than the last one (a redelivery)', () => {
    const first = step(idle, { ts: 1000, breach: true, clear: false, durationMs: 0 });
    expect(first.action).toBe('raise');
    expect(step(first.state, { ts: 1000, breach: false, clear: true, durationMs: 0 }).action).toBe('none');
    expect(step(first.state, { ts: 999, breach: false, clear: true, durationMs: 0 }).action).toBe('none');
  });
});

describe('rule schema', () => {
  const base = { groupId: 1, name: 'Hot', level: 1, message: 'Too hot', kind: 'threshold', property: 'temp', operator: 'gt' };
  const issues = (body: unknown): string[] => {
    const r = alarmRuleAddBody.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('knows CONTRACT §4 keys and kinds, and matches a kind to its sensors', () => {
    expect(['temp', 'temp.16', 'rh.4', 'co2', 'nh3.2', 'outTemp.1', 'dayAge.1'].map(alarmPropertyValid)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['temp.17', 'temp.0', 'foo', 'constructor', 'temp.1.2', ''].map(alarmPropertyValid)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([
      propertyMatches('temp', 'temp.3'),
      propertyMatches('temp.3', 'temp.3'),
      propertyMatches('temp.3', 'temp.30'),
      propertyMatches('temp', 'targetTemp.1'),
    ]).toEqual([true, true, false, false]);
  });

  it('asks each stage for the limits its operator needs, a real band, and relative limits only for temperatures', () => {
    expect(issues({ ...base, stages: [{ fromDay: 0, toDay: 9999, high: 30 }] })).toEqual([]);
    expect(issues({ ...base, stages: [{ fromDay: 0, toDay: 9999, low: 30 }] })).toEqual(['stages.0.high:validation.required']);
    expect(issues({ ...base, operator: 'outside', stages: [{ fromDay: 0, toDay: 9, low: 30, high: 20 }] })).toEqual([
      'stages.0.high:validation.maxBelowMin',
    ]);
    expect(issues({ ...base, property: 'co2', stages: [{ fromDay: 0, toDay: 9, limitKind: 'relative', high: 3 }] })).toEqual([
      'stages.0.limitKind:validation.invalid',
    ]);
    expect(issues({ ...base, stages: [] })).toEqual(['stages:validation.required']);
    expect(issues({ ...base, stages: [{ fromDay: 0, toDay: 9, high: 30, extra: 1 }] })).toHaveLength(1);
    expect(issues({ ...base, kind: 'nope', stages: [] })).toHaveLength(1);
    expect(issues({ ...base, message: 'x'.repeat(501), stages: [{ fromDay: 0, toDay: 9, high: 1 }] })).toEqual([
      'message:validation.maxLength',
    ]);
  });
});
