import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  AppError,
  belowMinimum,
  DEFAULT_MAX_STEP_G,
  ErrorCodes,
  FIRST_SPLIT_CODE,
  rationSteps,
  splitPointIssues,
  standardMinimum,
  type DispatchMode,
  type DispatchStatus,
  type Page,
  type PlanAddBody,
  type PlanPageQuery,
  type PlanRow,
  type PlanUpdateBody,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, sheds } from '../../db/tables.js';
import { joinPlaces, placeNames } from '../../lib/places.js';
import { rowExists } from '../../lib/row-exists.js';
import { lostRace } from '../../lib/db-errors.js';
import { paramError } from '../../lib/param-error.js';
import type { DbOrTx } from '../../lib/limits.js';
import { containsText } from '../../lib/text-search.js';
import { refusal, shedCondition, tenantIdOf, visibleFarm, visiblePen, visibleShed, type Scope } from '../../scope/index.js';
import { dispatchCountsOf, visiblePlan } from './plan-access.js';
import { visibleFeed } from './feeds.js';
import { standardsOf, visibleStandard } from './standards.js';
import { audit } from '../../plugins/audit-note.js';
import { feedInfos, feedingDispatches, feedingPlanMeals, feedingPlanPens, feedingPlans, feedingPlanStages } from './tables.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Feeding plans (/accurate-feeding/plan). The request schema has checked the SPEC §5 rules but
 * the first split point (203333, answered here); here the targets are checked against the scope
 * (farm 10007, house 30004, pens of that house 20094), the feeds against the tenant (30001), the
 * name against the farm (20092) and the ration steps against the plan's limit (confirmation).
 */
type PlanRecord = typeof feedingPlans.$inferSelect;

const nameTaken = (): AppError => new AppError(ErrorCodes.PLAN_NAME_EXISTS, { data: { field: 'name' } });

/** The contract rows of plans: their stages with feed names, meals, pens and dispatch counts. */
async function present(db: DbOrTx, rows: { p: PlanRecord; farmName: string; shedName: string }[]): Promise<PlanRow[]> {
  const ids = rows.map((r) => r.p.id);
  if (ids.length === 0) return [];
  const standardIds = rows.flatMap((r) => (r.p.standardId === null ? [] : [r.p.standardId]));
  const [stages, meals, pens, counts, standards] = await Promise.all([
    db
      .select({ s: feedingPlanStages, feedName: feedInfos.name, feedBatch: feedInfos.batch })
      .from(feedingPlanStages)
      .innerJoin(feedInfos, eq(feedInfos.id, feedingPlanStages.feedId))
      .where(inArray(feedingPlanStages.planId, ids))
      .orderBy(asc(feedingPlanStages.seq)),
    db.select().from(feedingPlanMeals).where(inArray(feedingPlanMeals.planId, ids)).orderBy(asc(feedingPlanMeals.seq)),
    db.select().from(feedingPlanPens).where(inArray(feedingPlanPens.planId, ids)).orderBy(asc(feedingPlanPens.penId)),
    dispatchCountsOf(db, ids),
    standardsOf(db, standardIds),
  ]);
  return rows.map(({ p, farmName, shedName }) => {
    const own = stages.filter((s) => s.s.planId === p.id);
    const standard = p.standardId === null ? undefined : standards.get(p.standardId);
    return {
      id: p.id,
      farmId: p.farmId,
      farmName,
      shedId: p.shedId,
      shedName: shedName,
      penIds: pens.filter((x) => x.planId === p.id).map((x) => x.penId),
      name: p.name,
      totalDays: p.totalDays,
      splitPoints: p.splitPoints,
      stages: own.map(({ s, feedName, feedBatch }) => ({
        startDay: s.startDay,
        endDay: s.endDay,
        feedId: s.feedId,
        feedName,
        feedBatch,
        dailyAmount: s.dailyAmount,
      })),
      meals: meals.filter((m) => m.planId === p.id).map((m) => ({ startMinute: m.startMinute, endMinute: m.endMinute, share: m.share })),
      maxStep: p.maxStep,
      steps: rationSteps(
        own.map((s) => s.s),
        p.maxStep,
      ),
      standardId: p.standardId,
      standardName: standard?.name ?? null,
      belowMinimum: standard
        ? belowMinimum(
            own.map((s) => s.s),
            standardMinimum(standard.ages),
          )
        : [],
      // The check constraints keep these to the contract's values.
      dispatchMode: p.dispatchMode as DispatchMode,
      dispatchAt: p.dispatchAt?.getTime() ?? null,
      dispatchStatus: p.dispatchStatus as DispatchStatus,
      dispatch: counts.get(p.id) ?? { feeders: 0, notSent: 0, sending: 0, sent: 0, failed: 0 },
      remark: p.remark,
      updatedAt: p.updatedAt.getTime(),
    };
  });
}

