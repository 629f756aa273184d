import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import {
  AccountStatus,
  AccountType,
  AppError,
  ErrorCodes,
  INPUT_MAX_LENGTH,
  isStrongPassword,
  type AccountAddBody,
  type AccountBanBody,
  type AccountUpdateBody,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountFarms, accounts, farms } from '../../db/tables.js';
import { lostRace } from '../../lib/db-errors.js';
import { assertUserLimit } from '../../lib/limits.js';
import { hashPassword } from '../../lib/passwords.js';
import { assertWholeFarms, guardHandOver, guardReach, type Scope } from '../../scope/index.js';
import { decryptField, type TransportKeys } from '../../lib/transport-crypto.js';
import { revokeAccountSessions } from '../../lib/sessions.js';
import { paramError } from '../../lib/param-error.js';
import { checkRoles, heldNames, replaceFarms, replaceRoles } from './authorize.js';
import { findTarget, guardTarget } from './repo.js';
import { audit } from '../../plugins/audit-note.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Adding, editing, deleting and banning accounts of the caller's tenant (SPEC §7 "Roles and
 * accounts"). Account codes are unique across the platform (20000); the tenant's user cap is
 * checked in the insert's transaction (20101).
 */
export type Keys = () => Promise<TransportKeys>;

/** The plain initial password from its ciphertext, checked against the password rule (21014). */
async function initialPassword(keys: Keys, cipher: string): Promise<string> {
  const plain = decryptField(await keys(), cipher);
  if (!plain) throw paramError('password', 'validation.required');
  if (plain.length > INPUT_MAX_LENGTH) throw paramError('password', 'validation.maxLength');
  if (!isStrongPassword(plain)) throw new AppError(ErrorCodes.PASSWORD_TOO_WEAK);
  return plain;
}

const codeRace = lostRace({ accounts_code_uq: () => new AppError(ErrorCodes.ACCOUNT_EXISTS) });

const profile = (b: AccountAddBody | AccountUpdateBody) => ({
  accountName: b.accountName,
  phoneNo: b.phoneNo,
  email: b.email ?? null,
  name: b.name ?? null,
  gender: b.gender ?? null,
  jobNo: b.jobNo ?? null,
  areaCode: b.areaCode ?? null,
});

export async function addAccount(db: Db, keys: Keys, scope: Scope, tenantId: number, body: AccountAddBody): Promise<{ id: number }> {
  const plain = await initialPassword(keys, body.password);
  await checkRoles(db, scope, tenantId, body.roleIds);
  await assertWholeFarms(scope, body.farmIds);
  const [dup] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, body.accountCode));
  if (dup) throw new AppError(ErrorCodes.ACCOUNT_EXISTS);
  const passwordHash = await hashPassword(plain);
  try {
    return await db.transaction(async (tx) => {
      await assertUserLimit(tx, tenantId);
      const [row] = await tx
        .insert(accounts)
        .values({
          tenantId,
          accountCode: body.accountCode,
          ...profile(body),
          passwordHash,
          mustChangePassword: true,
          accountType: body.accountType,
          status: AccountStatus.ENABLED,
          ...addedBy(scope),
        })
        .returning({ id: accounts.id });
      const id = row!.id;
      await replaceRoles(tx, id, body.roleIds);
      if (body.farmIds.length > 0) await tx.insert(accountFarms).values(body.farmIds.map((farmId) => ({ accountId: id, farmId })));
      audit.add(scope.req, 'account', body.accountCode);
      return { id };
    });
  } catch (err) {
    return codeRace(err);
  }
}

/**
 * Edits profile fields; `password` resets the password (the account must change it at its next
 * sign-in and is signed out elsewhere); roleIds / farmIds replace when sent. An administrator's
 * type cannot be changed here (20021).
 */
