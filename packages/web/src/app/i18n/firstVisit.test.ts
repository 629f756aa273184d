import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { INITIAL_DATA, useAppStore } from '../stores/appStore';
import { browserLocale, settleStartupLocale, startupLocale } from './firstVisit';

beforeEach(() => useAppStore.setState({ ...INITIAL_DATA }));

describe('the browser language on a first visit', () => {
  it.each([
    [['en-US', 'en'], 'en-us'],
    [['en-GB'], 'en-us'],
    [['zh-TW'], 'zh-cn'],
    [['zh'], 'zh-cn'],
    [['vi-VN'], 'vi'],
    [['th'], 'th'],
    [['ru-RU', 'en-US'], 'ru'],
    [['fr-FR', 'de', 'th-TH', 'en'], 'th'],
    [['fr-FR', 'de'], DEFAULT_LOCALE],
    [[], DEFAULT_LOCALE],
  ] as const)('%j -> %s', (languages, locale) => {
    expect(browserLocale(languages)).toBe(locale);
  });

  it('follows the browser until the user chooses, then keeps the choice', () => {
    expect(startupLocale({ locale: DEFAULT_LOCALE, localeChosen: false }, ['en-US'])).toBe('en-us');
    expect(startupLocale({ locale: 'ru', localeChosen: true }, ['en-US'])).toBe('ru');
    expect(startupLocale({ locale: DEFAULT_LOCALE, localeChosen: true }, ['en-US'])).toBe(DEFAULT_LOCALE);
  });

  it('puts the browser language in the store without marking it as chosen', () => {
    expect(settleStartupLocale(['en-US'])).toBe('en-us');
    expect(useAppStore.getState()).toMatchObject({ locale: 'en-us', localeChosen: false });
    // The browser changed its language before the next start: the console follows it.
    expect(settleStartupLocale(['vi-VN'])).toBe('vi');
  });

  it('a language the user chose wins over the browser afterwards', () => {
    useAppStore.getState().setLocale('th');
    expect(settleStartupLocale(['en-US'])).toBe('th');
    expect(useAppStore.getState()).toMatchObject({ locale: 'th', localeChosen: true });
  });
});
