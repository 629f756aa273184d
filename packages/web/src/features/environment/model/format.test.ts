import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, type Locale } from '@farmsense/shared';
import { i18n } from '../../../app/i18n/i18n';
import { fmtNumber, fmtValue } from './format';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('environment figures in the console language', () => {
  const cases: [Locale, string, string][] = [
    ['zh-cn', '23.4', '1,450'],
    ['en-us', '23.4', '1,450'],
    ['vi', '23,4', '1.450'],
    ['th', '23.4', '1,450'],
    ['ru', '23,4', '1\u00a0450'],
  ];

  it.each(cases)('writes the same readings with the separators of %s', async (locale, temp, co2) => {
    await i18n.changeLanguage(locale);
    expect(fmtNumber(23.4, 'temp.1')).toBe(temp);
    expect(fmtNumber(1450, 'co2.1')).toBe(co2);
    expect(fmtValue(23.4, 'temp.1')).toBe(`${temp}\u2009°C`);
  });

  it('keeps the decimals of each kind and writes a dash for no value', async () => {
    await i18n.changeLanguage('ru');
    expect(fmtNumber(0.5, 'h2s.1')).toBe('0,50');
    expect(fmtNumber(60, 'fan.1')).toBe('60');
    expect(fmtNumber(null, 'temp.1')).toBe('–');
    expect(fmtNumber(Number.NaN, 'temp.1')).toBe('–');
  });
});
