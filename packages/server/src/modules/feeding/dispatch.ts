import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError, ErrorCodes, type DispatchStatus, type FeederDispatchRow, type FeederDispatchStatus } from '@farmsense/shared';
import type { Db, Tx } from '../../db/client.js';
import { gateways } from '../../db/tables.js';
import type { Deps } from '../../deps.js';
import { defineJob } from '../../jobs/define.js';
import type { DbOrTx } from '../../lib/limits.js';
import type { Scope } from '../../scope/index.js';
import { visiblePlan } from './plan-access.js';
import { feedingDispatches, feedingPlans } from './tables.js';

/**
 * Dispatching a plan (issue 15): one row per feeder of the plan's house (gateway types 102
 * feeder main and 103 feeder sub, enabled), status notSent until the device link sends it
 * (sending) and the feeder confirms (sent, result 1) or refuses (sent, its error code).
 * Immediate dispatch writes the rows in the request's transaction; timed dispatch is a durable job
 * at the plan's time (`feeding.dispatch`, keyed by plan and time, so a second click or a second
 * server makes one job), which survives a restart and does nothing if the plan changed since.
 */
export const FEEDER_GATEWAY_TYPES: readonly number[] = [102, 103];

type PlanRecord = typeof feedingPlans.$inferSelect;

async function feedersOf(db: DbOrTx, plan: PlanRecord): Promise<number[]> {
  const rows = await db
    .select({ id: gateways.id })
    .from(gateways)
    .where(
      and(
        eq(gateways.tenantId, plan.tenantId),
        eq(gateways.shedId, plan.shedId),
        eq(gateways.enabled, true),
        inArray(gateways.gatewayType, [...FEEDER_GATEWAY_TYPES]),
      ),
    )
    .orderBy(asc(gateways.id));
  return rows.map((r) => r.id);
}

/** A fresh copy of the plan for each feeder (the previous dispatch's rows are replaced); false when the house has none. */
async function writeDispatch(tx: Tx, plan: PlanRecord, accountId: number | null): Promise<boolean> {
  const feeders = await feedersOf(tx, plan);
  await tx.delete(feedingDispatches).where(eq(feedingDispatches.planId, plan.id));
  const status: DispatchStatus = feeders.length > 0 ? 'dispatching' : 'failed';
  await tx.update(feedingPlans).set({ dispatchStatus: status, updatedAt: new Date() }).where(eq(feedingPlans.id, plan.id));
  if (feeders.length === 0) return false;
  await tx
    .insert(feedingDispatches)
    .values(
      feeders.map((gatewayId) => ({ tenantId: plan.tenantId, planId: plan.id, gatewayId, createdBy: accountId, updatedBy: accountId })),
    );
  return true;
}

export const dispatchJob = defineJob<{ planId: number; at: number }>(
  'feeding.dispatch',
  async ({ planId, at }, { tx }) => {
    const [plan] = await tx.select().from(feedingPlans).where(eq(feedingPlans.id, planId)).for('update');
    // Deleted, edited (back to draft) or rescheduled since: this job is not the plan's any more.
    if (!plan || plan.dispatchStatus !== 'scheduled' || plan.dispatchAt?.getTime() !== at) return;
    await writeDispatch(tx, plan, null);
  },
  { attempts: 5, backoff: { baseMs: 30_000 }, timeoutMs: 60_000 },
);

/** Dispatches now (immediate, or timed whose time has come) or schedules the job; 20047 when the house has no feeder. */
export async function dispatchPlan(
  db: Db,
  deps: Pick<Deps, 'jobs'>,
  scope: Scope,
  id: number,
): Promise<{ dispatchStatus: DispatchStatus }> {
  return db.transaction(async (tx) => {
    const plan = await visiblePlan(tx, scope, id);
    const at = plan.dispatchMode === 'timed' ? (plan.dispatchAt?.getTime() ?? null) : null;
    if (at !== null && at > Date.now()) {
      if ((await feedersOf(tx, plan)).length === 0) throw new AppError(ErrorCodes.TASK_ADD_FAILED, { data: { feeders: 0 } });
      await tx
        .update(feedingPlans)
        .set({ dispatchStatus: 'scheduled', updatedAt: new Date(), updatedBy: scope.id })
        .where(eq(feedingPlans.id, plan.id));
      await deps.jobs.enqueue(dispatchJob, { planId: plan.id, at }, { runAt: new Date(at), key: `dispatch-${plan.id}-${at}`, tx });
      return { dispatchStatus: 'scheduled' };
    }
    if (!(await writeDispatch(tx, plan, scope.id))) throw new AppError(ErrorCodes.TASK_ADD_FAILED, { data: { feeders: 0 } });
    return { dispatchStatus: 'dispatching' };
  });
}

export async function feederRows(db: Db, scope: Scope, id: number): Promise<FeederDispatchRow[]> {
  const plan = await visiblePlan(db, scope, id);
  const rows = await db
    .select({ d: feedingDispatches, code: gateways.code, name: gateways.name })
    .from(feedingDispatches)
    .innerJoin(gateways, eq(gateways.id, feedingDispatches.gatewayId))
    .where(eq(feedingDispatches.planId, plan.id))
    .orderBy(asc(gateways.code));
  return rows.map(({ d, code, name }) => ({
    gatewayId: d.gatewayId,
    gatewayCode: code,
    gatewayName: name,
    // The check constraint keeps it to the three states.
    status: d.status as FeederDispatchStatus,
    result: d.result,
    attempts: d.attempts,
    sentAt: d.sentAt?.getTime() ?? null,
    updatedAt: d.updatedAt.getTime(),
  }));
}
