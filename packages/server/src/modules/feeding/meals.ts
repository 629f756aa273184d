import { and, asc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type MealAdjustAddBody,
  type MealAdjustKind,
  type MealAdjustPageQuery,
  type MealAdjustRow,
  type MealAdjustUpdateBody,
  type Page,
  type RationUnit,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, pens, sheds } from '../../db/tables.js';
import { joinPlaces, placeNames } from '../../lib/places.js';
import { lostRace } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';
import { audit } from '../../plugins/audit-note.js';
import {
  forbidden,
  penCondition,
  refusal,
  requireFunction,
  shedCondition,
  tenantIdOf,
  visibleFarm,
  visiblePen,
  visibleShed,
  type Scope,
} from '../../scope/index.js';
import { feederStates } from './meal-feeders.js';
import { feedingMealAdjusts } from './meal-tables.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Meal adjustments per house (/accurate-feeding/meal/shed) and per pen (/field), shared
 * feeding/meal-endpoints.ts. The schema has checked the meal and ration rules; here the targets are
 * checked against the scope: the house (203334), the pen (20084 not seen, 20094 not of the house),
 * the adjustment (203335), one per house and one per pen (203337). A house's adjustment reaches
 * every pen of it, so an account limited to some pens of the house may read it but not change it
 * (10009). Each kind needs its page: the house's `accurate-feeding.meal.shed`, the pen's `.field`.
 */
export const MEAL_SHED_APP = 'accurate-feeding.meal.shed';
export const MEAL_FIELD_APP = 'accurate-feeding.meal.field';
type AdjustRecord = typeof feedingMealAdjusts.$inferSelect;

const kindOf = (a: { penId: number | null }): MealAdjustKind => (a.penId === null ? 'shed' : 'field');
const appOf = (kind: MealAdjustKind) => (kind === 'shed' ? MEAL_SHED_APP : MEAL_FIELD_APP);
const exists = (): AppError => new AppError(ErrorCodes.HOUSE_MEAL_ADJUST_EXISTS, { data: { field: 'penId' } });

/** An adjustment of a house (and pen) the caller sees, of the kind whose page it holds; else 203335. */
export async function visibleAdjust(db: DbOrTx, scope: Scope, id: number): Promise<AdjustRecord> {
  const [row] = await db
    .select()
    .from(feedingMealAdjusts)
    .where(and(eq(feedingMealAdjusts.id, id), eq(feedingMealAdjusts.tenantId, tenantIdOf(scope))));
  const no = () => refusal(scope.req, ErrorCodes.MEAL_ADJUST_NOT_FOUND, { refused: 'meal adjustment', id });
  if (!row) throw no();
  await visibleShed(scope, row.shedId, { db, code: ErrorCodes.MEAL_ADJUST_NOT_FOUND });
  if (row.penId !== null) await visiblePen(scope, row.penId, { db, code: ErrorCodes.MEAL_ADJUST_NOT_FOUND });
  requireFunction(scope.req, scope.functions, [appOf(kindOf(row))]);
  return row;
}

/** A house's adjustment reaches all its pens: not for an account that sees only some of them. */
export function assertWholeHouse(scope: Scope, a: { shedId: number; penId: number | null }): void {
  if (a.penId === null && scope.penLimits.has(a.shedId)) throw forbidden(scope.req, { refused: 'meal adjustment', shedId: a.shedId });
}

export async function mealAdjustPage(db: Db, scope: Scope, q: MealAdjustPageQuery): Promise<Page<MealAdjustRow>> {
  requireFunction(scope.req, scope.functions, [appOf(q.kind)]);
  const t = feedingMealAdjusts;
  const conds: (SQL | undefined)[] = [
    eq(t.tenantId, tenantIdOf(scope)),
    shedCondition(scope, t.farmId, t.shedId),
    penCondition(scope, t.shedId, t.penId, { houseRows: true }),
    q.kind === 'shed' ? isNull(t.penId) : isNotNull(t.penId),
  ];
  if (q.farmId !== undefined) conds.push(eq(t.farmId, (await visibleFarm(scope, q.farmId)).id));
  if (q.shedId !== undefined)
    conds.push(eq(t.shedId, (await visibleShed(scope, q.shedId, { code: ErrorCodes.HOUSE_NOT_FOUND_203334 })).id));
  const { total, rows } = await readPage(db, t, and(...conds), q, (where) =>
    joinPlaces(
      db
        .select({ a: t, ...placeNames, pen: pens })
        .from(t)
        .$dynamic(),
      t,
    )
      .leftJoin(pens, eq(pens.id, t.penId))
      .where(where)
      .orderBy(asc(farms.farmName), asc(sheds.shedName), asc(pens.fieldColumn), asc(pens.field), asc(t.id))
      .$dynamic(),
  );
  const states = await feederStates(
    db,
    rows.map((r) => r.a),
  );
  const list = rows.map(({ a, farmName, shedName, pen }) => {
    const own = states.get(a.id) ?? [];
    return {
      id: a.id,
      kind: kindOf(a),
      farmId: a.farmId,
      farmName,
      shedId: a.shedId,
      shedName,
      penId: a.penId,
      penName: pen?.name ?? null,
      penColumn: pen?.fieldColumn ?? null,
      penRow: pen?.field ?? null,
      meals: a.meals,
      // The check constraint keeps the unit to the contract's two.
      ration: a.rationUnit === null || a.rationValue === null ? null : { unit: a.rationUnit as RationUnit, value: a.rationValue },
      remark: a.remark,
      feeders: own.length,
      confirmed: own.filter((f) => f.adjusted && f.status === 'sent' && f.result === 1).length,
      updatedAt: a.updatedAt.getTime(),
    };
  });
  return pageAnswer(q, total, list);
}

