import { and, eq, sql } from 'drizzle-orm';
import { propertyMatches, step, type ConditionState, type Limits, type LiveAlarm } from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { farms, gateways } from '../../db/tables.js';
import {
  advanceProgress,
  gapped,
  lockProgress,
  slotId,
  slotState,
  writeConditions,
  type ConditionWrite,
  type ShedRule,
  type StoredCondition,
  type StoredLive,
} from './batch.js';
import { shedContexts, type ShedContext } from './context.js';
import { judge, RateWindows, worseness, type ReadingFacts, type Rule } from './judge.js';
import { planPush } from './push/plan.js';
import { ruleCache } from './rule-cache.js';
import { alarms } from './tables.js';

/**
 * Limit and rate-of-change rules against committed readings (DESIGN.md §3; judge.ts). One call evaluates the
 * readings of a batch of gateways, each gateway's in time order, in one transaction, with a dozen
 * statements for all the gateways together (batch.ts): the conditions (pending breach, newest reading seen)
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

interface Slot {
  rule: Rule;
  key: string;
  state: ConditionState;
  live: StoredLive | null;
  touched: boolean;
}

/** One gateway's readings of a batch. */
export interface GatewayReadings {
  gw: GatewayRef;
  readings: readonly Reading[];
}

export interface EvaluateOptions {
  /** The job's transaction (on PGlite, one connection, a second one beside it would wait forever). */
  tx?: Tx;
  /**
   * The ingest subscriber's case: leave a gateway's readings to the sweep when unevaluated ones lie
   * before them (batch.ts `gapped`), so an excursion inside the gap is not skipped by the newer readings.
   */
  inOrder?: boolean;
}

/**
 * Evaluates one gateway's readings, in a transaction of its own (the alarm events are sent after
 * its commit) or in `opts.tx` (sent at once).
 */
export async function evaluateReadings(
  deps: Deps,
  gw: GatewayRef,
  readings: readonly Reading[],
  opts: EvaluateOptions = {},
): Promise<void> {
  await evaluateBatch(deps, [{ gw, readings }], opts);
}

/**
 * Evaluates several gateways' readings together (the ingest subscriber's batch), in one transaction
 * of its own or in `opts.tx`. The gateways' progress rows are locked first, in id order: two
 * evaluations of one gateway (two processes, the subscriber and the sweep) take turns.
 */
export async function evaluateBatch(deps: Deps, list: readonly GatewayReadings[], opts: EvaluateOptions = {}): Promise<void> {
  const work = list
    .filter(({ gw, readings }) => gw.shedId !== null && gw.farmId !== null && readings.length > 0)
    .map(({ gw, readings }) => ({ gw, readings: [...readings].sort((a, b) => a.ts - b.ts) }));
  if (work.length === 0) return;
  // The rules come from the cache; a gateway whose shed has none has nothing to judge: its
  // progress moves on in one statement, without the evaluation's transaction (on the embedded
  // store a transaction holds every other statement, the console's included, until it ends).
  const db = opts.tx ?? deps.database.db;
  const rulesOf = await ruleCache(deps).rulesOf(db, [...new Set(work.map((w) => w.gw.shedId!))]);
  const withRules = work.map((w) => ({ ...w, rules: (rulesOf.get(w.gw.shedId!) ?? []).filter((r) => r.tenantId === w.gw.tenantId) }));
  await advanceProgress(
    db,
    withRules.filter((w) => w.rules.length === 0).map(({ gw, readings }) => ({ gatewayId: gw.id, ts: readings[readings.length - 1]!.ts })),
  );
  const ruledWork = withRules.filter((w) => w.rules.length > 0);
  if (ruledWork.length === 0) return;
  const events: LiveAlarm[] = [];
  const run = async (t: Tx): Promise<void> => {
    const progress = await lockProgress(
      t,
      ruledWork.map((w) => w.gw.id),
    );
    // The gateways whose readings follow on from their progress (a gap waits for the sweep).
    let ruled = ruledWork;
    if (opts.inOrder) {
      const probes = ruledWork.flatMap(({ gw, readings }) => {
        const p = progress.get(gw.id)?.getTime();
        const key = Object.keys(readings[0]!.values)[0];
        return p === undefined || key === undefined || p >= readings[0]!.ts
          ? []
          : [{ gatewayId: gw.id, key, progress: p, firstTs: readings[0]!.ts }];
      });
      const skip = await gapped(t, probes);
      ruled = ruledWork.filter((w) => !skip.has(w.gw.id));
    }
    if (ruled.length === 0) return;
    const ctxs = await shedContexts(
      t,
      ruled.map(({ gw }) => ({ gatewayId: gw.id, shedId: gw.shedId!, timeZone: gw.timeZone })),
    );
    const state = await slotState(
      t,
      ruled.map((w) => w.gw.id),
      [...new Set(ruled.flatMap((w) => w.rules.map((r) => r.id)))],
    );
    const writes: ConditionWrite[] = [];
    for (const w of ruled) {
      const seen = progress.get(w.gw.id)?.getTime() ?? null;
      await evaluateGateway(t, w.gw, w.rules, w.readings, seen, ctxs.get(w.gw.id)!, state, writes, events);
    }
    await writeConditions(t, writes);
    await planPush(
      t,
      deps,
      events.filter((e) => e.change === 'raised').map((e) => e.id),
    );
    await advanceProgress(
      t,
      ruled.map(({ gw, readings }) => ({ gatewayId: gw.id, ts: readings[readings.length - 1]!.ts })),
    );
  };
  if (opts.tx) await run(opts.tx);
  else await deps.database.db.transaction(run);
  for (const e of events) deps.live.publishAlarm(e);
}

