import { and, asc, count, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type ColumnAnswer,
  type ColumnPen,
  type FeederPlaceRow,
  type Page,
  type PositionFeeder,
  type PositionHouseQuery,
  type PositionPageQuery,
  type PositionRow,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import type { DbOrTx } from '../../lib/limits.js';
import { pens } from '../../db/tables.js';
import { containsText } from '../../lib/text-search.js';
import { penCondition, refusal, seesPen, tenantIdOf, visiblePen, visibleShed, type Scope } from '../../scope/index.js';
import { feedDevices } from './device-tables.js';
import { collector } from './feeder-chain.js';
import { feedPositions, feedRacks } from './rack-tables.js';
import { visibleRack } from './racks.js';
import { onePage } from '../../lib/paging.js';

/**
 * Where each feeder of a house stands: the column view (/device-mng/feed/swq/column) and the
 * position list of the relation screen (/device-mng/feed/swq/relation); the writes are in
 * position-writes.ts. A house not seen is 30004, a pen not of it 20084, a rack 200331.
 */

const feederColumns = {
  id: feedDevices.id,
  deviceNo: feedDevices.deviceNo,
  name: feedDevices.name,
  collectorName: collector.name,
  penId: feedDevices.penId,
};
type FeederCols = { id: number | null; deviceNo: string | null; name: string | null; collectorName: string | null; penId: number | null };
const feederOf = (f: FeederCols): PositionFeeder | null =>
  f.id === null ? null : { id: f.id, deviceNo: f.deviceNo ?? '', name: f.name ?? '', collectorName: f.collectorName, penId: f.penId ?? 0 };

/** The house, and the pen and rack a query names, checked against it. */
async function houseFilter(db: Db, scope: Scope, q: { shedId: number; penId?: number; rackId?: number }) {
  const shed = await visibleShed(scope, q.shedId, { db });
  if (q.penId !== undefined) {
    const pen = await visiblePen(scope, q.penId, { db });
    if (pen.shedId !== shed.id) throw refusal(scope.req, ErrorCodes.TARGET_PEN_NOT_FOUND, { refused: 'pen', id: q.penId });
  }
  if (q.rackId !== undefined) {
    const rack = await visibleRack(db, scope, q.rackId);
    if (rack.shedId !== shed.id) throw refusal(scope.req, ErrorCodes.TARGET_COLUMN_MISSING, { refused: 'feed rack', id: q.rackId });
  }
  return shed;
}

export async function columnView(db: Db, scope: Scope, q: PositionHouseQuery): Promise<ColumnAnswer> {
  const shed = await houseFilter(db, scope, q);
  const rackConds: (SQL | undefined)[] = [eq(feedRacks.shedId, shed.id), penCondition(scope, feedRacks.shedId, feedRacks.penId)];
  if (q.penId) rackConds.push(eq(feedRacks.penId, q.penId));
  if (q.rackId) rackConds.push(eq(feedRacks.id, q.rackId));
  const penConds: (SQL | undefined)[] = [eq(pens.shedId, shed.id), penCondition(scope, pens.shedId, pens.id)];
  if (q.penId) penConds.push(eq(pens.id, q.penId));
  const [penRows, placed, loose] = await Promise.all([
    db
      .select()
      .from(pens)
      .where(and(...penConds))
      .orderBy(asc(pens.fieldColumn), asc(pens.field), asc(pens.id)),
    db
      .select({ rack: feedRacks, p: feedPositions, f: feederColumns })
      .from(feedPositions)
      .innerJoin(feedRacks, eq(feedRacks.id, feedPositions.rackId))
      .leftJoin(feedDevices, eq(feedDevices.id, feedPositions.feederId))
      .leftJoin(collector, eq(collector.id, feedDevices.parentId))
      .where(and(...rackConds))
      .orderBy(asc(feedRacks.startNo), asc(feedRacks.id), asc(feedPositions.positionNo)),
    // Feeders of the house at no position (the rack filter shows placed ones only).
    q.rackId
      ? Promise.resolve([])
      : db
          .select(feederColumns)
          .from(feedDevices)
          .leftJoin(collector, eq(collector.id, feedDevices.parentId))
          .leftJoin(feedPositions, eq(feedPositions.feederId, feedDevices.id))
          .where(and(eq(feedDevices.shedId, shed.id), eq(feedDevices.kind, 'feeder'), isNull(feedPositions.id)))
          .orderBy(asc(feedDevices.deviceNo)),
  ]);
  const byPen = new Map<number, ColumnPen>(
    penRows.map((p) => [p.id, { penId: p.id, penColumn: p.fieldColumn, penRow: p.field, racks: [], unplaced: [] }]),
  );
  let positions = 0;
  let bound = 0;
  for (const r of placed) {
    const pen = byPen.get(r.rack.penId);
    if (!pen) continue;
    let rack = pen.racks.find((k) => k.id === r.rack.id);
    if (!rack) pen.racks.push((rack = { id: r.rack.id, name: r.rack.name, positions: [] }));
    const feeder = feederOf(r.f);
    rack.positions.push({ id: r.p.id, positionNo: r.p.positionNo, feeder });
    positions++;
    if (feeder) bound++;
  }
  let unplaced = 0;
  for (const f of loose) {
    const feeder = feederOf(f);
    const pen = feeder && byPen.get(feeder.penId);
    if (!feeder || !pen) continue;
    pen.unplaced.push(feeder);
    unplaced++;
  }
  const shown = [...byPen.values()].filter((p) => !q.rackId || p.racks.length > 0);
  return { shedId: shed.id, shedName: shed.shedName ?? '', pens: shown, positions, bound, unplaced };
}

export async function positionPage(db: Db, scope: Scope, q: PositionPageQuery): Promise<Page<PositionRow>> {
  const shed = await houseFilter(db, scope, q);
  const conds: (SQL | undefined)[] = [
    eq(feedPositions.tenantId, tenantIdOf(scope)),
    eq(feedPositions.shedId, shed.id),
    penCondition(scope, feedRacks.shedId, feedRacks.penId),
  ];
  if (q.penId) conds.push(eq(feedRacks.penId, q.penId));
  if (q.state === 'bound') conds.push(isNotNull(feedPositions.feederId));
  if (q.state === 'empty') conds.push(isNull(feedPositions.feederId));
  if (q.name) conds.push(containsText(q.name, feedDevices.name, feedDevices.deviceNo, feedRacks.name));
  const where = and(...conds);
  const base = () =>
    db
      .select({ p: feedPositions, rack: feedRacks, penColumn: pens.fieldColumn, penRow: pens.field, f: feederColumns })
      .from(feedPositions)
      .innerJoin(feedRacks, eq(feedRacks.id, feedPositions.rackId))
      .innerJoin(pens, eq(pens.id, feedRacks.penId))
      .leftJoin(feedDevices, eq(feedDevices.id, feedPositions.feederId))
      .leftJoin(collector, eq(collector.id, feedDevices.parentId));
  const [rows, [total]] = await Promise.all([
    onePage(base().where(where).orderBy(asc(feedPositions.positionNo)).$dynamic(), q),
    db
      .select({ n: count() })
      .from(feedPositions)
      .innerJoin(feedRacks, eq(feedRacks.id, feedPositions.rackId))
      .leftJoin(feedDevices, eq(feedDevices.id, feedPositions.feederId))
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.p.id,
      positionNo: r.p.positionNo,
      rackId: r.rack.id,
      rackName: r.rack.name,
      penId: r.rack.penId,
      penColumn: r.penColumn,
      penRow: r.penRow,
      feeder: feederOf(r.f),
    })),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** A house's feeders with where each stands, for the bind dialog (a pen filter keeps that pen's). */
