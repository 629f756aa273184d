import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  CONCENTRATOR_GATEWAY_TYPE,
  ErrorCodes,
  type FeedDeviceKind,
  type FeedDeviceOption,
  type FeedDevicePageQuery,
  type FeedDeviceRow,
  type Page,
  type Parity,
  collectorAddBody,
  concentratorAddBody,
  feederAddBody,
} from '@farmsense/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { gateways, gatewayStatus, pens, sheds } from '../../db/tables.js';
import { joinPlaces, placeNames } from '../../lib/places.js';
import { lostRace } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';
import { containsText } from '../../lib/text-search.js';
import { audit } from '../../plugins/audit-note.js';
import { refusal, shedCondition, tenantIdOf, visibleGateway, visiblePen, visibleRow, visibleShed, type Scope } from '../../scope/index.js';
import { feedDevices } from './device-tables.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Concentrators, collectors and feeders of the houses the caller sees (shared
 * feeding/device-schemas.ts states the rules). A device of another tenant or house, or none, is
 * 203336 alike; device numbers are checked first and again by the unique indexes (203339).
 */
type DeviceRecord = typeof feedDevices.$inferSelect;
type ConcentratorBody = z.output<typeof concentratorAddBody>;
type CollectorBody = z.output<typeof collectorAddBody>;
type FeederBody = z.output<typeof feederAddBody>;
export type DeviceBody =
  { kind: 'concentrator'; body: ConcentratorBody } | { kind: 'collector'; body: CollectorBody } | { kind: 'feeder'; body: FeederBody };

const NO_DEVICE = ErrorCodes.FEEDER_NOT_FOUND;
const CHILD_OF: Record<FeedDeviceKind, FeedDeviceKind | null> = { concentrator: 'collector', collector: 'feeder', feeder: null };
const PARENT_OF: Record<FeedDeviceKind, FeedDeviceKind | null> = { concentrator: null, collector: 'concentrator', feeder: 'collector' };
const BOUND_CODE: Record<FeedDeviceKind, number> = {
  concentrator: ErrorCodes.CONCENTRATOR_BOUND,
  collector: ErrorCodes.COLLECTOR_BOUND,
  feeder: ErrorCodes.COLLECTOR_BOUND,
};

/** A device of the kind in a house the caller sees, else 203336. */
export async function visibleDevice(db: DbOrTx, scope: Scope, kind: FeedDeviceKind, id: number): Promise<DeviceRecord> {
  return visibleRow(db, scope, feedDevices, id, {
    refused: `feed ${kind}`,
    code: NO_DEVICE,
    within: 'shed',
    where: eq(feedDevices.kind, kind),
  });
}

const parent = alias(feedDevices, 'parent');
const grand = alias(feedDevices, 'grand');
const gatewayOf = sql<number | null>`coalesce(${feedDevices.gatewayId}, ${parent.gatewayId}, ${grand.gatewayId})`;

