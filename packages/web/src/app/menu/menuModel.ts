import type { AppTreeNode } from '../api/types';

/**
 * Menu and routes are built from the permission tree the server returns for the account and
 * farm mode (roleApplicationTree2), intersected with the pages this build actually has (the route
 * registry). Level 1 nodes are menu groups, level 2 nodes are entries, level 3 nodes are the tabs
 * of their level 2 entry (see packages/shared/src/permissions.ts).
 */
export type FarmMode = 1 | 2;

/** Anything keyed by application code whose presence means "this build has the page". */
export type PageIndex = Readonly<Record<string, { fullscreen?: boolean } | undefined>>;

export type MenuItemModel = { kind: 'group'; code: string; children: MenuItemModel[] } | { kind: 'entry'; code: string; target: string };

export interface RouteDef {
  code: string;
  path: string;
  fullscreen: boolean;
}

export interface TabDef {
  code: string;
  path: string;
}

export interface MenuModel {
  menu: MenuItemModel[];
  routes: RouteDef[];
  /** Path of the first page in menu order, else of any permitted page, else null. */
  firstPath: string | null;
  /** Ancestors of the node showing `path`, root first, the node itself last. */
  chainOf: (path: string) => AppTreeNode[];
  /** Third-level tabs around `path`, when its level 2 entry has several pages. */
  tabsOf: (path: string) => TabDef[];
}

export function fitsMode(node: AppTreeNode, mode: FarmMode): boolean {
  return node.applicationFunType === 'common' || node.applicationFunType === (mode === 1 ? 'pig' : 'chicken');
}

const bySeq = (a: AppTreeNode, b: AppTreeNode): number => a.seqNo - b.seqNo;

function shown(nodes: AppTreeNode[], mode: FarmMode): AppTreeNode[] {
  return nodes.filter((n) => n.index && fitsMode(n, mode)).sort(bySeq);
}

function routable(node: AppTreeNode, pages: PageIndex): node is AppTreeNode & { path: string } {
  return !!node.path && !!pages[node.applicationCode];
}

function firstTarget(node: AppTreeNode, pages: PageIndex, mode: FarmMode): string | null {
  if (routable(node, pages)) return node.path;
  for (const child of shown(node.children, mode)) {
    const t = firstTarget(child, pages, mode);
    if (t) return t;
  }
  return null;
}

function toItem(node: AppTreeNode, depth: number, pages: PageIndex, mode: FarmMode): MenuItemModel | null {
  if (depth === 0 && node.children.length > 0) {
    const children = shown(node.children, mode)
      .map((c) => toItem(c, depth + 1, pages, mode))
      .filter((c): c is MenuItemModel => c !== null);
    return children.length > 0 ? { kind: 'group', code: node.applicationCode, children } : null;
  }
  const target = firstTarget(node, pages, mode);
  return target ? { kind: 'entry', code: node.applicationCode, target } : null;
}

export function buildMenu(tree: AppTreeNode[], pages: PageIndex, mode: FarmMode): MenuItemModel[] {
  return shown(tree, mode)
    .map((n) => toItem(n, 0, pages, mode))
    .filter((n): n is MenuItemModel => n !== null);
}

/** Every permitted page of the mode, hidden (non-index) ones included: they are reachable by URL. */
export function collectRoutes(tree: AppTreeNode[], pages: PageIndex, mode: FarmMode): RouteDef[] {
  const out = new Map<string, RouteDef>();
  const walk = (nodes: AppTreeNode[]): void => {
    for (const n of [...nodes].sort(bySeq)) {
      if (!fitsMode(n, mode)) continue;
      if (routable(n, pages) && !out.has(n.path)) {
        out.set(n.path, { code: n.applicationCode, path: n.path, fullscreen: !!pages[n.applicationCode]?.fullscreen });
      }
      walk(n.children);
    }
  };
  walk(tree);
  return [...out.values()];
}

function firstEntryTarget(items: MenuItemModel[]): string | null {
  for (const item of items) {
    if (item.kind === 'entry') return item.target;
    const inner = firstEntryTarget(item.children);
    if (inner) return inner;
  }
  return null;
}

export function buildMenuModel(tree: AppTreeNode[], pages: PageIndex, mode: FarmMode): MenuModel {
  const menu = buildMenu(tree, pages, mode);
  const routes = collectRoutes(tree, pages, mode);
  const chains = new Map<string, AppTreeNode[]>();
  const walk = (nodes: AppTreeNode[], trail: AppTreeNode[]): void => {
    for (const n of nodes) {
      if (!fitsMode(n, mode)) continue;
      const chain = [...trail, n];
      if (n.path && !chains.has(n.path)) chains.set(n.path, chain);
      walk(n.children, chain);
    }
  };
  walk(tree, []);
  const chainOf = (path: string): AppTreeNode[] => chains.get(path) ?? [];
  const tabsOf = (path: string): TabDef[] => {
    const chain = chainOf(path);
    if (chain.length < 3) return [];
    const parent = chain[chain.length - 2]!;
    const tabs = shown(parent.children, mode)
      .filter((c) => routable(c, pages))
      .map((c) => ({ code: c.applicationCode, path: c.path! }));
    return tabs.length > 1 ? tabs : [];
  };
  return { menu, routes, firstPath: firstEntryTarget(menu) ?? routes[0]?.path ?? null, chainOf, tabsOf };
}
