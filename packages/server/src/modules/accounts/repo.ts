import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  AccountType,
  AppError,
  ErrorCodes,
  type AccountListQuery,
  type AccountRow,
  type AccountRowWithScope,
  type FarmAuthorization,
  type Page,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountFarms, accountPens, accountRoles, accountSheds, accounts, farms, pens, roles, sheds } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import { forbidden, type Scope } from '../../scope/index.js';
import { containsText } from '../../lib/text-search.js';
import { pageAnswer, readPage } from '../../lib/paging.js';

/**
 * Reads of account administration. Every query names the tenant; the columns are listed one by
 * one so no password or safe-code hash can ever reach an answer.
 */

const columns = {
  id: accounts.id,
  accountCode: accounts.accountCode,
  accountName: accounts.accountName,
  name: accounts.name,
  phoneNo: accounts.phoneNo,
  email: accounts.email,
  gender: accounts.gender,
  jobNo: accounts.jobNo,
  areaCode: accounts.areaCode,
  accountType: accounts.accountType,
  status: accounts.status,
  mustChangePassword: accounts.mustChangePassword,
  lastLoginAt: accounts.lastLoginAt,
  createdAt: accounts.createdAt,
};

export interface TargetAccount {
  id: number;
  accountType: number;
  status: number;
}

/** The tenant's account, else 20002 (also for ids of other tenants and the platform). */
export async function findTarget(db: DbOrTx, tenantId: number, accountId: number): Promise<typeof accounts.$inferSelect> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.tenantId, tenantId)));
  if (!row) throw new AppError(ErrorCodes.ACCOUNT_NOT_FOUND);
  return row;
}

/** Only an administrator changes an administrator account (10009 for an ordinary caller). */
export function guardTarget(scope: Scope, target: TargetAccount): void {
  if (target.accountType === AccountType.TENANT_ADMIN && !scope.isTenantAdmin) throw forbidden(scope.req);
}

/** Per account, the tenant's farms it is authorized for. */
/** 30001 unless every role is one of the tenant's. */
export async function assertTenantRoles(db: DbOrTx, tenantId: number, roleIds: number[]): Promise<void> {
  if (roleIds.length === 0) return;
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds)));
  if (rows.length !== new Set(roleIds).size) throw new AppError(ErrorCodes.DATA_NOT_FOUND);
}

function listWhere(db: Db, tenantId: number, q: AccountListQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(accounts.tenantId, tenantId)];
  if (q.keyword) {
    conds.push(containsText(q.keyword, accounts.accountCode, accounts.accountName, accounts.name, accounts.phoneNo));
  }
  if (q.status !== undefined) conds.push(eq(accounts.status, q.status));
  if (q.roleId !== undefined) {
    conds.push(inArray(accounts.id, db.select({ id: accountRoles.accountId }).from(accountRoles).where(eq(accountRoles.roleId, q.roleId))));
  }
  if (q.farmId !== undefined) {
    conds.push(inArray(accounts.id, db.select({ id: accountFarms.accountId }).from(accountFarms).where(eq(accountFarms.farmId, q.farmId))));
  }
  return and(...conds);
}

/**
 * `seen`: the caller's authorized farms. An ordinary caller filters only by a farm it may see
 * (10007 otherwise) and reads, of each account's farms, only those: the names and grants of
 * farms it is not authorized for stay out of its answers.
 */
