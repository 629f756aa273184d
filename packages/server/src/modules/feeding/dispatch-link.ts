import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCodes, type DispatchStatus } from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import { gateways, gatewayStatus } from '../../db/tables.js';
import type { Deps } from '../../deps.js';
import { publishRow, sendCommandJob, writeCommand, type OptionLogEntry, type SettledCommand } from '../control/index.js';
import { feedDevices } from './device-tables.js';
import { collector, joinFeederGateway } from './feeder-chain.js';
import { adjustedRation, adjustsOf, type BaseRation } from './meal-apply.js';
import { feedingDispatches, feedingPlanMeals, feedingPlanPens, feedingPlans, feedingPlanStages } from './tables.js';
import { mapLimit } from '../../lib/map-limit.js';

/**
 * A plan dispatch through the device link (issue 15, CONTRACT §4 cmd/ack). Each feeder's copy is
 * one control command (group `feeding`, op `setRation`) to the gateway of the feeder's
 * concentrator, written with the control core's `writeCommand` (a version per house and group,
 * the feeder's older pending copy expired, an expiry job) in the transaction that decides the
 * dispatch, and published after the commit when the gateway is online. An offline gateway gets it
 * when it comes back (control's re-send on reconnect, one chain per feeder) until it expires; the
 * ack or the expiry settles the command, and `dispatchSettled` (an onCommandSettled listener)
 * records the feeder's answer and the plan's state in the same transaction.
 *
 * The command, as the concentrator receives it:
 *   setRation {version, feederId, collector, feeder, planId, stages: [{startDay, endDay, grams}],
 *              meals: [{start, end, share}]}
 * with the collector's and feeder's bus numbers, the daily ration in g per head by day of the
 * animal's stage (the feeder counts the days itself) and the meal periods in minutes of the
 * farm's day with their share of the day's ration in %. The meal adjustments of the feeder's house
 * and pen (meal-apply.ts) change the grams and the meal periods of its copy.
 */
export const FEEDING_GROUP = 'feeding';
export const SET_RATION = 'setRation';
/** A copy nobody answered within this is failed (result 203342, device offline); retry sends it again. */
export const DISPATCH_EXPIRY_SECONDS = 6 * 3600;

type PlanRecord = typeof feedingPlans.$inferSelect;

export interface FeederTarget {
  feederId: number;
  feederNo: string;
  penId: number | null;
  collectorNo: string;
  gatewayId: number;
  gatewayCode: string;
}

/** The plan's feeders (of its pens, or of its whole house) whose concentrator's gateway is enabled. */
export async function feedersOf(tx: Tx, plan: PlanRecord, feederIds?: number[]): Promise<FeederTarget[]> {
  const penIds = (await tx.select({ id: feedingPlanPens.penId }).from(feedingPlanPens).where(eq(feedingPlanPens.planId, plan.id))).map(
    (p) => p.id,
  );
  return joinFeederGateway(
    tx
      .select({
        feederId: feedDevices.id,
        feederNo: feedDevices.deviceNo,
        penId: feedDevices.penId,
        collectorNo: collector.deviceNo,
        gatewayId: gateways.id,
        gatewayCode: gateways.code,
      })
      .from(feedDevices)
      .$dynamic(),
  )
    .where(
      and(
        eq(feedDevices.tenantId, plan.tenantId),
        eq(feedDevices.shedId, plan.shedId),
        eq(feedDevices.kind, 'feeder'),
        eq(gateways.enabled, true),
        penIds.length > 0 ? inArray(feedDevices.penId, penIds) : undefined,
        feederIds ? inArray(feedDevices.id, feederIds) : undefined,
      ),
    )
    .orderBy(asc(feedDevices.id));
}

/** What every feeder of the plan receives besides its own numbers, before the meal adjustments. */
async function rationOf(tx: Tx, plan: PlanRecord): Promise<BaseRation> {
  const [stages, meals] = await Promise.all([
    tx.select().from(feedingPlanStages).where(eq(feedingPlanStages.planId, plan.id)).orderBy(asc(feedingPlanStages.seq)),
    tx.select().from(feedingPlanMeals).where(eq(feedingPlanMeals.planId, plan.id)).orderBy(asc(feedingPlanMeals.seq)),
  ]);
  return {
    planId: plan.id,
    stages: stages.map((s) => ({ startDay: s.startDay, endDay: s.endDay, grams: s.dailyAmount })),
    meals: meals.map((m) => ({ startMinute: m.startMinute, endMinute: m.endMinute, share: m.share })),
  };
}

export interface Outgoing {
  id: string;
  version: number;
  payload: Record<string, unknown>;
  gatewayId: number;
  gatewayCode: string;
}

/**
 * Writes one command per feeder and points its dispatch row at it (inserted, or reset on a retry),
 * inside `tx`; returns what to publish after the commit. With `log` (a re-dispatch someone
 * confirmed with a code) each feeder's command gets its option-log entry, as a remote feeder
 * action does; a plan dispatch has none (audited by the feeding module).
 */
