import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import {
  APP_OPERATIONS,
  AppError,
  ErrorCodes,
  scopeOfRoleType,
  type AppOperation,
  type OperateAuthBindBody,
  type Page,
  type RoleAddBody,
  type RoleAppOps,
  type RoleEditBody,
  type RolePageQuery,
  type RoleRow,
  type RoleType,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountRoles, roleApps, roles } from '../../db/tables.js';
import { lostRace } from '../../lib/db-errors.js';
import { forbidden, guardHandOver, tenantCodes, type Scope } from '../../scope/index.js';
import { paramError } from '../../lib/param-error.js';
import { appRowsById, bindableCodes } from './bindable.js';
import { containsText } from '../../lib/text-search.js';
import { rowExists } from '../../lib/row-exists.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { audit } from '../../plugins/audit-note.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Roles of a tenant (SPEC §6): unique name (10008), type 'farm' or 'group', and operation rights
 * per application. A role of another tenant is "not found" (30001) and never changed.
 */
const ordered = (ops: Iterable<string>): AppOperation[] => {
  const set = new Set(ops);
  return APP_OPERATIONS.filter((o) => set.has(o));
};

export async function findRole(db: Db, tenantId: number, roleId: number): Promise<{ id: number; type: RoleType; roleName: string }> {
  const [row] = await db
    .select({ id: roles.id, type: roles.type, roleName: roles.roleName })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.tenantId, tenantId)));
  if (!row) throw new AppError(ErrorCodes.DATA_NOT_FOUND);
  return row;
}

export async function rolePage(db: Db, tenantId: number, q: RolePageQuery): Promise<Page<RoleRow>> {
  const conds: SQL[] = [eq(roles.tenantId, tenantId)];
  if (q.roleName) conds.push(containsText(q.roleName, roles.roleName));
  const { total, rows } = await readPage(db, roles, and(...conds), q, (where) =>
    db.select().from(roles).where(where).orderBy(asc(roles.id)).$dynamic(),
  );
  const ids = rows.map((r) => r.id);
  const [accs, apps] = ids.length
    ? await Promise.all([
        db
          .select({ id: accountRoles.roleId, n: count() })
          .from(accountRoles)
          .where(inArray(accountRoles.roleId, ids))
          .groupBy(accountRoles.roleId),
        db.select({ id: roleApps.roleId, n: count() }).from(roleApps).where(inArray(roleApps.roleId, ids)).groupBy(roleApps.roleId),
      ])
    : [[], []];
  const accCount = new Map(accs.map((r) => [r.id, r.n]));
  const appCount = new Map(apps.map((r) => [r.id, r.n]));
  return pageAnswer(
    q,
    total,
    rows.map((r) => ({
      id: r.id,
      roleName: r.roleName,
      type: r.type,
      accountCount: accCount.get(r.id) ?? 0,
      applicationCount: appCount.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
    })),
  );
}

async function assertNameFree(db: Db, tenantId: number, roleName: string, exceptId?: number): Promise<void> {
  const conds = [eq(roles.tenantId, tenantId), eq(roles.roleName, roleName)];
  if (await rowExists(db, roles.id, conds, exceptId)) throw new AppError(ErrorCodes.ROLE_NAME_DUPLICATE);
}

const nameRace = lostRace({ roles_tenant_name_uq: () => new AppError(ErrorCodes.ROLE_NAME_DUPLICATE) });

export async function addRole(db: Db, scope: Scope, tenantId: number, body: RoleAddBody): Promise<{ id: number }> {
  await assertNameFree(db, tenantId, body.roleName);
  try {
    const [row] = await db
      .insert(roles)
      .values({ tenantId, roleName: body.roleName, type: body.type, ...addedBy(scope) })
      .returning({ id: roles.id });
    audit.add(scope.req, 'role', body.roleName);
    return { id: row!.id };
  } catch (err) {
    return nameRace(err);
  }
}

export async function editRole(db: Db, scope: Scope, tenantId: number, body: RoleEditBody): Promise<void> {
  const role = await findRole(db, tenantId, body.id);
  await guardRoleChange(db, scope, tenantId, role.id);
  await assertNameFree(db, tenantId, body.roleName, body.id);
  const type = body.type ?? role.type;
  if (type !== role.type) {
    // The bound applications must stay of the role's level: re-type only a role whose bindings fit.
    const byId = await appRowsById(db);
    const byCode = new Map([...byId.values()].map((r) => [r.code, r]));
    const bound = await db.select({ code: roleApps.appCode }).from(roleApps).where(eq(roleApps.roleId, role.id));
    if (bound.some((b) => byCode.get(b.code)?.scope !== scopeOfRoleType(type))) throw paramError('type', 'validation.invalid');
  }
  try {
    await db
      .update(roles)
      .set({ roleName: body.roleName, type, ...changedBy(scope) })
      .where(and(eq(roles.id, role.id), eq(roles.tenantId, tenantId)));
  } catch (err) {
    nameRace(err);
  }
  audit.edit(scope.req, 'role', role.roleName, audit.changes(role, { roleName: body.roleName, type }));
}