const planColumns = { p: feedingPlans, ...placeNames };

export async function planPage(db: Db, scope: Scope, q: PlanPageQuery): Promise<Page<PlanRow>> {
  const conds: (SQL | undefined)[] = [
    eq(feedingPlans.tenantId, tenantIdOf(scope)),
    shedCondition(scope, feedingPlans.farmId, feedingPlans.shedId),
  ];
  if (q.farmId !== undefined) conds.push(eq(feedingPlans.farmId, (await visibleFarm(scope, q.farmId)).id));
  if (q.shedId !== undefined) conds.push(eq(feedingPlans.shedId, (await visibleShed(scope, q.shedId)).id));
  if (q.name) conds.push(containsText(q.name, feedingPlans.name));
  if (q.dispatchStatus) conds.push(eq(feedingPlans.dispatchStatus, q.dispatchStatus));
  const { total, rows } = await readPage(db, feedingPlans, and(...conds), q, (where) =>
    joinPlaces(db.select(planColumns).from(feedingPlans).$dynamic(), feedingPlans)
      .where(where)
      .orderBy(asc(farms.farmName), asc(sheds.shedName), asc(feedingPlans.name), asc(feedingPlans.id))
      .$dynamic(),
  );
  return pageAnswer(q, total, await present(db, rows));
}

export async function planDetail(db: DbOrTx, scope: Scope, id: number): Promise<PlanRow> {
  const plan = await visiblePlan(db, scope, id);
  const rows = await joinPlaces(db.select(planColumns).from(feedingPlans).$dynamic(), feedingPlans).where(eq(feedingPlans.id, plan.id));
  return (await present(db, rows))[0]!;
}

/** The checks beyond the schema; returns the plan's step limit. */
async function checkTargets(db: DbOrTx, scope: Scope, body: PlanAddBody): Promise<{ maxStep: number }> {
  const farm = await visibleFarm(scope, body.farmId);
  await visibleShed(scope, body.shedId, { farmId: farm.id, db });
  for (const penId of body.penIds) {
    const pen = await visiblePen(scope, penId, { db, code: ErrorCodes.TARGET_PEN_NOT_FOUND_94 });
    if (pen.shedId !== body.shedId) throw refusal(scope.req, ErrorCodes.TARGET_PEN_NOT_FOUND_94, { refused: 'pen', id: penId });
  }
  const first = splitPointIssues(body.totalDays, body.splitPoints).find((i) => i.code === FIRST_SPLIT_CODE);
  if (first) throw new AppError(FIRST_SPLIT_CODE, { data: { field: 'splitPoints' } });
  for (const [i, s] of body.stages.entries()) {
    const feed = await visibleFeed(db, scope, s.feedId);
    // A feed for another animal (a broiler feed in a pig house) is a wrong pick, shown on the stage.
    if (feed.animalType !== farm.type) {
      throw paramError(`stages.${i}.feedId`, 'validation.invalid');
    }
  }
  // The standard is the tenant's (30001 otherwise); a plan below its minimum is flagged, not refused.
  if (body.standardId !== null) await visibleStandard(db, scope, body.standardId);
  const maxStep = body.maxStep ?? DEFAULT_MAX_STEP_G[farm.type] ?? 1000;
  if (!body.confirmStep && rationSteps(body.stages, maxStep).length > 0) {
    throw paramError('confirmStep', 'validation.rationStepConfirm');
  }
  return { maxStep };
}

