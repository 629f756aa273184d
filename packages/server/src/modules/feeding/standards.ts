import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type Page,
  type PenFeedingType,
  type StandardAddBody,
  type StandardFactor,
  type StandardOption,
  type StandardPageQuery,
  type StandardRow,
  type StandardUpdateBody,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { lostRace } from '../../lib/db-errors.js';
import { rowExists } from '../../lib/row-exists.js';
import type { DbOrTx } from '../../lib/limits.js';
import { containsText } from '../../lib/text-search.js';
import { refusal, tenantIdOf, type Scope } from '../../scope/index.js';
import { feedingPlans, feedingStandardAdjustments, feedingStandardAges, feedingStandards } from './tables.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Feeding standards (/std/mgn): the tenant's daily amounts by day age per pen feeding type and
 * breed, with their adjustments (shared feeding/standard-rules.ts; the request schema has checked
 * them). A standard of another tenant, or none, is 30001; a name used in the tenant 10010, checked
 * first and again by the unique index; a standard a plan follows cannot be deleted (20036).
 */
type StandardRecord = typeof feedingStandards.$inferSelect;

const nameTaken = (): AppError => new AppError(ErrorCodes.NAME_EXISTS, { data: { field: 'name' } });

const raced = lostRace({ feeding_standards_tenant_name_uq: nameTaken });

/** A standard of the caller's tenant, or 30001. */
export async function visibleStandard(db: DbOrTx, scope: Scope, id: number): Promise<StandardRecord> {
  const [row] = await db
    .select()
    .from(feedingStandards)
    .where(and(eq(feedingStandards.id, id), eq(feedingStandards.tenantId, tenantIdOf(scope))));
  if (!row) throw refusal(scope.req, ErrorCodes.DATA_NOT_FOUND, { refused: 'feeding standard', id });
  return row;
}

/** The age rows of standards, by standard id, in order. */
export async function standardAgesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, StandardRow['ages']>> {
  const out = new Map<number, StandardRow['ages']>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(feedingStandardAges)
    .where(inArray(feedingStandardAges.standardId, [...ids]))
    .orderBy(asc(feedingStandardAges.seq));
  for (const r of rows) {
    const list = out.get(r.standardId) ?? [];
    list.push({ startDay: r.startDay, endDay: r.endDay, minAmount: r.minAmount, dailyAmount: r.dailyAmount, maxAmount: r.maxAmount });
    out.set(r.standardId, list);
  }
  return out;
}

/** The name and age rows of standards, by id (the plans' below-minimum flags). */
export async function standardsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, { name: string; ages: StandardRow['ages'] }>> {
  const out = new Map<number, { name: string; ages: StandardRow['ages'] }>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const [rows, ages] = await Promise.all([
    db.select({ id: feedingStandards.id, name: feedingStandards.name }).from(feedingStandards).where(inArray(feedingStandards.id, unique)),
    standardAgesOf(db, unique),
  ]);
  for (const r of rows) out.set(r.id, { name: r.name, ages: ages.get(r.id) ?? [] });
  return out;
}

async function present(db: DbOrTx, rows: StandardRecord[]): Promise<StandardRow[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [ages, adjustments, uses] = await Promise.all([
    standardAgesOf(db, ids),
    db
      .select()
      .from(feedingStandardAdjustments)
      .where(inArray(feedingStandardAdjustments.standardId, ids))
      .orderBy(asc(feedingStandardAdjustments.seq)),
    db
      .select({ id: feedingPlans.standardId, n: count() })
      .from(feedingPlans)
      .where(inArray(feedingPlans.standardId, ids))
      .groupBy(feedingPlans.standardId),
  ]);
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    // The check constraints keep these to the contract's values.
    penFeedingType: s.penFeedingType as PenFeedingType,
    breed: s.breed,
    excessRatio: s.excessRatio,
    ages: ages.get(s.id) ?? [],
    adjustments: adjustments
      .filter((a) => a.standardId === s.id)
      .map((a) => ({ factor: a.factor as StandardFactor, from: a.from, to: a.to, percent: a.percent })),
    remark: s.remark,
    planUses: uses.find((u) => u.id === s.id)?.n ?? 0,
    updatedAt: s.updatedAt.getTime(),
  }));
}

