import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  DTU_GATEWAY_TYPE,
  ErrorCodes,
  type ControllerAddBody,
  type ControllerPageBody,
  type ControllerRow,
  type ControllerUpdateBody,
  type Page,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, gatewayRefusals, gateways, gatewayStatus, networkDevices, sheds, tenants } from '../../db/tables.js';
import { assertDeviceLimit, type DbOrTx } from '../../lib/limits.js';
import { gatewayCondition, visibleFarm, visibleGateway, visibleShed, type GatewayRow, type Scope } from '../../scope/index.js';
import { lockFarm } from '../sheds/index.js';
import { hashCheckCode, newCheckCode } from '../../lib/check-codes.js';
import { assertNoSubDevices, assertShedFree, checkGatewayRules, uniqueTaken } from './rules.js';
import { containsText } from '../../lib/text-search.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { audit } from '../../plugins/audit-note.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Gateways and controllers (/device-mng/controller, and the 4008 page: the same list cut to a
 * model family). Every change that the broker's authentication depends on calls `changed(code)`
 * so the link's device cache forgets it; the ones that end the device's right to its session
 * (disabled, deleted, re-keyed) pass `kick`, and the embedded broker closes that session at once.
 */
export type { GatewayRow };
export type Changed = (code: string, kick?: { gatewayId?: number }) => void;

const parents = alias(gateways, 'parents');

/**
 * One gateway write per tenant at a time: the serial number (20091) is unique across the tenant's
 * farms, which the farm lock alone would not cover. NO KEY UPDATE, so inserts elsewhere that only
 * reference the tenant (their FOR KEY SHARE) are not held up.
 */
async function lockTenant(tx: DbOrTx, tenantId: number): Promise<void> {
  await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
}

export async function pageControllers(db: Db, scope: Scope, tenantId: number, q: ControllerPageBody): Promise<Page<ControllerRow>> {
  const conds: (SQL | undefined)[] = [eq(gateways.tenantId, tenantId), gatewayCondition(scope, gateways.farmId, gateways.shedId)];
  if (q.farmId) conds.push(eq(gateways.farmId, q.farmId));
  if (q.shedId) conds.push(eq(gateways.shedId, q.shedId));
  if (q.gatewayType) conds.push(eq(gateways.gatewayType, q.gatewayType));
  if (q.deviceCategories && q.deviceCategories.length > 0) conds.push(inArray(gateways.deviceCategory, q.deviceCategories));
  if (q.modelFamily) conds.push(containsText(q.modelFamily, gateways.model));
  if (q.keyword) conds.push(containsText(q.keyword, gateways.code, gateways.name));
  const { total, rows } = await readPage(db, gateways, and(...conds), q, (where) =>
    db
      .select({
        g: gateways,
        farmName: farms.farmName,
        shedName: sheds.shedName,
        online: gatewayStatus.online,
        lastSeenAt: gatewayStatus.lastSeenAt,
        networkName: networkDevices.name,
        parentCode: parents.code,
        refusal: gatewayRefusals,
      })
      .from(gateways)
      .leftJoin(farms, eq(farms.id, gateways.farmId))
      .leftJoin(sheds, eq(sheds.id, gateways.shedId))
      .leftJoin(networkDevices, and(eq(networkDevices.id, gateways.networkId), eq(networkDevices.tenantId, tenantId)))
      .leftJoin(parents, and(eq(parents.id, gateways.parentId), eq(parents.tenantId, tenantId)))
      .leftJoin(gatewayStatus, eq(gatewayStatus.gatewayId, gateways.id))
      .leftJoin(gatewayRefusals, eq(gatewayRefusals.gatewayId, gateways.id))
      .where(where)
      .orderBy(gateways.id)
      .$dynamic(),
  );
  const list = rows.map(({ g, farmName, shedName, online, lastSeenAt, networkName, parentCode, refusal }): ControllerRow => ({
    id: g.id,
    code: g.code,
    name: g.name,
    gatewayType: g.gatewayType,
    deviceCategory: g.deviceCategory,
    model: g.model,
    serialNo: g.serialNo,
    farmId: g.farmId,
    farmName,
    shedId: g.shedId,
    shedName,
    enabled: g.enabled,
    online: online ?? false,
    lastSeenAt: lastSeenAt ? lastSeenAt.toISOString() : null,
    checkCodeSet: g.checkCode.length > 0,
    refusal: refusal ? { count: refusal.count, lastReason: refusal.lastReason, lastAt: refusal.lastAt.toISOString() } : null,
    networkId: g.networkId,
    networkName: networkName ?? null,
    port: g.port,
    commPointNo: g.commPointNo,
    parentId: g.parentId,
    parentCode: parentCode ?? null,
  }));
  return pageAnswer(q, total, list);
}

