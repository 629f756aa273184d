import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type Page,
  type SiloAddBody,
  type SiloBindScaleBody,
  type SiloFarmQuery,
  type SiloPageQuery,
  type SiloRow,
  type SiloScaleRow,
  type SiloUpdateBody,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, gateways, sheds } from '../../db/tables.js';
import { lostRace } from '../../lib/db-errors.js';
import { rowExists } from '../../lib/row-exists.js';
import type { DbOrTx } from '../../lib/limits.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import {
  farmCondition,
  gatewayCondition,
  refusal,
  tenantIdOf,
  visibleFarm,
  visibleGateway,
  visibleRow,
  visibleSheds,
  type Scope,
} from '../../scope/index.js';
import { siloSheds, siloState, silos } from './tables.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Silos and their bindings (/weight/bind). A silo of a farm the caller does not see is 30001, like
 * one that does not exist; its houses must be of its farm and seen (30004); its scale a weigher
 * gateway (type 100) the caller sees (20088), on a channel no other silo uses (20050).
 */
export type SiloRecord = typeof silos.$inferSelect;

/** Gateway type of a weigher (SPEC §3). */
export const WEIGHER_GATEWAY_TYPE = 100;

export async function visibleSilo(db: DbOrTx, scope: Scope, id: number): Promise<SiloRecord> {
  return visibleRow(db, scope, silos, id, { refused: 'silo' });
}

const nameTaken = (): AppError => new AppError(ErrorCodes.NAME_EXISTS, { data: { field: 'name' } });
const scaleTaken = (): AppError => new AppError(ErrorCodes.COLLECTOR_BOUND, { data: { field: 'channel' } });

/** The constraint's word on a race the checks before the write lost. */
const raced = lostRace({ silos_farm_name_uq: nameTaken, silos_scale_uq: scaleTaken });

async function assertNameFree(db: DbOrTx, farmId: number, name: string, exceptId?: number): Promise<void> {
  if (await rowExists(db, silos.id, [eq(silos.farmId, farmId), eq(silos.name, name)], exceptId)) throw nameTaken();
}

/** Each silo's houses by name, and its scale gateway's code and name. */
export async function siloRows(db: DbOrTx, rows: SiloRecord[]): Promise<SiloRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const shedRows = await db
    .select({ siloId: siloSheds.siloId, id: sheds.id, shedName: sheds.shedName })
    .from(siloSheds)
    .innerJoin(sheds, eq(sheds.id, siloSheds.shedId))
    .where(inArray(siloSheds.siloId, ids))
    .orderBy(asc(sheds.shedName), asc(sheds.id));
  const farmIds = [...new Set(rows.map((r) => r.farmId))];
  const farmRows = await db.select({ id: farms.id, farmName: farms.farmName }).from(farms).where(inArray(farms.id, farmIds));
  const gwIds = [...new Set(rows.flatMap((r) => (r.gatewayId === null ? [] : [r.gatewayId])))];
  const gwRows = gwIds.length
    ? await db.select({ id: gateways.id, code: gateways.code, name: gateways.name }).from(gateways).where(inArray(gateways.id, gwIds))
    : [];
  const farmName = new Map(farmRows.map((f) => [f.id, f.farmName]));
  const gw = new Map(gwRows.map((g) => [g.id, g]));
  return rows.map((r) => {
    const g = r.gatewayId === null ? undefined : gw.get(r.gatewayId);
    return {
      id: r.id,
      farmId: r.farmId,
      farmName: farmName.get(r.farmId) ?? '',
      name: r.name,
      capacityKg: r.capacityKg,
      emptyPct: r.emptyPct,
      fullPct: r.fullPct,
      leadDays: r.leadDays,
      sheds: shedRows.filter((s) => s.siloId === r.id).map((s) => ({ id: s.id, shedName: s.shedName })),
      gatewayId: g ? g.id : null,
      gatewayCode: g ? g.code : null,
      gatewayName: g ? g.name : null,
      channel: g ? r.channel : null,
      updatedAt: r.updatedAt.getTime(),
    };
  });
}

/** The silos of a farm (or the farms the caller sees), feeding a house when one is asked. */
export async function siloConditions(scope: Scope, q: { farmId?: number; shedId?: number }): Promise<SQL | undefined> {
  const conds: (SQL | undefined)[] = [eq(silos.tenantId, tenantIdOf(scope)), farmCondition(scope, silos.farmId)];
  if (q.farmId !== undefined) conds.push(eq(silos.farmId, (await visibleFarm(scope, q.farmId)).id));
  if (q.shedId !== undefined) {
    const [shed] = await visibleSheds(scope, [q.shedId]);
    conds.push(inArray(silos.id, scope.db.select({ id: siloSheds.siloId }).from(siloSheds).where(eq(siloSheds.shedId, shed!.id))));
  }
  return and(...conds);
}

export async function siloPage(db: Db, scope: Scope, q: SiloPageQuery): Promise<Page<SiloRow>> {
  const { total, rows } = await readPage(db, silos, await siloConditions(scope, q), q, (where) =>
    db.select().from(silos).where(where).orderBy(asc(silos.farmId), asc(silos.name), asc(silos.id)).$dynamic(),
  );
  return pageAnswer(q, total, await siloRows(db, rows));
}

