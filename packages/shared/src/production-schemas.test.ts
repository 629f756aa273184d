import { describe, expect, it } from 'vitest';
import { dailyRowSchemas, dayInput, flockAddBody } from './schemas/production.js';
import { curveValuesInput } from './schemas/production-curves.js';

const firstKey = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }): string =>
  r.error ? `${r.error.issues[0]!.path.join('.')}:${r.error.issues[0]!.message}` : 'ok';

describe('production schemas', () => {
  it('reads comma-separated curve values, ASCII or full-width commas, and keeps the message key on failure', () => {
    expect(curveValuesInput.parse('34, 33.5,33')).toEqual([34, 33.5, 33]);
    expect(curveValuesInput.parse('1，2')).toEqual([1, 2]);
    expect(curveValuesInput.parse([1, 2])).toEqual([1, 2]);
    expect(firstKey(curveValuesInput.safeParse('1,,2'))).toBe(':validation.curveValues');
    expect(firstKey(curveValuesInput.safeParse('1,a'))).toBe(':validation.curveValues');
    expect(firstKey(curveValuesInput.safeParse('  '))).toBe(':validation.required');
    expect(firstKey(curveValuesInput.safeParse(5))).toBe(':validation.curveValues');
    expect(firstKey(curveValuesInput.safeParse(Array.from({ length: 1001 }, () => '1').join(',')))).toBe(':validation.tooMany');
  });

  it('accepts only real calendar days', () => {
    expect(dayInput.safeParse('2026-02-28').success).toBe(true);
    expect(dayInput.safeParse('2026-02-29').success).toBe(false);
    expect(dayInput.safeParse('2026-2-1').success).toBe(false);
  });

  it('refuses a flock placed before it hatched or with no birds', () => {
    const base = {
      farmId: 1,
      shedId: 1,
      groupNo: 'B1',
      flockType: 2,
      sex: 4,
      birthDate: '2026-10-01',
      startDate: '2026-10-01',
      femaleCount: 1000,
    };
    expect(flockAddBody.safeParse(base).success).toBe(true);
    expect(firstKey(flockAddBody.safeParse({ ...base, startDate: '2026-09-30' }))).toBe('startDate:validation.startBeforeBirth');
    expect(firstKey(flockAddBody.safeParse({ ...base, femaleCount: 0 }))).toBe('femaleCount:validation.flockCount');
  });

  it('keeps the male part of a stock figure within its total and graded eggs within the count', () => {
    expect(firstKey(dailyRowSchemas.stock.safeParse({ flockId: 1, day: '2026-10-02', dead: 2, deadMale: 3 }))).toBe(
      'deadMale:validation.partAboveTotal',
    );
    expect(firstKey(dailyRowSchemas.egg.safeParse({ flockId: 1, day: '2026-10-02', eggCount: 10, large: 8, small: 3 }))).toBe(
      'eggCount:validation.gradesAboveTotal',
    );
    expect(firstKey(dailyRowSchemas.grow.safeParse({ flockId: 1, day: '2026-10-02' }))).toBe('avgWeight:validation.selectAtLeastOne');
    expect(firstKey(dailyRowSchemas.feed.safeParse({ flockId: 1, day: '2026-10-02', feedKg: -1 }))).toBe('feedKg:validation.nonNegative');
  });
});