/** The checks of the target beyond the schema; returns the audit name (house, or house / pen). */
async function checkTarget(db: DbOrTx, scope: Scope, body: MealAdjustAddBody): Promise<string> {
  requireFunction(scope.req, scope.functions, [appOf(kindOf(body))]);
  const farm = await visibleFarm(scope, body.farmId);
  const shed = await visibleShed(scope, body.shedId, { farmId: farm.id, db, code: ErrorCodes.HOUSE_NOT_FOUND_203334 });
  assertWholeHouse(scope, body);
  if (body.penId === null) return shed.shedName;
  const pen = await visiblePen(scope, body.penId, { db });
  if (pen.shedId !== shed.id) throw refusal(scope.req, ErrorCodes.TARGET_PEN_NOT_FOUND_94, { refused: 'pen', id: body.penId });
  return nameOf(shed.shedName, pen);
}

function values(body: MealAdjustAddBody) {
  return {
    meals: body.meals,
    rationUnit: body.ration?.unit ?? null,
    rationValue: body.ration?.value ?? null,
    remark: body.remark ?? null,
  };
}

async function assertFree(db: DbOrTx, body: MealAdjustAddBody, exceptId?: number): Promise<void> {
  const t = feedingMealAdjusts;
  const [dup] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(body.penId === null ? and(eq(t.shedId, body.shedId), isNull(t.penId)) : eq(t.penId, body.penId)));
  if (dup && dup.id !== exceptId) throw exists();
}

const raced = lostRace({ feeding_meal_adjusts_shed_uq: exists, feeding_meal_adjusts_pen_uq: exists });

export async function addMealAdjust(db: Db, scope: Scope, body: MealAdjustAddBody): Promise<{ id: number }> {
  const name = await checkTarget(db, scope, body);
  await assertFree(db, body);
  try {
    const [row] = await db
      .insert(feedingMealAdjusts)
      .values({
        tenantId: tenantIdOf(scope),
        farmId: body.farmId,
        shedId: body.shedId,
        penId: body.penId,
        ...values(body),
        ...addedBy(scope),
      })
      .returning({ id: feedingMealAdjusts.id });
    audit.add(scope.req, 'mealAdjust', name);
    return { id: row!.id };
  } catch (err) {
    return raced(err);
  }
}

/** Summaries for the operation log: the meals as HH:MM-HH:MM share, the ration as value and unit. */
const auditView = (v: { meals: AdjustRecord['meals']; rationUnit: string | null; rationValue: number | null; remark: string | null }) => ({
  meals: v.meals === null ? null : v.meals.map((m) => `${m.startMinute}-${m.endMinute}:${m.share}`).join(' '),
  ration: v.rationUnit === null ? null : `${v.rationValue} ${v.rationUnit}`,
  remark: v.remark,
});

export async function updateMealAdjust(db: Db, scope: Scope, body: MealAdjustUpdateBody): Promise<void> {
  const before = await visibleAdjust(db, scope, body.id);
  assertWholeHouse(scope, before);
  const name = await checkTarget(db, scope, body);
  await assertFree(db, body, before.id);
  try {
    await db
      .update(feedingMealAdjusts)
      .set({ farmId: body.farmId, shedId: body.shedId, penId: body.penId, ...values(body), ...changedBy(scope) })
      .where(eq(feedingMealAdjusts.id, before.id));
  } catch (err) {
    raced(err);
  }
  const was = auditView({ meals: before.meals, rationUnit: before.rationUnit, rationValue: before.rationValue, remark: before.remark });
  audit.edit(scope.req, 'mealAdjust', name, audit.changes(was, auditView(values(body)), ['meals', 'ration', 'remark']));
}

/** How the operation log names an adjustment: its house, or house / pen. */
const nameOf = (shedName: string, pen: { name: string | null; fieldColumn: number; field: number } | null): string =>
  pen === null ? shedName : `${shedName} / ${pen.name ?? `${pen.fieldColumn}-${pen.field}`}`;

export async function adjustName(db: DbOrTx, a: AdjustRecord): Promise<string | null> {
  const [row] = await db
    .select({ shedName: sheds.shedName, pen: pens })
    .from(sheds)
    .leftJoin(pens, eq(pens.id, a.penId ?? -1))
    .where(eq(sheds.id, a.shedId));
  return row ? nameOf(row.shedName, row.pen) : null;
}

export async function removeMealAdjust(db: Db, scope: Scope, id: number): Promise<void> {
  const a = await visibleAdjust(db, scope, id);
  assertWholeHouse(scope, a);
  const name = await adjustName(db, a);
  await db.delete(feedingMealAdjusts).where(eq(feedingMealAdjusts.id, a.id));
  audit.delete(scope.req, 'mealAdjust', name);
}
