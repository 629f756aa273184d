import { describe, expect, it } from 'vitest';
import {
  belowMinimum,
  mealIssues,
  minuteOf,
  minuteText,
  planIssues,
  rationSteps,
  splitPointIssues,
  stageIssues,
  stagesFromSplitPoints,
} from './plan-rules.js';

const meal = (start: string, end: string, share: number) => ({ startMinute: minuteOf(start)!, endMinute: minuteOf(end)!, share });

describe('feeding plan rules (SPEC §5 "Feeding plans")', () => {
  it('age split points: an even count, the first is day 1 (203333), increasing within the total days', () => {
    expect(splitPointIssues(90, [1, 30, 31, 60, 61, 90])).toEqual([]);
    expect(splitPointIssues(90, [1, 30, 31])).toEqual([{ path: ['splitPoints'], message: 'validation.splitPointsEven' }]);
    expect(splitPointIssues(90, [])).toEqual([{ path: ['splitPoints'], message: 'validation.splitPointsEven' }]);
    expect(splitPointIssues(90, [2, 30])).toEqual([{ path: ['splitPoints'], message: 'validation.firstSplitDay1', code: 203333 }]);
    expect(splitPointIssues(90, [1, 30, 30, 60])[0]!.message).toBe('validation.splitPointsOrder');
    expect(splitPointIssues(90, [1, 30, 31, 91])[0]!.message).toBe('validation.splitPointsOrder');
    expect(splitPointIssues(90, [1, 30, 40, 35])[0]!.message).toBe('validation.splitPointsOrder');
    // A one-day stage is a stage.
    expect(splitPointIssues(10, [1, 1, 2, 10])).toEqual([]);
  });

  it('generates continuous stages from the points; stages must be generated, start <= end, continuous', () => {
    const points = [1, 30, 31, 60, 61, 90];
    const stages = stagesFromSplitPoints(points);
    expect(stages).toEqual([
      { startDay: 1, endDay: 30 },
      { startDay: 31, endDay: 60 },
      { startDay: 61, endDay: 90 },
    ]);
    expect(stageIssues(points, stages)).toEqual([]);
    expect(stageIssues(points, [{ startDay: 1, endDay: 30 }])).toEqual([{ path: ['stages'], message: 'validation.stagesGenerate' }]);
    expect(stageIssues(points, [stages[0]!, { startDay: 31, endDay: 20 }, stages[2]!])[0]).toEqual({
      path: ['stages', 1, 'endDay'],
      message: 'validation.endBeforeStart',
    });
    expect(stageIssues(points, [stages[0]!, { startDay: 33, endDay: 60 }, stages[2]!])[0]).toEqual({
      path: ['stages', 1, 'startDay'],
      message: 'validation.stagesContinuous',
    });
    // The current start must exceed the previous end.
    expect(stageIssues(points, [stages[0]!, { startDay: 30, endDay: 60 }, stages[2]!])[0]!.message).toBe('validation.stagesContinuous');
  });

  it('meal periods: at most 10, each start before its end, no overlap, shares exactly 100 % (and never above)', () => {
    const four = [meal('06:00', '07:00', 30), meal('10:00', '11:00', 20), meal('14:00', '15:00', 20), meal('18:00', '19:00', 30)];
    expect(mealIssues(four)).toEqual([]);
    expect(mealIssues([])).toEqual([{ path: ['meals'], message: 'validation.required' }]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ startMinute: i * 60, endMinute: i * 60 + 30, share: 100 / 11 }));
    expect(mealIssues(eleven)).toEqual([{ path: ['meals'], message: 'validation.tooMany' }]);
    expect(mealIssues([meal('07:00', '06:00', 100)])).toEqual([{ path: ['meals', 0, 'endMinute'], message: 'validation.startAfterEnd' }]);
    expect(mealIssues([meal('06:00', '06:00', 100)])[0]!.message).toBe('validation.startAfterEnd');
    expect(mealIssues([meal('06:00', '08:00', 50), meal('07:30', '09:00', 50)])).toEqual([
      { path: ['meals', 1, 'startMinute'], message: 'validation.mealsOverlap' },
    ]);
    expect(mealIssues([meal('06:00', '07:00', 60), meal('18:00', '19:00', 30)])).toEqual([
      { path: ['meals'], message: 'validation.mealSharesTotal' },
    ]);
    expect(mealIssues([meal('06:00', '07:00', 60), meal('18:00', '19:00', 50)])).toEqual([
      { path: ['meals'], message: 'validation.mealSharesOver' },
    ]);
    // Thirds in hundredths add up: 33.33 + 33.33 + 33.34.
    expect(mealIssues([meal('06:00', '07:00', 33.33), meal('12:00', '13:00', 33.33), meal('18:00', '19:00', 33.34)])).toEqual([]);
  });

  it('finds ration steps above the daily limit (1 kg a day for sows) and stages below the standard minimum', () => {
    expect(rationSteps([{ dailyAmount: 2200 }, { dailyAmount: 3000 }, { dailyAmount: 4500 }], 1000)).toEqual([{ index: 2, step: 1500 }]);
    expect(rationSteps([{ dailyAmount: 4500 }, { dailyAmount: 2500 }], 1000)).toEqual([{ index: 1, step: -2000 }]);
    expect(rationSteps([{ dailyAmount: 2500 }], 1000)).toEqual([]);
    const stages = [
      { startDay: 1, endDay: 30, dailyAmount: 2000 },
      { startDay: 31, endDay: 60, dailyAmount: 2500 },
    ];
    expect(belowMinimum(stages, (day) => (day > 40 ? 2600 : 1800))).toEqual([{ index: 1, day: 41, minimum: 2600 }]);
    expect(belowMinimum(stages, () => null)).toEqual([]);
  });

  it('checks a whole plan in form order, and writes minutes as HH:MM', () => {
    const plan = {
      totalDays: 60,
      splitPoints: [1, 30, 31, 60],
      stages: stagesFromSplitPoints([1, 30, 31, 60]),
      meals: [meal('06:00', '07:00', 100)],
    };
    expect(planIssues(plan)).toEqual([]);
    expect(planIssues({ ...plan, splitPoints: [1, 30, 31] }).map((i) => i.message)).toEqual(['validation.splitPointsEven']);
    expect(planIssues({ ...plan, meals: [] }).map((i) => i.message)).toEqual(['validation.required']);
    expect([minuteText(0), minuteText(390), minuteText(1439)]).toEqual(['00:00', '06:30', '23:59']);
    expect([minuteOf('24:00'), minuteOf('6:30'), minuteOf('06:30')]).toEqual([null, null, 390]);
  });
});
