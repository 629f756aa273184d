import { appByCode, flattenApps, type AppScope, type BindableApp, type FunType } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { tenantCodes, type Scope } from '../../scope/index.js';
import { loadAppRows, type AppRow } from '../portal/index.js';

export async function bindableCodes(db: Db, scope: Scope, tenantId: number): Promise<Set<string>> {
  const allowed = await tenantCodes(db, tenantId);
  if (scope.isTenantAdmin) return allowed;
  const out = new Set<string>();
  for (const code of allowed) {
    const node = appByCode(code);
    if (!node) continue;
    if (flattenApps([node]).every((n) => !allowed.has(n.code) || scope.codes.has(n.code))) out.add(code);
  }
  return out;
}

/** The bindable part of the catalogue as a tree (ids from application_info), in menu order. */
export function bindableTree(rows: AppRow[], codes: ReadonlySet<string>, scope?: AppScope): BindableApp[] {
  const nodes = new Map<string, BindableApp>();
  for (const r of rows) {
    if (!codes.has(r.code) || (scope && r.scope !== scope)) continue;
    nodes.set(r.code, {
      applicationInfoId: r.id,
      code: r.code,
      funType: r.funType as FunType,
      scope: r.scope as AppScope,
      seqNo: r.seqNo,
      children: [],
    });
  }
  const parentOf = new Map(rows.map((r) => [r.code, r.parentCode]));
  const roots: BindableApp[] = [];
  for (const [code, node] of nodes) {
    let parent = parentOf.get(code) ?? null;
    while (parent !== null && !nodes.has(parent)) parent = parentOf.get(parent) ?? null;
    if (parent === null) roots.push(node);
    else nodes.get(parent)!.children.push(node);
  }
  const sort = (list: BindableApp[]): BindableApp[] => {
    list.sort((a, b) => a.seqNo - b.seqNo || a.applicationInfoId - b.applicationInfoId);
    for (const n of list) sort(n.children);
    return list;
  };
  return sort(roots);
}

export async function appRowsById(db: Db): Promise<Map<number, AppRow>> {
  return new Map((await loadAppRows(db)).map((r) => [r.id, r]));
}
