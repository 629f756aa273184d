import { describe, expect, it } from 'vitest';
import { belowMinimum } from './plan-rules.js';
import {
  adjustedAmount,
  factorValueValid,
  standardAdjustmentIssues,
  standardAgeIssues,
  standardMinimum,
  type StandardAdjustment,
} from './standard-rules.js';
import { standardAddBody } from './standard-schemas.js';

/** A lactation standard as a farm writes it: g per sow per day by lactation day. */
const ages = [
  { startDay: 1, endDay: 3, minAmount: 2500, dailyAmount: 3000, maxAmount: 3500 },
  { startDay: 4, endDay: 10, minAmount: 3500, dailyAmount: 4500, maxAmount: 5500 },
  { startDay: 11, endDay: 28, minAmount: 5000, dailyAmount: 6000, maxAmount: 7000 },
];
const adjustments: StandardAdjustment[] = [
  { factor: 'parity', from: 1, to: 1, percent: -10 },
  { factor: 'season', from: 2, to: 2, percent: -10 },
  { factor: 'season', from: 4, to: 4, percent: 15 },
  { factor: 'litterSize', from: 13, to: 16, percent: 10 },
  { factor: 'bodyCondition', from: 1, to: 2.5, percent: 10 },
  { factor: 'backFat', from: 22, to: 40, percent: -5 },
  { factor: 'leftoverGrade', from: 2, to: 3, percent: -20 },
];
const standard = { ages, adjustments, excessRatio: 10 };

describe('feeding standard rules', () => {
  it('age rows: start not after end, minimum <= standard <= maximum, increasing without overlap', () => {
    expect(standardAgeIssues(ages)).toEqual([]);
    expect(standardAgeIssues([])).toEqual([{ path: ['ages'], message: 'validation.required' }]);
    expect(
      standardAgeIssues([
        { startDay: 5, endDay: 4, minAmount: 1, dailyAmount: 2, maxAmount: 3 },
        { startDay: 6, endDay: 9, minAmount: 3, dailyAmount: 2, maxAmount: 1 },
        { startDay: 9, endDay: 12, minAmount: 1, dailyAmount: 2, maxAmount: 3 },
      ]),
    ).toEqual([
      { path: ['ages', 0, 'endDay'], message: 'validation.endBeforeStart' },
      { path: ['ages', 1, 'minAmount'], message: 'validation.standardMinAbove' },
      { path: ['ages', 1, 'maxAmount'], message: 'validation.maxBelowMin' },
      { path: ['ages', 2, 'startDay'], message: 'validation.standardAgesOrder' },
    ]);
  });

  it('adjustments: values of their factor on its step, from <= to, no overlap within a factor', () => {
    expect(standardAdjustmentIssues(adjustments)).toEqual([]);
    expect(factorValueValid('bodyCondition', 2.5)).toBe(true);
    expect(factorValueValid('bodyCondition', 2.7)).toBe(false);
    expect(factorValueValid('backFat', 18.4)).toBe(true);
    expect(factorValueValid('season', 5)).toBe(false);
    expect(factorValueValid('leftoverGrade', 0)).toBe(true);
    expect(
      standardAdjustmentIssues([
        { factor: 'parity', from: 0, to: 1, percent: 5 },
        { factor: 'parity', from: 3, to: 2, percent: 5 },
        { factor: 'season', from: 2, to: 3, percent: -5 },
        { factor: 'season', from: 3, to: 3, percent: -5 },
        { factor: 'parity', from: 3, to: 3, percent: 5 },
      ]),
    ).toEqual([
      { path: ['adjustments', 0, 'from'], message: 'validation.factorValue' },
      { path: ['adjustments', 1, 'to'], message: 'validation.endBeforeStart' },
      { path: ['adjustments', 3, 'from'], message: 'validation.factorOverlap' },
    ]);
  });

  it('the amount for one sow, worked by hand: percentages added, kept within the minimum and the maximum plus excess', () => {
    // Day 12: 6000 g. Parity 1 -10 %, summer -10 %, 14 piglets +10 %, condition 2.5 +10 %, 18 mm none, clean trough none: 6000.
    expect(adjustedAmount(standard, 12, { parity: 1, season: 2, litterSize: 14, bodyCondition: 2.5, backFat: 18, leftoverGrade: 0 })).toBe(
      6000,
    );
    // Parity 3, summer -10 %, 14 piglets +10 %, condition 3, 24 mm -5 %, leftover 2 -20 %: -25 % = 4500, below the 5000 g minimum.
    expect(adjustedAmount(standard, 12, { parity: 3, season: 2, litterSize: 14, bodyCondition: 3, backFat: 24, leftoverGrade: 2 })).toBe(
      5000,
    );
    // Winter +15 %, 16 piglets +10 %, condition 2 +10 %: +35 % = 8100, above 7000 g + 10 % excess = 7700.
    expect(adjustedAmount(standard, 20, { parity: 2, season: 4, litterSize: 16, bodyCondition: 2 })).toBe(7700);
    // Day 5, nothing known about the sow: the standard amount; day 30 has no row.
    expect(adjustedAmount(standard, 5, {})).toBe(4500);
    expect(adjustedAmount(standard, 30, {})).toBeNull();
  });

  it("flags plan stages below the standard's minimum on any of their days", () => {
    const minimum = standardMinimum(ages);
    expect([minimum(1), minimum(4), minimum(28), minimum(29)]).toEqual([2500, 3500, 5000, null]);
    // The demo plan (3000 g days 1-3, 4000 g days 4-10, 5000 g days 11-28) keeps every minimum.
    const demo = [
      { startDay: 1, endDay: 3, dailyAmount: 3000 },
      { startDay: 4, endDay: 10, dailyAmount: 4000 },
      { startDay: 11, endDay: 28, dailyAmount: 5000 },
    ];
    expect(belowMinimum(demo, minimum)).toEqual([]);
    // 3000 g from day 1 to 7 is enough for days 1-3 (2500) but not from day 4 (3500); 4800 g from day 8 falls short on day 11 (5000).
    const short = [
      { startDay: 1, endDay: 7, dailyAmount: 3000 },
      { startDay: 8, endDay: 30, dailyAmount: 4800 },
    ];
    expect(belowMinimum(short, minimum)).toEqual([
      { index: 0, day: 4, minimum: 3500 },
      { index: 1, day: 11, minimum: 5000 },
    ]);
  });

  it('the request schema carries the rules and refuses what is not a number', () => {
    const body = { name: 'Lactation PIC', penFeedingType: 'breastfeed', breed: 'PIC Camborough', excessRatio: 10, ages, adjustments };
    expect(standardAddBody.safeParse(body).success).toBe(true);
    const bad = standardAddBody.safeParse({ ...body, excessRatio: '10', ages: [{ ...ages[0], minAmount: 3100 }] });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['excessRatio', 'validation.number']]);
    const rules = standardAddBody.safeParse({ ...body, ages: [{ ...ages[0], minAmount: 3100 }] });
    expect(rules.success ? [] : rules.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ages.0.minAmount', 'validation.standardMinAbove'],
    ]);
  });
});
