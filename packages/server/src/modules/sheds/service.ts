import { and, eq, ne } from 'drizzle-orm';
import { AppError, ErrorCodes, shedTypeAllowed, type ShedAddBody, type ShedUpdateBody } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountSheds, farms, gateways, sheds } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import type { AuthContext } from '../../plugins/auth.js';
import { forbidden, shedVisible, visibleFarm } from '../farms/scope.js';
import { narrowBeforeShedRemoval } from './narrow.js';

/**
 * Sheds (houses) of a farm (/housemanagement/shedlist). A shed of another tenant, of a farm the
 * caller is not authorized for, or outside its shed limits is "not found" (30004).
 */
export type ShedSelect = typeof sheds.$inferSelect;

export async function visibleShed(
  db: DbOrTx,
  auth: AuthContext,
  tenantId: number,
  shedId: number,
): Promise<ShedSelect & { farmType: number }> {
  const [row] = await db
    .select({ shed: sheds, farmType: farms.type })
    .from(sheds)
    .innerJoin(farms, and(eq(farms.id, sheds.farmId), eq(farms.tenantId, tenantId)))
    .where(and(eq(sheds.id, shedId), eq(sheds.tenantId, tenantId)));
  if (!row || !shedVisible(auth, row.shed.farmId, row.shed.id)) throw new AppError(ErrorCodes.HOUSE_NOT_FOUND);
  return { ...row.shed, farmType: row.farmType };
}

/** Serializes writes that check-then-insert within one farm (duplicate numbers). */
export async function lockFarm(tx: DbOrTx, tenantId: number, farmId: number): Promise<void> {
  await tx
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.tenantId, tenantId)))
    .for('update');
}

/** 20026 when the farm already has a shed with the same area, building, shed number and type. */
async function assertPlaceFree(
  tx: DbOrTx,
  tenantId: number,
  farmId: number,
  b: ShedAddBody | ShedUpdateBody,
  exceptId?: number,
): Promise<void> {
  const conds = [
    eq(sheds.tenantId, tenantId),
    eq(sheds.farmId, farmId),
    eq(sheds.shedType, b.shedType),
    eq(sheds.areaNum, b.areaNum),
    eq(sheds.buildingNum, b.buildingNum),
    eq(sheds.shedNum, b.shedNum),
  ];
  if (exceptId !== undefined) conds.push(ne(sheds.id, exceptId));
  const [dup] = await tx
    .select({ id: sheds.id })
    .from(sheds)
    .where(and(...conds));
  if (dup) throw new AppError(ErrorCodes.DUPLICATE_HOUSE);
}

const fieldsOf = (b: ShedAddBody | ShedUpdateBody) => ({
  shedName: b.shedName,
  shedType: b.shedType,
  areaNum: b.areaNum,
  buildingNum: b.buildingNum,
  shedNum: b.shedNum,
});

/** Adds a shed; a caller limited to some sheds of the farm is given the new one, so it sees it. */
export async function addShed(db: Db, auth: AuthContext, tenantId: number, body: ShedAddBody): Promise<{ id: number }> {
  const farm = await visibleFarm(db, auth, tenantId, body.farmId);
  if (!shedTypeAllowed(farm.type, body.shedType)) throw new AppError(ErrorCodes.PEN_TYPE_ERROR);
  return db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, farm.id);
    await assertPlaceFree(tx, tenantId, farm.id, body);
    const [row] = await tx
      .insert(sheds)
      .values({ tenantId, farmId: farm.id, ...fieldsOf(body), createdBy: auth.id, updatedBy: auth.id })
      .returning({ id: sheds.id });
    if (auth.shedLimits.has(farm.id)) await tx.insert(accountSheds).values({ accountId: auth.id, shedId: row!.id });
    return { id: row!.id };
  });
}

export async function updateShed(db: Db, auth: AuthContext, tenantId: number, body: ShedUpdateBody): Promise<void> {
  const shed = await visibleShed(db, auth, tenantId, body.id);
  if (!shedTypeAllowed(shed.farmType, body.shedType)) throw new AppError(ErrorCodes.PEN_TYPE_ERROR);
  await db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, shed.farmId);
    await assertPlaceFree(tx, tenantId, shed.farmId, body, shed.id);
    await tx
      .update(sheds)
      .set({ ...fieldsOf(body), updatedAt: new Date(), updatedBy: auth.id })
      .where(and(eq(sheds.id, shed.id), eq(sheds.tenantId, tenantId)));
  });
}

/**
 * Deletes a shed with its pens. A shed with gateways bound to it is refused (20089 "has
 * sub-devices"): unbind them first. A caller that sees only some pens of it may not delete it.
 */
export async function deleteShed(db: Db, auth: AuthContext, tenantId: number, shedId: number): Promise<void> {
  const shed = await visibleShed(db, auth, tenantId, shedId);
  if (auth.penLimits.has(shed.id)) throw forbidden();
  const [bound] = await db
    .select({ id: gateways.id })
    .from(gateways)
    .where(and(eq(gateways.tenantId, tenantId), eq(gateways.shedId, shed.id)))
    .limit(1);
  if (bound) throw new AppError(ErrorCodes.DEVICE_HAS_SUB_DEVICES);
  await db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, shed.farmId);
    await narrowBeforeShedRemoval(tx, tenantId, shed.farmId, shed.id);
    await tx.delete(sheds).where(and(eq(sheds.id, shed.id), eq(sheds.tenantId, tenantId)));
  });
}
