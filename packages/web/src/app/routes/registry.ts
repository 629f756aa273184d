import type { FeaturePages, PageEntry, TopBarWidget } from './pages';

export type { PageEntry } from './pages';

/**
 * The pages this build has, by application code. Every feature folder that has a `routes.ts`
 * registers its pages there (`export const PAGES`); nothing to add here. The router shows a page
 * only when the account's permission tree holds its code AND it is listed; the path comes from
 * the tree. The page modules themselves stay lazy chunks: only the small routes files load here.
 */
const FEATURE_MODULES = import.meta.glob<{ PAGES: FeaturePages; TOP_BAR?: readonly TopBarWidget[] }>('../../features/*/routes.ts', {
  eager: true,
});
const FEATURE_ROUTES: Record<string, FeaturePages> = Object.fromEntries(Object.entries(FEATURE_MODULES).map(([f, m]) => [f, m.PAGES]));

/** Application codes registered by more than one feature (registry.test.ts expects none). */
export const DOUBLE_CODES: readonly string[] = Object.values(FEATURE_ROUTES)
  .flatMap((pages) => Object.keys(pages))
  .filter((code, i, all) => all.indexOf(code) !== i);

export const ROUTE_REGISTRY: Readonly<Record<string, PageEntry>> = Object.assign({}, ...Object.values(FEATURE_ROUTES));

/** The feature folders that registered pages (for tests). */
export const ROUTE_FEATURES: readonly string[] = Object.keys(FEATURE_ROUTES).map((f) => /features\/([^/]+)\//.exec(f)![1]!);

/**
 * The top-bar parts features add (`export const TOP_BAR` in their routes.ts, optional), in
 * feature order. Read from the whole module: a named glob import of an export most features lack
 * fails the production build.
 */
export const TOP_BAR_WIDGETS: readonly TopBarWidget[] = Object.values(FEATURE_MODULES).flatMap((m) => m.TOP_BAR ?? []);
