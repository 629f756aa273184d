import { describe, expect, it } from 'vitest';
import { climateMode, curveTargetAt, meanOf } from './overview.js';

describe('climate overview rules', () => {
  it('reads the mode from the actuators, cooling first', () => {
    expect(climateMode({ 'temp.1': 20 })).toBeNull();
    expect(climateMode({ 'fan.1': 0, 'fan.2': 0, 'heater.1': 0 })).toBe('idle');
    expect(climateMode({ 'fan.1': 30, 'fan.2': 0 })).toBe('minimum');
    expect(climateMode({ 'fan.1': 100, 'fan.2': 100 })).toBe('ventilation');
    expect(climateMode({ 'fan.1': 20, 'heater.1': 1 })).toBe('heating');
    expect(climateMode({ 'fan.1': 100, 'curtain.1': 40 })).toBe('tunnel');
    expect(climateMode({ 'fan.1': 100, 'curtain.1': 100, 'pump.1': 1 })).toBe('cooling');
  });

  it('averages the sensors of one kind', () => {
    expect(meanOf({ 'temp.1': 20, 'temp.2': 22, 'outTemp.1': 5 }, 'temp')).toBe(21);
    expect(meanOf({ 'temp.1': 20 }, 'rh')).toBeNull();
  });

  it('interpolates the curve target at a day age, flat outside its points', () => {
    const points = [
      { day: -2, target: 32 },
      { day: 1, target: 30 },
      { day: 21, target: 20 },
    ];
    expect(curveTargetAt([], 3)).toBeNull();
    expect(curveTargetAt(points, -7)).toBe(32);
    expect(curveTargetAt(points, 1)).toBe(30);
    expect(curveTargetAt(points, 11)).toBe(25);
    expect(curveTargetAt(points, 400)).toBe(20);
  });
});
