import { count, eq } from 'drizzle-orm';
import { AppError, ErrorCodes } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { accounts, farms, gateways, systemAuth, tenants } from '../db/tables.js';
import { withinSystemAuth, type SystemAuthWindow } from './system-auth.js';

/**
 * The caps of a tenant's system authorization (SPEC §6), for the modules that add accounts, farms
 * and gateways. Call them inside the insert's transaction: the tenant's system_auth row is locked
 * (FOR UPDATE), so two parallel inserts cannot both pass a cap with one place left. A missing row
 * or a null cap means unlimited.
 */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

type CapColumn = 'userNum' | 'farmNum' | 'deviceNum';
type Counted = typeof accounts | typeof farms | typeof gateways;

async function lockedCap(db: DbOrTx, tenantId: number, column: CapColumn): Promise<number | null> {
  const [row] = await db.select({ cap: systemAuth[column] }).from(systemAuth).where(eq(systemAuth.tenantId, tenantId)).for('update');
  return row?.cap ?? null;
}

async function countOf(db: DbOrTx, table: Counted, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId));
  return row?.n ?? 0;
}

async function assertCap(db: DbOrTx, tenantId: number, column: CapColumn, table: Counted, adding: number, code: number): Promise<void> {
  const cap = await lockedCap(db, tenantId, column);
  if (cap === null) return;
  if ((await countOf(db, table, tenantId)) + adding > cap) throw new AppError(code);
}

/** 20101 when `adding` more accounts would take the tenant over its user limit. */
export async function assertUserLimit(db: DbOrTx, tenantId: number, adding = 1): Promise<void> {
  await assertCap(db, tenantId, 'userNum', accounts, adding, ErrorCodes.USER_LIMIT);
}

/** 20110 when `adding` more farms would take the tenant over its farm limit. */
export async function assertFarmLimit(db: DbOrTx, tenantId: number, adding = 1): Promise<void> {
  await assertCap(db, tenantId, 'farmNum', farms, adding, ErrorCodes.FARM_LIMIT);
}

/** 20102 when `adding` more gateways (devices) would take the tenant over its device limit. */
export async function assertDeviceLimit(db: DbOrTx, tenantId: number, adding = 1): Promise<void> {
  await assertCap(db, tenantId, 'deviceNum', gateways, adding, ErrorCodes.DEVICE_LIMIT);
}

/**
 * 20109 when the tenant is outside its system authorization's validity at `now` (years counted
 * from the start, or from the tenant's creation when no start is set). The account list of the
 * authorization is a sign-in matter and is not checked here.
 */
export async function assertWithinValidity(db: DbOrTx, tenantId: number, now: Date = new Date()): Promise<void> {
  const tenant = await tenantWindow(db, tenantId);
  if (!tenant) throw new AppError(ErrorCodes.AUTH_OUTSIDE_VALIDITY);
  const window = tenant.window && { ...tenant.window, allowAccounts: null };
  if (!withinSystemAuth(window, tenant.createdAt, 0, now)) throw new AppError(ErrorCodes.AUTH_OUTSIDE_VALIDITY);
}

/** A tenant's status and creation time with its system authorization window (null: none, permanent); undefined when no such tenant. */
export async function tenantWindow(
  db: DbOrTx,
  tenantId: number,
): Promise<{ status: number; createdAt: Date; window: SystemAuthWindow | null } | undefined> {
  const [row] = await db
    .select({
      status: tenants.status,
      createdAt: tenants.createdAt,
      authTenant: systemAuth.tenantId,
      validYears: systemAuth.validYears,
      validStart: systemAuth.validStart,
      validEnd: systemAuth.validEnd,
      allowAccounts: systemAuth.allowAccounts,
    })
    .from(tenants)
    .leftJoin(systemAuth, eq(systemAuth.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  if (!row) return undefined;
  const window =
    row.authTenant === null
      ? null
      : { validYears: row.validYears, validStart: row.validStart, validEnd: row.validEnd, allowAccounts: row.allowAccounts ?? null };
  return { status: row.status, createdAt: row.createdAt, window };
}