export async function accountPage(
  db: Db,
  tenantId: number,
  q: AccountListQuery,
  seen: number[] | 'all' = 'all',
): Promise<Page<AccountRow>> {
  if (q.farmId !== undefined && seen !== 'all' && !seen.includes(q.farmId)) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  const visible = (farmId: number): boolean => seen === 'all' || seen.includes(farmId);
  const { total, rows } = await readPage(db, accounts, listWhere(db, tenantId, q), q, (where) =>
    db.select(columns).from(accounts).where(where).orderBy(asc(accounts.id)).$dynamic(),
  );
  const ids = rows.map((r) => r.id);
  const [roleRows, farmRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ accountId: accountRoles.accountId, id: roles.id, roleName: roles.roleName, type: roles.type })
            .from(accountRoles)
            .innerJoin(roles, and(eq(roles.id, accountRoles.roleId), eq(roles.tenantId, tenantId)))
            .where(inArray(accountRoles.accountId, ids))
            .orderBy(asc(roles.id)),
          db
            .select({ accountId: accountFarms.accountId, id: farms.id, farmName: farms.farmName, type: farms.type })
            .from(accountFarms)
            .innerJoin(farms, and(eq(farms.id, accountFarms.farmId), eq(farms.tenantId, tenantId)))
            .where(inArray(accountFarms.accountId, ids))
            .orderBy(asc(farms.id)),
        ]);
  const list = rows.map((r) => ({
    ...r,
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    roles: roleRows.filter((x) => x.accountId === r.id).map(({ accountId: _a, ...role }) => role),
    farms: farmRows.filter((x) => x.accountId === r.id && visible(x.id)).map(({ accountId: _a, ...farm }) => farm),
  }));
  return pageAnswer(q, total, list);
}

/** Per account, the authorized farms with their shed and pen limits. */
export async function authorizations(db: Db, tenantId: number, accountIds: number[]): Promise<Map<number, FarmAuthorization[]>> {
  const out = new Map<number, FarmAuthorization[]>();
  if (accountIds.length === 0) return out;
  const [farmRows, shedRows, penRows] = await Promise.all([
    db
      .select({ accountId: accountFarms.accountId, farmId: farms.id, farmName: farms.farmName })
      .from(accountFarms)
      .innerJoin(farms, and(eq(farms.id, accountFarms.farmId), eq(farms.tenantId, tenantId)))
      .where(inArray(accountFarms.accountId, accountIds))
      .orderBy(asc(farms.id)),
    db
      .select({ accountId: accountSheds.accountId, shedId: sheds.id, farmId: sheds.farmId })
      .from(accountSheds)
      .innerJoin(sheds, and(eq(sheds.id, accountSheds.shedId), eq(sheds.tenantId, tenantId)))
      .where(inArray(accountSheds.accountId, accountIds))
      .orderBy(asc(sheds.id)),
    db
      .select({ accountId: accountPens.accountId, penId: pens.id, farmId: sheds.farmId })
      .from(accountPens)
      .innerJoin(pens, and(eq(pens.id, accountPens.penId), eq(pens.tenantId, tenantId)))
      .innerJoin(sheds, eq(sheds.id, pens.shedId))
      .where(inArray(accountPens.accountId, accountIds))
      .orderBy(asc(pens.id)),
  ]);
  for (const f of farmRows) {
    const list = out.get(f.accountId) ?? [];
    list.push({
      farmId: f.farmId,
      farmName: f.farmName,
      shedIds: shedRows.filter((s) => s.accountId === f.accountId && s.farmId === f.farmId).map((s) => s.shedId),
      penIds: penRows.filter((p) => p.accountId === f.accountId && p.farmId === f.farmId).map((p) => p.penId),
    });
    out.set(f.accountId, list);
  }
  return out;
}

export async function accountPageWithScope(
  db: Db,
  tenantId: number,
  q: AccountListQuery,
  seen: number[] | 'all' = 'all',
): Promise<Page<AccountRowWithScope>> {
  const page = await accountPage(db, tenantId, q, seen);
  const auths = await authorizations(
    db,
    tenantId,
    page.list.map((a) => a.id),
  );
  const visible = (f: FarmAuthorization): boolean => seen === 'all' || seen.includes(f.farmId);
  return { ...page, list: page.list.map((a) => ({ ...a, authorization: (auths.get(a.id) ?? []).filter(visible) })) };
}
