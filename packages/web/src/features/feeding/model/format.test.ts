import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n } from '../../../app/i18n/i18n';
import { formatAmount } from './format';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('feed amounts through the one formatter of the console language', () => {
  it.each([
    ['zh-cn', '12.5', '1,234.568'],
    ['en-us', '12.5', '1,234.568'],
    ['vi', '12,5', '1.234,568'],
    ['th', '12.5', '1,234.568'],
    ['ru', '12,5', '1\u00a0234,568'],
  ] as const)('writes them in %s', async (locale, feed, price) => {
    await i18n.changeLanguage(locale);
    expect(formatAmount(12.5)).toBe(feed);
    expect(formatAmount(1234.5678)).toBe(price);
    expect(formatAmount(2, 1)).toBe('2');
  });
});
