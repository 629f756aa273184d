import { and, eq, isNull, ne } from 'drizzle-orm';
import { AppError, DTU_GATEWAY_TYPE, ErrorCodes, type ControllerAddBody, type ControllerUpdateBody } from '@farmsense/shared';
import { gateways, networkDevices } from '../../db/tables.js';
import { lostRace } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';
import { rowExists } from '../../lib/row-exists.js';

/**
 * The registry's rules for a gateway, checked inside the write's transaction (the farm row is
 * locked first, so two writes to one farm cannot both pass a check). Each names its SPEC §8 code.
 */
export interface GatewayPlacement {
  networkId?: number | null;
  port?: number | null;
  commPointNo?: number | null;
  parentId?: number | null;
}

/** 20063 when the shed already has another controller of the same device category. */
export async function assertShedFree(
  tx: DbOrTx,
  tenantId: number,
  shedId: number,
  category: number | null,
  exceptId?: number,
): Promise<void> {
  const conds = [
    eq(gateways.tenantId, tenantId),
    eq(gateways.shedId, shedId),
    category === null ? isNull(gateways.deviceCategory) : eq(gateways.deviceCategory, category),
  ];
  if (await rowExists(tx, gateways.id, conds, exceptId)) throw new AppError(ErrorCodes.HOUSE_BOUND_TO_CONTROLLER);
}

/**
 * Codes are global (they are MQTT user names): 203339 when the tenant already has the code,
 * 200320 (the device already exists) when another tenant registered it — a technician binding a
 * unit that is still on a former owner's account learns that much and nothing about that tenant.
 */
async function assertCodeFree(tx: DbOrTx, tenantId: number, code: string, exceptId?: number): Promise<void> {
  const conds = [eq(gateways.code, code)];
  if (exceptId !== undefined) conds.push(ne(gateways.id, exceptId));
  const [dup] = await tx
    .select({ id: gateways.id, tenantId: gateways.tenantId })
    .from(gateways)
    .where(and(...conds))
    .limit(1);
  if (dup) throw new AppError(dup.tenantId === tenantId ? ErrorCodes.DEVICE_CODE_EXISTS : ErrorCodes.DEVICE_ALREADY_EXISTS);
}

/**
 * A name another gateway of the farm has: 203340 when adding, 20087 (rename failed) when an
 * existing gateway is given that name.
 */
async function assertNameFree(tx: DbOrTx, tenantId: number, farmId: number, name: string, exceptId?: number): Promise<void> {
  const conds = [eq(gateways.tenantId, tenantId), eq(gateways.farmId, farmId), eq(gateways.name, name)];
  if (await rowExists(tx, gateways.id, conds, exceptId))
    throw new AppError(exceptId === undefined ? ErrorCodes.DEVICE_NAME_EXISTS : ErrorCodes.DEVICE_RENAME_FAILED);
}

/**
 * 20091 when another gateway of the tenant carries the same serial number: one physical unit
 * is registered once, whatever code or farm a second registration would give it.
 */
async function assertSerialFree(tx: DbOrTx, tenantId: number, serialNo: string | null | undefined, exceptId?: number): Promise<void> {
  if (!serialNo) return;
  const conds = [eq(gateways.tenantId, tenantId), eq(gateways.serialNo, serialNo)];
  if (await rowExists(tx, gateways.id, conds, exceptId)) throw new AppError(ErrorCodes.DEVICE_EXISTS);
}

/**
 * The bus location (network device, port, communication point number) is given whole or not at
 * all (200323). The network device must be one of the tenant's (20088) in the gateway's farm
 * (20086: it cannot be linked across farms), and the point must be free on that port (203341).
 */
async function checkBusLocation(tx: DbOrTx, tenantId: number, farmId: number, p: GatewayPlacement, exceptId?: number): Promise<void> {
  const given = [p.networkId, p.port, p.commPointNo].filter((v) => v !== null && v !== undefined).length;
  if (given === 0) return;
  if (given < 3) throw new AppError(ErrorCodes.PARAMS_INCOMPLETE);
  const [net] = await tx
    .select({ farmId: networkDevices.farmId })
    .from(networkDevices)
    .where(and(eq(networkDevices.id, p.networkId!), eq(networkDevices.tenantId, tenantId)))
    // Held until commit, so the network device cannot be deleted under a gateway being wired to it.
    .for('share');
  if (!net) throw new AppError(ErrorCodes.DEVICE_MISSING);
  if (net.farmId !== farmId) throw new AppError(ErrorCodes.DEVICE_LINK_FAILED);
  const conds = [eq(gateways.networkId, p.networkId!), eq(gateways.port, p.port!), eq(gateways.commPointNo, p.commPointNo!)];
  if (await rowExists(tx, gateways.id, conds, exceptId)) throw new AppError(ErrorCodes.CONTROLLER_ID_EXISTS);
}