export async function addSilo(db: Db, scope: Scope, body: SiloAddBody): Promise<{ id: number }> {
  const farm = await visibleFarm(scope, body.farmId);
  const houses = await visibleSheds(scope, body.shedIds);
  if (houses.some((h) => h.farmId !== farm.id)) throw refusal(scope.req, ErrorCodes.HOUSE_NOT_FOUND, { refused: 'shed', farmId: farm.id });
  await assertNameFree(db, farm.id, body.name);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(silos)
        .values({
          tenantId: tenantIdOf(scope),
          farmId: farm.id,
          name: body.name,
          capacityKg: body.capacityKg,
          emptyPct: body.emptyPct,
          fullPct: body.fullPct,
          leadDays: body.leadDays,
          ...addedBy(scope),
        })
        .returning({ id: silos.id });
      await tx.insert(siloSheds).values(body.shedIds.map((shedId) => ({ siloId: row!.id, shedId })));
      return { id: row!.id };
    });
  } catch (err) {
    return raced(err);
  }
}

export async function updateSilo(db: Db, scope: Scope, body: SiloUpdateBody): Promise<{ id: number }> {
  const silo = await visibleSilo(db, scope, body.id);
  const houses = await visibleSheds(scope, body.shedIds);
  if (houses.some((h) => h.farmId !== silo.farmId))
    throw refusal(scope.req, ErrorCodes.HOUSE_NOT_FOUND, { refused: 'shed', farmId: silo.farmId });
  await assertNameFree(db, silo.farmId, body.name, silo.id);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(silos)
        .set({
          name: body.name,
          capacityKg: body.capacityKg,
          emptyPct: body.emptyPct,
          fullPct: body.fullPct,
          leadDays: body.leadDays,
          ...changedBy(scope),
        })
        .where(eq(silos.id, silo.id));
      await tx.delete(siloSheds).where(eq(siloSheds.siloId, silo.id));
      await tx.insert(siloSheds).values(body.shedIds.map((shedId) => ({ siloId: silo.id, shedId })));
    });
  } catch (err) {
    raced(err);
  }
  return { id: silo.id };
}

export async function removeSilo(db: Db, scope: Scope, id: number): Promise<void> {
  const silo = await visibleSilo(db, scope, id);
  await db.delete(silos).where(eq(silos.id, silo.id));
}

/** The farm's weigher gateways the caller sees, with the channels bound to silos. */
export async function scaleOptions(db: Db, scope: Scope, q: SiloFarmQuery): Promise<SiloScaleRow[]> {
  const farm = await visibleFarm(scope, q.farmId);
  const rows = await db
    .select({ id: gateways.id, code: gateways.code, name: gateways.name })
    .from(gateways)
    .where(
      and(
        eq(gateways.tenantId, tenantIdOf(scope)),
        eq(gateways.farmId, farm.id),
        eq(gateways.gatewayType, WEIGHER_GATEWAY_TYPE),
        gatewayCondition(scope, gateways.farmId, gateways.shedId),
      ),
    )
    .orderBy(asc(gateways.code));
  if (rows.length === 0) return [];
  const bound = await db
    .select({ gatewayId: silos.gatewayId, channel: silos.channel, siloId: silos.id, siloName: silos.name })
    .from(silos)
    .where(
      inArray(
        silos.gatewayId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(silos.channel));
  return rows.map((g) => ({
    ...g,
    bound: bound.filter((b) => b.gatewayId === g.id).map((b) => ({ channel: b.channel ?? 0, siloId: b.siloId, siloName: b.siloName })),
  }));
}

/**
 * Binds the silo to a weigher's channel. Weighing starts over: the state of the old binding is
 * dropped (the records stay), so the detector does not take the new cell's weight for a delivery.
 */
export async function bindScale(db: Db, scope: Scope, body: SiloBindScaleBody): Promise<void> {
  const silo = await visibleSilo(db, scope, body.id);
  const gw = await visibleGateway(scope, { id: body.gatewayId });
  if (gw.gatewayType !== WEIGHER_GATEWAY_TYPE || gw.farmId !== silo.farmId)
    throw refusal(scope.req, ErrorCodes.DEVICE_MISSING, { refused: 'weigher', id: gw.id });
  if (silo.gatewayId === gw.id && silo.channel === body.channel) return;
  const [other] = await db
    .select({ id: silos.id })
    .from(silos)
    .where(and(eq(silos.gatewayId, gw.id), eq(silos.channel, body.channel), ne(silos.id, silo.id)));
  if (other) throw scaleTaken();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(silos)
        .set({ gatewayId: gw.id, channel: body.channel, ...changedBy(scope) })
        .where(eq(silos.id, silo.id));
      await tx.delete(siloState).where(eq(siloState.siloId, silo.id));
    });
  } catch (err) {
    raced(err);
  }
}

export async function unbindScale(db: Db, scope: Scope, id: number): Promise<void> {
  const silo = await visibleSilo(db, scope, id);
  await db.transaction(async (tx) => {
    await tx
      .update(silos)
      .set({ gatewayId: null, channel: null, ...changedBy(scope) })
      .where(eq(silos.id, silo.id));
    await tx.delete(siloState).where(eq(siloState.siloId, silo.id));
  });
}
