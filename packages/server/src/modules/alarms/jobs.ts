import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { farms, gateways, sheds } from '../../db/tables.js';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { defineSlotChain } from '../../jobs/slot-chain.js';
import { evaluateReadings, gatewayRefColumns } from './evaluate.js';
import { planPush } from './push/plan.js';
import { storedReadings } from './stored.js';
import { alarmProgress, alarmRules } from './tables.js';
import { watchSilence } from './watch.js';

/**
 * The durable half of alarm evaluation: one `alarms.sweep` job per minute slot (key
 * `sweep-<slot>`, so however many processes enqueue a slot, one job exists and one worker runs it).
 * Each run enqueues the next slot in its own transaction, then
 * - catches up: readings stored but not evaluated (the ingest subscriber is at most once: a
 *   restart, an overflow) from each gateway's progress up to now; what the subscriber then gets
 *   again is older than the progress and changes nothing, and once the gap is closed the
 *   subscriber evaluates the gateway's new readings again (evaluate.ts `inOrder`);
 * - runs the noData and offline rules (watch.ts).
 * Module start enqueues the current slot (index.ts), which also restarts a chain whose job failed
 * for good.
 */
export const SWEEP_EVERY_MS = 60_000;
/** The catch-up looks back at most this far (a gateway never evaluated starts here). */
const LOOK_BACK_MS = 24 * 3_600_000;
/** Readings per gateway and run; the rest waits for the next run. */
const MAX_ROWS = 20_000;

const sweep = defineSlotChain(
  'alarms.sweep',
  { everyMs: SWEEP_EVERY_MS, key: 'sweep' },
  async (now, _slot, { tx, deps }) => {
    await catchUp(deps, tx, now);
    const events = await watchSilence(tx, now);
    await planPush(
      tx,
      deps,
      events.filter((e) => e.change === 'raised').map((e) => e.id),
    );
    for (const e of events) deps.live.publishAlarm(e);
  },
  { attempts: 3, backoff: { baseMs: 10_000 }, timeoutMs: 50_000 },
);
export const sweepJob = sweep.job;
/** Enqueues the sweep of a minute slot (now's by default), once however often it is called. */
export const enqueueSweep = sweep.enqueue;

/** Evaluates what the subscriber missed, for gateways in sheds that have limit or rate-of-change rules. */
export async function catchUp(deps: Deps, tx: Tx, now: number): Promise<void> {
  const list = await tx
    .selectDistinct({ ...gatewayRefColumns, lastTs: alarmProgress.lastTs })
    .from(gateways)
    .innerJoin(sheds, eq(sheds.id, gateways.shedId))
    .innerJoin(farms, eq(farms.id, sheds.farmId))
    .innerJoin(
      alarmRules,
      and(
        eq(alarmRules.farmId, sheds.farmId),
        eq(alarmRules.shedType, sheds.shedType),
        inArray(alarmRules.kind, ['threshold', 'rateOfChange']),
      ),
    )
    .leftJoin(alarmProgress, eq(alarmProgress.gatewayId, gateways.id))
    .where(and(isNotNull(gateways.shedId), eq(gateways.enabled, true)))
    .orderBy(asc(gateways.id));
  const upTo = new Date(now);
  for (const gw of list) {
    const from = new Date(Math.max(gw.lastTs?.getTime() ?? 0, now - LOOK_BACK_MS));
    const readings = await storedReadings(tx, gw.id, from, upTo, MAX_ROWS);
    if (readings.length === 0) continue;
    await evaluateReadings(deps, gw, readings, { tx });
  }
}
