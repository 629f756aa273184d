import { flattenApps } from '@farmsense/shared';
import type { AppTreeNode } from '../api/types';
import { collectRoutes, type FarmMode, type PageIndex } from '../menu/menuModel';

/**
 * A path the routes of the current farm mode do not hold: a page of the other mode the account
 * also holds (switch the mode and show it), a page of the console the account does not hold
 * (no permission), or no page at all (404).
 */
export type ForeignPathVerdict = 'switch' | 'forbidden' | 'notFound';

const CATALOGUE_PATHS = new Map(flattenApps().flatMap((n) => (n.path ? [[n.path, n.code] as const] : [])));

/** `/a/b/` and `/a/b` are the same page. */
export function pagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function otherFarmMode(mode: FarmMode): FarmMode {
  return mode === 1 ? 2 : 1;
}

/** Whether `path` is a page of the permission catalogue that this build has. */
export function isConsolePage(path: string, pages: PageIndex): boolean {
  const code = CATALOGUE_PATHS.get(pagePath(path));
  return !!code && !!pages[code];
}

/** `other`: the permission tree of the other farm mode, when the account may switch to it. */
export function judgeForeignPath(
  path: string,
  pages: PageIndex,
  other: { mode: FarmMode; tree: AppTreeNode[] } | null,
): ForeignPathVerdict {
  if (!isConsolePage(path, pages)) return 'notFound';
  const wanted = pagePath(path);
  if (other && collectRoutes(other.tree, pages, other.mode).some((r) => r.path === wanted)) return 'switch';
  return 'forbidden';
}
