import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { AppError, ErrorCodes, rackRunIssue, type Page, type RackAddBody, type RackPageQuery, type RackRow } from '@farmsense/shared';
import type { Db, Tx } from '../../db/client.js';
import { pens, sheds } from '../../db/tables.js';
import { joinPlaces, placeNames } from '../../lib/places.js';
import { lostRace } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';
import { containsText } from '../../lib/text-search.js';
import { audit } from '../../plugins/audit-note.js';
import {
  penCondition,
  refusal,
  seesPen,
  seesShed,
  shedCondition,
  tenantIdOf,
  visiblePen,
  visibleShed,
  type Scope,
} from '../../scope/index.js';
import { feedDevices } from './device-tables.js';
import { feedPositions, feedRacks } from './rack-tables.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { changedBy } from '../../db/schema/columns.js';

/**
 * Feeding racks of the houses the caller sees (shared feeding/rack-schemas.ts states the rules).
 * A rack of another tenant, house or pen, or of nobody, is 200331 alike.
 */
type RackRecord = typeof feedRacks.$inferSelect;

export async function visibleRack(db: DbOrTx, scope: Scope, id: number): Promise<RackRecord> {
  const [row] = await db
    .select()
    .from(feedRacks)
    .where(and(eq(feedRacks.id, id), eq(feedRacks.tenantId, tenantIdOf(scope))));
  if (!row || !seesShed(scope, row.farmId, row.shedId) || !seesPen(scope, row.shedId, row.penId))
    throw refusal(scope.req, ErrorCodes.TARGET_COLUMN_MISSING, { refused: 'feed rack', id });
  return row;
}

export async function rackPage(db: Db, scope: Scope, q: RackPageQuery): Promise<Page<RackRow>> {
  const conds: (SQL | undefined)[] = [
    eq(feedRacks.tenantId, tenantIdOf(scope)),
    shedCondition(scope, feedRacks.farmId, feedRacks.shedId),
    penCondition(scope, feedRacks.shedId, feedRacks.penId),
  ];
  if (q.farmId) conds.push(eq(feedRacks.farmId, q.farmId));
  if (q.shedId) conds.push(eq(feedRacks.shedId, q.shedId));
  if (q.penId) conds.push(eq(feedRacks.penId, q.penId));
  if (q.name) conds.push(containsText(q.name, feedRacks.name));
  const { total, rows } = await readPage(db, feedRacks, and(...conds), q, (where) =>
    joinPlaces(
      db
        .select({
          r: feedRacks,
          ...placeNames,
          penColumn: pens.fieldColumn,
          penRow: pens.field,
          positions: sql<number>`(SELECT count(*)::int FROM feed_positions p WHERE p.rack_id = ${feedRacks.id})`,
          bound: sql<number>`(SELECT count(*)::int FROM feed_positions p WHERE p.rack_id = ${feedRacks.id} AND p.feeder_id IS NOT NULL)`,
        })
        .from(feedRacks)
        .$dynamic(),
      feedRacks,
    )
      .innerJoin(pens, eq(pens.id, feedRacks.penId))
      .where(where)
      .orderBy(asc(sheds.shedName), asc(pens.fieldColumn), asc(pens.field), asc(feedRacks.startNo), desc(feedRacks.id))
      .$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map((r) => ({
      id: r.r.id,
      farmId: r.r.farmId,
      farmName: r.farmName,
      shedId: r.r.shedId,
      shedName: r.shedName ?? '',
      penId: r.r.penId,
      penColumn: r.penColumn,
      penRow: r.penRow,
      name: r.r.name,
      startNo: r.r.startNo,
      endNo: r.r.endNo,
      positions: r.positions,
      bound: r.bound,
      remark: r.r.remark,
      updatedAt: r.r.updatedAt.getTime(),
    })),
  );
}

/** 200330 when the run breaks the column rule. */
function checkRun(b: RackAddBody): void {
  const issue = rackRunIssue(b);
  if (issue) throw new AppError(ErrorCodes.COLUMN_RULE, { data: { issues: [issue] } });
}

/** 20031 when another rack of the pen has the name or a position of the run is taken in the house. */
async function checkFree(tx: Tx, shedId: number, penId: number, b: RackAddBody, exceptRack?: number): Promise<void> {
  const other = exceptRack === undefined ? undefined : sql`${feedPositions.rackId} <> ${exceptRack}`;
  const [taken] = await tx
    .select({ no: feedPositions.positionNo })
    .from(feedPositions)
    .where(and(eq(feedPositions.shedId, shedId), sql`${feedPositions.positionNo} BETWEEN ${b.startNo} AND ${b.endNo}`, other))
    .orderBy(asc(feedPositions.positionNo))
    .limit(1);
  if (taken) throw new AppError(ErrorCodes.PEN_EXISTS, { data: { field: 'startNo', positionNo: taken.no } });
  const sameName = exceptRack === undefined ? undefined : sql`${feedRacks.id} <> ${exceptRack}`;
  const [named] = await tx
    .select({ id: feedRacks.id })
    .from(feedRacks)
    .where(and(eq(feedRacks.penId, penId), eq(feedRacks.name, b.name), sameName));
  if (named) throw new AppError(ErrorCodes.PEN_EXISTS, { data: { field: 'name' } });
}

