import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type FeedInfoPageQuery,
  type FeedInfoRow,
  type FeedListQuery,
  type FeedOption,
  type FeedTypePageQuery,
  type FeedTypeRow,
  type FeedUnit,
  type Page,
  feedInfoAddBody,
  feedTypeAddBody,
} from '@farmsense/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { lostRace } from '../../lib/db-errors.js';
import { rowExists } from '../../lib/row-exists.js';
import type { DbOrTx } from '../../lib/limits.js';
import { containsText } from '../../lib/text-search.js';
import { refusal, tenantIdOf, type Scope } from '../../scope/index.js';
import { feedInfos, feedingPlanStages, feedTypes } from './tables.js';
import { audit } from '../../plugins/audit-note.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Feed types and feed info: the tenant's catalogue (shared feeding/schemas.ts). A type or feed of
 * another tenant, or none, is 30001 alike. Duplicates are checked first and again by the unique
 * indexes (a racing insert answers the same code).
 */
type FeedTypeBody = z.output<typeof feedTypeAddBody>;
type FeedInfoBody = z.output<typeof feedInfoAddBody>;

const taken = (code: number, field: string): AppError => new AppError(code, { data: { field } });
const raced = lostRace({
  feed_types_tenant_name_uq: () => taken(ErrorCodes.FEED_TYPE_DUPLICATE, 'name'),
  feed_infos_tenant_name_uq: () => taken(ErrorCodes.FEED_INFO_NAME_EXISTS, 'name'),
  feed_infos_tenant_batch_uq: () => taken(ErrorCodes.BATCH_DUPLICATE, 'batch'),
});

async function visibleType(db: DbOrTx, scope: Scope, id: number): Promise<typeof feedTypes.$inferSelect> {
  const [row] = await db
    .select()
    .from(feedTypes)
    .where(and(eq(feedTypes.id, id), eq(feedTypes.tenantId, tenantIdOf(scope))));
  if (!row) throw refusal(scope.req, ErrorCodes.DATA_NOT_FOUND, { refused: 'feed type', id });
  return row;
}

/** A feed of the caller's tenant, or 30001. */
export async function visibleFeed(db: DbOrTx, scope: Scope, id: number): Promise<typeof feedInfos.$inferSelect> {
  const [row] = await db
    .select()
    .from(feedInfos)
    .where(and(eq(feedInfos.id, id), eq(feedInfos.tenantId, tenantIdOf(scope))));
  if (!row) throw refusal(scope.req, ErrorCodes.DATA_NOT_FOUND, { refused: 'feed info', id });
  return row;
}

export async function typePage(db: Db, scope: Scope, q: FeedTypePageQuery): Promise<Page<FeedTypeRow>> {
  const conds: SQL[] = [eq(feedTypes.tenantId, tenantIdOf(scope))];
  if (q.name) conds.push(containsText(q.name, feedTypes.name));
  const { total, rows } = await readPage(db, feedTypes, and(...conds), q, (where) =>
    db
      .select({ t: feedTypes, infoCount: count(feedInfos.id) })
      .from(feedTypes)
      .leftJoin(feedInfos, eq(feedInfos.typeId, feedTypes.id))
      .where(where)
      .groupBy(feedTypes.id)
      .orderBy(asc(feedTypes.name), asc(feedTypes.id))
      .$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map(({ t, infoCount }) => ({ id: t.id, name: t.name, remark: t.remark, infoCount, updatedAt: t.updatedAt.getTime() })),
  );
}

export async function typeList(db: Db, scope: Scope): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: feedTypes.id, name: feedTypes.name })
    .from(feedTypes)
    .where(eq(feedTypes.tenantId, tenantIdOf(scope)))
    .orderBy(asc(feedTypes.name), asc(feedTypes.id));
}

async function assertTypeNameFree(db: DbOrTx, scope: Scope, name: string, exceptId?: number): Promise<void> {
  if (await rowExists(db, feedTypes.id, [eq(feedTypes.tenantId, tenantIdOf(scope)), eq(feedTypes.name, name)], exceptId))
    throw taken(ErrorCodes.FEED_TYPE_DUPLICATE, 'name');
}

export async function addType(db: Db, scope: Scope, body: FeedTypeBody): Promise<{ id: number }> {
  await assertTypeNameFree(db, scope, body.name);
  try {
    const [row] = await db
      .insert(feedTypes)
      .values({ tenantId: tenantIdOf(scope), name: body.name, remark: body.remark ?? null, ...addedBy(scope) })
      .returning({ id: feedTypes.id });
    audit.add(scope.req, 'feedType', body.name);
    return { id: row!.id };
  } catch (err) {
    return raced(err);
  }
}

export async function updateType(db: Db, scope: Scope, body: FeedTypeBody & { id: number }): Promise<void> {
  const type = await visibleType(db, scope, body.id);
  await assertTypeNameFree(db, scope, body.name, type.id);
  try {
    await db
      .update(feedTypes)
      .set({ name: body.name, remark: body.remark ?? null, ...changedBy(scope) })
      .where(eq(feedTypes.id, type.id));
  } catch (err) {
    raced(err);
  }
  audit.edit(scope.req, 'feedType', type.name, audit.changes(type, { name: body.name, remark: body.remark ?? null }));
}

export async function removeType(db: Db, scope: Scope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const type = await visibleType(tx, scope, id);
    const [used] = await tx.select({ n: count() }).from(feedInfos).where(eq(feedInfos.typeId, type.id));
    if ((used?.n ?? 0) > 0) throw new AppError(ErrorCodes.FEED_RECORD_IN_USE, { data: { feedInfos: used!.n } });
    await tx.delete(feedTypes).where(eq(feedTypes.id, type.id));
    audit.delete(scope.req, 'feedType', type.name);
  });
}

