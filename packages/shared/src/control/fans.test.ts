import { describe, expect, it } from 'vitest';
import { firstStageOffNotBelowOn, fixedWindPayload } from './fans.js';

const stage = (fan: number, onAbove: number, offAbove: number, runSeconds = 60, stopSeconds = 0) => ({
  fan,
  onAbove,
  offAbove,
  runSeconds,
  stopSeconds,
});
const issues = (stages: unknown): { path: string; message: string }[] =>
  fixedWindPayload.safeParse({ stages }).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('fixed-speed fan stage rules', () => {
  it('finds the first stage whose off point is not below its on point', () => {
    expect(firstStageOffNotBelowOn([stage(2, 1, 0.5), stage(3, 2, 1.5)])).toBe(-1);
    expect(firstStageOffNotBelowOn([stage(2, 1, 0.5), stage(3, 2, 2)])).toBe(1);
  });

  it('accepts increasing on points, the limits themselves and cycles in multiples of 10 s', () => {
    expect(fixedWindPayload.safeParse({ stages: [stage(2, 0, -5, 10, 0), stage(16, 15, 14.9, 3600, 3600)] }).success).toBe(true);
    expect(issues([stage(2, 1, 0.5, 120, 60), stage(3, 1.5, 1, 60, 30)])).toEqual([]);
  });

  it('names every refused field with its reason', () => {
    expect(issues([stage(2, 2, 1), stage(3, 2, 1)])).toEqual([{ path: 'stages.1.onAbove', message: 'validation.stagesIncreasing' }]);
    expect(issues([stage(2, 3, 1), stage(3, 2, 1)])).toEqual([{ path: 'stages.1.onAbove', message: 'validation.stagesIncreasing' }]);
    expect(issues([stage(2, 2, 2)])).toEqual([{ path: 'stages.0.offAbove', message: 'validation.fanOffBelowOn' }]);
    expect(issues([stage(2, 1, 0), stage(2, 2, 1)])).toEqual([{ path: 'stages.1.fan', message: 'validation.fanRepeated' }]);
    expect(issues([stage(2, 1, 0, 65)])).toEqual([{ path: 'stages.0.runSeconds', message: 'validation.multipleOf10' }]);
    expect(issues([stage(2, 1, 0, 60, 25)])).toEqual([{ path: 'stages.0.stopSeconds', message: 'validation.multipleOf10' }]);
    expect(issues([stage(2, 1, 0, 0)])).toEqual([{ path: 'stages.0.runSeconds', message: 'validation.invalid' }]);
    expect(issues([stage(2, 1, 0, 3610)])[0]).toEqual({ path: 'stages.0.runSeconds', message: 'validation.tooLarge' });
    expect(issues([stage(2, 16, 0)])).toEqual([{ path: 'stages.0.onAbove', message: 'validation.tooLarge' }]);
    expect(issues([stage(2, 1, -6)])).toEqual([{ path: 'stages.0.offAbove', message: 'validation.invalid' }]);
    expect(issues([stage(0, 1, 0)])).toEqual([{ path: 'stages.0.fan', message: 'validation.positiveInteger' }]);
    expect(issues([])).toEqual([{ path: 'stages', message: 'validation.selectAtLeastOne' }]);
  });
});