export async function devicePage(db: Db, scope: Scope, kind: FeedDeviceKind, q: FeedDevicePageQuery): Promise<Page<FeedDeviceRow>> {
  const conds: (SQL | undefined)[] = [
    eq(feedDevices.tenantId, tenantIdOf(scope)),
    eq(feedDevices.kind, kind),
    shedCondition(scope, feedDevices.farmId, feedDevices.shedId),
  ];
  if (q.farmId) conds.push(eq(feedDevices.farmId, q.farmId));
  if (q.shedId) conds.push(eq(feedDevices.shedId, q.shedId));
  if (q.parentId) conds.push(eq(feedDevices.parentId, q.parentId));
  if (q.name) conds.push(containsText(q.name, feedDevices.name, feedDevices.deviceNo));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    joinPlaces(
      db
        .select({
          d: feedDevices,
          ...placeNames,
          parentName: parent.name,
          gatewayId: gateways.id,
          gatewayCode: gateways.code,
          online: gatewayStatus.online,
          penColumn: pens.fieldColumn,
          penRow: pens.field,
          childCount: sql<number>`(SELECT count(*)::int FROM feed_devices child WHERE child.parent_id = ${feedDevices.id})`,
        })
        .from(feedDevices)
        .$dynamic(),
      feedDevices,
    )
      .leftJoin(parent, eq(parent.id, feedDevices.parentId))
      .leftJoin(grand, eq(grand.id, parent.parentId))
      .leftJoin(gateways, eq(gateways.id, gatewayOf))
      .leftJoin(gatewayStatus, eq(gatewayStatus.gatewayId, gateways.id))
      .leftJoin(pens, eq(pens.id, feedDevices.penId))
      .where(where)
      .orderBy(asc(sheds.shedName), asc(parent.deviceNo), asc(feedDevices.deviceNo), desc(feedDevices.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(feedDevices).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.d.id,
      kind,
      farmId: r.d.farmId,
      farmName: r.farmName,
      shedId: r.d.shedId,
      shedName: r.shedName ?? '',
      deviceNo: r.d.deviceNo,
      name: r.d.name,
      model: r.d.model,
      parentId: r.d.parentId,
      parentName: r.parentName,
      gatewayId: r.gatewayId,
      gatewayCode: r.gatewayCode,
      online: r.online === true,
      penId: r.d.penId,
      penColumn: r.penColumn,
      penRow: r.penRow,
      childCount: r.childCount,
      baudRate: r.d.baudRate,
      dataBits: r.d.dataBits,
      stopBits: r.d.stopBits,
      // The service writes only the three parities.
      parity: r.d.parity as Parity | null,
      brightness: r.d.brightness,
      lockSeconds: r.d.lockSeconds,
      touchLock: r.d.touchLock,
      baitWeight: r.d.baitWeight,
      tempLow: r.d.tempLow,
      tempHigh: r.d.tempHigh,
      intervalMinutes: r.d.intervalMinutes,
      amountPerFeed: r.d.amountPerFeed,
      remark: r.d.remark,
      updatedAt: r.d.updatedAt.getTime(),
    })),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** A house's devices of the kind, for the forms' parent pickers. */
export async function deviceList(db: Db, scope: Scope, kind: FeedDeviceKind, shedId: number): Promise<FeedDeviceOption[]> {
  const shed = await visibleShed(scope, shedId, { db });
  return db
    .select({ id: feedDevices.id, deviceNo: feedDevices.deviceNo, name: feedDevices.name })
    .from(feedDevices)
    .where(and(eq(feedDevices.tenantId, tenantIdOf(scope)), eq(feedDevices.shedId, shed.id), eq(feedDevices.kind, kind)))
    .orderBy(asc(feedDevices.deviceNo));
}

/** A house's feeder main gateways, for the concentrator form. */
export async function concentratorGateways(db: Db, scope: Scope, shedId: number): Promise<{ id: number; code: string; name: string }[]> {
  const shed = await visibleShed(scope, shedId, { db });
  return db
    .select({ id: gateways.id, code: gateways.code, name: gateways.name })
    .from(gateways)
    .where(and(eq(gateways.tenantId, tenantIdOf(scope)), eq(gateways.shedId, shed.id), eq(gateways.gatewayType, CONCENTRATOR_GATEWAY_TYPE)))
    .orderBy(asc(gateways.code));
}

