import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCodes, inFlockLife, productionFlocksApi, type FlockAddBody, type FlockUpdateBody } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';
import { scopeOf, tenantIdOf, visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { assertDevice, assertPlaceFree, flockOptions, flockPage, flockRow, todayIn } from './flock-service.js';
import { DAY_TABLES, EVENT_TABLES } from './records.js';
import { FLOCK_OPTION_APPS, FLOCK_READ_APPS, FLOCK_WRITE_APP, visibleFlock } from './access.js';
import { flockStockDays, flocks } from './tables.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Flocks (/prod-data-input/flock, /ci18/group/current): placement to depletion in one house.
 * One current flock per house and one group number per farm and house (20065); a closed flock is
 * history and no longer edited (20070).
 */
function fieldsOf(b: FlockAddBody): Omit<typeof flocks.$inferInsert, 'tenantId'> {
  return {
    farmId: b.farmId,
    shedId: b.shedId,
    groupNo: b.groupNo,
    flockType: b.flockType,
    sex: b.sex,
    breed: b.breed ?? null,
    birthDate: b.birthDate,
    layingDate: b.layingDate ?? null,
    startDate: b.startDate,
    endDate: b.endDate ?? null,
    origin: b.origin ?? null,
    maleCount: b.maleCount,
    femaleCount: b.femaleCount,
    maleAvgWeight: b.maleAvgWeight ?? null,
    femaleAvgWeight: b.femaleAvgWeight ?? null,
    deviceId: b.deviceId ?? null,
    remark: b.remark ?? null,
  };
}

/** A parallel request that got past the checks hits the unique index: same answer as the check. */
function placeRace(err: unknown): never {
  if (uniqueViolation(err) !== null) throw new AppError(ErrorCodes.FLOCK_EXISTS, { data: { field: 'groupNo' } });
  throw err;
}

export async function addFlock(db: Db, scope: Scope, body: FlockAddBody): Promise<{ id: number }> {
  const tenantId = tenantIdOf(scope);
  await visibleFarm(scope, body.farmId);
  await visibleShed(scope, body.shedId, { farmId: body.farmId });
  await assertDevice(db, tenantId, body.farmId, body.deviceId);
  try {
    return await db.transaction(async (tx) => {
      await assertPlaceFree(tx, body);
      const [row] = await tx
        .insert(flocks)
        .values({ tenantId, ...fieldsOf(body), status: 1, ...addedBy(scope) })
        .returning({ id: flocks.id });
      return { id: row!.id };
    });
  } catch (err) {
    return placeRace(err);
  }
}

/** The earliest and latest day any record of the flock is on (farm-local days for events). */
async function recordSpan(db: DbOrTx, flockId: number, timeZone: string): Promise<{ first: string | null; last: string | null }> {
  let first: string | null = null;
  let last: string | null = null;
  const take = (lo: string | null, hi: string | null): void => {
    if (lo && (!first || lo < first)) first = lo;
    if (hi && (!last || hi > last)) last = hi;
  };
  for (const t of Object.values(DAY_TABLES)) {
    const [r] = await db
      .select({ lo: sql<string | null>`min(${t.day})::text`, hi: sql<string | null>`max(${t.day})::text` })
      .from(t)
      .where(eq(t.flockId, flockId));
    take(r?.lo ?? null, r?.hi ?? null);
  }
  for (const { table, at } of Object.values(EVENT_TABLES)) {
    const local = sql`(${at} AT TIME ZONE ${timeZone})::date`;
    const [r] = await db
      .select({ lo: sql<string | null>`min(${local})::text`, hi: sql<string | null>`max(${local})::text` })
      .from(table)
      .where(eq(table.flockId, flockId));
    take(r?.lo ?? null, r?.hi ?? null);
  }
  return { first, last };
}

/** 20068 when the new placement leaves fewer birds than the stock days already removed. */
async function assertCountsCover(db: DbOrTx, flockId: number, placed: number): Promise<void> {
  const s = flockStockDays;
  const rows = await db
    .select({ delta: sql<number>`${s.transferIn} - ${s.transferOut} - ${s.dead} - ${s.culled}`.mapWith(Number) })
    .from(s)
    .where(eq(s.flockId, flockId))
    .orderBy(s.day);
  let running = placed;
  for (const r of rows) {
    running += r.delta;
    if (running < 0) throw new AppError(ErrorCodes.FLOCK_COUNT_EXCEEDED, { data: { field: 'femaleCount' } });
  }
}

export async function updateFlock(db: Db, scope: Scope, body: FlockUpdateBody): Promise<{ id: number }> {
  const tenantId = tenantIdOf(scope);
  const current = await visibleFlock(db, scope, body.id, ErrorCodes.FLOCK_EDIT_FAILED_69);
  if (current.status !== 1) throw new AppError(ErrorCodes.FLOCK_EDIT_FAILED_70);
  const farm = await visibleFarm(scope, body.farmId);
  await visibleShed(scope, body.shedId, { farmId: body.farmId });
  await assertDevice(db, tenantId, body.farmId, body.deviceId);
  const span = await recordSpan(db, body.id, farm.timeZone);
  // Records must stay inside the flock's life.
  if (span.first && span.first < body.startDate) throw new AppError(ErrorCodes.DAY_OUTSIDE_FLOCK, { data: { field: 'startDate' } });
  await assertCountsCover(db, body.id, body.maleCount + body.femaleCount);
  try {
    await db.transaction(async (tx) => {
      await assertPlaceFree(tx, body, body.id);
      await tx
        .update(flocks)
        .set({ ...fieldsOf(body), ...changedBy(scope) })
        .where(and(eq(flocks.id, body.id), eq(flocks.tenantId, tenantId)));
      if (body.birthDate !== current.birthDate || farm.timeZone !== current.timeZone) {
        // Stored day ages follow the birth date.
        for (const t of Object.values(DAY_TABLES)) {
          await tx
            .update(t)
            .set({ dayAge: sql`${t.day} - ${body.birthDate}::date` })
            .where(eq(t.flockId, body.id));
        }
        for (const { table, at } of Object.values(EVENT_TABLES)) {
          await tx
            .update(table)
            .set({ dayAge: sql`(${at} AT TIME ZONE ${farm.timeZone})::date - ${body.birthDate}::date` })
            .where(eq(table.flockId, body.id));
        }
      }
    });
  } catch (err) {
    placeRace(err);
  }
  return { id: body.id };
}

/** Moves a flock to history; the stop day lies between its last record and today (21016). */
export async function closeFlock(db: Db, scope: Scope, body: { id: number; stopDate: string }): Promise<{ id: number }> {
  const f = await visibleFlock(db, scope, body.id);
  if (f.status !== 1) throw new AppError(ErrorCodes.FLOCK_EDIT_FAILED_70);
  const { last } = await recordSpan(db, f.id, f.timeZone);
  if (!inFlockLife(body.stopDate, f.startDate, todayIn(f.timeZone)) || (last && body.stopDate < last)) {
    throw new AppError(ErrorCodes.DAY_OUTSIDE_FLOCK, { data: { field: 'stopDate' } });
  }
  await db
    .update(flocks)
    .set({ status: 2, stopDate: body.stopDate, ...changedBy(scope) })
    .where(and(eq(flocks.id, f.id), eq(flocks.tenantId, f.tenantId)));
  return { id: f.id };
}

/** Deletes the flock; its daily records go with it (foreign keys cascade). */
export async function deleteFlock(db: Db, scope: Scope, id: number): Promise<void> {
  const f = await visibleFlock(db, scope, id);
  await db.delete(flocks).where(and(eq(flocks.id, f.id), eq(flocks.tenantId, f.tenantId)));
}

export async function flockRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const serve = router(app, { tags: ['production'], app: FLOCK_WRITE_APP, module: 'production' });
  const read = { app: FLOCK_READ_APPS, module: 'production' };

  serve(productionFlocksApi.page, { ...read, readOnly: true }, async ({ req, body }) => flockPage(db, scopeOf(req), body));
  serve(productionFlocksApi.options, { app: FLOCK_OPTION_APPS }, async ({ req, query }) => flockOptions(db, scopeOf(req), query));
  serve(productionFlocksApi.get, read, async ({ req, params }) => flockRow(db, scopeOf(req), params.id));
  serve(productionFlocksApi.add, async ({ req, body }) => addFlock(db, scopeOf(req), body));
  serve(productionFlocksApi.update, async ({ req, body }) => updateFlock(db, scopeOf(req), body));
  serve(productionFlocksApi.close, async ({ req, body }) => closeFlock(db, scopeOf(req), body));
  serve(productionFlocksApi.remove, async ({ req, params }) => deleteFlock(db, scopeOf(req), params.id));
}
