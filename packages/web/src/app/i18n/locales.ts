import type { Locale as AntdLocale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import thTH from 'antd/locale/th_TH';
import ruRU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import 'dayjs/locale/vi';
import 'dayjs/locale/th';
import 'dayjs/locale/ru';
import type { Locale } from '@farmsense/shared';
import { i18n } from './i18n';

/** antd's own texts (pagination, date pickers, empty states) follow the console language. */
export const ANTD_LOCALES: Record<Locale, AntdLocale> = { 'zh-cn': zhCN, 'en-us': enUS, vi: viVN, th: thTH, ru: ruRU };
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-cn': 'zh-cn', 'en-us': 'en', vi: 'vi', th: 'th', ru: 'ru' };

/** Switches i18next, dayjs and the document language together; antd follows through ConfigProvider. */
export function applyLocale(locale: Locale): void {
  void i18n.changeLanguage(locale);
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