export async function standardPage(db: Db, scope: Scope, q: StandardPageQuery): Promise<Page<StandardRow>> {
  const conds: SQL[] = [eq(feedingStandards.tenantId, tenantIdOf(scope))];
  if (q.name) conds.push(containsText(q.name, feedingStandards.name, feedingStandards.breed));
  if (q.penFeedingType) conds.push(eq(feedingStandards.penFeedingType, q.penFeedingType));
  const { total, rows } = await readPage(db, feedingStandards, and(...conds), q, (where) =>
    db.select().from(feedingStandards).where(where).orderBy(asc(feedingStandards.name), asc(feedingStandards.id)).$dynamic(),
  );
  return pageAnswer(q, total, await present(db, rows));
}

export async function standardList(db: Db, scope: Scope): Promise<StandardOption[]> {
  const rows = await db
    .select({
      id: feedingStandards.id,
      name: feedingStandards.name,
      penFeedingType: feedingStandards.penFeedingType,
      breed: feedingStandards.breed,
    })
    .from(feedingStandards)
    .where(eq(feedingStandards.tenantId, tenantIdOf(scope)))
    .orderBy(asc(feedingStandards.name), asc(feedingStandards.id));
  return rows.map((r) => ({ ...r, penFeedingType: r.penFeedingType as PenFeedingType }));
}

async function assertNameFree(db: DbOrTx, scope: Scope, name: string, exceptId?: number): Promise<void> {
  if (
    await rowExists(db, feedingStandards.id, [eq(feedingStandards.tenantId, tenantIdOf(scope)), eq(feedingStandards.name, name)], exceptId)
  )
    throw nameTaken();
}

const standardValues = (body: StandardAddBody) => ({
  name: body.name,
  penFeedingType: body.penFeedingType,
  breed: body.breed,
  excessRatio: body.excessRatio,
  remark: body.remark ?? null,
});

async function writeParts(tx: DbOrTx, tenantId: number, standardId: number, body: StandardAddBody): Promise<void> {
  await tx.insert(feedingStandardAges).values(body.ages.map((a, i) => ({ tenantId, standardId, seq: i + 1, ...a })));
  if (body.adjustments.length > 0)
    await tx.insert(feedingStandardAdjustments).values(body.adjustments.map((a, i) => ({ tenantId, standardId, seq: i + 1, ...a })));
}

export async function addStandard(db: Db, scope: Scope, body: StandardAddBody): Promise<{ id: number }> {
  await assertNameFree(db, scope, body.name);
  const tenantId = tenantIdOf(scope);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feedingStandards)
        .values({ tenantId, ...standardValues(body), ...addedBy(scope) })
        .returning({ id: feedingStandards.id });
      await writeParts(tx, tenantId, row!.id, body);
      return { id: row!.id };
    });
  } catch (err) {
    return raced(err);
  }
}

/** Replaces the standard with its ages and adjustments; the plans that follow it are flagged against the new one. */
export async function updateStandard(db: Db, scope: Scope, body: StandardUpdateBody): Promise<void> {
  const standard = await visibleStandard(db, scope, body.id);
  await assertNameFree(db, scope, body.name, standard.id);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(feedingStandards)
        .set({ ...standardValues(body), ...changedBy(scope) })
        .where(eq(feedingStandards.id, standard.id));
      await tx.delete(feedingStandardAges).where(eq(feedingStandardAges.standardId, standard.id));
      await tx.delete(feedingStandardAdjustments).where(eq(feedingStandardAdjustments.standardId, standard.id));
      await writeParts(tx, standard.tenantId, standard.id, body);
    });
  } catch (err) {
    raced(err);
  }
}

export async function removeStandard(db: Db, scope: Scope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const standard = await visibleStandard(tx, scope, id);
    const [used] = await tx.select({ n: count() }).from(feedingPlans).where(eq(feedingPlans.standardId, standard.id));
    if ((used?.n ?? 0) > 0) throw new AppError(ErrorCodes.FEED_RECORD_IN_USE, { data: { plans: used!.n } });
    await tx.delete(feedingStandards).where(eq(feedingStandards.id, standard.id));
  });
}
