import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n } from './i18n';
import { formatDateTime, formatDecimal, formatUpTo } from './numbers';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('figures and moments in the console language', () => {
  const at = new Date(2026, 10, 27, 21, 5).getTime(); // 27 Nov 2026 21:05 on the browser's clock

  it('writes a moment as the console language does, not as the browser does', async () => {
    await i18n.changeLanguage('en-us');
    expect(formatDateTime(at)).toBe('11/27/26, 9:05 PM');
    await i18n.changeLanguage('ru');
    expect(formatDateTime(at)).toBe('27.11.2026, 21:05');
    expect(formatDateTime(null)).toBe('');
  });

  it('adds the seconds of a reading when asked, in the console language', async () => {
    const reading = at + 7_000;
    await i18n.changeLanguage('en-us');
    expect(formatDateTime(reading, { seconds: true })).toBe('11/27/26, 9:05:07 PM');
    await i18n.changeLanguage('ru');
    expect(formatDateTime(reading, { seconds: true })).toBe('27.11.2026, 21:05:07');
    expect(formatDateTime(reading)).toBe('27.11.2026, 21:05');
  });

  it('writes decimals with the separators of the language', async () => {
    await i18n.changeLanguage('ru');
    expect(formatDecimal(1234.5, 1)).toBe('1\u00a0234,5');
    await i18n.changeLanguage('en-us');
    expect(formatDecimal(1234.5, 1)).toBe('1,234.5');
  });
});

describe('one formatter for every console language', () => {
  afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

  it.each([
    ['zh-cn', '1,234.50', '1,234.5'],
    ['en-us', '1,234.50', '1,234.5'],
    ['vi', '1.234,50', '1.234,5'],
    ['th', '1,234.50', '1,234.5'],
    ['ru', '1\u00a0234,50', '1\u00a0234,5'],
  ] as const)('writes 1234.5 in %s', async (locale, fixed, upTo) => {
    await i18n.changeLanguage(locale);
    expect(formatDecimal(1234.5, 2)).toBe(fixed);
    expect(formatUpTo(1234.5, 3)).toBe(upTo);
    expect(formatUpTo(null, 3)).toBe('–');
  });
});