export async function writeCopies(
  tx: Tx,
  deps: Deps,
  plan: PlanRecord,
  feeders: FeederTarget[],
  accountId: number | null,
  log?: OptionLogEntry,
): Promise<Outgoing[]> {
  const [base, adjusts] = await Promise.all([rationOf(tx, plan), adjustsOf(tx, plan.shedId)]);
  const shed = { id: plan.shedId, tenantId: plan.tenantId, farmId: plan.farmId };
  const out: Outgoing[] = [];
  for (const f of feeders) {
    const payload = { feederId: f.feederId, collector: f.collectorNo, feeder: f.feederNo, ...adjustedRation(base, adjusts, f.penId) };
    const cmd = await writeCommand(tx, deps, {
      shed,
      gatewayId: f.gatewayId,
      group: FEEDING_GROUP,
      op: SET_RATION,
      payload,
      target: sql`(payload->>'feederId') = ${String(f.feederId)}`,
      expirySeconds: DISPATCH_EXPIRY_SECONDS,
      ...(log ? { log } : {}),
    });
    out.push({ id: cmd.id, version: cmd.version, payload, gatewayId: f.gatewayId, gatewayCode: f.gatewayCode });
    const now = new Date();
    const copy = {
      commandId: cmd.id,
      version: cmd.version,
      gatewayId: f.gatewayId,
      status: 'sending',
      result: null,
      sentAt: now,
      updatedAt: now,
    };
    await tx
      .insert(feedingDispatches)
      .values({
        tenantId: plan.tenantId,
        planId: plan.id,
        feederId: f.feederId,
        ...copy,
        attempts: 1,
        createdBy: accountId,
        updatedBy: accountId,
      })
      .onConflictDoUpdate({
        target: [feedingDispatches.planId, feedingDispatches.feederId],
        set: { ...copy, attempts: sql`${feedingDispatches.attempts} + 1`, updatedBy: accountId },
      });
  }
  return out;
}

/** How many copies are published at once after a dispatch commits. */
const SEND_CONCURRENCY = 16;

/** Publishes the copies whose gateway is online now (the others go on reconnect). */
export async function sendCopies(deps: Deps, copies: Outgoing[]): Promise<number> {
  if (copies.length === 0) return 0;
  const { db } = deps.database;
  const status = await db
    .select({ gatewayId: gatewayStatus.gatewayId })
    .from(gatewayStatus)
    .where(and(inArray(gatewayStatus.gatewayId, [...new Set(copies.map((c) => c.gatewayId))]), eq(gatewayStatus.online, true)));
  const online = new Set(status.map((s) => s.gatewayId));
  // Several at once (the broker's acknowledgement and the attempt's write overlap); a copy that
  // cannot be published now goes with the others on its gateway's reconnect.
  const sent = await mapLimit(
    copies.filter((c) => online.has(c.gatewayId)),
    SEND_CONCURRENCY,
    (c) => publishRow(db, deps.iot, { id: c.id, op: SET_RATION, payload: c.payload, version: c.version }, c.gatewayCode),
  );
  return sent.filter(Boolean).length;
}

/** A timed dispatch's copies (written by a job): each is published by control's send job once that job has committed. */
export async function sendLater(tx: Tx, deps: Deps, copies: Outgoing[]): Promise<void> {
  for (const c of copies) await deps.jobs.enqueue(sendCommandJob, { id: c.id }, { key: `send-${c.id}`, tx });
}

/** The plan's state from its copies: dispatching while any is pending, else dispatched, partial or failed. */
export async function settlePlan(tx: Tx, planId: number): Promise<DispatchStatus | null> {
  const [c] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${feedingDispatches.status} <> 'sent')::int`,
      confirmed: sql<number>`count(*) FILTER (WHERE ${feedingDispatches.status} = 'sent' AND ${feedingDispatches.result} = 1)::int`,
    })
    .from(feedingDispatches)
    .where(eq(feedingDispatches.planId, planId));
  if (!c || c.all === 0) return null;
  const status: DispatchStatus =
    c.pending > 0 ? 'dispatching' : c.confirmed === c.all ? 'dispatched' : c.confirmed === 0 ? 'failed' : 'partial';
  await tx
    .update(feedingPlans)
    .set({ dispatchStatus: status })
    .where(and(eq(feedingPlans.id, planId), inArray(feedingPlans.dispatchStatus, ['dispatching', 'dispatched', 'partial', 'failed'])));
  return status;
}

/** onCommandSettled: a feeder's copy confirmed (1), refused (20048) or unanswered until its expiry (203342). */
export async function dispatchSettled(tx: Tx, _deps: Deps, cmd: SettledCommand): Promise<void> {
  if (cmd.group !== FEEDING_GROUP) return;
  const result = cmd.status === 'synced' ? 1 : cmd.status === 'failed' ? ErrorCodes.SUB_DEVICE_OP_FAILED : ErrorCodes.DEVICE_OFFLINE;
  const rows = await tx
    .update(feedingDispatches)
    .set({ status: 'sent', result, updatedAt: cmd.at })
    .where(eq(feedingDispatches.commandId, cmd.id))
    .returning({ planId: feedingDispatches.planId });
  for (const planId of new Set(rows.map((r) => r.planId))) {
    // Acks of one plan's feeders settle in parallel transactions: the plan row's lock orders them,
    // so the last one counts every copy the others committed (READ COMMITTED reads anew after it).
    await tx.select({ id: feedingPlans.id }).from(feedingPlans).where(eq(feedingPlans.id, planId)).for('update');
    await settlePlan(tx, planId);
  }
}
