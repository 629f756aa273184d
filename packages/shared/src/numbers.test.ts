import { describe, expect, it } from 'vitest';
import { formatForInput, pad2, parseLocaleNumber, readingSummary, roundTo, separatorsOf } from './numbers';

const EN = separatorsOf('en-US');
const RU = separatorsOf('ru-RU');
const VI = separatorsOf('vi-VN');

describe('typed numbers in the display language', () => {
  it('knows each language’s separators', () => {
    expect(EN).toEqual({ decimal: '.', group: ',' });
    expect(RU.decimal).toBe(',');
    expect(RU.group).toMatch(/\s/);
    expect(VI).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('th-TH')).toEqual({ decimal: '.', group: ',' });
    expect(separatorsOf('zh-CN')).toEqual({ decimal: '.', group: ',' });
  });

  it.each([
    ['12,5', RU, 12.5],
    ['12.5', RU, 12.5],
    ['12,5', VI, 12.5],
    ['12,5', EN, 12.5],
    ['12.5', EN, 12.5],
    ['1 234,5', RU, 1234.5],
    ['1\u00a0234,5', RU, 1234.5],
    ['1.234,5', VI, 1234.5],
    ['1,234.5', EN, 1234.5],
    ['1,234', EN, 1234],
    ['1.234', VI, 1234],
    ['1.234', EN, 1.234],
    ['1,234', RU, 1.234],
    ['1,234,567', EN, 1234567],
    ['1.234.567', VI, 1234567],
    ['-5', EN, -5],
    ['+7', EN, 7],
    ['0,05', RU, 0.05],
    ['125', RU, 125],
  ])('reads %j as %s', (text, seps, value) => {
    expect(parseLocaleNumber(text, seps)).toBe(value);
  });

  it.each(['lots', '12,5kg', '1,2,3', '1.2.3', '12,,5', ',', '.', '12.', ',5', '--5', '1.234,5,6', '1,23.4', '5-'])(
    'refuses %j',
    (text) => {
      expect(parseLocaleNumber(text, RU)).toBeNaN();
      expect(parseLocaleNumber(text, EN)).toBeNaN();
    },
  );

  it('reads an empty field as no value', () => {
    expect(parseLocaleNumber('', RU)).toBeNull();
    expect(parseLocaleNumber('   ', EN)).toBeNull();
  });

  it('writes a value back with the language’s decimal separator and reads it as the same number', () => {
    expect(formatForInput(12.5, RU)).toBe('12,5');
    expect(formatForInput(1234.5, EN)).toBe('1234.5');
    expect(formatForInput(null, EN)).toBe('');
    for (const seps of [EN, RU, VI])
      for (const v of [0, 0.05, 12.5, 1234.5, 98765]) expect(parseLocaleNumber(formatForInput(v, seps), seps)).toBe(v);
  });
});

describe('roundTo', () => {
  it('rounds to the given decimals with Math.round halves (up, also below zero)', () => {
    expect(roundTo(12.34, 1)).toBe(12.3);
    expect(roundTo(12.35, 1)).toBe(12.4);
    expect(roundTo(0.25, 1)).toBe(0.3);
    expect(roundTo(-0.25, 1)).toBe(-0.2);
    expect(roundTo(-0.26, 1)).toBe(-0.3);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-2);
    expect(roundTo(1.23456, 3)).toBe(1.235);
    expect(roundTo(2 / 3, 2)).toBe(0.67);
    expect(roundTo(7, 3)).toBe(7);
  });
  it('is the Math.round(x * 10 ** d) / 10 ** d it replaces', () => {
    for (const x of [0.05, 1.005, -3.14159, 98765.4321, 1e-7])
      for (const d of [0, 1, 2, 3]) expect(roundTo(x, d)).toBe(Math.round(x * 10 ** d) / 10 ** d);
  });
});

describe('pad2', () => {
  it('pads to two digits and leaves longer numbers alone', () => {
    expect(pad2(0)).toBe('00');
    expect(pad2(7)).toBe('07');
    expect(pad2(12)).toBe('12');
    expect(pad2(123)).toBe('123');
  });
});

describe('readingSummary', () => {
  it('gives min, max and the mean to three decimals', () => {
    expect(readingSummary([21.5, 22, 23.25])).toEqual({ min: 21.5, avg: 22.25, max: 23.25 });
    expect(readingSummary([1, 2, 2])).toEqual({ min: 1, avg: 1.667, max: 2 });
    expect(readingSummary([-1, -2])).toEqual({ min: -2, avg: -1.5, max: -1 });
    expect(readingSummary([4])).toEqual({ min: 4, avg: 4, max: 4 });
  });
});
