import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  propertyMatches,
  step,
  type AlarmOperator,
  type ConditionState,
  type LimitKind,
  type Limits,
  type LiveAlarm,
  type RateDirection,
} from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { farms, gateways, sheds } from '../../db/tables.js';
import { telemetryHistory } from '../telemetry/index.js';
import { shedContext, type ShedContext } from './context.js';
import { judge, RateWindows, type ReadingFacts, type Rule } from './judge.js';
import { planPush } from './push/plan.js';
import { alarmConditions, alarmProgress, alarmRuleGroups, alarmRules, alarmRuleStages, alarms } from './tables.js';

/**
 * Limit and rate-of-change rules against committed readings (DESIGN.md §3; judge.ts). One call evaluates one gateway's
 * readings in time order, in one transaction: the conditions (pending breach, newest reading seen)
 * and the live alarms are read, run through the state machine (shared alarms/logic.ts), and the
 * raises, clears, peaks, conditions and the gateway's progress are written together. A reading
 * not newer than the newest one seen changes nothing, and the partial unique index on live alarms
 * makes a raise that another process got to first a no-op: evaluating a reading twice (a
 * redelivery, the catch-up job, two processes) never raises twice. Alarm events go to the live
 * hub after the commit.
 */
export interface GatewayRef {
  id: number;
  code: string;
  tenantId: number;
  farmId: number | null;
  shedId: number | null;
  timeZone: string;
}

/** The columns of a `GatewayRef`, for a select from gateways joined with their farm. */
export const gatewayRefColumns = {
  id: gateways.id,
  code: gateways.code,
  tenantId: gateways.tenantId,
  farmId: gateways.farmId,
  shedId: gateways.shedId,
  timeZone: farms.timeZone,
};

export interface Reading {
  ts: number;
  values: Readonly<Record<string, number>>;
}

interface Live {
  id: number;
  peak: number | null;
  acknowledged: boolean;
}

interface Slot {
  rule: Rule;
  key: string;
  state: ConditionState;
  live: Live | null;
  touched: boolean;
}

/** The enabled limit and rate-of-change rules (of enabled groups) of the gateway's shed, with their stages. */
async function thresholdRules(tx: Tx, gw: GatewayRef, shedId: number): Promise<Rule[]> {
  const rows = await tx
    .select({
      id: alarmRules.id,
      name: alarmRules.name,
      kind: alarmRules.kind,
      property: alarmRules.property,
      operator: alarmRules.operator,
      level: alarmRules.level,
      message: alarmRules.message,
      durationSec: alarmRules.durationSec,
      deadband: alarmRules.deadband,
      direction: alarmRules.rateDirection,
      rateAmount: alarmRules.rateAmount,
      windowMinutes: alarmRules.windowMinutes,
    })
    .from(alarmRules)
    .innerJoin(alarmRuleGroups, eq(alarmRuleGroups.id, alarmRules.groupId))
    .innerJoin(sheds, and(eq(sheds.farmId, alarmRules.farmId), eq(sheds.shedType, alarmRules.shedType)))
    .where(
      and(
        eq(sheds.id, shedId),
        eq(alarmRules.tenantId, gw.tenantId),
        inArray(alarmRules.kind, ['threshold', 'rateOfChange']),
        eq(alarmRules.enabled, true),
        eq(alarmRuleGroups.enabled, true),
      ),
    );
  if (rows.length === 0) return [];
  const stages = await tx
    .select()
    .from(alarmRuleStages)
    .where(
      inArray(
        alarmRuleStages.ruleId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(alarmRuleStages.fromDay));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as Rule['kind'],
    operator: r.operator as AlarmOperator,
    direction: (r.direction ?? 'either') as RateDirection,
    rateAmount: r.rateAmount ?? 0,
    windowMinutes: r.windowMinutes ?? 0,
    stages: stages
      .filter((s) => s.ruleId === r.id)
      .map((s) => ({ fromDay: s.fromDay, toDay: s.toDay, limitKind: s.limitKind as LimitKind, low: s.low, high: s.high })),
  }));
}

/** Records that every reading of the gateway up to `ts` has been evaluated (never moves back). */
export async function advanceProgress(tx: Tx, gatewayId: number, ts: number): Promise<void> {
  await tx
    .insert(alarmProgress)
    .values({ gatewayId, lastTs: new Date(ts) })
    .onConflictDoUpdate({
      target: alarmProgress.gatewayId,
      set: { lastTs: sql`greatest(${alarmProgress.lastTs}, excluded.last_ts)`, updatedAt: sql`now()` },
    });
}

