/** Business constants and limits (SPEC §9), shared by the server's checks and the web's forms. */
export const LOCALES = ['zh-cn', 'en-us', 'vi', 'th', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-cn';
/** SPEC §3 locale codes used by the web (zhCn, enUs, vi, th, ru) against the stored codes. */
export const LOCALE_CODES: Record<Locale, string> = { 'zh-cn': 'zhCn', 'en-us': 'enUs', vi: 'vi', th: 'th', ru: 'ru' };

/** Picks the supported locale from an Accept-Language header (first match wins, default zh-cn). */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().replace('_', '-');
    if (!tag) continue;
    const exact = LOCALES.find((l) => l === tag);
    if (exact) return exact;
    const lang = tag.split('-')[0];
    const byLang = LOCALES.find((l) => l.split('-')[0] === lang);
    if (byLang) return byLang;
  }
  return DEFAULT_LOCALE;
}

export const TOAST = { top: 100, durationSeconds: 2, maxCount: 5 } as const;
export const REQUEST_TIMEOUT_MS = 300_000;
export const INPUT_MAX_LENGTH = 50;
export const SELECTION_LIMIT = 6;
export const MEAL_PERIODS_MAX = 10;
export const MEAL_SHARE_TOTAL = 100;
/** One day in milliseconds (UTC arithmetic; a farm's calendar day goes through its time zone). */
export const DAY_MS = 86_400_000;
export const QUERY_RANGE_MAX_DAYS = 30;
export const START_STOP_MINUTE_STEP = 10;
export const MAINTENANCE_LOCK_HOURS = 72;
export const PUSH_RETRY_MINUTES = 4;
export const DEVICE_CODE_PATTERN = /^fs-[A-Za-z0-9]{1,16}$/;
export const TIME_CHOICES = ['12h', '1d', '3d', '7d', '15d'] as const;
export const QUERY_PRESETS = ['latestDay', '1h', '3h', '7h', '12h', '24h', '3d', '7d'] as const;
export const TREND_WINDOWS_DAYS = [7, 15, 30, 60] as const;
export const YEAR_LIST_LENGTH = 10;
export const WEIGHT_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500] as const;
export const PAGE_SIZES = { shedList: 100000, roleList: 1000, peopleList: 99999, languageList: 100, default: 20 } as const;
export const SENSOR_LIMITS = {
  temp: 16,
  rh: 4,
  co2: 4,
  ph: 2,
  wind: 2,
  nh3: 4,
  pa: 4,
  h2s: 2,
  light: 4,
  waterCollectors: 20,
  waterAlarms: 10,
  pools: 12,
} as const;
export const DEBOUNCE_MS = 200;
export const NUMBER_DECIMALS = 3;
export const SCREEN_BANDS = { large: 1440, medium: 768 } as const;
export type ScreenBand = 'large' | 'medium' | 'small';
export function screenBand(width: number): ScreenBand {
  if (width >= SCREEN_BANDS.large) return 'large';
  if (width >= SCREEN_BANDS.medium) return 'medium';
  return 'small';
}
/** 10-digit timestamps are seconds, 13-digit ones milliseconds (SPEC §9). */
export function toMillis(ts: number): number {
  return Math.abs(ts) < 1e11 ? ts * 1000 : ts;
}

/**
 * Sign-in protection. `maxFailures` wrong passwords for one name from one client address inside
 * the window lock that name at that address for `lockMinutes` (a stranger's guesses lock the
 * stranger out, not the owner at their usual address); `captchaAfter` failures for one name from
 * all addresses together make the name need the captcha until the window has passed.
 */
export const LOGIN_LOCK = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15, captchaAfter: 20 } as const;
/** Session lifetime: idle and absolute expiry. */
export const SESSION = { idleMinutes: 120, absoluteHours: 24 } as const;
export const CAPTCHA_TTL_SECONDS = 300;
export const PRODUCT_VERSION = '0.1.0';

/**
 * Phone calling codes offered in account and farm forms (SPEC §3 "area code"): the product's
 * markets first (China, South-East Asia, Russia), then the other countries its customers call
 * from. `country` is ISO 3166-1 alpha-2; +1 and +7 are shared, so each country has its own entry.
 */
export const AREA_CODES: readonly { readonly code: string; readonly country: string }[] = Object.freeze([
  { code: '+86', country: 'CN' },
  { code: '+84', country: 'VN' },
  { code: '+66', country: 'TH' },
  { code: '+7', country: 'RU' },
  { code: '+7', country: 'KZ' },
  { code: '+855', country: 'KH' },
  { code: '+856', country: 'LA' },
  { code: '+95', country: 'MM' },
  { code: '+60', country: 'MY' },
  { code: '+62', country: 'ID' },
  { code: '+63', country: 'PH' },
  { code: '+65', country: 'SG' },
  { code: '+852', country: 'HK' },
  { code: '+81', country: 'JP' },
  { code: '+82', country: 'KR' },
  { code: '+91', country: 'IN' },
  { code: '+1', country: 'US' },
  { code: '+1', country: 'CA' },
  { code: '+44', country: 'GB' },
]);