/** Meter hubs (water 1004, electricity 1005): a sub-meter may hang under a main meter of its kind. */
const METER_HUB_TYPES: readonly number[] = [1004, 1005];

/**
 * A parent must be a DTU (gateway type 1000) of the tenant (200316 otherwise) in the same farm
 * (20086). A DTU reports for itself, so it names no parent (99996). A meter hub may instead name
 * a main meter of the same kind: itself (200318), or no such meter (200321) are refused, and the
 * main meter must hang directly under a DTU or nothing, so the tree stays two levels deep at most
 * and free of cycles (a meter that has sub-devices of its own cannot become a sub-meter: 20089).
 */
async function checkParent(
  tx: DbOrTx,
  tenantId: number,
  farmId: number,
  gatewayType: number,
  parentId: number | null | undefined,
  selfId?: number,
): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  const meter = METER_HUB_TYPES.includes(gatewayType);
  if (parentId === selfId) throw new AppError(meter ? ErrorCodes.METER_EQUALS_PARENT : ErrorCodes.PARAM_ERROR);
  if (gatewayType === DTU_GATEWAY_TYPE) throw new AppError(ErrorCodes.PARAM_ERROR);
  const [parent] = await tx
    .select({ farmId: gateways.farmId, gatewayType: gateways.gatewayType, parentId: gateways.parentId })
    .from(gateways)
    .where(and(eq(gateways.id, parentId), eq(gateways.tenantId, tenantId)));
  const isDtu = parent?.gatewayType === DTU_GATEWAY_TYPE;
  const isMainMeter = meter && parent?.gatewayType === gatewayType;
  if (!parent || (!isDtu && !isMainMeter))
    throw new AppError(meter && !isDtu ? ErrorCodes.PARENT_METER_NOT_FOUND_21 : ErrorCodes.DTU_NOT_FOUND);
  if (parent.farmId !== farmId) throw new AppError(ErrorCodes.DEVICE_LINK_FAILED);
  if (isMainMeter) {
    if (parent.parentId !== null) {
      const [grand] = await tx.select({ gatewayType: gateways.gatewayType }).from(gateways).where(eq(gateways.id, parent.parentId));
      if (grand?.gatewayType !== DTU_GATEWAY_TYPE) throw new AppError(ErrorCodes.PARENT_METER_NOT_FOUND_21);
    }
    if (selfId !== undefined) await assertNoSubDevices(tx, tenantId, selfId);
  }
}

/** 20089 while sub-devices report through this gateway (deleting it, or making it no DTU). */
export async function assertNoSubDevices(tx: DbOrTx, tenantId: number, id: number): Promise<void> {
  const children = [eq(gateways.tenantId, tenantId), eq(gateways.parentId, id)];
  if (await rowExists(tx, gateways.id, children)) throw new AppError(ErrorCodes.DEVICE_HAS_SUB_DEVICES);
}

/**
 * Every rule above for a gateway written with `b` into the farm and shed (`exceptId`: the gateway
 * being edited, which may keep its own code, name, serial number and place).
 */
export async function checkGatewayRules(
  tx: DbOrTx,
  tenantId: number,
  farmId: number,
  shedId: number | null,
  b: ControllerAddBody | ControllerUpdateBody,
  exceptId?: number,
): Promise<void> {
  await assertCodeFree(tx, tenantId, b.code, exceptId);
  await assertNameFree(tx, tenantId, farmId, b.name, exceptId);
  await assertSerialFree(tx, tenantId, b.serialNo, exceptId);
  if (shedId !== null) await assertShedFree(tx, tenantId, shedId, b.deviceCategory, exceptId);
  await checkBusLocation(tx, tenantId, farmId, b, exceptId);
  await checkParent(tx, tenantId, farmId, b.gatewayType, b.parentId, exceptId);
}

/** Unique indexes that a concurrent write of another farm can still hit, mapped to their codes. */
export const uniqueTaken = lostRace({
  gateways_code_uq: () => new AppError(ErrorCodes.DEVICE_CODE_EXISTS),
  gateways_comm_point_uq: () => new AppError(ErrorCodes.CONTROLLER_ID_EXISTS),
});
