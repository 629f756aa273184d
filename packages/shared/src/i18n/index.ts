/**
 * The server's translations (Excel headers, e-mail texts, error messages of the catalogue): one
 * JSON file per locale and namespace, `<locale>/<namespace>.json`, read from disk at start-up, so
 * a new module's namespace is its five files and nothing to register. Every locale has the same
 * files and keys (`i18n.test.ts`). The console loads the same files as lazy chunks
 * (packages/web/src/app/i18n/catalogue.ts). In the built server (one bundled file) they sit in
 * dist/i18n, copied by packages/server/build.mjs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../constants.js';

type Tree = { [key: string]: string | Tree };

const here = fileURLToPath(new URL('.', import.meta.url));
const DIR = existsSync(join(here, 'en-us')) ? here : join(here, 'i18n');

const namespacesOf = (locale: Locale): string[] =>
  readdirSync(join(DIR, locale))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));

/** Every namespace any locale has, sorted (a file missing in one locale fails i18n.test.ts). */
export const NAMESPACES: readonly string[] = [...new Set(LOCALES.flatMap(namespacesOf))].sort();
export type Namespace = string;

/** The namespaces the platform itself reads by name; modules' namespaces are found on disk. */
type CoreNamespace = 'common' | 'errors' | 'validation' | 'menu' | 'enums';
export type Catalogue = Record<CoreNamespace, Tree> & { [ns: string]: Tree | undefined };

function readLocale(locale: Locale): Catalogue {
  const own = new Set(namespacesOf(locale));
  const entries = NAMESPACES.filter((ns) => own.has(ns)).map((ns): [string, Tree] => [
    ns,
    JSON.parse(readFileSync(join(DIR, locale, `${ns}.json`), 'utf8')) as Tree,
  ]);
  const catalogue = Object.fromEntries(entries) as Catalogue;
  for (const ns of ['common', 'errors', 'validation', 'menu', 'enums'] as const) catalogue[ns] ??= {};
  return catalogue;
}

export const RESOURCES: Record<Locale, Catalogue> = Object.fromEntries(LOCALES.map((l) => [l, readLocale(l)])) as Record<Locale, Catalogue>;

/** The plural forms a text may have, as i18next names them (`key_one`, `key_few`, ... `key_other`). */
export const PLURAL_FORMS: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The plural forms a locale's counted texts carry: en-us one and other; ru one, few, many, other; zh-cn, vi, th other. */
export function pluralFormsOf(locale: Locale): Intl.LDMLPluralRule[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
}

/**
 * Looks up `ns.a.b` in one locale, falling back to English, then to the key itself. After the
 * namespace the rest is first tried as one flat key, because some namespaces (menu) use keys that
 * contain dots themselves ("ci18.env.temp"); otherwise it is walked as a nested path. A counted
 * text (`vars.count`) takes its plural form (`a.b_few`), as i18next does on the console.
 */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const dot = key.indexOf('.');
  const ns = dot < 0 ? key : key.slice(0, dot);
  const rest = dot < 0 ? '' : key.slice(dot + 1);
  const findText = (l: Locale, path: string): string | undefined => {
    const root: Tree | undefined = RESOURCES[l][ns];
    if (!root) return undefined;
    // Own-property check: a key such as "constructor" must not reach Object.prototype.
    const flat = Object.hasOwn(root, path) ? root[path] : undefined;
    if (typeof flat === 'string') return flat;
    let node: string | Tree | undefined = root;
    for (const p of path.split('.')) {
      if (!node || typeof node === 'string' || !Object.hasOwn(node, p)) return undefined;
      node = node[p];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const find = (l: Locale): string | undefined => {
    if (!rest) return undefined;
    const form = typeof vars.count === 'number' ? new Intl.PluralRules(l).select(vars.count) : 'other';
    return findText(l, `${rest}_${form}`) ?? findText(l, rest) ?? findText(l, `${rest}_other`);
  };
  const text = find(locale) ?? find('en-us') ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? `{{${v}}}`));
}
