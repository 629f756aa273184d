import { and, eq } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type FeederRenameBody,
  type PositionBindBody,
  type PositionMoveBody,
  type PositionUnbindBody,
} from '@farmsense/shared';
import type { Db, Tx } from '../../db/client.js';
import { lostRace } from '../../lib/db-errors.js';
import { audit } from '../../plugins/audit-note.js';
import { refusal, seesPen, seesShed, tenantIdOf, type Scope } from '../../scope/index.js';
import { feedDevices } from './device-tables.js';
import { checkFeederName } from './positions.js';
import { feedPositions, feedRacks } from './rack-tables.js';
import { changedBy } from '../../db/schema/columns.js';

/**
 * The feeder to position relation (/device-mng/feed/swq/relation; shared feeding/rack-schemas.ts
 * states the rules and codes). One statement per change inside one transaction; the partial unique
 * index on the feeder answers a racing second bind of the same feeder with 20091 too.
 */
async function visiblePosition(tx: Tx, scope: Scope, id: number) {
  const [row] = await tx
    .select({ p: feedPositions, farmId: feedRacks.farmId, penId: feedRacks.penId, rackName: feedRacks.name })
    .from(feedPositions)
    .innerJoin(feedRacks, eq(feedRacks.id, feedPositions.rackId))
    .where(and(eq(feedPositions.id, id), eq(feedPositions.tenantId, tenantIdOf(scope))));
  if (!row || !seesShed(scope, row.farmId, row.p.shedId) || !seesPen(scope, row.p.shedId, row.penId))
    throw refusal(scope.req, ErrorCodes.TARGET_POSITION_MISSING, { refused: 'feed position', id });
  return { ...row.p, penId: row.penId, rackName: row.rackName };
}

/** A feeder the caller sees (20088); a collector or concentrator is a device with sub-devices (20089). */
async function visibleFeeder(tx: Tx, scope: Scope, id: number) {
  const [row] = await tx
    .select()
    .from(feedDevices)
    .where(and(eq(feedDevices.id, id), eq(feedDevices.tenantId, tenantIdOf(scope))));
  if (!row || !seesShed(scope, row.farmId, row.shedId) || (row.penId !== null && !seesPen(scope, row.shedId, row.penId)))
    throw refusal(scope.req, ErrorCodes.DEVICE_MISSING, { refused: 'feeder', id });
  if (row.kind !== 'feeder') throw new AppError(ErrorCodes.DEVICE_HAS_SUB_DEVICES, { data: { field: 'feederId' } });
  return row;
}

type PositionRecord = Awaited<ReturnType<typeof visiblePosition>>;
type FeederRecord = Awaited<ReturnType<typeof visibleFeeder>>;

const label = (f: { name: string; deviceNo: string }) => `${f.name} (${f.deviceNo})`;

/** Places the feeder at the position and, when the position's rack is in another pen, moves the feeder there. */
async function place(tx: Tx, scope: Scope, feeder: FeederRecord, position: PositionRecord): Promise<void> {
  await tx.update(feedPositions).set({ feederId: feeder.id }).where(eq(feedPositions.id, position.id));
  if (feeder.penId !== position.penId)
    await tx
      .update(feedDevices)
      .set({ penId: position.penId, ...changedBy(scope) })
      .where(eq(feedDevices.id, feeder.id));
}

const raced = lostRace({ feed_positions_feeder_uq: () => new AppError(ErrorCodes.DEVICE_EXISTS, { data: { field: 'feederId' } }) });

export async function bindFeeder(db: Db, scope: Scope, b: PositionBindBody): Promise<void> {
  const done = await db
    .transaction(async (tx) => {
      const position = await visiblePosition(tx, scope, b.positionId);
      const feeder = await visibleFeeder(tx, scope, b.feederId);
      if (feeder.shedId !== position.shedId) throw new AppError(ErrorCodes.DEVICE_LINK_FAILED, { data: { field: 'feederId' } });
      if (position.feederId !== null) throw new AppError(ErrorCodes.DEVICE_EXISTS, { data: { field: 'positionId' } });
      const [at] = await tx.select({ no: feedPositions.positionNo }).from(feedPositions).where(eq(feedPositions.feederId, feeder.id));
      if (at) throw new AppError(ErrorCodes.DEVICE_EXISTS, { data: { field: 'feederId', positionNo: at.no } });
      await place(tx, scope, feeder, position);
      return { feeder, position };
    })
    .catch(raced);
  audit.edit(scope.req, 'device', label(done.feeder), [{ field: 'positionNo', before: null, after: done.position.positionNo }]);
}

export async function unbindFeeder(db: Db, scope: Scope, b: PositionUnbindBody): Promise<void> {
  const done = await db.transaction(async (tx) => {
    const position = await visiblePosition(tx, scope, b.positionId);
    if (position.feederId === null) throw new AppError(ErrorCodes.PEN_EMPTY, { data: { field: 'positionId' } });
    // Another feeder stands there now (the screen was stale): nothing is unbound.
    if (position.feederId !== b.feederId) throw new AppError(ErrorCodes.DEVICE_UNBIND_FAILED, { data: { field: 'feederId' } });
    const feeder = await visibleFeeder(tx, scope, position.feederId);
    await tx.update(feedPositions).set({ feederId: null }).where(eq(feedPositions.id, position.id));
    return { feeder, position };
  });
  audit.edit(scope.req, 'device', label(done.feeder), [{ field: 'positionNo', before: done.position.positionNo, after: null }]);
}

export async function moveFeeder(db: Db, scope: Scope, b: PositionMoveBody): Promise<void> {
  const done = await db
    .transaction(async (tx) => {
      const from = await visiblePosition(tx, scope, b.positionId);
      if (from.feederId === null) throw new AppError(ErrorCodes.PEN_EMPTY, { data: { field: 'positionId' } });
      const to = await visiblePosition(tx, scope, b.toPositionId);
      if (to.shedId !== from.shedId) throw new AppError(ErrorCodes.DEVICE_LINK_FAILED, { data: { field: 'toPositionId' } });
      if (to.feederId !== null) throw new AppError(ErrorCodes.DEVICE_EXISTS, { data: { field: 'toPositionId' } });
      const feeder = await visibleFeeder(tx, scope, from.feederId);
      await tx.update(feedPositions).set({ feederId: null }).where(eq(feedPositions.id, from.id));
      await place(tx, scope, feeder, to);
      return { feeder, from, to };
    })
    .catch(raced);
  audit.edit(scope.req, 'device', label(done.feeder), [{ field: 'positionNo', before: done.from.positionNo, after: done.to.positionNo }]);
}

export async function renameFeeder(db: Db, scope: Scope, b: FeederRenameBody): Promise<void> {
  const before = await db.transaction(async (tx) => {
    const feeder = await visibleFeeder(tx, scope, b.feederId);
    await checkFeederName(tx, feeder.shedId, feeder.id, b.name);
    await tx
      .update(feedDevices)
      .set({ name: b.name, ...changedBy(scope) })
      .where(eq(feedDevices.id, feeder.id));
    return feeder;
  });
  audit.edit(scope.req, 'device', `${b.name} (${before.deviceNo})`, audit.changes(before, { name: b.name }));
}