/**
 * One gateway's readings through its rules. The (rule, key) pairs of a key are matched once per
 * batch, each pair's slot found once. `seen` is the gateway's progress before this batch: every
 * reading up to it has been evaluated, so it counts as each condition's newest reading seen and a
 * condition is written only when its pending breach starts or ends (not for every reading: with
 * 10 rules on 24 sensors that was 240 rows a gateway a batch). A reading older than the gateway's
 * progress changes nothing.
 */
async function evaluateGateway(
  tx: Tx,
  gw: GatewayRef,
  rules: readonly ShedRule[],
  readings: readonly Reading[],
  seen: number | null,
  ctx: ShedContext,
  stored: { conds: Map<string, StoredCondition>; lives: Map<string, StoredLive> },
  writes: ConditionWrite[],
  events: LiveAlarm[],
): Promise<void> {
  const at = { farmId: gw.farmId!, shedId: gw.shedId! };
  // One slot per (rule, key); a reading's slots in the order rule by rule, key by key, matched
  // once per set of keys the gateway sends (every reading of a controller has the same keys).
  const slots = new Map<string, Slot>();
  const slotOf = (rule: ShedRule, key: string): Slot => {
    const id = slotId(gw.id, rule.id, key);
    let s = slots.get(id);
    if (!s) {
      const c = stored.conds.get(id);
      const l = stored.lives.get(id);
      s = {
        rule,
        key,
        state: { pendingSince: c?.pendingSince ?? null, active: l !== undefined, lastTs: newest(c?.lastTs ?? null, seen) },
        live: l ? { ...l } : null,
        touched: false,
      };
      slots.set(id, s);
    }
    return s;
  };
  const matched = new Map<string, Slot[]>();
  const slotsOf = (values: Readonly<Record<string, number>>): Slot[] => {
    const keys = Object.keys(values);
    const sig = keys.join('\n');
    let list = matched.get(sig);
    if (!list) {
      list = rules.flatMap((rule) => keys.filter((key) => propertyMatches(rule.property, key)).map((key) => slotOf(rule, key)));
      matched.set(sig, list);
    }
    return list;
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
    const facts: ReadingFacts = { ts: reading.ts, values: reading.values, dayAge: ctx.dayAgeAt(reading.ts, reading.values) };
    for (const s of slotsOf(reading.values)) {
      const { rule, key } = s;
      const value = reading.values[key]!;
      const j = judge(rule, key, value, facts, ctx, windows);
      if (!j) continue;
      const r = step(s.state, { ts: reading.ts, breach: j.breach, clear: j.clear, durationMs: rule.durationSec * 1000 });
      if (r.state === s.state) continue;
      if (r.state.pendingSince !== s.state.pendingSince) s.touched = true;
      s.state = r.state;
      if (r.action === 'raise') {
        s.live = await raise(tx, gw, facts, rule, key, j.shown, j.limits);
        event(s, 'raised', j.shown, reading.ts);
      } else if (r.action === 'clear' && s.live) {
        await tx
          .update(alarms)
          .set({ active: false, endedAt: new Date(reading.ts), updatedAt: new Date() })
          .where(and(eq(alarms.id, s.live.id), eq(alarms.active, true)));
        event(s, 'cleared', j.shown, reading.ts);
        s.live = null;
      } else if (
        r.action === 'update' &&
        s.live &&
        (s.live.peak === null || worseness(rule, j, j.shown) > worseness(rule, j, s.live.peak))
      ) {
        s.live.peak = j.shown;
        await tx.update(alarms).set({ peak: j.shown, updatedAt: new Date() }).where(eq(alarms.id, s.live.id));
        event(s, 'peak', j.shown, reading.ts);
      }
    }
  }
  for (const s of slots.values()) {
    if (s.touched)
      writes.push({ ruleId: s.rule.id, gatewayId: gw.id, key: s.key, pendingSince: s.state.pendingSince, lastTs: s.state.lastTs });
  }
}

function newest(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.max(a, b);
}

/** Inserts the live alarm, or finds the one another evaluation raised first (the partial unique index). */
async function raise(
  tx: Tx,
  gw: GatewayRef,
  reading: ReadingFacts,
  rule: Rule,
  key: string,
  value: number,
  limits: Limits,
): Promise<StoredLive> {
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