/**
 * An ordinary role manager changes a role (its name, level, bindings, or deletes it) only when it
 * could have built the role itself (every bound code is one it may bind) and it manages every
 * farm of every account holding the role as a whole: a role's rights are its holders' rights on
 * all their farms, so otherwise it would take rights it does not hold, or change what staff of
 * farms it does not manage may do (10009). Roles are the tenant's: another tenant's is 30001.
 */
async function guardRoleChange(db: Db, scope: Scope, tenantId: number, roleId: number): Promise<void> {
  if (scope.isTenantAdmin) return;
  const [bound, holders, allowed] = await Promise.all([
    db.select({ code: roleApps.appCode }).from(roleApps).where(eq(roleApps.roleId, roleId)),
    db.select({ id: accountRoles.accountId }).from(accountRoles).where(eq(accountRoles.roleId, roleId)),
    bindableCodes(db, scope, tenantId),
  ]);
  const foreign = bound.find((b) => !allowed.has(b.code));
  if (foreign) throw forbidden(scope.req, { refused: 'role with a function the caller lacks', id: roleId, needed: [foreign.code] });
  await guardHandOver(
    db,
    scope,
    tenantId,
    holders.map((h) => h.id),
    await scope.wholeFarms(),
  );
}

/** Deletes the role; the accounts holding it lose it (account_roles cascades). */
export async function deleteRole(db: Db, scope: Scope, tenantId: number, roleId: number): Promise<void> {
  const role = await findRole(db, tenantId, roleId);
  await guardRoleChange(db, scope, tenantId, role.id);
  await db.delete(roles).where(and(eq(roles.id, role.id), eq(roles.tenantId, tenantId)));
  audit.delete(scope.req, 'role', role.roleName);
}

/**
 * Replaces the role's bindings. Each application must exist, belong to the tenant's modules and
 * to the role's level (99996 otherwise); an ordinary caller binds only what it holds (10009).
 */
export async function bindApps(db: Db, scope: Scope, tenantId: number, body: OperateAuthBindBody): Promise<void> {
  const role = await findRole(db, tenantId, body.roleId);
  await guardRoleChange(db, scope, tenantId, role.id);
  const byId = await appRowsById(db);
  const [allowed, tenantWide] = await Promise.all([bindableCodes(db, scope, tenantId), tenantCodes(db, tenantId)]);
  const merged = new Map<string, Set<string>>();
  body.applications.forEach((a, i) => {
    const row = byId.get(a.applicationInfoId);
    if (!row || !tenantWide.has(row.code) || row.scope !== scopeOfRoleType(role.type)) {
      throw paramError(`applications.${i}.applicationInfoId`, 'validation.invalid');
    }
    if (!allowed.has(row.code)) throw forbidden(scope.req, { refused: 'function the caller lacks', needed: [row.code] });
    const set = merged.get(row.code) ?? new Set<string>();
    for (const o of a.ops) set.add(o);
    merged.set(row.code, set);
  });
  await db.transaction(async (tx) => {
    await tx.delete(roleApps).where(eq(roleApps.roleId, role.id));
    if (merged.size > 0) {
      await tx.insert(roleApps).values([...merged].map(([appCode, ops]) => ({ roleId: role.id, appCode, ops: ordered(ops) })));
    }
    await tx
      .update(roles)
      .set({ ...changedBy(scope) })
      .where(eq(roles.id, role.id));
  });
}

/**
 * The rights bound to the role on the given applications (all its bindings when none are named).
 * These are the bindings as set, without what a bound menu group passes down to its entries.
 */
export async function roleOps(db: Db, tenantId: number, roleId: number, applicationIds?: number[]): Promise<RoleAppOps[]> {
  const role = await findRole(db, tenantId, roleId);
  const byId = await appRowsById(db);
  const bound = new Map((await db.select().from(roleApps).where(eq(roleApps.roleId, role.id))).map((r) => [r.appCode, r.ops]));
  const ids =
    applicationIds && applicationIds.length > 0
      ? [...new Set(applicationIds)]
      : [...byId.values()].filter((r) => bound.has(r.code)).map((r) => r.id);
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is NonNullable<typeof r> => r !== undefined)
    .sort((a, b) => a.id - b.id)
    .map((r) => ({ applicationInfoId: r.id, applicationCode: r.code, ops: ordered(bound.get(r.code) ?? []) }));
}
