import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n } from '../../../app/i18n/i18n';
import { climateValue } from './overviewModel';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('climate figures through the one formatter of the console language', () => {
  it.each([
    ['zh-cn', '23.4', '1,450'],
    ['en-us', '23.4', '1,450'],
    ['vi', '23,4', '1.450'],
    ['th', '23.4', '1,450'],
    ['ru', '23,4', '1\u00a0450'],
  ] as const)('writes them in %s', async (locale, temp, co2) => {
    await i18n.changeLanguage(locale);
    expect(climateValue(23.44, 'temp')).toBe(`${temp}\u2009°C`);
    expect(climateValue(1449.6, 'co2')).toBe(`${co2}\u2009ppm`);
    expect(climateValue(null, 'temp')).toBe('–');
  });
});
