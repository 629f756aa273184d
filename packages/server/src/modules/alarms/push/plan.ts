import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { isFeedAlarmKind } from '@farmsense/shared';
import type { Tx } from '../../../db/client.js';
import type { Deps } from '../../../deps.js';
import { alarms } from '../tables.js';
import { roundJob } from './round.js';
import { pushEpisodes, pushStrategies } from './tables.js';

/**
 * Flood control, first half, and the start of every notification: a newly raised alarm joins
 * the waiting episode of its shed under the farm's strategy, or opens one whose first round runs
 * after the strategy's send delay. Called in the transaction that raised the alarms (the
 * evaluator and the sweep), so the alarm and its plan commit together; the partial unique index
 * on waiting episodes keeps one per strategy and shed whichever process raised.
 */
type AlarmRecord = typeof alarms.$inferSelect;
type StrategyRecord = typeof pushStrategies.$inferSelect;

/** An alarm raised longer ago than this (a catch-up, the demo's history) is not news any more. */
const NEWS_MS = 24 * 3_600_000;

/** Whether the strategy's condition and alarm types take this alarm. */
export function strategyTakes(s: StrategyRecord, a: AlarmRecord): boolean {
  if (!s.enabled || !s.levels.includes(a.level) || !s.kinds.includes(a.kind as StrategyRecord['kinds'][number])) return false;
  // The properties are sensors and device states; a feed alarm names none, its kind decides.
  if (s.properties.length === 0 || isFeedAlarmKind(a.kind)) return true;
  return s.properties.includes(a.key === 'offline' ? 'offline' : a.key.split('.')[0]!);
}

export async function planPush(tx: Tx, deps: Pick<Deps, 'jobs'>, alarmIds: readonly number[]): Promise<void> {
  if (alarmIds.length === 0) return;
  const raised = await tx
    .select()
    .from(alarms)
    .where(and(inArray(alarms.id, [...alarmIds]), eq(alarms.active, true), gt(alarms.startedAt, new Date(Date.now() - NEWS_MS))));
  if (raised.length === 0) return;
  const strategies = await tx
    .select()
    .from(pushStrategies)
    .where(inArray(pushStrategies.farmId, [...new Set(raised.map((a) => a.farmId))]));
  // A sensor alarm of a gateway that is offline adds nothing: the offline message covers it.
  const offline = await tx
    .select({ gatewayId: alarms.gatewayId })
    .from(alarms)
    .where(
      and(inArray(alarms.gatewayId, [...new Set(raised.map((a) => a.gatewayId))]), eq(alarms.kind, 'offline'), eq(alarms.active, true)),
    );
  const down = new Set(offline.map((o) => o.gatewayId));
  for (const a of raised) {
    const s = strategies.find((x) => x.farmId === a.farmId);
    if (!s || !strategyTakes(s, a)) continue;
    if (a.kind !== 'offline' && down.has(a.gatewayId)) continue;
    await join(tx, deps, s, a);
  }
}

async function join(tx: Tx, deps: Pick<Deps, 'jobs'>, s: StrategyRecord, a: AlarmRecord): Promise<void> {
  const waiting = and(
    eq(pushEpisodes.strategyId, s.id),
    eq(pushEpisodes.shedId, a.shedId),
    eq(pushEpisodes.round, 0),
    eq(pushEpisodes.outcome, 'open'),
  );
  const mine = sql`${pushEpisodes.alarmIds} @> ${JSON.stringify([a.id])}::jsonb`;
  // A waiting episode may start its first round between two of these statements (its job locks
  // it and moves it to round 1): then the alarm opens a new episode on the next pass.
  for (let pass = 0; pass < 3; pass++) {
    const [opened] = await tx
      .insert(pushEpisodes)
      .values({ tenantId: a.tenantId, farmId: a.farmId, shedId: a.shedId, strategyId: s.id, alarmIds: [a.id] })
      .onConflictDoNothing({
        target: [pushEpisodes.strategyId, pushEpisodes.shedId],
        where: sql`${pushEpisodes.round} = 0 AND ${pushEpisodes.outcome} = 'open'`,
      })
      .returning({ id: pushEpisodes.id });
    if (opened) {
      await deps.jobs.enqueue(
        roundJob,
        { episodeId: opened.id, round: 1 },
        { tx, key: `push-round-${opened.id}-1`, runAt: new Date(Date.now() + s.sendDelaySec * 1000) },
      );
      return;
    }
    // The shed's waiting episode: this alarm goes out in its first message.
    const [joined] = await tx
      .update(pushEpisodes)
      .set({ alarmIds: sql`${pushEpisodes.alarmIds} || ${JSON.stringify([a.id])}::jsonb` })
      .where(and(waiting, sql`NOT ${mine}`))
      .returning({ id: pushEpisodes.id });
    if (joined) return;
    const [already] = await tx
      .select({ id: pushEpisodes.id })
      .from(pushEpisodes)
      .where(and(eq(pushEpisodes.strategyId, s.id), mine));
    if (already) return;
  }
}
