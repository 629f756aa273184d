import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import {
  AccountType,
  AppError,
  ErrorCodes,
  INPUT_MAX_LENGTH,
  isStrongPassword,
  type Page,
  type TenantAddBody,
  type TenantAddResult,
  type TenantAuthSummary,
  type TenantEditBody,
  type TenantPageQuery,
  type TenantOptions,
  type TenantRow,
  type TenantStatusBody,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts, farms, gateways, sessions, systemAuth, tenants } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { withinSystemAuth } from '../../lib/system-auth.js';
import { paramError } from '../../lib/param-error.js';
import { containsText } from '../../lib/text-search.js';
import { pageAnswer, readPage } from '../../lib/paging.js';

/**
 * Tenants as the platform operator manages them: the list with usage and authorization summary,
 * onboarding (tenant, permanent unlimited system authorization and the administrator account in
 * one transaction), edits and enabling / disabling (which signs the tenant's users out at once).
 */
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Maps a unique constraint hit to the code of the check it backs up. */
function duplicateError(err: unknown): AppError | null {
  const c = uniqueViolation(err);
  if (c === 'tenants_name_uq') return new AppError(ErrorCodes.NAME_EXISTS);
  if (c === 'accounts_code_uq') return new AppError(ErrorCodes.ACCOUNT_EXISTS);
  return null;
}

async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const where = exceptId === undefined ? eq(tenants.name, name) : and(eq(tenants.name, name), ne(tenants.id, exceptId));
  return (await db.select({ id: tenants.id }).from(tenants).where(where).limit(1)).length > 0;
}

export async function tenantExists(db: DbOrTx, id: number): Promise<{ id: number; modules: string[]; createdAt: Date }> {
  const [row] = await db
    .select({ id: tenants.id, modules: tenants.modules, createdAt: tenants.createdAt })
    .from(tenants)
    .where(eq(tenants.id, id));
  if (!row) throw new AppError(ErrorCodes.DATA_NOT_FOUND);
  return row;
}

async function countsBy(db: Db, table: typeof accounts | typeof farms | typeof gateways, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ tenantId: table.tenantId, n: count() })
    .from(table)
    .where(inArray(table.tenantId, ids))
    .groupBy(table.tenantId);
  return new Map(rows.flatMap((r) => (r.tenantId === null ? [] : [[r.tenantId, r.n] as const])));
}

/** The first administrator of each tenant (the one created with it). */
async function adminsOf(db: Db, ids: number[]): Promise<Map<number, { id: number; accountCode: string; accountName: string }>> {
  const rows = await db
    .select({ tenantId: accounts.tenantId, id: accounts.id, accountCode: accounts.accountCode, accountName: accounts.accountName })
    .from(accounts)
    .where(and(inArray(accounts.tenantId, ids), eq(accounts.accountType, AccountType.TENANT_ADMIN)))
    .orderBy(asc(accounts.id));
  const out = new Map<number, { id: number; accountCode: string; accountName: string }>();
  for (const { tenantId, ...a } of rows) if (tenantId !== null && !out.has(tenantId)) out.set(tenantId, a);
  return out;
}

type AuthCols = {
  createdAt: Date;
  validYears: number | null;
  validStart: Date | null;
  validEnd: Date | null;
  userNum: number | null;
  farmNum: number | null;
  deviceNum: number | null;
  isOpenApi: boolean | null;
};

function summary(r: AuthCols, now: Date): TenantAuthSummary {
  const window = { validYears: r.validYears, validStart: r.validStart, validEnd: r.validEnd, allowAccounts: null };
  return {
    accountValidYears: r.validYears,
    accountValidStartDateTime: iso(r.validStart),
    accountValidEndDateTime: iso(r.validEnd),
    userNum: r.userNum,
    farmNum: r.farmNum,
    deviceNum: r.deviceNum,
    isOpenAPI: r.isOpenApi ?? false,
    permanent: r.validYears === null && r.validStart === null && r.validEnd === null,
    valid: withinSystemAuth(window, r.createdAt, 0, now),
  };
}

export async function tenantPage(db: Db, q: TenantPageQuery): Promise<Page<TenantRow>> {
  const conds: SQL[] = [];
  if (q.keyword) {
    conds.push(containsText(q.keyword, tenants.name, tenants.contact, tenants.phone));
  }
  if (q.status !== undefined) conds.push(eq(tenants.status, q.status));
  const { total, rows } = await readPage(db, tenants, conds.length > 0 ? and(...conds) : undefined, q, (where) =>
    db
      .select({
        id: tenants.id,
        name: tenants.name,
        contact: tenants.contact,
        phone: tenants.phone,
        address: tenants.address,
        modules: tenants.modules,
        status: tenants.status,
        createdAt: tenants.createdAt,
        validYears: systemAuth.validYears,
        validStart: systemAuth.validStart,
        validEnd: systemAuth.validEnd,
        userNum: systemAuth.userNum,
        farmNum: systemAuth.farmNum,
        deviceNum: systemAuth.deviceNum,
        isOpenApi: systemAuth.isOpenApi,
      })
      .from(tenants)
      .leftJoin(systemAuth, eq(systemAuth.tenantId, tenants.id))
      .where(where)
      .orderBy(desc(tenants.id))
      .$dynamic(),
  );
  const ids = rows.map((r) => r.id);
  const [users, farmCounts, devices, admins] =
    ids.length === 0
      ? [new Map<number, number>(), new Map<number, number>(), new Map<number, number>(), new Map()]
      : await Promise.all([countsBy(db, accounts, ids), countsBy(db, farms, ids), countsBy(db, gateways, ids), adminsOf(db, ids)]);
  const now = new Date();
  const list = rows.map((r): TenantRow => {
    const admin = admins.get(r.id);
    return {
      id: r.id,
      name: r.name,
      contact: r.contact,
      phone: r.phone,
      address: r.address,
      modules: r.modules,
      status: r.status,
      adminAccountId: admin?.id ?? null,
      adminAccountCode: admin?.accountCode ?? null,
      adminAccountName: admin?.accountName ?? null,
      userCount: users.get(r.id) ?? 0,
      farmCount: farmCounts.get(r.id) ?? 0,
      deviceCount: devices.get(r.id) ?? 0,
      systemAuth: summary(r, now),
      createdAt: r.createdAt.toISOString(),
    };
  });
  return pageAnswer(q, total, list);
}

