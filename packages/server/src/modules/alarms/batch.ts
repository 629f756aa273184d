import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AlarmOperator, LimitKind, RateDirection } from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import type { DbOrTx } from '../../lib/limits.js';
import { sheds } from '../../db/tables.js';
import { inForce, RULE_GROUP, RULE_SHEDS } from './covered.js';
import type { Rule } from './judge.js';
import { alarmConditions, alarmProgress, alarmRuleGroups, alarmRules, alarmRuleStages, alarms } from './tables.js';

/**
 * The evaluator's reads and writes for a whole batch of gateways (evaluate.ts), each one statement
 * whatever the number of gateways: a batch of ten gateways costs a dozen statements, not a dozen
 * per gateway. Arrays go in as one bind parameter each (unnest), which PGlite parses far faster
 * than a long VALUES list.
 */

const ids = (xs: readonly number[]) => sql`${sql.param(xs)}::int[]`;
const times = (xs: readonly (number | null)[]) =>
  sql`${sql.param(xs.map((t) => (t === null ? null : new Date(t).toISOString())))}::timestamptz[]`;
const texts = (xs: readonly string[]) => sql`${sql.param(xs)}::text[]`;

/** Locks the gateways' progress rows (in id order, so two evaluations never wait on each other in a circle) and reads them. */
export async function lockProgress(tx: Tx, gatewayIds: readonly number[]): Promise<Map<number, Date>> {
  const rows = await tx
    .select({ gatewayId: alarmProgress.gatewayId, lastTs: alarmProgress.lastTs })
    .from(alarmProgress)
    .where(inArray(alarmProgress.gatewayId, [...gatewayIds]))
    .orderBy(asc(alarmProgress.gatewayId))
    .for('update');
  return new Map(rows.map((r) => [r.gatewayId, r.lastTs]));
}

export interface GapProbe {
  gatewayId: number;
  key: string;
  progress: number;
  firstTs: number;
}

/**
 * The gateways with readings stored after their progress mark and before their batch's first
 * reading (probed on one key of that reading, one index range each): those were never evaluated
 * (a restart, a dropped batch), so the newer ones wait for the sweep to go over them first, in order.
 */
export async function gapped(tx: Tx, probes: readonly GapProbe[]): Promise<Set<number>> {
  if (probes.length === 0) return new Set();
  const rows = await tx.execute<{ g: number }>(sql`
    SELECT u.g FROM unnest(${ids(probes.map((p) => p.gatewayId))}, ${texts(probes.map((p) => p.key))},
                           ${times(probes.map((p) => p.progress))}, ${times(probes.map((p) => p.firstTs))}) AS u(g, k, p, f)
     WHERE EXISTS (SELECT 1 FROM telemetry t WHERE t.gateway_id = u.g AND t.key = u.k AND t.ts > u.p AND t.ts < u.f)`);
  return new Set(rows.rows.map((r) => Number(r.g)));
}

/** A rule with its tenant: a gateway evaluates only its own tenant's rules. */
export type ShedRule = Rule & { tenantId: number };

/**
 * The enabled limit and rate-of-change rules (of enabled groups) of each shed, with their stages, by
 * shed id (a shed without any has an empty list). Each rule carries its tenant: the caller evaluates
 * a gateway against its own tenant's rules only.
 */
