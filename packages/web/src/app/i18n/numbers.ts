import type { Locale } from '@farmsense/shared';
import { i18n } from './i18n';

/**
 * Numbers as the reader writes them: one Intl formatter per console language, so a Russian or
 * Vietnamese page shows "1 234,5" and an English one "1,234.5", never a mix of both.
 */
const INTL_LOCALE: Record<Locale, string> = { 'zh-cn': 'zh-CN', 'en-us': 'en-US', vi: 'vi-VN', th: 'th-TH', ru: 'ru-RU' };

/** The BCP 47 tag of the console language, for Intl formatters. */
export function intlLocale(): string {
  return INTL_LOCALE[i18n.language as Locale] ?? 'en-US';
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    formatters.set(key, f);
  }
  return f;
}

/**
 * A number with fixed decimals and grouping in the console language (or the given BCP 47 locale),
 * or an en dash for none. Every figure the console shows goes through here or formatUpTo.
 */
export function formatDecimal(value: number | null | undefined, decimals: number, locale = intlLocale()): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return formatter(locale, decimals, decimals).format(value);
}

/** A number with at most `maxDecimals` decimals (trailing zeros dropped) in the console language. */
export function formatUpTo(value: number | null | undefined, maxDecimals: number): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return formatter(intlLocale(), 0, maxDecimals).format(value);
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as date and time in the console language (the browser's clock), with its seconds when
 * asked (a reading's time), or '' for none. Every moment the console shows goes through here.
 */
export function formatDateTime(ms: number | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  if (ms == null || !Number.isFinite(ms)) return '';
  const locale = intlLocale();
  const key = `${locale}|${seconds}`;
  let f = dateTimes.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: seconds ? 'medium' : 'short' });
    dateTimes.set(key, f);
  }
  return f.format(ms);
}
