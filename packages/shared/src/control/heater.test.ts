import { describe, expect, it } from 'vitest';
import { firstHeaterOffNotBelowOn, firstRepeatedIndex, heaterIssues, heaterPayload, heaterPayloadShape } from './heater.js';

const heater = (index: number, onBelow: number, offBelow: number, enabled = true) => ({ index, enabled, onBelow, offBelow });

describe('heater rules (20053)', () => {
  it('finds the first heater whose off value is not below its on value', () => {
    expect(firstHeaterOffNotBelowOn([heater(1, 2, 1), heater(2, 3, -0.5)])).toBe(-1);
    expect(firstHeaterOffNotBelowOn([heater(1, 2, 1), heater(2, 1.5, 1.5)])).toBe(1); // equal: refused
    expect(firstHeaterOffNotBelowOn([heater(1, 1, 2)])).toBe(0); // off above on: refused
  });

  it('finds a heater number given twice', () => {
    expect(firstRepeatedIndex([1, 2, 3])).toBe(-1);
    expect(firstRepeatedIndex([1, 2, 1])).toBe(2);
  });

  it('accepts the limits themselves and names every refused field', () => {
    expect(heaterPayload.safeParse({ heaters: [heater(1, 10, -3), heater(16, 0.1, 0)] }).success).toBe(true);
    expect(heaterIssues({ heaters: [heater(1, 2, 1)] })).toEqual([]);
    expect(heaterIssues({ heaters: [heater(1, 2, 2)] })).toEqual([
      { field: 'payload.heaters.0.offBelow', key: 'validation.heaterOffBelowOn' },
    ]);
    expect(heaterIssues({ heaters: [heater(1, 10.5, 1)] })).toEqual([{ field: 'payload.heaters.0.onBelow', key: 'validation.tooLarge' }]);
    expect(heaterIssues({ heaters: [heater(1, 2, -3.5)] })).toEqual([{ field: 'payload.heaters.0.offBelow', key: 'validation.invalid' }]);
    expect(heaterIssues({ heaters: [heater(1, -1, -2)] })).toEqual([{ field: 'payload.heaters.0.onBelow', key: 'validation.invalid' }]);
    expect(heaterIssues({ heaters: [heater(0, 2, 1)] })[0]).toEqual({
      field: 'payload.heaters.0.index',
      key: 'validation.positiveInteger',
    });
    expect(heaterIssues({ heaters: [heater(1.5, 2, 1)] })[0]!.key).toBe('validation.integer');
    expect(heaterIssues({ heaters: [heater(17, 2, 1)] })[0]!.key).toBe('validation.tooLarge');
    expect(heaterIssues({ heaters: [heater(2, 2, 1), heater(2, 3, 1)] })).toEqual([
      { field: 'payload.heaters.1.index', key: 'validation.heaterRepeated' },
    ]);
    expect(heaterIssues({ heaters: [] })).toEqual([{ field: 'payload.heaters', key: 'validation.selectAtLeastOne' }]);
  });

  it('lets the contract read values out of range (they answer 20053), but not values of the wrong type', () => {
    expect(heaterPayloadShape.safeParse({ heaters: [heater(99, 50, 60)] }).success).toBe(true);
    expect(heaterPayloadShape.safeParse({ heaters: [{ ...heater(1, 2, 1), onBelow: '2' }] }).success).toBe(false);
    expect(heaterPayloadShape.safeParse({ heaters: [{ ...heater(1, 2, 1), extra: 1 }] }).success).toBe(false);
  });
});