export async function updateAccount(db: Db, keys: Keys, scope: Scope, tenantId: number, body: AccountUpdateBody): Promise<void> {
  const target = await findTarget(db, tenantId, body.id);
  guardTarget(scope, target);
  await guardReach(db, scope, tenantId, [target.id]);
  const isAdmin = target.accountType === AccountType.TENANT_ADMIN;
  if (isAdmin && (body.accountType !== undefined || body.farmIds !== undefined)) throw new AppError(ErrorCodes.ACCOUNT_TYPE_WRONG);
  if (body.password !== undefined) await guardHandOver(db, scope, tenantId, [target.id], await scope.wholeFarms());
  const passwordHash = body.password === undefined ? undefined : await hashPassword(await initialPassword(keys, body.password));
  if (body.roleIds) await checkRoles(db, scope, tenantId, body.roleIds);
  if (body.farmIds) await assertWholeFarms(scope, body.farmIds);
  const whole = body.farmIds ? await scope.wholeFarms() : 'all';
  const held = await heldNames(db, tenantId, target.id);
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({
        ...profile(body),
        ...(body.accountType !== undefined ? { accountType: body.accountType } : {}),
        ...(passwordHash !== undefined ? { passwordHash, mustChangePassword: true } : {}),
        ...changedBy(scope),
      })
      .where(and(eq(accounts.id, target.id), eq(accounts.tenantId, tenantId)));
    if (body.roleIds) await replaceRoles(tx, target.id, body.roleIds);
    if (body.farmIds) await replaceFarms(tx, tenantId, target.id, whole, body.farmIds);
  });
  if (passwordHash !== undefined) await revokeAccountSessions(db, target.id, target.id === scope.id ? scope.tokenHash : undefined);
  const after = { ...profile(body), ...(body.accountType !== undefined ? { accountType: body.accountType } : {}) };
  const lists = body.roleIds || body.farmIds ? audit.changes(held, await heldNames(db, tenantId, target.id)) : [];
  const events = passwordHash !== undefined ? (['passwordReset'] as const) : [];
  audit.edit(scope.req, 'account', target.accountCode, [...audit.changes(target, after), ...lists], [...events]);
}

async function enabledAdminsBesides(db: Db, tenantId: number, ids: number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .where(
      and(
        eq(accounts.tenantId, tenantId),
        eq(accounts.accountType, AccountType.TENANT_ADMIN),
        eq(accounts.status, AccountStatus.ENABLED),
        notInArray(accounts.id, ids),
      ),
    );
  return row?.n ?? 0;
}

/** Not the caller itself, not the tenant's last administrator (10005). */
export async function deleteAccount(db: Db, scope: Scope, tenantId: number, accountId: number): Promise<void> {
  const target = await findTarget(db, tenantId, accountId);
  if (target.id === scope.id) throw new AppError(ErrorCodes.DELETE_FAILED);
  guardTarget(scope, target);
  await guardReach(db, scope, tenantId, [target.id]);
  if (target.accountType === AccountType.TENANT_ADMIN && (await enabledAdminsBesides(db, tenantId, [target.id])) === 0) {
    throw new AppError(ErrorCodes.DELETE_FAILED);
  }
  await db.transaction(async (tx) => {
    // The farm keeps existing without a super-administrator rather than pointing at nobody.
    await tx
      .update(farms)
      .set({ adminAccountId: null })
      .where(and(eq(farms.tenantId, tenantId), eq(farms.adminAccountId, target.id)));
    await tx.delete(accounts).where(and(eq(accounts.id, target.id), eq(accounts.tenantId, tenantId)));
  });
  audit.delete(scope.req, 'account', target.accountCode);
}

/**
 * Bans (0) or enables (1) accounts in one go, all or none: every id must be the tenant's (20002).
 * Nobody bans itself or the last enabled administrator (10004). A banned account's sessions end
 * at once, so it is signed out on its next call and refused at sign-in (20005).
 */
export async function banAccounts(db: Db, scope: Scope, tenantId: number, body: AccountBanBody): Promise<void> {
  const rows = await db
    .select({ id: accounts.id, accountCode: accounts.accountCode, accountType: accounts.accountType, status: accounts.status })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), inArray(accounts.id, body.ids)));
  if (rows.length !== body.ids.length) throw new AppError(ErrorCodes.ACCOUNT_NOT_FOUND);
  for (const r of rows) guardTarget(scope, r);
  await guardReach(db, scope, tenantId, body.ids);
  if (body.status === AccountStatus.DISABLED) {
    if (body.ids.includes(scope.id)) throw new AppError(ErrorCodes.EDIT_FAILED);
    const banningAdmin = rows.some((r) => r.accountType === AccountType.TENANT_ADMIN);
    if (banningAdmin && (await enabledAdminsBesides(db, tenantId, body.ids)) === 0) throw new AppError(ErrorCodes.EDIT_FAILED);
  }
  await db
    .update(accounts)
    .set({ status: body.status, ...changedBy(scope) })
    .where(and(eq(accounts.tenantId, tenantId), inArray(accounts.id, body.ids)));
  if (body.status === AccountStatus.DISABLED) {
    for (const id of body.ids) await revokeAccountSessions(db, id);
  }
  // One entry for the call: the accounts whose status it changed, by code.
  const moved = rows.filter((r) => r.status !== body.status).map((r) => r.accountCode);
  const name = (moved.length > 0 ? moved : rows.map((r) => r.accountCode)).join(', ');
  const before = moved.length > 0 ? 1 - body.status : body.status;
  audit.edit(scope.req, 'account', name, audit.changes({ status: before }, { status: body.status }));
}