/** The shed to bind to must be visible to the caller and belong to the gateway's farm (30004). */
async function shedInFarm(scope: Scope, shedId: number, farmId: number | null): Promise<number> {
  return (await visibleShed(scope, shedId, { farmId: farmId ?? -1 })).id;
}

export async function addController(
  db: Db,
  scope: Scope,
  tenantId: number,
  b: ControllerAddBody,
): Promise<{ id: number; checkCode: string }> {
  const farm = await visibleFarm(scope, b.farmId);
  const shedId = b.shedId ? await shedInFarm(scope, b.shedId, farm.id) : null;
  // The check code is stored hashed and answered once (lib/check-codes.ts).
  const checkCode = b.checkCode ?? newCheckCode();
  const stored = await hashCheckCode(checkCode);
  return db.transaction(async (tx) => {
    await assertDeviceLimit(tx, tenantId);
    await lockTenant(tx, tenantId);
    await lockFarm(tx, tenantId, farm.id);
    await checkGatewayRules(tx, tenantId, farm.id, shedId, b);
    const [row] = await tx
      .insert(gateways)
      .values({ tenantId, ...fieldsOf(b, farm.id, shedId), checkCode: stored, ...addedBy(scope) })
      .returning({ id: gateways.id })
      .catch(uniqueTaken);
    audit.add(scope.req, 'device', b.name);
    return { id: row!.id, checkCode };
  });
}

type GatewayFields = Pick<
  GatewayRow,
  | 'farmId'
  | 'shedId'
  | 'code'
  | 'name'
  | 'gatewayType'
  | 'deviceCategory'
  | 'model'
  | 'serialNo'
  | 'networkId'
  | 'port'
  | 'commPointNo'
  | 'parentId'
>;

/** The stored form of what an add or an update sets (absent optional values = none). */
function fieldsOf(b: ControllerAddBody | ControllerUpdateBody, farmId: number, shedId: number | null): GatewayFields {
  return {
    farmId,
    shedId,
    code: b.code,
    name: b.name,
    gatewayType: b.gatewayType,
    deviceCategory: b.deviceCategory,
    model: b.model ?? null,
    serialNo: b.serialNo ?? null,
    networkId: b.networkId ?? null,
    port: b.port ?? null,
    commPointNo: b.commPointNo ?? null,
    parentId: b.parentId ?? null,
  };
}

export async function updateController(db: Db, scope: Scope, tenantId: number, b: ControllerUpdateBody, changed: Changed): Promise<void> {
  const gw = await visibleGateway(scope, { id: b.id });
  const farm = await visibleFarm(scope, b.farmId);
  const shedId = b.shedId ? await shedInFarm(scope, b.shedId, farm.id) : null;
  await db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    await lockFarm(tx, tenantId, farm.id);
    await checkGatewayRules(tx, tenantId, farm.id, shedId, b, gw.id);
    // A DTU keeps its sub-devices only while it stays a DTU in their farm.
    if (gw.gatewayType === DTU_GATEWAY_TYPE && (b.gatewayType !== DTU_GATEWAY_TYPE || farm.id !== gw.farmId)) {
      await assertNoSubDevices(tx, tenantId, gw.id);
    }
    await tx
      .update(gateways)
      .set({ ...fieldsOf(b, farm.id, shedId), ...changedBy(scope) })
      .where(and(eq(gateways.id, gw.id), eq(gateways.tenantId, tenantId)))
      .catch(uniqueTaken);
  });
  // A new code voids the credentials the live session signed in with.
  const rekeyed = b.code !== gw.code;
  changed(gw.code, rekeyed ? { gatewayId: gw.id } : undefined);
  if (b.code !== gw.code) changed(b.code);
  audit.edit(scope.req, 'device', gw.name, audit.changes(gw, fieldsOf(b, farm.id, shedId)));
}

