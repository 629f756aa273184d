import { describe, expect, it } from 'vitest';
import { pumpKindIssues, pumpsPayload, pumpsPayloadShape, type PumpSetting } from './pumps.js';

const pump = (n: number, onAbove: number, offAbove: number, more: Partial<PumpSetting> = {}): PumpSetting => ({
  pump: n,
  kind: 'pad',
  auto: true,
  onAbove,
  offAbove,
  rhLimit: 85,
  runSeconds: 60,
  stopSeconds: 0,
  ...more,
});
const issues = (pumps: unknown): { path: string; message: string }[] =>
  pumpsPayload.safeParse({ pumps }).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('cooling pad and mist pump rules', () => {
  it('accepts the limits themselves, a pad and a mist in any order of on points, cycles in multiples of 10 s', () => {
    expect(
      issues([pump(1, 0, -5, { rhLimit: 0, runSeconds: 10 }), pump(2, 15, 14.9, { kind: 'mist', rhLimit: 100, stopSeconds: 3600 })]),
    ).toEqual([]);
    // Unlike fan stages, a mist may come on before the pad (pumps are not stages).
    expect(issues([pump(1, 3, 2), pump(2, 1, 0.5, { kind: 'mist', auto: false, runSeconds: 120, stopSeconds: 300 })])).toEqual([]);
  });

  it('names every refused field with its reason', () => {
    expect(issues([pump(1, 2, 2)])).toEqual([{ path: 'pumps.0.offAbove', message: 'validation.fanOffBelowOn' }]);
    expect(issues([pump(1, 2, 1), pump(2, 3, 3.5)])).toEqual([{ path: 'pumps.1.offAbove', message: 'validation.fanOffBelowOn' }]);
    expect(issues([pump(1, 2, 1), pump(1, 3, 2)])).toEqual([{ path: 'pumps.1.pump', message: 'validation.pumpRepeated' }]);
    expect(issues([pump(1, 2, 1, { rhLimit: 101 })])).toEqual([{ path: 'pumps.0.rhLimit', message: 'validation.tooLarge' }]);
    expect(issues([pump(1, 2, 1, { rhLimit: -1 })])).toEqual([{ path: 'pumps.0.rhLimit', message: 'validation.invalid' }]);
    expect(issues([pump(1, 2, 1, { runSeconds: 45 })])).toEqual([{ path: 'pumps.0.runSeconds', message: 'validation.multipleOf10' }]);
    expect(issues([pump(1, 2, 1, { stopSeconds: 5 })])).toEqual([{ path: 'pumps.0.stopSeconds', message: 'validation.multipleOf10' }]);
    expect(issues([pump(1, 2, 1, { runSeconds: 0 })])).toEqual([{ path: 'pumps.0.runSeconds', message: 'validation.invalid' }]);
    expect(issues([pump(1, 2, 1, { kind: 'fog' as 'pad' })])).toEqual([{ path: 'pumps.0.kind', message: 'validation.coolingType' }]);
    expect(issues([pump(1, 16, 1)])).toEqual([{ path: 'pumps.0.onAbove', message: 'validation.tooLarge' }]);
    expect(issues([pump(1, 2, -6)])).toEqual([{ path: 'pumps.0.offAbove', message: 'validation.invalid' }]);
    expect(issues([pump(0, 2, 1)])).toEqual([{ path: 'pumps.0.pump', message: 'validation.positiveInteger' }]);
    expect(issues([{ ...pump(1, 2, 1), auto: 'yes' }])).toEqual([{ path: 'pumps.0.auto', message: 'validation.required' }]);
    expect(issues([])).toEqual([{ path: 'pumps', message: 'validation.selectAtLeastOne' }]);
  });

  it('lets the contract read an unknown kind (it answers 20010, per field), with every other rule kept', () => {
    const payload = { pumps: [pump(1, 2, 1), pump(2, 3, 2, { kind: 'fog' as 'pad' }), pump(3, 4, 3, { kind: '' as 'pad' })] };
    const read = pumpsPayloadShape.safeParse(payload);
    expect(read.success).toBe(true);
    expect(pumpKindIssues(read.data!)).toEqual([
      { field: 'payload.pumps.1.kind', key: 'validation.coolingType' },
      { field: 'payload.pumps.2.kind', key: 'validation.coolingType' },
    ]);
    expect(pumpKindIssues({ pumps: [pump(1, 2, 1), pump(2, 3, 2, { kind: 'mist' })] })).toEqual([]);
    const shape = (pumps: unknown): string[] =>
      pumpsPayloadShape.safeParse({ pumps }).error?.issues.map((i) => `${i.path.join('.')} ${i.message}`) ?? [];
    expect(shape([pump(1, 2, 2, { kind: 'fog' as 'pad' })])).toEqual(['pumps.0.offAbove validation.fanOffBelowOn']);
    expect(shape([{ ...pump(1, 2, 1), kind: 3 }])).toEqual(['pumps.0.kind validation.required']);
    expect(pumpsPayloadShape.safeParse({ pumps: [{ ...pump(1, 2, 1), extra: 1 }] }).error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