export async function feederPlaces(db: Db, scope: Scope, q: PositionHouseQuery): Promise<FeederPlaceRow[]> {
  const shed = await houseFilter(db, scope, q);
  const conds: (SQL | undefined)[] = [eq(feedDevices.shedId, shed.id), eq(feedDevices.kind, 'feeder')];
  if (q.penId) conds.push(eq(feedDevices.penId, q.penId));
  const rows = await db
    .select({ f: feederColumns, positionId: feedPositions.id, positionNo: feedPositions.positionNo })
    .from(feedDevices)
    .leftJoin(collector, eq(collector.id, feedDevices.parentId))
    .leftJoin(feedPositions, eq(feedPositions.feederId, feedDevices.id))
    .where(and(...conds))
    .orderBy(asc(feedDevices.deviceNo), asc(feedDevices.id));
  return rows.flatMap((r) => {
    const f = feederOf(r.f);
    return f && seesPen(scope, shed.id, f.penId) ? [{ ...f, positionId: r.positionId, positionNo: r.positionNo }] : [];
  });
}

/** 20087 when another feeder of the house carries the name. */
export async function checkFeederName(db: DbOrTx, shedId: number, feederId: number, name: string): Promise<void> {
  const [other] = await db
    .select({ id: feedDevices.id })
    .from(feedDevices)
    .where(and(eq(feedDevices.shedId, shedId), eq(feedDevices.kind, 'feeder'), eq(feedDevices.name, name), ne(feedDevices.id, feederId)))
    .limit(1);
  if (other) throw new AppError(ErrorCodes.DEVICE_RENAME_FAILED, { data: { field: 'name' } });
}
