import { describe, expect, it } from 'vitest';
import { formatForInput, parseLocaleNumber, separatorsOf } from './numbers';

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
