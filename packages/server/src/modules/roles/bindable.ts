import { and, eq, inArray } from 'drizzle-orm';
import { appByCode, flattenApps, type AppScope, type BindableApp, type FunType } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { roleApps, roles, tenants } from '../../db/tables.js';
import { closeOverTree, codesForModules } from '../../lib/access.js';
import { forbidden, type Scope } from '../../scope/index.js';
import { loadAppRows, type AppRow } from '../portal/tree.js';

/**
 * Which applications a caller may bind to roles. The tenant's modules open a set of codes; an
 * administrator binds any of them. An ordinary account that manages roles binds only codes it
 * holds itself with everything under them, so it cannot hand out rights it does not have
 * (binding a menu group grants all its entries).
 */
export async function tenantCodes(db: Db, tenantId: number): Promise<Set<string>> {
  const [t] = await db.select({ modules: tenants.modules }).from(tenants).where(eq(tenants.id, tenantId));
  return codesForModules(t?.modules ?? []);
}

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

/**
 * 10009 when an ordinary caller would hand out, through the given roles, a code it does not
 * hold itself. Administrators may assign any role of their tenant.
 */
export async function assertRolesWithinCaller(db: Db, scope: Scope, tenantId: number, roleIds: number[]): Promise<void> {
  if (scope.isTenantAdmin || roleIds.length === 0) return;
  const rows = await db
    .select({ code: roleApps.appCode })
    .from(roleApps)
    .innerJoin(roles, and(eq(roles.id, roleApps.roleId), eq(roles.tenantId, tenantId)))
    .where(inArray(roleApps.roleId, roleIds));
  const allowed = await tenantCodes(db, tenantId);
  const granted = [...closeOverTree(new Set(rows.map((r) => r.code)))].filter((c) => allowed.has(c));
  if (granted.some((c) => !scope.codes.has(c))) throw forbidden(scope.req);
}