/**
 * Onboards a tenant. The administrator's initial password arrives decrypted; it must follow the
 * password rule and is changed at first sign-in (must_change_password).
 */
export async function addTenant(db: Db, operatorId: number, body: TenantAddBody, adminPlain: string): Promise<TenantAddResult> {
  if (!adminPlain) throw paramError('adminPassword', 'validation.required');
  if (adminPlain.length > INPUT_MAX_LENGTH) throw paramError('adminPassword', 'validation.maxLength');
  if (!isStrongPassword(adminPlain)) throw new AppError(ErrorCodes.PASSWORD_TOO_WEAK);
  const accountCode = body.adminAccountCode.toLowerCase();
  const passwordHash = await hashPassword(adminPlain);
  try {
    return await db.transaction(async (tx) => {
      if (await nameTaken(tx, body.name)) throw new AppError(ErrorCodes.NAME_EXISTS);
      const [taken] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, accountCode));
      if (taken) throw new AppError(ErrorCodes.ACCOUNT_EXISTS);
      const [tenant] = await tx
        .insert(tenants)
        .values({ ...tenantFields(body), createdBy: operatorId, updatedBy: operatorId })
        .returning({ id: tenants.id });
      const tenantId = tenant!.id;
      // No validity and no caps: permanent and unlimited until the operator sets them.
      await tx.insert(systemAuth).values({ tenantId, createdBy: operatorId, updatedBy: operatorId });
      const [admin] = await tx
        .insert(accounts)
        .values({
          tenantId,
          accountCode,
          accountName: body.adminAccountName,
          passwordHash,
          mustChangePassword: true,
          accountType: AccountType.TENANT_ADMIN,
          createdBy: operatorId,
          updatedBy: operatorId,
        })
        .returning({ id: accounts.id });
      return { id: tenantId, adminAccountId: admin!.id };
    });
  } catch (err) {
    throw duplicateError(err) ?? err;
  }
}

/** What an add and an edit both write from the body. */
function tenantFields(
  body: TenantAddBody | TenantEditBody,
): Pick<typeof tenants.$inferInsert, 'name' | 'contact' | 'phone' | 'address' | 'modules'> {
  return {
    name: body.name,
    contact: body.contact ?? null,
    phone: body.phone ?? null,
    address: body.address ?? null,
    modules: body.modules,
  };
}

export async function editTenant(db: Db, operatorId: number, body: TenantEditBody): Promise<void> {
  await tenantExists(db, body.id);
  if (await nameTaken(db, body.name, body.id)) throw new AppError(ErrorCodes.NAME_EXISTS);
  try {
    await db
      .update(tenants)
      .set({ ...tenantFields(body), updatedAt: new Date(), updatedBy: operatorId })
      .where(eq(tenants.id, body.id));
  } catch (err) {
    throw duplicateError(err) ?? err;
  }
}

/** Revokes every live session of the given tenants (their users are signed out at once). */
export async function revokeTenantSessions(db: DbOrTx, tenantIds: number[], onlyAccounts?: (accountId: number) => boolean): Promise<void> {
  if (tenantIds.length === 0) return;
  const live = and(inArray(sessions.tenantId, tenantIds), isNull(sessions.revokedAt));
  if (!onlyAccounts) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(live);
    return;
  }
  const rows = await db.selectDistinct({ accountId: sessions.accountId }).from(sessions).where(live);
  const hit = rows.map((r) => r.accountId).filter(onlyAccounts);
  if (hit.length > 0)
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(live, inArray(sessions.accountId, hit)));
}

/** Enables or disables tenants in one go; disabling signs their users out. 30001 when none exists. */
export async function setTenantStatus(db: Db, operatorId: number, body: TenantStatusBody): Promise<{ updated: number }> {
  const ids = [...new Set(body.ids)];
  return db.transaction(async (tx) => {
    const done = await tx
      .update(tenants)
      .set({ status: body.status, updatedAt: new Date(), updatedBy: operatorId })
      .where(inArray(tenants.id, ids))
      .returning({ id: tenants.id });
    if (done.length === 0) throw new AppError(ErrorCodes.DATA_NOT_FOUND);
    if (body.status === 0)
      await revokeTenantSessions(
        tx,
        done.map((d) => d.id),
      );
    return { updated: done.length };
  });
}

/** The tenant's accounts and farms, for the account and farm pickers of its authorizations. */
export async function tenantOptions(db: Db, tenantId: number): Promise<TenantOptions> {
  await tenantExists(db, tenantId);
  const [accountRows, farmRows] = await Promise.all([
    db
      .select({
        id: accounts.id,
        accountCode: accounts.accountCode,
        accountName: accounts.accountName,
        accountType: accounts.accountType,
        status: accounts.status,
      })
      .from(accounts)
      .where(eq(accounts.tenantId, tenantId))
      .orderBy(asc(accounts.accountCode)),
    db
      .select({ id: farms.id, farmName: farms.farmName, type: farms.type })
      .from(farms)
      .where(eq(farms.tenantId, tenantId))
      .orderBy(asc(farms.farmName)),
  ]);
  return { accounts: accountRows, farms: farmRows };
}