/**
 * A gateway bound to a shed is refused (20090): unbind it first; so is a DTU that sub-devices
 * still report through (20089). Its channels go with it; its live session is closed.
 */
export async function deleteController(db: Db, scope: Scope, tenantId: number, id: number, changed: Changed): Promise<void> {
  const gw = await visibleGateway(scope, { id: id });
  if (gw.shedId !== null) throw new AppError(ErrorCodes.DEVICE_UNBIND_FAILED);
  await db.transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    await assertNoSubDevices(tx, tenantId, gw.id);
    await tx.delete(gateways).where(and(eq(gateways.id, gw.id), eq(gateways.tenantId, tenantId)));
  });
  changed(gw.code, {});
  audit.delete(scope.req, 'device', gw.name);
}

/** Binds to a shed of its farm: 20039 when the gateway is bound already, 20063 when the shed has one of its category. */
export async function bindController(
  db: Db,
  scope: Scope,
  tenantId: number,
  id: number,
  shedIdIn: number,
  changed: Changed,
): Promise<void> {
  const gw = await visibleGateway(scope, { id: id });
  if (gw.farmId === null) throw new AppError(ErrorCodes.HOUSE_NOT_FOUND);
  const shedId = await shedInFarm(scope, shedIdIn, gw.farmId);
  await db.transaction(async (tx) => {
    await lockFarm(tx, tenantId, gw.farmId!);
    const [now] = await tx.select({ shedId: gateways.shedId }).from(gateways).where(eq(gateways.id, gw.id));
    if (now?.shedId != null) throw new AppError(ErrorCodes.CONTROLLER_EXISTS_UNDER_HOUSE);
    await assertShedFree(tx, tenantId, shedId, gw.deviceCategory, gw.id);
    await tx
      .update(gateways)
      .set({ shedId, ...changedBy(scope) })
      .where(eq(gateways.id, gw.id));
  });
  changed(gw.code);
  audit.edit(scope.req, 'device', gw.name, [{ field: 'shed', before: null, after: await shedName(db, shedId) }]);
}

/** A shed's name, for the log (null for none). */
async function shedName(db: Db, shedId: number | null): Promise<string | null> {
  if (shedId === null) return null;
  const [s] = await db.select({ n: sheds.shedName }).from(sheds).where(eq(sheds.id, shedId));
  return s?.n ?? null;
}

export async function unbindController(db: Db, scope: Scope, tenantId: number, id: number, changed: Changed): Promise<void> {
  const gw = await visibleGateway(scope, { id: id });
  const was = await shedName(db, gw.shedId);
  await db
    .update(gateways)
    .set({ shedId: null, ...changedBy(scope) })
    .where(eq(gateways.id, gw.id));
  changed(gw.code);
  audit.edit(scope.req, 'device', gw.name, audit.changes({ shed: was }, { shed: null }));
}

/** Enables or disables several gateways; a disabled one loses its live session and is refused at its next CONNECT. */
export async function enableControllers(
  db: Db,
  scope: Scope,
  tenantId: number,
  ids: number[],
  enabled: boolean,
  changed: Changed,
): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await Promise.all(unique.map((id) => visibleGateway(scope, { id: id })));
  await db
    .update(gateways)
    .set({ enabled, ...changedBy(scope) })
    .where(and(eq(gateways.tenantId, tenantId), inArray(gateways.id, unique)));
  for (const r of rows) changed(r.code, enabled ? undefined : { gatewayId: r.id });
  // One entry for the call: the gateways it switched, by name.
  const moved = rows.filter((r) => r.enabled !== enabled);
  const name = (moved.length > 0 ? moved : rows).map((r) => r.name).join(', ');
  audit.edit(scope.req, 'device', name, audit.changes({ enabled: moved.length > 0 ? !enabled : enabled }, { enabled }));
}
