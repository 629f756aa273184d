import { describe, expect, it } from 'vitest';
import { alarmRuleAddBody } from '@farmsense/shared';
import { alarmRuleRow } from '../../../test/fixtures';
import { initialRule, ruleInput, stagesProblem, type StageValues } from './ruleForm';

const stage = (fromDay: number | null, toDay: number | null, over: Partial<StageValues> = {}): StageValues => ({
  fromDay,
  toDay,
  limitKind: 'absolute',
  low: null,
  high: 30,
  ...over,
});

describe('the stage editor check', () => {
  it('accepts ranges side by side, in any order', () => {
    expect(stagesProblem([stage(21, 40), stage(0, 20)])).toBeNull();
  });

  it('names the row whose range ends before it starts (20027)', () => {
    expect(stagesProblem([stage(0, 10), stage(30, 20)])).toEqual({ code: 20027, index: 1 });
  });

  it('names the later row of two ranges sharing a day (20028), by its place in the form', () => {
    expect(stagesProblem([stage(10, 20), stage(0, 10)])).toEqual({ code: 20028, index: 1 });
    expect(stagesProblem([stage(0, 5), stage(30, 40), stage(40, 50)])).toEqual({ code: 20028, index: 2 });
  });

  it('leaves a row with a blank or mistyped day to its own field, and checks the others', () => {
    expect(stagesProblem([stage(null, 10), stage(0, 10)])).toBeNull();
    expect(stagesProblem([stage(Number.NaN, 10), stage(5, 3)])).toEqual({ code: 20027, index: 1 });
  });
});

describe('the rule form values as a request', () => {
  it('sends one sensor or the whole kind, and what the shared schema accepts', () => {
    const v = { ...initialRule(null), name: ' Hot ', message: 'Check fans', sensor: 3, stages: [stage(0, 9999)] };
    const body = alarmRuleAddBody.parse(ruleInput(v, 9));
    expect(body).toMatchObject({ groupId: 9, kind: 'threshold', property: 'temp.3', name: 'Hot', operator: 'gt' });
    expect(alarmRuleAddBody.parse(ruleInput({ ...v, sensor: null }, 9))).toMatchObject({ property: 'temp' });
  });

  it('leaves a blank limit to the schema, which names it', () => {
    const v = { ...initialRule(null), name: 'Hot', message: 'x', stages: [stage(0, 10, { high: null })] };
    const result = alarmRuleAddBody.safeParse(ruleInput(v, 9));
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['stages', 0, 'high']);
  });

  it('reads a rate-of-change rule back and sends it as the shared schema takes it', () => {
    const v = initialRule({
      id: 3,
      groupId: 2,
      groupName: 'G',
      farmId: 1,
      shedType: 1,
      name: 'Drop',
      kind: 'rateOfChange',
      property: 'temp.2',
      operator: null,
      level: 1,
      message: 'm',
      enabled: true,
      durationSec: 120,
      deadband: 0.5,
      noDataMinutes: null,
      direction: 'falling',
      rateAmount: 4,
      windowMinutes: 30,
      stages: [],
      updatedAt: 0,
    });
    expect(v).toMatchObject({ valueKind: 'temp', sensor: 2, direction: 'falling', rateAmount: 4, windowMinutes: 30 });
    expect(alarmRuleAddBody.parse(ruleInput(v, 2))).toEqual({
      groupId: 2,
      name: 'Drop',
      level: 1,
      message: 'm',
      enabled: true,
      kind: 'rateOfChange',
      property: 'temp.2',
      direction: 'falling',
      rateAmount: 4,
      windowMinutes: 30,
      durationSec: 120,
      deadband: 0.5,
    });
  });

  it('reads a stored rule back into the form', () => {
    const v = initialRule(
      alarmRuleRow({
        name: 'Cold',
        operator: 'lt',
        level: 2,
        enabled: false,
        stages: [{ fromDay: 0, toDay: 20, limitKind: 'relative', low: -3, high: null }],
      }),
    );
    expect(v).toMatchObject({ valueKind: 'temp', sensor: null, operator: 'lt', enabled: false, durationSec: 300 });
    expect(v.stages[0]).toMatchObject({ limitKind: 'relative', low: -3 });
  });
});
