import { describe, expect, it } from 'vitest';
import { comfortAt, firstNonIncreasingDay, groupStatus, offComfortDays } from './logic.js';
import { tempDayAgePayload } from './schemas.js';

const point = (day: number, target: number) => ({ day, target, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 });

describe('remote control rules', () => {
  it('finds the first day that does not increase', () => {
    expect(firstNonIncreasingDay([-7, 0, 21])).toBe(-1);
    expect(firstNonIncreasingDay([1, 1])).toBe(1);
    expect(firstNonIncreasingDay([1, 5, 3])).toBe(2);
  });

  it('validates the curve: 1 to 10 points, days -7..999 strictly increasing, ranges', () => {
    expect(tempDayAgePayload.safeParse({ points: [point(-7, 33), point(999, 18)], rhTarget: 60 }).success).toBe(true);
    const issue = (body: unknown): string | undefined => tempDayAgePayload.safeParse(body).error?.issues[0]?.message;
    expect(issue({ points: [point(3, 30), point(3, 29)], rhTarget: 60 })).toBe('validation.daysIncreasing');
    expect(issue({ points: [], rhTarget: 60 })).toBe('validation.selectAtLeastOne');
    expect(issue({ points: Array.from({ length: 11 }, (_, i) => point(i, 30)), rhTarget: 60 })).toBe('validation.tooMany');
    expect(issue({ points: [point(-8, 30)], rhTarget: 60 })).toBe('validation.invalid');
    expect(issue({ points: [point(1, 30)], rhTarget: 96 })).toBe('validation.tooLarge');
  });

  it('reads the comfort curve by day and names the points too far from it', () => {
    const curve = { startDay: 0, values: [33, 32, 31, null, 29] };
    expect(comfortAt(curve, 2)).toBe(31);
    expect(comfortAt(curve, 3)).toBeNull();
    expect(comfortAt(curve, 9)).toBeNull();
    expect(offComfortDays([point(0, 33), point(1, 28), point(2, 34), point(3, 10)], curve, 3)).toEqual([1]);
    expect(offComfortDays([point(1, 20)], null)).toEqual([]);
  });

  it('takes the status of the newest version', () => {
    expect(groupStatus([])).toBeNull();
    expect(groupStatus([{ status: 'pending' }, { status: 'synced' }])).toBe('pending');
  });
});
