import { and, eq, isNull, ne } from 'drizzle-orm';
import { AppError, DTU_GATEWAY_TYPE, ErrorCodes } from '@farmsense/shared';
import { gateways, networkDevices } from '../../db/tables.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';

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
export async function assertShedFree(tx: DbOrTx, tenantId: number, shedId: number, category: number | null, exceptId?: number): Promise<void> {
  const conds = [eq(gateways.tenantId, tenantId), eq(gateways.shedId, shedId),
    category === null ? isNull(gateways.deviceCategory) : eq(gateways.deviceCategory, category)];
  if (exceptId !== undefined) conds.push(ne(gateways.id, exceptId));
  const [other] = await tx.select({ id: gateways.id }).from(gateways).where(and(...conds)).limit(1);
  if (other) throw new AppError(ErrorCodes.HOUSE_BOUND_TO_CONTROLLER);
}

/** 203339 for a code used anywhere (codes are global: they are MQTT user names). */
export async function assertCodeFree(tx: DbOrTx, code: string, exceptId?: number): Promise<void> {
  const conds = [eq(gateways.code, code)];
  if (exceptId !== undefined) conds.push(ne(gateways.id, exceptId));
  const [dup] = await tx.select({ id: gateways.id }).from(gateways).where(and(...conds)).limit(1);
  if (dup) throw new AppError(ErrorCodes.DEVICE_CODE_EXISTS);
}

/**
 * A name another gateway of the farm has: 203340 when adding, 20087 (rename failed) when an
 * existing gateway is given that name.
 */
export async function assertNameFree(tx: DbOrTx, tenantId: number, farmId: number, name: string, exceptId?: number): Promise<void> {
  const conds = [eq(gateways.tenantId, tenantId), eq(gateways.farmId, farmId), eq(gateways.name, name)];
  if (exceptId !== undefined) conds.push(ne(gateways.id, exceptId));
  const [dup] = await tx.select({ id: gateways.id }).from(gateways).where(and(...conds)).limit(1);
  if (dup) throw new AppError(exceptId === undefined ? ErrorCodes.DEVICE_NAME_EXISTS : ErrorCodes.DEVICE_RENAME_FAILED);
}

/**
 * 20091 when another gateway of the tenant carries the same serial number: one physical unit
 * is registered once, whatever code or farm a second registration would give it.
 */
export async function assertSerialFree(tx: DbOrTx, tenantId: number, serialNo: string | null | undefined, exceptId?: number): Promise<void> {
  if (!serialNo) return;
  const conds = [eq(gateways.tenantId, tenantId), eq(gateways.serialNo, serialNo)];
  if (exceptId !== undefined) conds.push(ne(gateways.id, exceptId));
  const [dup] = await tx.select({ id: gateways.id }).from(gateways).where(and(...conds)).limit(1);
  if (dup) throw new AppError(ErrorCodes.DEVICE_EXISTS);
}

/**
 * The bus location (network device, port, communication point number) is given whole or not at
 * all (200323). The network device must be one of the tenant's (20088) in the gateway's farm
 * (20086: it cannot be linked across farms), and the point must be free on that port (203341).
 */
export async function checkBusLocation(tx: DbOrTx, tenantId: number, farmId: number, p: GatewayPlacement, exceptId?: number): Promise<void> {
  const given = [p.networkId, p.port, p.commPointNo].filter((v) => v !== null && v !== undefined).length;
  if (given === 0) return;
  if (given < 3) throw new AppError(ErrorCodes.PARAMS_INCOMPLETE);
  const [net] = await tx.select({ farmId: networkDevices.farmId }).from(networkDevices)
    .where(and(eq(networkDevices.id, p.networkId!), eq(networkDevices.tenantId, tenantId)))
    // Held until commit, so the network device cannot be deleted under a gateway being wired to it.
    .for('share');
  if (!net) throw new AppError(ErrorCodes.DEVICE_MISSING);
  if (net.farmId !== farmId) throw new AppError(ErrorCodes.DEVICE_LINK_FAILED);
  const conds = [eq(gateways.networkId, p.networkId!), eq(gateways.port, p.port!), eq(gateways.commPointNo, p.commPointNo!)];
  if (exceptId !== undefined) conds.push(ne(gateways.id, exceptId));
  const [dup] = await tx.select({ id: gateways.id }).from(gateways).where(and(...conds)).limit(1);
  if (dup) throw new AppError(ErrorCodes.CONTROLLER_ID_EXISTS);
}

/**
 * A parent must be a DTU (gateway type 1000) of the tenant (200316 otherwise) in the same farm
 * (20086). A DTU reports for itself, so it names no parent (99996); that also keeps the tree one
 * level deep and free of cycles.
 */
export async function checkParent(tx: DbOrTx, tenantId: number, farmId: number, gatewayType: number, parentId: number | null | undefined, selfId?: number): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  if (gatewayType === DTU_GATEWAY_TYPE || parentId === selfId) throw new AppError(ErrorCodes.PARAM_ERROR);
  const [parent] = await tx.select({ farmId: gateways.farmId, gatewayType: gateways.gatewayType }).from(gateways)
    .where(and(eq(gateways.id, parentId), eq(gateways.tenantId, tenantId)));
  if (!parent || parent.gatewayType !== DTU_GATEWAY_TYPE) throw new AppError(ErrorCodes.DTU_NOT_FOUND);
  if (parent.farmId !== farmId) throw new AppError(ErrorCodes.DEVICE_LINK_FAILED);
}

/** 20089 while sub-devices report through this gateway (deleting it, or making it no DTU). */
export async function assertNoSubDevices(tx: DbOrTx, tenantId: number, id: number): Promise<void> {
  const [child] = await tx.select({ id: gateways.id }).from(gateways)
    .where(and(eq(gateways.tenantId, tenantId), eq(gateways.parentId, id))).limit(1);
  if (child) throw new AppError(ErrorCodes.DEVICE_HAS_SUB_DEVICES);
}

/** Unique indexes that a concurrent write of another farm can still hit, mapped to their codes. */
export function uniqueTaken(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'gateways_code_uq') throw new AppError(ErrorCodes.DEVICE_CODE_EXISTS);
  if (constraint === 'gateways_comm_point_uq') throw new AppError(ErrorCodes.CONTROLLER_ID_EXISTS);
  throw err;
}