/** The row's columns from a body: links checked in the house, the other kinds' fields null. */
async function columnsOf(tx: Tx, scope: Scope, input: DeviceBody) {
  const b = input.body;
  const shed = await visibleShed(scope, b.shedId, { db: tx });
  const common = {
    tenantId: tenantIdOf(scope),
    farmId: shed.farmId,
    shedId: shed.id,
    kind: input.kind,
    deviceNo: b.deviceNo,
    name: b.name,
    model: b.model ?? null,
    remark: b.remark ?? null,
  };
  if (input.kind === 'concentrator') {
    const c = input.body;
    const gw = await visibleGateway(scope, { id: c.gatewayId }, { db: tx });
    if (gw.shedId !== shed.id || gw.gatewayType !== CONCENTRATOR_GATEWAY_TYPE)
      throw refusal(scope.req, ErrorCodes.DEVICE_MISSING, { refused: 'gateway', id: c.gatewayId });
    const serial = { baudRate: c.baudRate, dataBits: c.dataBits, stopBits: c.stopBits, parity: c.parity };
    return { ...common, ...serial, gatewayId: gw.id, parentId: null, penId: null };
  }
  const parentRow = await visibleDevice(tx, scope, PARENT_OF[input.kind]!, input.body.parentId);
  if (parentRow.shedId !== shed.id) throw refusal(scope.req, NO_DEVICE, { refused: 'feed device parent', id: parentRow.id });
  if (input.kind === 'collector') {
    const c = input.body;
    const serial = { baudRate: c.baudRate, dataBits: c.dataBits, stopBits: c.stopBits, parity: c.parity };
    return { ...common, ...serial, gatewayId: null, parentId: parentRow.id, penId: null };
  }
  const f = input.body;
  const pen = await visiblePen(scope, f.penId, { db: tx });
  if (pen.shedId !== shed.id) throw refusal(scope.req, ErrorCodes.TARGET_PEN_NOT_FOUND, { refused: 'pen', id: f.penId });
  const params = {
    brightness: f.brightness,
    lockSeconds: f.lockSeconds,
    touchLock: f.touchLock,
    baitWeight: f.baitWeight,
    tempLow: f.tempLow,
    tempHigh: f.tempHigh,
    intervalMinutes: f.intervalMinutes,
    amountPerFeed: f.amountPerFeed,
  };
  return { ...common, ...params, gatewayId: null, parentId: parentRow.id, penId: pen.id };
}

const numberTaken = (): AppError => new AppError(ErrorCodes.DEVICE_CODE_EXISTS, { data: { field: 'deviceNo' } });
const raced = lostRace({
  feed_devices_gateway_uq: () => new AppError(ErrorCodes.DEVICE_CODE_EXISTS, { data: { field: 'gatewayId' } }),
  feed_devices_no_uq: numberTaken,
  feed_devices_root_no_uq: numberTaken,
});

export async function addDevice(db: Db, scope: Scope, input: DeviceBody): Promise<{ id: number }> {
  const id = await db
    .transaction(async (tx) => {
      const cols = await columnsOf(tx, scope, input);
      const [row] = await tx
        .insert(feedDevices)
        .values({ ...cols, ...addedBy(scope) })
        .returning({ id: feedDevices.id });
      return row!.id;
    })
    .catch(raced);
  audit.add(scope.req, 'device', `${input.body.name} (${input.body.deviceNo})`);
  return { id };
}

export async function updateDevice(db: Db, scope: Scope, input: DeviceBody & { id: number }): Promise<void> {
  const before = await visibleDevice(db, scope, input.kind, input.id);
  const after = await db
    .transaction(async (tx) => {
      const cols = await columnsOf(tx, scope, input);
      if (cols.shedId !== before.shedId) {
        const [child] = await tx.select({ id: feedDevices.id }).from(feedDevices).where(eq(feedDevices.parentId, before.id)).limit(1);
        if (child) throw new AppError(BOUND_CODE[input.kind]);
      }
      await tx
        .update(feedDevices)
        .set({ ...cols, ...changedBy(scope) })
        .where(eq(feedDevices.id, before.id));
      return cols;
    })
    .catch(raced);
  audit.edit(scope.req, 'device', `${after.name} (${after.deviceNo})`, audit.changes(before, after));
}

/** Deletes a device; 20041 for a concentrator with collectors, 20050 for a collector with feeders. */
export async function removeDevice(db: Db, scope: Scope, kind: FeedDeviceKind, id: number): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const device = await visibleDevice(tx, scope, kind, id);
    if (CHILD_OF[kind]) {
      const [child] = await tx.select({ id: feedDevices.id }).from(feedDevices).where(eq(feedDevices.parentId, device.id)).limit(1);
      if (child) throw new AppError(BOUND_CODE[kind]);
    }
    await tx.delete(feedDevices).where(eq(feedDevices.id, device.id));
    return device;
  });
  audit.delete(scope.req, 'device', `${row.name} (${row.deviceNo})`);
}