/**
 * Whether readings of the gateway were stored after its progress mark and before `firstTs` (probed
 * on one key of the first reading, one index range): those were never evaluated (a restart, a
 * dropped batch), so newer ones must wait for the sweep to go over them first, in order.
 */
async function gapBefore(tx: Tx, gatewayId: number, progress: Date, first: Reading): Promise<boolean> {
  const key = Object.keys(first.values)[0];
  if (key === undefined || progress.getTime() >= first.ts) return false;
  const [hit] = await tx
    .select({ ts: telemetryHistory.ts })
    .from(telemetryHistory)
    .where(
      and(
        eq(telemetryHistory.gatewayId, gatewayId),
        eq(telemetryHistory.key, key),
        gt(telemetryHistory.ts, progress),
        lt(telemetryHistory.ts, new Date(first.ts)),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

export interface EvaluateOptions {
  /** The job's transaction (on PGlite, one connection, a second one beside it would wait forever). */
  tx?: Tx;
  /**
   * The ingest subscriber's case: leave the readings to the sweep when unevaluated ones lie before
   * them (`gapBefore`), so an excursion inside the gap is not skipped by the newer readings.
   */
  inOrder?: boolean;
}

/**
 * Evaluates one gateway's readings, in a transaction of its own (the alarm events are sent after
 * its commit) or in `opts.tx` (sent at once). The progress row is locked first: two evaluations of
 * one gateway (two processes, the subscriber and the sweep) take turns.
 */
export async function evaluateReadings(
  deps: Deps,
  gw: GatewayRef,
  readings: readonly Reading[],
  opts: EvaluateOptions = {},
): Promise<void> {
  const { shedId, farmId } = gw;
  if (shedId === null || farmId === null || readings.length === 0) return;
  const ordered = [...readings].sort((a, b) => a.ts - b.ts);
  const newest = ordered[ordered.length - 1]!.ts;
  const events: LiveAlarm[] = [];
  const work = async (t: Tx): Promise<void> => {
    const [progress] = await t.select().from(alarmProgress).where(eq(alarmProgress.gatewayId, gw.id)).for('update');
    if (opts.inOrder && progress && (await gapBefore(t, gw.id, progress.lastTs, ordered[0]!))) return;
    const rules = await thresholdRules(t, gw, shedId);
    if (rules.length > 0) {
      const ctx = await shedContext(t, gw.id, shedId, gw.timeZone);
      await run(t, gw, { farmId, shedId }, rules, ordered, ctx, events);
      await planPush(
        t,
        deps,
        events.filter((e) => e.change === 'raised').map((e) => e.id),
      );
    }
    await advanceProgress(t, gw.id, newest);
  };
  if (opts.tx) await work(opts.tx);
  else await deps.database.db.transaction(work);
  for (const e of events) deps.live.publishAlarm(e);
}

async function run(
  tx: Tx,
  gw: GatewayRef,
  at: { farmId: number; shedId: number },
  rules: Rule[],
  readings: Reading[],
  ctx: ShedContext,
  events: LiveAlarm[],
): Promise<void> {
  const ruleIds = rules.map((r) => r.id);
  const conds = await tx
    .select()
    .from(alarmConditions)
    .where(and(eq(alarmConditions.gatewayId, gw.id), inArray(alarmConditions.ruleId, ruleIds)));
  const lives = await tx
    .select({ id: alarms.id, ruleId: alarms.ruleId, key: alarms.key, peak: alarms.peak, acknowledged: alarms.acknowledged })
    .from(alarms)
    .where(and(eq(alarms.gatewayId, gw.id), inArray(alarms.ruleId, ruleIds), eq(alarms.active, true)));
  const slots = new Map<string, Slot>();
  const slotOf = (rule: Rule, key: string): Slot => {
    const id = `${rule.id}|${key}`;
    let s = slots.get(id);
    if (!s) {
      const c = conds.find((x) => x.ruleId === rule.id && x.key === key);
      const l = lives.find((x) => x.ruleId === rule.id && x.key === key);
      s = {
        rule,
        key,
        state: { pendingSince: c?.pendingSince?.getTime() ?? null, active: l !== undefined, lastTs: c?.lastTs?.getTime() ?? null },
        live: l ? { id: l.id, peak: l.peak, acknowledged: l.acknowledged } : null,
        touched: false,
      };
      slots.set(id, s);
    }
    return s;
  };
  const event = (s: Slot, change: LiveAlarm['change'], value: number | null, ts: number): void => {
    if (!s.live) return;
    events.push({
      id: s.live.id,
      farmId: at.farmId,
      shedId: at.shedId,
      gatewayId: gw.id,
      ruleId: s.rule.id,
      level: s.rule.level,
      key: s.key,
      active: s.state.active,
      acknowledged: s.live.acknowledged,
      value,
      peak: s.live.peak,
      change,
      ts,
    });
  };

  const keys = [...new Set(readings.flatMap((r) => Object.keys(r.values)))];
  const windows = await RateWindows.load(tx, gw.id, rules, keys, readings[0]!.ts, readings[readings.length - 1]!.ts);
  for (const reading of readings) {
    const at: ReadingFacts = { ts: reading.ts, values: reading.values, dayAge: ctx.dayAgeAt(reading.ts, reading.values) };
    for (const rule of rules) {
      for (const [key, value] of Object.entries(reading.values)) {
        if (!propertyMatches(rule.property, key)) continue;
        const j = judge(rule, key, value, at, ctx, windows);
        if (!j) continue;
        const s = slotOf(rule, key);
        const r = step(s.state, { ts: reading.ts, breach: j.breach, clear: j.clear, durationMs: rule.durationSec * 1000 });
        if (r.state === s.state) continue;
        s.state = r.state;
        s.touched = true;
        if (r.action === 'raise') {
          s.live = await raise(tx, gw, at, rule, key, j.shown, j.limits);
          event(s, 'raised', j.shown, reading.ts);
        } else if (r.action === 'clear' && s.live) {
          await tx
            .update(alarms)
            .set({ active: false, endedAt: new Date(reading.ts), updatedAt: new Date() })
            .where(and(eq(alarms.id, s.live.id), eq(alarms.active, true)));
          event(s, 'cleared', j.shown, reading.ts);
          s.live = null;
        } else if (r.action === 'update' && s.live && (s.live.peak === null || j.severity(j.shown) > j.severity(s.live.peak))) {
          s.live.peak = j.shown;
          await tx.update(alarms).set({ peak: j.shown, updatedAt: new Date() }).where(eq(alarms.id, s.live.id));
          event(s, 'peak', j.shown, reading.ts);
        }
      }
    }
  }
  const touched = [...slots.values()].filter((s) => s.touched);
  if (touched.length === 0) return;
  await tx
    .insert(alarmConditions)
    .values(
      touched.map((s) => ({
        ruleId: s.rule.id,
        gatewayId: gw.id,
        key: s.key,
        pendingSince: s.state.pendingSince === null ? null : new Date(s.state.pendingSince),
        lastTs: s.state.lastTs === null ? null : new Date(s.state.lastTs),
      })),
    )
    .onConflictDoUpdate({
      target: [alarmConditions.ruleId, alarmConditions.gatewayId, alarmConditions.key],
      set: { pendingSince: sql`excluded.pending_since`, lastTs: sql`excluded.last_ts` },
    });
}

/** Inserts the live alarm, or finds the one another evaluation raised first (the partial unique index). */
async function raise(tx: Tx, gw: GatewayRef, reading: ReadingFacts, rule: Rule, key: string, value: number, limits: Limits): Promise<Live> {
  const ts = reading.ts;
  const [row] = await tx
    .insert(alarms)
    .values({
      tenantId: gw.tenantId,
      farmId: gw.farmId!,
      shedId: gw.shedId!,
      gatewayId: gw.id,
      gatewayCode: gw.code,
      ruleId: rule.id,
      ruleName: rule.name,
      kind: rule.kind,
      key,
      level: rule.level,
      message: rule.message,
      startedAt: new Date(ts),
      readingTs: new Date(ts),
      value,
      peak: value,
      low: limits.low,
      high: limits.high,
      dayAge: reading.dayAge,
    })
    .onConflictDoNothing({ target: [alarms.ruleId, alarms.gatewayId, alarms.key], where: sql`${alarms.active}` })
    .returning({ id: alarms.id, peak: alarms.peak, acknowledged: alarms.acknowledged });
  if (row) return row;
  const [existing] = await tx
    .select({ id: alarms.id, peak: alarms.peak, acknowledged: alarms.acknowledged })
    .from(alarms)
    .where(and(eq(alarms.ruleId, rule.id), eq(alarms.gatewayId, gw.id), eq(alarms.key, key), eq(alarms.active, true)));
  return existing!;
}
