import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accountFarms, farms, roleApps, roles, tenants } from '../db/tables.js';
import { closeOverTree, codesForModules } from '../lib/access.js';
import type { DbOrTx } from '../lib/limits.js';
import { forbidden } from './refuse.js';
import type { Scope } from './scope.js';

/**
 * What an account may hand out or take over (accounts and roles administration): the functions
 * its tenant bought, roles only within the caller's own functions, accounts only on farms the
 * caller reaches (or manages as a whole, where the account's farms change hands).
 */

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

export async function farmsOf(db: DbOrTx, tenantId: number, accountIds: number[]): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ accountId: accountFarms.accountId, farmId: accountFarms.farmId })
    .from(accountFarms)
    .innerJoin(farms, and(eq(farms.id, accountFarms.farmId), eq(farms.tenantId, tenantId)))
    .where(inArray(accountFarms.accountId, accountIds));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.accountId, [...(out.get(r.accountId) ?? []), r.farmId]);
  return out;
}

/**
 * An ordinary caller changes only accounts it shares a farm with (or that have none yet): an
 * account working only on farms the caller is not authorized for belongs to those farms, so the
 * caller may not edit, ban, delete or re-role it (10009). Administrators reach every account.
 */
export async function guardReach(db: DbOrTx, scope: Scope, tenantId: number, accountIds: number[]): Promise<void> {
  const mine = scope.farmIds;
  if (scope.isTenantAdmin || mine === 'all' || accountIds.length === 0) return;
  for (const farmIds of (await farmsOf(db, tenantId, accountIds)).values()) {
    if (!farmIds.some((f) => mine.includes(f))) throw forbidden(scope.req);
  }
}

/**
 * Resetting a password hands the account over with all its farms, and changing a role changes
 * what its holders may do on all theirs: an ordinary caller does either only for accounts whose
 * farms it manages as a whole (10009 otherwise).
 */
export async function guardHandOver(
  db: DbOrTx,
  scope: Scope,
  tenantId: number,
  accountIds: number[],
  whole: Set<number> | 'all',
): Promise<void> {
  if (scope.isTenantAdmin || whole === 'all' || accountIds.length === 0) return;
  for (const [accountId, farmIds] of await farmsOf(db, tenantId, accountIds)) {
    const beyond = farmIds.find((f) => !whole.has(f));
    if (beyond !== undefined) throw forbidden(scope.req, { refused: 'account beyond the whole farms', id: accountId, farmId: beyond });
  }
}
