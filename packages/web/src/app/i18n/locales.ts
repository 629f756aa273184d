import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import type { Locale } from '@farmsense/shared';
import { i18n } from './i18n';
import { useAppStore } from '../stores/appStore';

/**
 * antd's own texts (pagination, date pickers, empty states) and dayjs follow the console language.
 * Both load per locale on demand, like the catalogue: the first visit fetches one language only.
 */
const ANTD_LOADERS: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'zh-cn': () => import('antd/es/locale/zh_CN'),
  'en-us': () => import('antd/es/locale/en_US'),
  vi: () => import('antd/es/locale/vi_VN'),
  th: () => import('antd/es/locale/th_TH'),
  ru: () => import('antd/es/locale/ru_RU'),
};
const DAYJS_LOADERS: Record<Locale, () => Promise<unknown>> = {
  'zh-cn': () => import('dayjs/locale/zh-cn'),
  'en-us': () => import('dayjs/locale/en'),
  vi: () => import('dayjs/locale/vi'),
  th: () => import('dayjs/locale/th'),
  ru: () => import('dayjs/locale/ru'),
};
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-cn': 'zh-cn', 'en-us': 'en', vi: 'vi', th: 'th', ru: 'ru' };

const antdLocales = new Map<Locale, AntdLocale>();
/** The locale asked for last: a slower earlier switch must not win over it. */
let wanted: Locale | null = null;

/** antd's texts for a locale applyLocale has loaded (undefined before: antd's built-in English). */
export function antdLocale(locale: Locale): AntdLocale | undefined {
  return antdLocales.get(locale);
}

/**
 * Loads everything a locale needs (the catalogue namespaces in use, antd's and dayjs's texts),
 * then switches i18next, dayjs and the document language together; antd follows through
 * ConfigProvider once the store holds the locale. Nothing changes before all of it is loaded,
 * so a switch never shows keys or a half-translated screen. Answers false when a later call
 * asked for another locale meanwhile (that one wins).
 */
export async function applyLocale(locale: Locale): Promise<boolean> {
  wanted = locale;
  const [antd] = await Promise.all([ANTD_LOADERS[locale](), DAYJS_LOADERS[locale](), i18n.loadLanguages(locale)]);
  antdLocales.set(locale, antd.default);
  if (wanted !== locale) return false;
  await i18n.changeLanguage(locale);
  if (wanted !== locale) return false;
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return true;
}

/**
 * Switches the console language; the choice survives logout (SPEC §4). The new language's files
 * load first, then everything switches at once (no keys, no half-translated screen).
 */
export async function changeLocale(locale: Locale): Promise<void> {
  if (await applyLocale(locale)) useAppStore.getState().setLocale(locale);
}
