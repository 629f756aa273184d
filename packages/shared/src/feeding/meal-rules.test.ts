import { describe, expect, it } from 'vitest';
import { adjustGrams, effectiveAdjustment, mealAdjustIssues } from './meal-rules.js';

const plan = [{ startMinute: 360, endMinute: 420, share: 100 }];
const two = [
  { startMinute: 300, endMinute: 360, share: 40 },
  { startMinute: 960, endMinute: 1020, share: 60 },
];

describe('meal adjustment rules', () => {
  it('refuses an adjustment that changes nothing', () => {
    expect(mealAdjustIssues({ meals: null, ration: null })).toEqual([{ path: ['meals'], message: 'validation.mealAdjustEmpty' }]);
  });

  it('keeps the plan meal rules', () => {
    expect(mealAdjustIssues({ meals: two, ration: null })).toEqual([]);
    expect(mealAdjustIssues({ meals: [{ startMinute: 400, endMinute: 300, share: 100 }], ration: null })[0]?.message).toBe(
      'validation.startAfterEnd',
    );
    expect(mealAdjustIssues({ meals: [{ ...two[0]!, share: 30 }, two[1]!], ration: null })[0]?.message).toBe('validation.mealSharesTotal');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ startMinute: i * 60, endMinute: i * 60 + 30, share: 100 / 11 }));
    expect(mealAdjustIssues({ meals: eleven, ration: null })[0]?.message).toBe('validation.tooMany');
  });

  it('bounds the ration by its unit', () => {
    expect(mealAdjustIssues({ meals: null, ration: { unit: 'percent', value: 50 } })).toEqual([]);
    expect(mealAdjustIssues({ meals: null, ration: { unit: 'percent', value: 50.5 } })).toEqual([
      { path: ['ration', 'value'], message: 'validation.rationAdjustRange' },
    ]);
    expect(mealAdjustIssues({ meals: null, ration: { unit: 'kg', value: -3 } })).toEqual([]);
    expect(mealAdjustIssues({ meals: null, ration: { unit: 'kg', value: -3.1 } })).toHaveLength(1);
  });

  it('adjusts grams by percent or kg within 0 and 20 kg', () => {
    expect(adjustGrams(3000, null)).toBe(3000);
    expect(adjustGrams(3000, { unit: 'percent', value: 10 })).toBe(3300);
    expect(adjustGrams(3000, { unit: 'percent', value: -50 })).toBe(1500);
    expect(adjustGrams(3000, { unit: 'kg', value: 0.5 })).toBe(3500);
    expect(adjustGrams(1000, { unit: 'kg', value: -3 })).toBe(0);
    expect(adjustGrams(19_000, { unit: 'kg', value: 3 })).toBe(20_000);
  });

  it('takes the pen part over the house part over the plan, part by part', () => {
    expect(effectiveAdjustment(plan, null, null)).toEqual({ meals: plan, ration: null });
    const house = { meals: two, ration: { unit: 'percent' as const, value: 10 } };
    expect(effectiveAdjustment(plan, house, null)).toEqual({ meals: two, ration: house.ration });
    const pen = { meals: null, ration: { unit: 'kg' as const, value: 1 } };
    expect(effectiveAdjustment(plan, house, pen)).toEqual({ meals: two, ration: pen.ration });
    expect(effectiveAdjustment(plan, null, { meals: plan, ration: null })).toEqual({ meals: plan, ration: null });
  });
});
