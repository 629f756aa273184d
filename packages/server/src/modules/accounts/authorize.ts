import { and, asc, eq, inArray } from 'drizzle-orm';
import { AccountType, AppError, ErrorCodes, type AccountRoleRef, type FarmAndShedAuthorizationBody } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountFarms, accountPens, accountRoles, accountSheds, farms, pens, roles, sheds } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import { assertRolesWithinCaller, assertWholeFarms, guardReach, type Scope } from '../../scope/index.js';
import { paramError } from '../../lib/param-error.js';
import { assertTenantRoles, findTarget, guardTarget } from './repo.js';
import { audit } from '../../plugins/audit-note.js';

/**
 * Role assignment and farm / shed / pen authorization of accounts. A caller replaces only the part
 * it manages: an administrator the whole authorization, an ordinary account the farms it sees as
 * a whole; what the account holds elsewhere is kept.
 */
/** The names of the account's roles and farms, sorted: what the log shows of a role or farm change. */
export async function heldNames(db: DbOrTx, tenantId: number, accountId: number): Promise<{ roles: string[]; farms: string[] }> {
  const roleRows = await db
    .select({ n: roles.roleName })
    .from(accountRoles)
    .innerJoin(roles, and(eq(roles.id, accountRoles.roleId), eq(roles.tenantId, tenantId)))
    .where(eq(accountRoles.accountId, accountId));
  const farmRows = await db
    .select({ n: farms.farmName })
    .from(accountFarms)
    .innerJoin(farms, and(eq(farms.id, accountFarms.farmId), eq(farms.tenantId, tenantId)))
    .where(eq(accountFarms.accountId, accountId));
  const sorted = (rows: { n: string }[]) => rows.map((r) => r.n).sort((a, b) => a.localeCompare(b));
  return { roles: sorted(roleRows), farms: sorted(farmRows) };
}

export async function checkRoles(db: Db, scope: Scope, tenantId: number, roleIds: number[]): Promise<void> {
  await assertTenantRoles(db, tenantId, roleIds);
  await assertRolesWithinCaller(db, scope, tenantId, roleIds);
}

export async function replaceRoles(tx: DbOrTx, accountId: number, roleIds: number[]): Promise<void> {
  await tx.delete(accountRoles).where(eq(accountRoles.accountId, accountId));
  if (roleIds.length > 0) await tx.insert(accountRoles).values(roleIds.map((roleId) => ({ accountId, roleId })));
}

/** The farms of the account's authorization that the caller manages (all of them for an administrator). */
async function managedOf(tx: DbOrTx, tenantId: number, accountId: number, whole: Set<number> | 'all'): Promise<number[]> {
  const rows = await tx
    .select({ id: accountFarms.farmId })
    .from(accountFarms)
    .innerJoin(farms, and(eq(farms.id, accountFarms.farmId), eq(farms.tenantId, tenantId)))
    .where(eq(accountFarms.accountId, accountId));
  return rows.map((r) => r.id).filter((f) => whole === 'all' || whole.has(f));
}

/** Clears the account's farm, shed and pen rows in the given farms of the tenant. */
async function clearFarms(tx: DbOrTx, tenantId: number, accountId: number, farmIds: number[]): Promise<void> {
  if (farmIds.length === 0) return;
  const shedIds = tx
    .select({ id: sheds.id })
    .from(sheds)
    .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.farmId, farmIds)));
  const penIds = tx
    .select({ id: pens.id })
    .from(pens)
    .where(and(eq(pens.tenantId, tenantId), inArray(pens.shedId, shedIds)));
  await tx.delete(accountPens).where(and(eq(accountPens.accountId, accountId), inArray(accountPens.penId, penIds)));
  await tx.delete(accountSheds).where(and(eq(accountSheds.accountId, accountId), inArray(accountSheds.shedId, shedIds)));
  await tx.delete(accountFarms).where(and(eq(accountFarms.accountId, accountId), inArray(accountFarms.farmId, farmIds)));
}

/**
 * Farm authorization: the managed farms become exactly `farmIds`. A farm that stays keeps its
 * shed and pen limits; a farm that goes takes them along.
 */
export async function replaceFarms(
  tx: DbOrTx,
  tenantId: number,
  accountId: number,
  whole: Set<number> | 'all',
  farmIds: number[],
): Promise<void> {
  const managed = await managedOf(tx, tenantId, accountId, whole);
  // A newly granted farm starts whole: leftovers of an earlier grant must not narrow it.
  const added = farmIds.filter((f) => !managed.includes(f));
  await clearFarms(tx, tenantId, accountId, [...managed.filter((f) => !farmIds.includes(f)), ...added]);
  if (farmIds.length > 0)
    await tx
      .insert(accountFarms)
      .values(farmIds.map((farmId) => ({ accountId, farmId })))
      .onConflictDoNothing();
}

/** Administrators see every farm already; authorizing them is refused (20021). */
function assertAuthorizable(target: { accountType: number }): void {
  if (target.accountType === AccountType.TENANT_ADMIN) throw new AppError(ErrorCodes.ACCOUNT_TYPE_WRONG);
}

