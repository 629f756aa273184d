import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppCode } from '@farmsense/shared';
import { withTexts } from '../i18n/i18n';

/**
 * One page of the console, by application code (packages/shared/src/permissions.ts). Each
 * feature lists its pages in `features/<m>/routes.ts` (`PAGES`); registry.ts gathers them, so a
 * new feature registers itself by having that file. `fullscreen` pages render without the shell
 * (e.g. a controller's running status embedded in another site).
 */
export interface PageEntry {
  page: LazyExoticComponent<ComponentType>;
  fullscreen?: boolean;
}

/** What a feature's `routes.ts` exports: its pages by application code (a misspelt code fails tsc). */
export type FeaturePages = Readonly<Partial<Record<AppCode, PageEntry>>>;

/**
 * A lazy page whose module loads together with its feature's catalogue namespaces (`TEXTS` of
 * the feature's texts.ts), so it never renders before its texts. `pick` names the module's page
 * component, or picks it (a page made per application code).
 */
export function featurePage<K extends string, M extends Record<K, ComponentType>>(
  texts: readonly string[],
  load: () => Promise<M>,
  name: K,
  opts?: { fullscreen?: boolean },
): PageEntry;
export function featurePage<M>(texts: readonly string[], load: () => Promise<M>, pick: (m: M) => ComponentType): PageEntry;
export function featurePage<M>(
  texts: readonly string[],
  load: () => Promise<M>,
  pick: string | ((m: M) => ComponentType),
  opts: { fullscreen?: boolean } = {},
): PageEntry {
  // The overloads above make sure a named export is a component of the module.
  const choose = (m: M): ComponentType => (typeof pick === 'function' ? pick(m) : (m as Record<string, ComponentType>)[pick]!);
  return { page: lazy(() => withTexts(texts, load()).then((m) => ({ default: choose(m) }))), ...opts };
}

/** The pages of several codes made by one module, each picked by its code (e.g. one report page per code). */
export function featurePagesOf<M>(
  texts: readonly string[],
  codes: readonly string[],
  load: () => Promise<M>,
  pick: (m: M, code: string) => ComponentType,
): FeaturePages {
  return Object.fromEntries(codes.map((code) => [code, featurePage(texts, load, (m) => pick(m, code))]));
}

/**
 * A part of the top bar a feature adds (the alarm bell), shown when the account holds `code`;
 * it receives that page's address. Features list theirs in `routes.ts` (`export const TOP_BAR`),
 * gathered by registry.ts like the pages; the part's code and texts load lazily, after the shell.
 */
export interface TopBarWidget {
  code: AppCode;
  part: LazyExoticComponent<ComponentType<{ path: string }>>;
}

export function topBarWidget<K extends string, M extends Record<K, ComponentType<{ path: string }>>>(
  code: AppCode,
  texts: readonly string[],
  load: () => Promise<M>,
  name: K,
): TopBarWidget {
  return { code, part: lazy(() => withTexts(texts, load()).then((m) => ({ default: m[name] }))) };
}