export async function thresholdRules(tx: DbOrTx, shedIds: readonly number[]): Promise<Map<number, ShedRule[]>> {
  const out = new Map<number, ShedRule[]>(shedIds.map((id) => [id, []]));
  if (shedIds.length === 0) return out;
  const rows = await tx
    .select({
      shedId: sheds.id,
      tenantId: alarmRules.tenantId,
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
    .innerJoin(alarmRuleGroups, RULE_GROUP)
    .innerJoin(sheds, RULE_SHEDS)
    .where(and(inArray(sheds.id, [...shedIds]), inForce(['threshold', 'rateOfChange'])))
    .orderBy(asc(sheds.id), asc(alarmRules.id));
  if (rows.length === 0) return out;
  const stageRows = await tx
    .select()
    .from(alarmRuleStages)
    .where(inArray(alarmRuleStages.ruleId, [...new Set(rows.map((r) => r.id))]))
    .orderBy(asc(alarmRuleStages.fromDay));
  const stages = new Map<number, Rule['stages']>();
  for (const s of stageRows) {
    const list = stages.get(s.ruleId) ?? [];
    list.push({ fromDay: s.fromDay, toDay: s.toDay, limitKind: s.limitKind as LimitKind, low: s.low, high: s.high });
    stages.set(s.ruleId, list);
  }
  // One shed's rules are shared by its gateways; a rule of two sheds (same farm and type) is one object.
  const compiled = new Map<number, ShedRule>();
  for (const { shedId, ...r } of rows) {
    let rule = compiled.get(r.id);
    if (!rule) {
      rule = {
        ...r,
        kind: r.kind as Rule['kind'],
        operator: r.operator as AlarmOperator,
        direction: (r.direction ?? 'either') as RateDirection,
        rateAmount: r.rateAmount ?? 0,
        windowMinutes: r.windowMinutes ?? 0,
        stages: stages.get(r.id) ?? [],
      };
      compiled.set(r.id, rule);
    }
    out.get(shedId)!.push(rule);
  }
  return out;
}

export interface StoredCondition {
  pendingSince: number | null;
  lastTs: number | null;
}

export interface StoredLive {
  id: number;
  peak: number | null;
  acknowledged: boolean;
}

/** `gatewayId|ruleId|key`, the key of the condition and live-alarm maps. */
export const slotId = (gatewayId: number, ruleId: number, key: string): string => `${gatewayId}|${ruleId}|${key}`;

/** The conditions and live alarms of the gateways under the rules, by `slotId`. */
export async function slotState(
  tx: Tx,
  gatewayIds: readonly number[],
  ruleIds: readonly number[],
): Promise<{ conds: Map<string, StoredCondition>; lives: Map<string, StoredLive> }> {
  const conds = new Map<string, StoredCondition>();
  const lives = new Map<string, StoredLive>();
  if (gatewayIds.length === 0 || ruleIds.length === 0) return { conds, lives };
  const condRows = await tx
    .select()
    .from(alarmConditions)
    .where(and(inArray(alarmConditions.gatewayId, [...gatewayIds]), inArray(alarmConditions.ruleId, [...ruleIds])));
  for (const c of condRows) {
    conds.set(slotId(c.gatewayId, c.ruleId, c.key), {
      pendingSince: c.pendingSince?.getTime() ?? null,
      lastTs: c.lastTs?.getTime() ?? null,
    });
  }
  const liveRows = await tx
    .select({
      id: alarms.id,
      gatewayId: alarms.gatewayId,
      ruleId: alarms.ruleId,
      key: alarms.key,
      peak: alarms.peak,
      acknowledged: alarms.acknowledged,
    })
    .from(alarms)
    .where(and(inArray(alarms.gatewayId, [...gatewayIds]), inArray(alarms.ruleId, [...ruleIds]), eq(alarms.active, true)));
  for (const l of liveRows) lives.set(slotId(l.gatewayId, l.ruleId!, l.key), { id: l.id, peak: l.peak, acknowledged: l.acknowledged });
  return { conds, lives };
}

export interface ConditionWrite {
  ruleId: number;
  gatewayId: number;
  key: string;
  pendingSince: number | null;
  lastTs: number | null;
}

/** Writes the conditions that changed, every gateway's in one statement (in key order: two writers lock rows alike). */
export async function writeConditions(tx: Tx, rows: ConditionWrite[]): Promise<void> {
  if (rows.length === 0) return;
  rows.sort((a, b) => a.ruleId - b.ruleId || a.gatewayId - b.gatewayId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await tx.execute(sql`
    INSERT INTO alarm_conditions (rule_id, gateway_id, key, pending_since, last_ts)
    SELECT * FROM unnest(${ids(rows.map((r) => r.ruleId))}, ${ids(rows.map((r) => r.gatewayId))}, ${texts(rows.map((r) => r.key))},
                         ${times(rows.map((r) => r.pendingSince))}, ${times(rows.map((r) => r.lastTs))})
    ON CONFLICT (rule_id, gateway_id, key) DO UPDATE SET pending_since = excluded.pending_since, last_ts = excluded.last_ts`);
}

/** Records that every reading of each gateway up to its time has been evaluated (never moves back); one statement. */
export async function advanceProgress(tx: DbOrTx, marks: readonly { gatewayId: number; ts: number }[]): Promise<void> {
  if (marks.length === 0) return;
  const sorted = [...marks].sort((a, b) => a.gatewayId - b.gatewayId);
  await tx.execute(sql`
    INSERT INTO alarm_progress (gateway_id, last_ts)
    SELECT * FROM unnest(${ids(sorted.map((m) => m.gatewayId))}, ${times(sorted.map((m) => m.ts))})
    ON CONFLICT (gateway_id) DO UPDATE SET last_ts = greatest(alarm_progress.last_ts, excluded.last_ts), updated_at = now()`);
}
