import { and, asc, eq } from 'drizzle-orm';
import { AppError, ErrorCodes, type DispatchStatus, type FeederDispatchRow, type FeederDispatchStatus } from '@farmsense/shared';
import type { Db, Tx } from '../../db/client.js';
import { gateways, pens } from '../../db/tables.js';
import type { Deps } from '../../deps.js';
import { defineJob } from '../../jobs/define.js';
import type { Scope } from '../../scope/index.js';
import { withVersionRetry } from '../control/index.js';
import { feedDevices } from './device-tables.js';
import { feedersOf, sendCopies, sendLater, settlePlan, writeCopies, type Outgoing } from './dispatch-link.js';
import { visiblePlan } from './plan-access.js';
import { feedingDispatches, feedingPlans } from './tables.js';
import { changedBy } from '../../db/schema/columns.js';

/**
 * Dispatching a plan (issue 15): one copy per feeder of the plan's pens (or house), each a command
 * to the feeder's concentrator (dispatch-link.ts). A copy is sending (pending: the command waits
 * for the feeder's answer, or for its gateway to come back) until it is sent with result 1
 * (confirmed) or an error code (failed). Immediate dispatch writes the copies in the request's
 * transaction and publishes them after the commit; timed dispatch is a durable job at the plan's
 * time (`feeding.dispatch`, keyed by plan and time, so a second click or a second server makes one
 * job), which survives a restart and does nothing if the plan changed since. Failed copies can be
 * sent again (retry), each as a new version of that feeder's command.
 */
type PlanRecord = typeof feedingPlans.$inferSelect;

/** A fresh copy of the plan for each feeder (the previous dispatch's copies are replaced); null when the house has none. */
async function writeDispatch(tx: Tx, deps: Deps, plan: PlanRecord, accountId: number | null): Promise<Outgoing[] | null> {
  const feeders = await feedersOf(tx, plan);
  await tx.delete(feedingDispatches).where(eq(feedingDispatches.planId, plan.id));
  const status: DispatchStatus = feeders.length > 0 ? 'dispatching' : 'failed';
  await tx.update(feedingPlans).set({ dispatchStatus: status, updatedAt: new Date() }).where(eq(feedingPlans.id, plan.id));
  if (feeders.length === 0) return null;
  return writeCopies(tx, deps, plan, feeders, accountId);
}

export const dispatchJob = defineJob<{ planId: number; at: number }>(
  'feeding.dispatch',
  async ({ planId, at }, { tx, deps }) => {
    const [plan] = await tx.select().from(feedingPlans).where(eq(feedingPlans.id, planId)).for('update');
    // Deleted, edited (back to draft) or rescheduled since: this job is not the plan's any more.
    if (!plan || plan.dispatchStatus !== 'scheduled' || plan.dispatchAt?.getTime() !== at) return;
    const copies = await writeDispatch(tx, deps, plan, null);
    if (copies) await sendLater(tx, deps, copies);
  },
  { attempts: 5, backoff: { baseMs: 30_000 }, timeoutMs: 60_000 },
);

/** Dispatches now (immediate, or timed whose time has come) or schedules the job; 20047 when the house has no feeder. */
export async function dispatchPlan(db: Db, deps: Deps, scope: Scope, id: number): Promise<{ dispatchStatus: DispatchStatus }> {
  const written = await withVersionRetry(() =>
    db.transaction(async (tx) => {
      const plan = await visiblePlan(tx, scope, id);
      const at = plan.dispatchMode === 'timed' ? (plan.dispatchAt?.getTime() ?? null) : null;
      if (at !== null && at > Date.now()) {
        if ((await feedersOf(tx, plan)).length === 0) throw new AppError(ErrorCodes.TASK_ADD_FAILED, { data: { feeders: 0 } });
        await tx
          .update(feedingPlans)
          .set({ dispatchStatus: 'scheduled', ...changedBy(scope) })
          .where(eq(feedingPlans.id, plan.id));
        await deps.jobs.enqueue(dispatchJob, { planId: plan.id, at }, { runAt: new Date(at), key: `dispatch-${plan.id}-${at}`, tx });
        return null;
      }
      const copies = await writeDispatch(tx, deps, plan, scope.id);
      if (!copies) throw new AppError(ErrorCodes.TASK_ADD_FAILED, { data: { feeders: 0 } });
      return copies;
    }),
  );
  if (!written) return { dispatchStatus: 'scheduled' };
  await sendCopies(deps, written);
  return { dispatchStatus: 'dispatching' };
}

/** Sends the failed copies of the plan's last dispatch again; the plan is dispatching until they answer. */
export async function retryDispatch(
  db: Db,
  deps: Deps,
  scope: Scope,
  id: number,
): Promise<{ dispatchStatus: DispatchStatus; retried: number }> {
  const written = await withVersionRetry(() =>
    db.transaction(async (tx) => {
      const plan = await visiblePlan(tx, scope, id);
      const failed = await tx
        .select({ feederId: feedingDispatches.feederId, result: feedingDispatches.result, status: feedingDispatches.status })
        .from(feedingDispatches)
        .where(eq(feedingDispatches.planId, plan.id));
      const ids = failed.flatMap((r) => (r.status === 'sent' && r.result !== 1 && r.feederId !== null ? [r.feederId] : []));
      if (ids.length === 0) return { copies: [], status: plan.dispatchStatus as DispatchStatus };
      const copies = await writeCopies(tx, deps, plan, await feedersOf(tx, plan, ids), scope.id);
      return { copies, status: (await settlePlan(tx, plan.id)) ?? (plan.dispatchStatus as DispatchStatus) };
    }),
  );
  await sendCopies(deps, written.copies);
  return { dispatchStatus: written.status, retried: written.copies.length };
}

export async function feederRows(db: Db, scope: Scope, id: number): Promise<FeederDispatchRow[]> {
  const plan = await visiblePlan(db, scope, id);
  const rows = await db
    .select({ d: feedingDispatches, code: gateways.code, feederNo: feedDevices.deviceNo, feederName: feedDevices.name, pen: pens })
    .from(feedingDispatches)
    .innerJoin(gateways, eq(gateways.id, feedingDispatches.gatewayId))
    .innerJoin(feedDevices, eq(feedDevices.id, feedingDispatches.feederId))
    .leftJoin(pens, eq(pens.id, feedDevices.penId))
    .where(and(eq(feedingDispatches.planId, plan.id)))
    .orderBy(asc(feedDevices.deviceNo), asc(feedDevices.id));
  return rows.map(({ d, code, feederNo, feederName, pen }) => ({
    feederId: d.feederId!,
    feederNo,
    feederName,
    penId: pen?.id ?? null,
    penColumn: pen?.fieldColumn ?? null,
    penRow: pen?.field ?? null,
    gatewayCode: code,
    version: d.version,
    // The check constraint keeps it to the three states.
    status: d.status as FeederDispatchStatus,
    result: d.result,
    attempts: d.attempts,
    sentAt: d.sentAt?.getTime() ?? null,
    updatedAt: d.updatedAt.getTime(),
  }));
}
