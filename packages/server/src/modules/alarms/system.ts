import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AlarmRow, FeedAlarmKind, LiveAlarm } from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../lib/limits.js';
import { planPush } from './push/plan.js';
import { stateOf } from './records.js';
import { alarmEvent } from './stored.js';
import { alarms } from './tables.js';

/**
 * Alarms the platform raises without a rule (shared FEED_ALARM_KINDS: the feeding module's
 * not-eaten, feeder fault and silo gap). The module that judges the condition says which
 * originators are in alarm now among those it looked at; this raises the missing ones, clears the
 * others and plans their push like a rule's alarm (push/plan.ts: the strategies' kinds and levels).
 * There is no rule, so the live-alarm index (rule, gateway, key) cannot tell two raises apart:
 * the farm's settles of one kind take a transaction-scoped advisory lock first, so two processes
 * (or the job beside the ingest hook) never raise the same alarm twice.
 * The texts are the catalogue's, by kind (`rule_name` holds the originator's name, a feeder or
 * a house as the farm named it; `message` is empty).
 */
export interface SystemAlarm {
  shedId: number;
  gatewayId: number;
  gatewayCode: string;
  key: string;
  /** What the feeder, house or silo is called (the record's "rule" column). */
  name: string;
  level: number;
  value: number | null;
  low?: number | null;
  high?: number | null;
  /** When the condition began (the raise time of a new alarm). */
  at: Date;
}

export interface SystemAlarmSettle {
  tenantId: number;
  farmId: number;
  kind: FeedAlarmKind;
  /** The originators judged: `all` every live alarm of the kind on the farm, else these keys. */
  judged: 'all' | readonly string[];
  /** Those judged in alarm now. */
  wanted: readonly SystemAlarm[];
  /** When the others cleared. */
  now: Date;
}

/** Lock class of the advisory locks (pg_advisory_xact_lock(class, farm)); any fixed number of our own. */
const LOCK_CLASS = 15_001;
const LOCK_KINDS: Record<FeedAlarmKind, number> = { notEaten: 0, feederFault: 1, siloGap: 2 };

/**
 * Raises and clears one kind of a farm's system alarms in the caller's transaction; answers the
 * live events to publish once it commits (the caller publishes them).
 */
export async function settleSystemAlarms(tx: Tx, deps: Pick<Deps, 'jobs'>, s: SystemAlarmSettle): Promise<LiveAlarm[]> {
  if (s.judged !== 'all' && s.judged.length === 0) return [];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, ${s.farmId * 4 + LOCK_KINDS[s.kind]})`);
  const live = await tx
    .select({ id: alarms.id, shedId: alarms.shedId, key: alarms.key })
    .from(alarms)
    .where(
      and(
        eq(alarms.tenantId, s.tenantId),
        eq(alarms.farmId, s.farmId),
        eq(alarms.kind, s.kind),
        eq(alarms.active, true),
        isNull(alarms.ruleId),
        s.judged === 'all' ? undefined : inArray(alarms.key, [...s.judged]),
      ),
    );
  // An originator is its house and key (a silo gap's key is the day's, the same in every house).
  const idOf = (a: { shedId: number; key: string }): string => `${a.shedId}|${a.key}`;
  const wanted = new Set(s.wanted.map(idOf));
  const standing = new Set(live.map(idOf));
  const events: LiveAlarm[] = [];
  const gone = live.filter((l) => !wanted.has(idOf(l))).map((l) => l.id);
  if (gone.length > 0) {
    const cleared = await tx
      .update(alarms)
      .set({ active: false, endedAt: sql`greatest(${alarms.startedAt}, ${s.now.toISOString()}::timestamptz)`, updatedAt: new Date() })
      .where(inArray(alarms.id, gone))
      .returning();
    events.push(...cleared.map((a) => alarmEvent(a, 'cleared')));
  }
  const fresh = s.wanted.filter((w) => !standing.has(idOf(w)));
  if (fresh.length > 0) {
    const raised = await tx
      .insert(alarms)
      .values(
        fresh.map((w) => ({
          tenantId: s.tenantId,
          farmId: s.farmId,
          shedId: w.shedId,
          gatewayId: w.gatewayId,
          gatewayCode: w.gatewayCode,
          ruleId: null,
          ruleName: w.name,
          kind: s.kind,
          key: w.key,
          level: w.level,
          message: '',
          startedAt: w.at,
          readingTs: w.at,
          value: w.value,
          peak: w.value,
          low: w.low ?? null,
          high: w.high ?? null,
        })),
      )
      .returning();
    events.push(...raised.map((a) => alarmEvent(a, 'raised')));
    await planPush(
      tx,
      deps,
      raised.map((a) => a.id),
    );
  }
  return events;
}

/** Publishes what a settle answered, after its transaction committed. */
export function publishAlarms(deps: Pick<Deps, 'live'>, events: readonly LiveAlarm[]): void {
  for (const e of events) deps.live.publishAlarm(e);
}

/** Whether any of these keys has a live alarm of the kind (a cheap look before opening a transaction). */
export async function anyLiveSystemAlarm(db: DbOrTx, kind: FeedAlarmKind, keys: readonly string[]): Promise<boolean> {
  if (keys.length === 0) return false;
  const [row] = await db
    .select({ id: alarms.id })
    .from(alarms)
    .where(and(inArray(alarms.key, [...keys]), eq(alarms.kind, kind), eq(alarms.active, true), isNull(alarms.ruleId)))
    .limit(1);
  return row !== undefined;
}

export interface SystemAlarmState {
  id: number;
  kind: string;
  active: boolean;
  state: AlarmRow['state'];
  value: number | null;
}

/** The newest alarm of each of these keys on the farm (a module's list shows their state). */
export async function systemAlarmStates(
  db: DbOrTx,
  tenantId: number,
  farmId: number,
  keys: readonly string[],
): Promise<Map<string, SystemAlarmState>> {
  const out = new Map<string, SystemAlarmState>();
  if (keys.length === 0) return out;
  const rows = await db
    .select({
      id: alarms.id,
      key: alarms.key,
      kind: alarms.kind,
      active: alarms.active,
      acknowledged: alarms.acknowledged,
      value: alarms.value,
    })
    .from(alarms)
    .where(and(eq(alarms.tenantId, tenantId), eq(alarms.farmId, farmId), inArray(alarms.key, [...new Set(keys)]), isNull(alarms.ruleId)))
    .orderBy(asc(alarms.id));
  for (const { key, acknowledged, ...r } of rows) out.set(key, { ...r, state: stateOf({ active: r.active, acknowledged }) });
  return out;
}
