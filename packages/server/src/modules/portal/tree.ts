import { AccountType, type AppScope, type AppTreeNode, type FunType } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { applicationInfo } from '../../db/tables.js';

/** A row of application_info: the catalogue as data, with the ids clients refer to. */
export interface AppRow {
  id: number;
  code: string;
  parentCode: string | null;
  funType: string;
  scope: string;
  seqNo: number;
  path: string | null;
  isIndex: boolean;
}

/** The columns of an AppRow, for the selects that read one. */
export const appRowCols = {
  id: applicationInfo.id,
  code: applicationInfo.code,
  parentCode: applicationInfo.parentCode,
  funType: applicationInfo.funType,
  scope: applicationInfo.scope,
  seqNo: applicationInfo.seqNo,
  path: applicationInfo.path,
  isIndex: applicationInfo.isIndex,
};

const loaded = new WeakMap<Db, Promise<AppRow[]>>();

/**
 * The application catalogue's rows. The catalogue is written only at start-up (db/catalogue.ts,
 * from the shared APP_CATALOGUE, before the server takes requests), so it is read once per
 * database and kept: the menu tree every console loads costs no query.
 */
export function loadAppRows(db: Db): Promise<AppRow[]> {
  let rows = loaded.get(db);
  if (!rows) {
    rows = db.select(appRowCols).from(applicationInfo);
    rows.catch(() => loaded.delete(db));
    loaded.set(db, rows);
  }
  return rows;
}

// Top-level seqNo values restart in each part of the catalogue, so equal numbers are ordered
// group-level, then farm-level, then platform (the catalogue's own menu order).
const SCOPE_RANK: Record<string, number> = { group: 0, farm: 1, platform: 2 };

function compareNodes(a: AppTreeNode, b: AppTreeNode): number {
  return a.seqNo - b.seqNo || (SCOPE_RANK[a.scope] ?? 9) - (SCOPE_RANK[b.scope] ?? 9) || a.applicationInfoId - b.applicationInfoId;
}

/**
 * The part of the catalogue an account holds, as a tree ordered by seqNo at every level. Held
 * codes are closed over the tree (lib/access.ts), so a held node's parent is normally held too;
 * should it not be, the node hangs under its nearest held ancestor rather than vanish.
 */
export function buildTree(rows: AppRow[], codes: ReadonlySet<string>): AppTreeNode[] {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const nodes = new Map<string, AppTreeNode>();
  for (const r of rows) {
    if (!codes.has(r.code)) continue;
    nodes.set(r.code, {
      applicationInfoId: r.id,
      applicationCode: r.code,
      applicationFunType: r.funType as FunType,
      seqNo: r.seqNo,
      path: r.path,
      index: r.isIndex,
      scope: r.scope as AppScope,
      children: [],
    });
  }
  const roots: AppTreeNode[] = [];
  for (const [code, node] of nodes) {
    let parent = byCode.get(code)?.parentCode ?? null;
    while (parent !== null && !nodes.has(parent)) parent = byCode.get(parent)?.parentCode ?? null;
    if (parent === null) roots.push(node);
    else nodes.get(parent)!.children.push(node);
  }
  const sort = (list: AppTreeNode[]): AppTreeNode[] => {
    list.sort(compareNodes);
    for (const n of list) sort(n.children);
    return list;
  };
  return sort(roots);
}

/**
 * The same rule as `filterByMode` of @farmsense/shared, on tree nodes: common entries and those of
 * the mode stay; an entry of the other mode goes with everything under it.
 */
export function filterTreeByMode(nodes: AppTreeNode[], mode: 1 | 2): AppTreeNode[] {
  const keep: FunType = mode === 1 ? 'pig' : 'chicken';
  return nodes
    .filter((n) => n.applicationFunType === 'common' || n.applicationFunType === keep)
    .map((n) => ({ ...n, children: filterTreeByMode(n.children, mode) }));
}

/** Depth-first in menu order. */
export function flattenTree(nodes: AppTreeNode[]): AppTreeNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

/** The pig-farm data screen an account of type 100 lands on (SPEC §2). */
export const PIG_DATA_SCREEN_CODE = 'pig.databoard.farm';

/**
 * The page the console opens when nothing else is chosen: the data screen for type 100, else the
 * first page listed in the menu (a leaf with a path, in seqNo order). Hidden entries count only
 * when the account holds no listed page at all.
 */
export function firstPage(tree: AppTreeNode[], accountType: number): AppTreeNode | null {
  const all = flattenTree(tree);
  if (accountType === AccountType.PIG_DATA_SCREEN) {
    const screen = all.find((n) => n.applicationCode === PIG_DATA_SCREEN_CODE && n.path);
    if (screen) return screen;
  }
  const listed = (nodes: AppTreeNode[]): AppTreeNode | null => {
    for (const n of nodes) {
      if (!n.index) continue;
      if (n.children.length === 0 && n.path) return n;
      const inner = listed(n.children);
      if (inner) return inner;
    }
    return null;
  };
  return listed(tree) ?? all.find((n) => n.children.length === 0 && n.path) ?? null;
}
