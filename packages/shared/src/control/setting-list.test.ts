import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deviceNumber, firstRepeatedIndex, increasingBy, inRange, settingList, uniqueBy, wholeInRange } from './setting-list.js';

const device = z.strictObject({ n: deviceNumber(4), on: inRange(0, 10), off: inRange(-3, 10) });
const devices = settingList(device, 3, [
  uniqueBy((d) => d.n, 'n', 'validation.repeated'),
  increasingBy((d) => d.on, 'on', 'validation.increasing'),
  { first: (list) => list.findIndex((d) => d.off >= d.on), field: 'off', message: 'validation.offBelowOn' },
]);
const issues = (value: unknown) =>
  devices.safeParse(value).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('setting list builders', () => {
  it('codes the field kinds per bound', () => {
    expect(deviceNumber(4).safeParse(0).error?.issues[0]?.message).toBe('validation.positiveInteger');
    expect(deviceNumber(4).safeParse(5).error?.issues[0]?.message).toBe('validation.tooLarge');
    expect(deviceNumber(4).safeParse(1.5).error?.issues[0]?.message).toBe('validation.integer');
    expect(inRange(-3, 10).safeParse(-3.5).error?.issues[0]?.message).toBe('validation.invalid');
    expect(inRange(-3, 10).safeParse(2.5).success).toBe(true);
    expect(wholeInRange(-7, 999).safeParse(2.5).error?.issues[0]?.message).toBe('validation.integer');
    expect(wholeInRange(-7, 999).safeParse(-7).success).toBe(true);
  });

  it('finds the first value given twice, numbers or keys', () => {
    expect(firstRepeatedIndex([1, 2, 3])).toBe(-1);
    expect(firstRepeatedIndex(['side.1', 'roof.1', 'side.1'])).toBe(2);
  });

  it('takes 1 to max entries and reports each rule on its first offending entry, in the order of the rules', () => {
    expect(
      issues([
        { n: 1, on: 1, off: 0 },
        { n: 2, on: 2, off: 1 },
      ]),
    ).toEqual([]);
    expect(issues([])).toEqual([{ path: '', message: 'validation.selectAtLeastOne' }]);
    expect(issues(Array.from({ length: 4 }, (_, i) => ({ n: i + 1, on: i + 1, off: 0 })))).toEqual([
      { path: '', message: 'validation.tooMany' },
    ]);
    expect(issues('x')).toEqual([{ path: '', message: 'validation.required' }]);
    expect(
      issues([
        { n: 2, on: 3, off: 3 },
        { n: 2, on: 2, off: 1 },
        { n: 2, on: 1, off: 2 },
      ]),
    ).toEqual([
      { path: '1.n', message: 'validation.repeated' },
      { path: '1.on', message: 'validation.increasing' },
      { path: '0.off', message: 'validation.offBelowOn' },
    ]);
  });
});