async function assertNameFree(db: DbOrTx, farmId: number, name: string, exceptId?: number): Promise<void> {
  if (await rowExists(db, feedingPlans.id, [eq(feedingPlans.farmId, farmId), eq(feedingPlans.name, name)], exceptId)) throw nameTaken();
}

function planValues(body: PlanAddBody, maxStep: number) {
  return {
    farmId: body.farmId,
    shedId: body.shedId,
    name: body.name,
    totalDays: body.totalDays,
    splitPoints: body.splitPoints,
    maxStep,
    stepConfirmed: body.confirmStep,
    standardId: body.standardId,
    dispatchMode: body.dispatchMode,
    dispatchAt: body.dispatchMode === 'timed' ? (body.dispatchAt ?? null) : null,
    remark: body.remark ?? null,
  };
}

async function writeParts(tx: DbOrTx, tenantId: number, planId: number, body: PlanAddBody): Promise<void> {
  await tx.insert(feedingPlanStages).values(body.stages.map((s, i) => ({ tenantId, planId, seq: i + 1, ...s })));
  await tx.insert(feedingPlanMeals).values(body.meals.map((m, i) => ({ tenantId, planId, seq: i + 1, ...m })));
  if (body.penIds.length > 0) await tx.insert(feedingPlanPens).values([...new Set(body.penIds)].map((penId) => ({ planId, penId })));
}

const raced = lostRace({ feeding_plans_farm_name_uq: nameTaken });

export async function addPlan(db: Db, scope: Scope, body: PlanAddBody): Promise<{ id: number }> {
  const { maxStep } = await checkTargets(db, scope, body);
  await assertNameFree(db, body.farmId, body.name);
  const tenantId = tenantIdOf(scope);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feedingPlans)
        .values({ tenantId, ...planValues(body, maxStep), ...addedBy(scope) })
        .returning({ id: feedingPlans.id });
      await writeParts(tx, tenantId, row!.id, body);
      audit.add(scope.req, 'feedingPlan', body.name);
      return { id: row!.id };
    });
  } catch (err) {
    return raced(err);
  }
}

/** Replaces the plan; what was dispatched or scheduled is of the old plan, so it goes back to draft. */
export async function updatePlan(db: Db, scope: Scope, body: PlanUpdateBody): Promise<void> {
  const plan = await visiblePlan(db, scope, body.id);
  const { maxStep } = await checkTargets(db, scope, body);
  await assertNameFree(db, body.farmId, body.name, plan.id);
  const tenantId = tenantIdOf(scope);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(feedingPlans)
        .set({ ...planValues(body, maxStep), dispatchStatus: 'draft', ...changedBy(scope) })
        .where(eq(feedingPlans.id, plan.id));
      await tx.delete(feedingPlanStages).where(eq(feedingPlanStages.planId, plan.id));
      await tx.delete(feedingPlanMeals).where(eq(feedingPlanMeals.planId, plan.id));
      await tx.delete(feedingPlanPens).where(eq(feedingPlanPens.planId, plan.id));
      await tx.delete(feedingDispatches).where(eq(feedingDispatches.planId, plan.id));
      await writeParts(tx, tenantId, plan.id, body);
    });
  } catch (err) {
    raced(err);
  }
  // The plan's own values; its stages, meals and pens are replaced as a whole.
  const fields = ['name', 'totalDays', 'splitPoints', 'dispatchMode', 'dispatchAt', 'remark'] as const;
  audit.edit(scope.req, 'feedingPlan', plan.name, audit.changes(plan, planValues(body, maxStep), fields));
}

export async function removePlan(db: Db, scope: Scope, id: number): Promise<void> {
  const plan = await visiblePlan(db, scope, id);
  await db.delete(feedingPlans).where(eq(feedingPlans.id, plan.id));
  audit.delete(scope.req, 'feedingPlan', plan.name);
}
