import { pickLocale, type Locale } from '@farmsense/shared';
import { useAppStore, type AppData } from '../stores/appStore';

/**
 * The first of the browser's languages that the console speaks, matched like Accept-Language on
 * the server (exact tag, else primary subtag: en-GB -> en-us, zh-TW -> zh-cn); else the default.
 */
export function browserLocale(languages: readonly string[]): Locale {
  return pickLocale(languages.join(','));
}

/** The language to start in: the user's choice once made, else the browser's. */
export function startupLocale(state: Pick<AppData, 'locale' | 'localeChosen'>, languages: readonly string[]): Locale {
  return state.localeChosen ? state.locale : browserLocale(languages);
}

/** The browser's preferred languages, best first. */
export function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * Settles the language before the first paint: without a choice of the user's, the store takes the
 * browser's language (not marked as chosen, so a later browser setting still counts).
 */
export function settleStartupLocale(languages: readonly string[] = navigatorLanguages()): Locale {
  const state = useAppStore.getState();
  const locale = startupLocale(state, languages);
  if (locale !== state.locale) useAppStore.setState({ locale });
  return locale;
}