function presentInfo(f: typeof feedInfos.$inferSelect, typeName: string, planUses: number): FeedInfoRow {
  return {
    id: f.id,
    typeId: f.typeId,
    typeName,
    name: f.name,
    batch: f.batch,
    formulaRatio: f.formulaRatio,
    weight: f.weight,
    // The check constraint keeps it to the two units.
    unit: f.unit as FeedUnit,
    price: f.price,
    priceUnit: f.priceUnit,
    animalType: f.animalType,
    remark: f.remark,
    planUses,
    updatedAt: f.updatedAt.getTime(),
  };
}

export async function infoPage(db: Db, scope: Scope, q: FeedInfoPageQuery): Promise<Page<FeedInfoRow>> {
  const conds: SQL[] = [eq(feedInfos.tenantId, tenantIdOf(scope))];
  if (q.name) conds.push(containsText(q.name, feedInfos.name, feedInfos.batch));
  if (q.typeId !== undefined) conds.push(eq(feedInfos.typeId, q.typeId));
  if (q.animalType !== undefined) conds.push(eq(feedInfos.animalType, q.animalType));
  const { total, rows } = await readPage(db, feedInfos, and(...conds), q, (where) =>
    db
      .select({ f: feedInfos, typeName: feedTypes.name, planUses: count(feedingPlanStages.id) })
      .from(feedInfos)
      .innerJoin(feedTypes, eq(feedTypes.id, feedInfos.typeId))
      .leftJoin(feedingPlanStages, eq(feedingPlanStages.feedId, feedInfos.id))
      .where(where)
      .groupBy(feedInfos.id, feedTypes.name)
      .orderBy(asc(feedInfos.name), asc(feedInfos.id))
      .$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map(({ f, typeName, planUses }) => presentInfo(f, typeName, planUses)),
  );
}

export async function infoList(db: Db, scope: Scope, q: FeedListQuery): Promise<FeedOption[]> {
  const conds: SQL[] = [eq(feedInfos.tenantId, tenantIdOf(scope))];
  if (q.animalType !== undefined) conds.push(eq(feedInfos.animalType, q.animalType));
  return db
    .select({ id: feedInfos.id, name: feedInfos.name, batch: feedInfos.batch, typeName: feedTypes.name, animalType: feedInfos.animalType })
    .from(feedInfos)
    .innerJoin(feedTypes, eq(feedTypes.id, feedInfos.typeId))
    .where(and(...conds))
    .orderBy(asc(feedInfos.name), asc(feedInfos.batch), asc(feedInfos.id));
}

async function assertInfoFree(db: DbOrTx, scope: Scope, body: FeedInfoBody, exceptId?: number): Promise<void> {
  for (const [column, value, code, field] of [
    [feedInfos.name, body.name, ErrorCodes.FEED_INFO_NAME_EXISTS, 'name'],
    [feedInfos.batch, body.batch, ErrorCodes.BATCH_DUPLICATE, 'batch'],
  ] as const) {
    if (await rowExists(db, feedInfos.id, [eq(feedInfos.tenantId, tenantIdOf(scope)), eq(column, value)], exceptId))
      throw taken(code, field);
  }
}

const infoValues = (body: FeedInfoBody) => ({
  typeId: body.typeId,
  name: body.name,
  batch: body.batch,
  formulaRatio: body.formulaRatio ?? null,
  weight: body.weight,
  unit: body.unit,
  price: body.price,
  priceUnit: body.priceUnit ?? null,
  animalType: body.animalType,
  remark: body.remark ?? null,
});

export async function addInfo(db: Db, scope: Scope, body: FeedInfoBody): Promise<{ id: number }> {
  await visibleType(db, scope, body.typeId);
  await assertInfoFree(db, scope, body);
  try {
    const [row] = await db
      .insert(feedInfos)
      .values({ tenantId: tenantIdOf(scope), ...infoValues(body), ...addedBy(scope) })
      .returning({ id: feedInfos.id });
    audit.add(scope.req, 'feed', body.name);
    return { id: row!.id };
  } catch (err) {
    return raced(err);
  }
}

export async function updateInfo(db: Db, scope: Scope, body: FeedInfoBody & { id: number }): Promise<void> {
  const feed = await visibleFeed(db, scope, body.id);
  const type = await visibleType(db, scope, body.typeId);
  await assertInfoFree(db, scope, body, feed.id);
  try {
    await db
      .update(feedInfos)
      .set({ ...infoValues(body), ...changedBy(scope) })
      .where(eq(feedInfos.id, feed.id));
  } catch (err) {
    raced(err);
  }
  // The feed type by name, not id.
  const { typeId: _typeId, ...values } = infoValues(body);
  const wasType = feed.typeId === type.id ? type.name : (await visibleType(db, scope, feed.typeId)).name;
  audit.edit(scope.req, 'feed', feed.name, audit.changes({ ...feed, type: wasType }, { ...values, type: type.name }));
}

export async function removeInfo(db: Db, scope: Scope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const feed = await visibleFeed(tx, scope, id);
    const [used] = await tx.select({ n: count() }).from(feedingPlanStages).where(eq(feedingPlanStages.feedId, feed.id));
    if ((used?.n ?? 0) > 0) throw new AppError(ErrorCodes.FEED_RECORD_IN_USE, { data: { planStages: used!.n } });
    await tx.delete(feedInfos).where(eq(feedInfos.id, feed.id));
    audit.delete(scope.req, 'feed', feed.name);
  });
}
