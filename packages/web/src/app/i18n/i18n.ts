import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@farmsense/shared';
import { catalogueBackend } from './catalogue';
import { BOOT_NAMESPACES, SHELL_NAMESPACES } from './namespaces';

/**
 * One i18next instance. The catalogue files are lazy chunks of the build (catalogue.ts, served by
 * the console's own server, so it still works offline on a farm LAN): the sign-in pages load
 * BOOT_NAMESPACES of one locale, the console adds the shell's (loadConsoleNamespaces) and each
 * page its feature's (withTexts; each feature's texts.ts says which). A language switch
 * loads every namespace in use for the new locale before it changes anything (applyLocale).
 * Locale codes stay lower-case (zh-cn, en-us) because they are also the Accept-Language values
 * the server expects.
 */
export const i18n: I18n = i18next.createInstance();

void i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    // No language yet: main.tsx applies the stored one (applyLocale) before the first paint, so
    // nothing is fetched for a language the user does not read.
    // SPEC §9: the fallback is the chosen locale itself; every locale carries the same keys.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: [...BOOT_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** The namespaces the console's shell needs, in the current locale (before the shell renders). */
export function loadConsoleNamespaces(): Promise<void> {
  return i18n.loadNamespaces([...SHELL_NAMESPACES]);
}

/** Resolves to `module` once these catalogue namespaces are loaded too (routes/pages.ts). */
export function withTexts<M>(namespaces: readonly string[], module: Promise<M>): Promise<M> {
  return Promise.all([module, i18n.loadNamespaces([...namespaces])]).then(([m]) => m);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Translates a key written the shared way, `namespace.path.to.key` (zod messages, errors.<code>),
 * which is how the server's translate() and the shared schemas spell them.
 */
export function tk(fullKey: string, vars: Record<string, unknown> = {}): string {
  const dot = fullKey.indexOf('.');
  if (dot < 0) return i18n.t(fullKey, vars);
  return i18n.t(fullKey.slice(dot + 1), { ...vars, ns: fullKey.slice(0, dot) });
}

/** Whether `namespace.path` exists in the current locale. */
export function hasKey(fullKey: string): boolean {
  const dot = fullKey.indexOf('.');
  return dot > 0 && i18n.exists(fullKey.slice(dot + 1), { ns: fullKey.slice(0, dot) });
}

/** Menu labels are flat keys containing dots (`menu.pig.overview.shed`), so no key splitting. */
export function menuLabel(code: string): string {
  return i18n.t(code, { ns: 'menu', keySeparator: false, nsSeparator: false, defaultValue: code });
}

/** The message of an error code; unknown codes fall back to "operation failed" (code 0). */
export function errorMessage(code: number, vars: Record<string, unknown> = {}): string {
  const key = String(code);
  if (i18n.exists(key, { ns: 'errors' })) return i18n.t(key, { ...vars, ns: 'errors' });
  return i18n.t('0', { ns: 'errors' });
}
