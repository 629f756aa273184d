import { describe, expect, it } from 'vitest';
import { countOptions, numberOptions } from './numberOptions';

describe('number options', () => {
  it('labels each number with its digits', () => {
    expect(numberOptions([10, 20])).toEqual([
      { value: 10, label: '10' },
      { value: 20, label: '20' },
    ]);
  });

  it('counts from 1', () => {
    expect(countOptions(3).map((o) => o.value)).toEqual([1, 2, 3]);
    expect(countOptions(12).at(-1)).toEqual({ value: 12, label: '12' });
    expect(countOptions(0)).toEqual([]);
  });
});