const raced = lostRace({
  feed_positions_no_uq: () => new AppError(ErrorCodes.PEN_EXISTS, { data: { field: 'startNo' } }),
  feed_racks_pen_name_uq: () => new AppError(ErrorCodes.PEN_EXISTS, { data: { field: 'name' } }),
});

const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export async function addRack(db: Db, scope: Scope, b: RackAddBody): Promise<{ id: number }> {
  checkRun(b);
  const id = await db
    .transaction(async (tx) => {
      const shed = await visibleShed(scope, b.shedId, { db: tx });
      const pen = await visiblePen(scope, b.penId, { db: tx });
      if (pen.shedId !== shed.id) throw refusal(scope.req, ErrorCodes.TARGET_PEN_NOT_FOUND, { refused: 'pen', id: b.penId });
      await checkFree(tx, shed.id, pen.id, b);
      const at = { tenantId: tenantIdOf(scope), shedId: shed.id };
      const [row] = await tx
        .insert(feedRacks)
        .values({ ...at, farmId: shed.farmId, penId: pen.id, name: b.name, startNo: b.startNo, endNo: b.endNo, remark: b.remark ?? null })
        .returning({ id: feedRacks.id });
      await tx.insert(feedPositions).values(numbers(b.startNo, b.endNo).map((positionNo) => ({ ...at, rackId: row!.id, positionNo })));
      return row!.id;
    })
    .catch(raced);
  audit.add(scope.req, 'feedRack', b.name);
  return { id };
}

/**
 * Edits a rack within its house: a new pen must be of the house (20094); positions added to the
 * run are created, those dropped deleted (their feeders stay in the pen, unplaced), and the
 * feeders of a rack moved to another pen move with it.
 */
export async function updateRack(db: Db, scope: Scope, b: RackAddBody & { id: number }): Promise<void> {
  checkRun(b);
  const before = await visibleRack(db, scope, b.id);
  await db
    .transaction(async (tx) => {
      const pen = await visiblePen(scope, b.penId, { db: tx, code: ErrorCodes.TARGET_PEN_NOT_FOUND_94 });
      if (pen.shedId !== before.shedId || b.shedId !== before.shedId)
        throw refusal(scope.req, ErrorCodes.TARGET_PEN_NOT_FOUND_94, { refused: 'pen', id: b.penId });
      await checkFree(tx, before.shedId, pen.id, b, before.id);
      await tx
        .delete(feedPositions)
        .where(
          and(eq(feedPositions.rackId, before.id), or(lt(feedPositions.positionNo, b.startNo), gt(feedPositions.positionNo, b.endNo))),
        );
      const kept = new Set(
        (await tx.select({ no: feedPositions.positionNo }).from(feedPositions).where(eq(feedPositions.rackId, before.id))).map((p) => p.no),
      );
      const added = numbers(b.startNo, b.endNo).filter((n) => !kept.has(n));
      if (added.length > 0)
        await tx
          .insert(feedPositions)
          .values(added.map((positionNo) => ({ tenantId: before.tenantId, shedId: before.shedId, rackId: before.id, positionNo })));
      if (pen.id !== before.penId) {
        const placed = tx
          .select({ id: feedPositions.feederId })
          .from(feedPositions)
          .where(and(eq(feedPositions.rackId, before.id), isNotNull(feedPositions.feederId)));
        await tx
          .update(feedDevices)
          .set({ penId: pen.id, ...changedBy(scope) })
          .where(inArray(feedDevices.id, placed));
      }
      await tx
        .update(feedRacks)
        .set({
          penId: pen.id,
          name: b.name,
          startNo: b.startNo,
          endNo: b.endNo,
          remark: b.remark ?? null,
          ...changedBy(scope),
        })
        .where(eq(feedRacks.id, before.id));
    })
    .catch(raced);
  const after = { penId: b.penId, name: b.name, startNo: b.startNo, endNo: b.endNo, remark: b.remark ?? null };
  audit.edit(scope.req, 'feedRack', b.name, audit.changes(before, after, ['penId', 'name', 'startNo', 'endNo', 'remark']));
}

export async function removeRack(db: Db, scope: Scope, id: number): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const rack = await visibleRack(tx, scope, id);
    await tx.delete(feedRacks).where(eq(feedRacks.id, rack.id));
    return rack;
  });
  audit.delete(scope.req, 'feedRack', row.name);
}
