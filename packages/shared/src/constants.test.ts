import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, pickLocale, screenBand, toMillis } from './constants.js';

describe('pickLocale', () => {
  it.each([
    ['en-US,en;q=0.9', 'en-us'],
    ['ru', 'ru'],
    ['vi-VN', 'vi'],
    ['th', 'th'],
    ['zh-CN', 'zh-cn'],
    ['zh_CN', 'zh-cn'],
    ['fr', 'zh-cn'],
    ['fr-FR,ru;q=0.8', 'ru'],
    ['', 'zh-cn'],
  ] as const)('%s -> %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });

  it('defaults to zh-cn without a header', () => {
    expect(pickLocale(undefined)).toBe('zh-cn');
    expect(pickLocale(null)).toBe('zh-cn');
    expect(DEFAULT_LOCALE).toBe('zh-cn');
  });
});

describe('screenBand', () => {
  it.each([
    [1920, 'large'],
    [1440, 'large'],
    [1439, 'medium'],
    [768, 'medium'],
    [767, 'small'],
    [320, 'small'],
  ] as const)('%i px -> %s', (width, band) => {
    expect(screenBand(width)).toBe(band);
  });
});

describe('toMillis', () => {
  it('multiplies 10-digit seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
  });

  it('keeps 13-digit milliseconds', () => {
    expect(toMillis(1_700_000_000_123)).toBe(1_700_000_000_123);
  });
});
