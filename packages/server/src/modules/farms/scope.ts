import { and, eq, inArray } from 'drizzle-orm';
import { AccountType, AppError, ErrorCodes } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, sheds } from '../../db/tables.js';
import type { AuthContext } from '../../plugins/auth.js';

/**
 * What a caller may administer. Tenant administrators manage every farm of their tenant. An
 * ordinary account holding an administration function manages only farms it is authorized for,
 * and changes a farm as a whole (its settings, its accounts' authorization) only when it sees the
 * whole farm: an account limited to some sheds or pens must not touch what it cannot see.
 */
export function isTenantAdmin(auth: AuthContext): boolean {
  return auth.accountType === AccountType.TENANT_ADMIN;
}

export function notFound(code: number): AppError {
  return new AppError(code);
}

export function forbidden(): AppError {
  return new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
}

/** Whether the farm is among the caller's authorized farms (tenant not checked here). */
export function farmAuthorized(auth: AuthContext, farmId: number): boolean {
  return auth.farmIds === 'all' || auth.farmIds.includes(farmId);
}

/** The tenant's farm row when the caller may see it, else 10007 (also for other tenants' ids). */
export async function visibleFarm(db: Db, auth: AuthContext, tenantId: number, farmId: number): Promise<typeof farms.$inferSelect> {
  if (!farmAuthorized(auth, farmId)) throw notFound(ErrorCodes.FARM_NOT_FOUND);
  const [row] = await db
    .select()
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.tenantId, tenantId)));
  if (!row) throw notFound(ErrorCodes.FARM_NOT_FOUND);
  return row;
}

/** Farms where the caller is narrowed to some sheds or pens. */
export async function limitedFarmIds(db: Db, auth: AuthContext, tenantId: number): Promise<Set<number>> {
  const out = new Set<number>(auth.shedLimits.keys());
  const penSheds = [...auth.penLimits.keys()];
  if (penSheds.length > 0) {
    const rows = await db
      .select({ farmId: sheds.farmId })
      .from(sheds)
      .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.id, penSheds)));
    for (const r of rows) out.add(r.farmId);
  }
  return out;
}

/**
 * Farms the caller manages as a whole: 'all' for administrators, else its authorized farms
 * without shed or pen limits.
 */
export async function wholeFarms(db: Db, auth: AuthContext, tenantId: number): Promise<Set<number> | 'all'> {
  if (isTenantAdmin(auth) || auth.farmIds === 'all') return 'all';
  const limited = await limitedFarmIds(db, auth, tenantId);
  return new Set(auth.farmIds.filter((f) => !limited.has(f)));
}

/** 10007 for a farm the caller cannot see, 10009 for one it sees only in part. */
export async function assertWholeFarms(db: Db, auth: AuthContext, tenantId: number, farmIds: number[]): Promise<void> {
  if (farmIds.length === 0) return;
  const rows = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.tenantId, tenantId), inArray(farms.id, farmIds)));
  const found = new Set(rows.map((r) => r.id));
  for (const f of farmIds) if (!found.has(f) || !farmAuthorized(auth, f)) throw notFound(ErrorCodes.FARM_NOT_FOUND);
  const whole = await wholeFarms(db, auth, tenantId);
  if (whole !== 'all' && farmIds.some((f) => !whole.has(f))) throw forbidden();
}

/** Whether the caller sees the shed (its farm authorized, and within its shed limits if any). */
export function shedVisible(auth: AuthContext, farmId: number, shedId: number): boolean {
  if (!farmAuthorized(auth, farmId)) return false;
  const limit = auth.shedLimits.get(farmId);
  return !limit || limit.has(shedId);
}

/** Whether the caller sees the pen (within its pen limits of that shed, if any). */
export function penVisible(auth: AuthContext, shedId: number, penId: number): boolean {
  const limit = auth.penLimits.get(shedId);
  return !limit || limit.has(penId);
}
