import { and, eq } from 'drizzle-orm';
import { AppError, ErrorCodes, shedTypeAllowed, type ShedAddBody, type ShedUpdateBody } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountSheds, farms, gateways, sheds } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import { forbidden, visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { narrowBeforeShedRemoval } from './narrow.js';
import { rowExists } from '../../lib/row-exists.js';
import { audit } from '../../plugins/audit-note.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Sheds (houses) of a farm (/housemanagement/shedlist). A shed of another tenant, of a farm the
 * caller is not authorized for, or outside its shed limits is "not found" (30004, scope/visibleShed).
 */
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
  if (await rowExists(tx, sheds.id, conds, exceptId)) throw new AppError(ErrorCodes.DUPLICATE_HOUSE);
}

const fieldsOf = (b: ShedAddBody | ShedUpdateBody) => ({
  shedName: b.shedName,
  shedType: b.shedType,
  areaNum: b.areaNum,
  buildingNum: b.buildingNum,
  shedNum: b.shedNum,
});

/** Adds a shed; a caller limited to some sheds of the farm is given the new one, so it sees it. */
export async function addShed(db: Db, scope: Scope, tenantId: number, body: ShedAddBody): Promise<{ id: number }> {
  const farm = await visibleFarm(scope, body.farmId);
  if (!shedTypeAllowed(farm.type, body.shedType)) throw new AppError(ErrorCodes.PEN_TYPE_ERROR);
  return db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, farm.id);
    await assertPlaceFree(tx, tenantId, farm.id, body);
    const [row] = await tx
      .insert(sheds)
      .values({ tenantId, farmId: farm.id, ...fieldsOf(body), ...addedBy(scope) })
      .returning({ id: sheds.id });
    if (scope.shedLimits.has(farm.id)) await tx.insert(accountSheds).values({ accountId: scope.id, shedId: row!.id });
    audit.add(scope.req, 'shed', body.shedName);
    return { id: row!.id };
  });
}

export async function updateShed(db: Db, scope: Scope, tenantId: number, body: ShedUpdateBody): Promise<void> {
  const shed = await visibleShed(scope, body.id);
  if (!shedTypeAllowed(shed.farmType, body.shedType)) throw new AppError(ErrorCodes.PEN_TYPE_ERROR);
  await db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, shed.farmId);
    await assertPlaceFree(tx, tenantId, shed.farmId, body, shed.id);
    await tx
      .update(sheds)
      .set({ ...fieldsOf(body), ...changedBy(scope) })
      .where(and(eq(sheds.id, shed.id), eq(sheds.tenantId, tenantId)));
  });
  audit.edit(scope.req, 'shed', shed.shedName, audit.changes(shed, fieldsOf(body)));
}

/**
 * Deletes a shed with its pens. A shed with gateways bound to it is refused (20089 "has
 * sub-devices"): unbind them first. A caller that sees only some pens of it may not delete it.
 */
export async function deleteShed(db: Db, scope: Scope, tenantId: number, shedId: number): Promise<void> {
  const shed = await visibleShed(scope, shedId);
  if (scope.penLimits.has(shed.id)) throw forbidden(scope.req, { refused: 'shed', id: shed.id });
  const bound = [eq(gateways.tenantId, tenantId), eq(gateways.shedId, shed.id)];
  if (await rowExists(db, gateways.id, bound)) throw new AppError(ErrorCodes.DEVICE_HAS_SUB_DEVICES);
  await db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, shed.farmId);
    await narrowBeforeShedRemoval(tx, tenantId, shed.farmId, shed.id);
    await tx.delete(sheds).where(and(eq(sheds.id, shed.id), eq(sheds.tenantId, tenantId)));
  });
  audit.delete(scope.req, 'shed', shed.shedName);
}
