import { describe, expect, it } from 'vitest';
import { openingAtTemperature, SIDE_INLET, windowPayload, type OpeningSetting } from './openings.js';

const opening = (more: Partial<OpeningSetting> = {}): OpeningSetting => ({ ...SIDE_INLET, maxOpen: 90, ...more });
const issues = (openings: unknown): { path: string; message: string }[] =>
  windowPayload.safeParse({ openings }).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('inlet and curtain rules', () => {
  it('accepts the limits themselves and the same number for different kinds', () => {
    expect(
      issues([
        opening({ pressureTarget: 0, pressureBand: 0, minOpen: 0, maxOpen: 0 }),
        opening({ kind: 'roof', pressureTarget: 80, pressureBand: 20 }),
      ]),
    ).toEqual([]);
    const temp = opening({ kind: 'curtain', control: 'temperature', openFrom: -5, fullyOpen: 15, minOpen: 100, maxOpen: 100 });
    expect(issues([temp, opening()])).toEqual([]);
    // Driven by the pressure, its temperature points are not used and not compared.
    expect(issues([opening({ openFrom: 4, fullyOpen: 1 })])).toEqual([]);
  });

  it('names every refused field with its reason', () => {
    const temp = { control: 'temperature' as const };
    expect(issues([opening({ ...temp, openFrom: 3, fullyOpen: 3 })])).toEqual([
      { path: 'openings.0.fullyOpen', message: 'validation.openFromBelowFully' },
    ]);
    expect(issues([opening(), opening({ kind: 'roof', ...temp, fullyOpen: 0 })])).toEqual([
      { path: 'openings.1.fullyOpen', message: 'validation.openFromBelowFully' },
    ]);
    expect(issues([opening({ minOpen: 50, maxOpen: 40 })])).toEqual([{ path: 'openings.0.maxOpen', message: 'validation.maxBelowMin' }]);
    expect(issues([opening(), opening()])).toEqual([{ path: 'openings.1.index', message: 'validation.openingRepeated' }]);
    expect(issues([opening({ maxOpen: 101 })])).toEqual([{ path: 'openings.0.maxOpen', message: 'validation.tooLarge' }]);
    expect(issues([opening({ minOpen: -1 })])).toEqual([{ path: 'openings.0.minOpen', message: 'validation.invalid' }]);
    expect(issues([opening({ pressureTarget: 81 })])).toEqual([{ path: 'openings.0.pressureTarget', message: 'validation.tooLarge' }]);
    expect(issues([opening({ pressureBand: -1 })])).toEqual([{ path: 'openings.0.pressureBand', message: 'validation.invalid' }]);
    expect(issues([opening({ openFrom: -6 })])).toEqual([{ path: 'openings.0.openFrom', message: 'validation.invalid' }]);
    expect(issues([opening({ index: 0 })])).toEqual([{ path: 'openings.0.index', message: 'validation.positiveInteger' }]);
    expect(issues([opening({ kind: 'door' as 'side' })])).toEqual([{ path: 'openings.0.kind', message: 'validation.required' }]);
    expect(issues([opening({ control: 'wind' as 'pressure' })])).toEqual([{ path: 'openings.0.control', message: 'validation.required' }]);
    expect(issues([])).toEqual([{ path: 'openings', message: 'validation.selectAtLeastOne' }]);
  });

  it('opens a temperature-driven opening in a straight line from open-from to fully-open (hand-worked)', () => {
    const o = opening({ control: 'temperature' });
    expect(openingAtTemperature(o, 0)).toBe(10);
    expect(openingAtTemperature(o, 2.5)).toBe(50);
    expect(openingAtTemperature(o, 6)).toBe(90);
  });
});