export async function getAccountRoles(db: Db, tenantId: number, accountId: number): Promise<AccountRoleRef[]> {
  const target = await findTarget(db, tenantId, accountId);
  return db
    .select({ id: roles.id, roleName: roles.roleName, type: roles.type })
    .from(accountRoles)
    .innerJoin(roles, and(eq(roles.id, accountRoles.roleId), eq(roles.tenantId, tenantId)))
    .where(eq(accountRoles.accountId, target.id))
    .orderBy(asc(roles.id));
}

export async function editAccountRoles(db: Db, scope: Scope, tenantId: number, accountId: number, roleIds: number[]): Promise<void> {
  const target = await findTarget(db, tenantId, accountId);
  guardTarget(scope, target);
  await guardReach(db, scope, tenantId, [target.id]);
  await checkRoles(db, scope, tenantId, roleIds);
  const before = await heldNames(db, tenantId, target.id);
  await db.transaction((tx) => replaceRoles(tx, target.id, roleIds));
  audit.edit(scope.req, 'account', target.accountCode, audit.changes(before, await heldNames(db, tenantId, target.id), ['roles']));
}

export async function authorizeFarms(db: Db, scope: Scope, tenantId: number, accountId: number, farmIds: number[]): Promise<void> {
  const target = await findTarget(db, tenantId, accountId);
  guardTarget(scope, target);
  assertAuthorizable(target);
  await assertWholeFarms(scope, farmIds);
  const whole = await scope.wholeFarms();
  const before = await heldNames(db, tenantId, target.id);
  await db.transaction((tx) => replaceFarms(tx, tenantId, target.id, whole, farmIds));
  audit.edit(scope.req, 'account', target.accountCode, audit.changes(before, await heldNames(db, tenantId, target.id), ['farms']));
}

/**
 * Farm, shed and pen authorization in one call. Per farm: no sheds and no pens = the whole farm;
 * sheds (30004 unless of that farm) = only those; pens (20084 unless of that farm) = only those
 * pens, their sheds included.
 */
export async function authorizeFarmsAndSheds(db: Db, scope: Scope, tenantId: number, body: FarmAndShedAuthorizationBody): Promise<void> {
  const target = await findTarget(db, tenantId, body.accountId);
  guardTarget(scope, target);
  assertAuthorizable(target);
  const farmIds = body.farms.map((f) => f.farmId);
  if (new Set(farmIds).size !== farmIds.length) throw paramError('farms', 'validation.invalid');
  await assertWholeFarms(scope, farmIds);

  const shedIds = body.farms.flatMap((f) => f.shedIds ?? []);
  const penIds = body.farms.flatMap((f) => f.penIds ?? []);
  const shedFarm = new Map(
    shedIds.length === 0
      ? []
      : (
          await db
            .select({ id: sheds.id, farmId: sheds.farmId })
            .from(sheds)
            .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.id, shedIds)))
        ).map((s) => [s.id, s.farmId]),
  );
  const penShed = new Map(
    penIds.length === 0
      ? []
      : (
          await db
            .select({ id: pens.id, shedId: pens.shedId, farmId: sheds.farmId })
            .from(pens)
            .innerJoin(sheds, eq(sheds.id, pens.shedId))
            .where(and(eq(pens.tenantId, tenantId), inArray(pens.id, penIds)))
        ).map((p) => [p.id, p]),
  );

  const grants = body.farms.map((f) => {
    const own = new Set<number>();
    for (const s of f.shedIds ?? []) {
      if (shedFarm.get(s) !== f.farmId) throw new AppError(ErrorCodes.HOUSE_NOT_FOUND);
      own.add(s);
    }
    for (const p of f.penIds ?? []) {
      const pen = penShed.get(p);
      if (!pen || pen.farmId !== f.farmId) throw new AppError(ErrorCodes.TARGET_PEN_NOT_FOUND);
      own.add(pen.shedId);
    }
    return { farmId: f.farmId, shedIds: [...own], penIds: f.penIds ?? [] };
  });

  const whole = await scope.wholeFarms();
  const before = await heldNames(db, tenantId, target.id);
  await db.transaction(async (tx) => {
    const managed = await managedOf(tx, tenantId, target.id, whole);
    await clearFarms(tx, tenantId, target.id, [...new Set([...managed, ...farmIds])]);
    if (grants.length === 0) return;
    await tx.insert(accountFarms).values(grants.map((g) => ({ accountId: target.id, farmId: g.farmId })));
    const shedRows = grants.flatMap((g) => g.shedIds.map((shedId) => ({ accountId: target.id, shedId })));
    if (shedRows.length > 0) await tx.insert(accountSheds).values(shedRows).onConflictDoNothing();
    const penRows = grants.flatMap((g) => g.penIds.map((penId) => ({ accountId: target.id, penId })));
    if (penRows.length > 0) await tx.insert(accountPens).values(penRows).onConflictDoNothing();
  });
  audit.edit(scope.req, 'account', target.accountCode, audit.changes(before, await heldNames(db, tenantId, target.id), ['farms']));
}
