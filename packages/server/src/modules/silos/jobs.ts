import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { defineSlotChain } from '../../jobs/slot-chain.js';
import type { DbOrTx } from '../../lib/limits.js';
import { telemetryHistory } from '../telemetry/index.js';
import type { IngestSubscriber } from '../module.js';
import { siloState, silos } from './tables.js';
import { weighingGateways, weighReadings, type Reading } from './weigh.js';

/**
 * The two halves of weighing, as for alarms (docs/NEW-MODULE.md "Ingest"): the subscriber weighs
 * committed readings as they come; the `silos.catchup` chain (one job per 5-minute slot, key
 * `catchup-<slot>`) weighs from the stored readings what the subscriber missed (a restart, an
 * overflow), from each silo's state time. A reading weighed twice changes nothing (weigh.ts).
 */
export const CATCHUP_EVERY_MS = 5 * 60_000;
/** A silo never weighed starts this far back. */
const LOOK_BACK_MS = 24 * 3_600_000;
/** Readings per silo and run; the rest waits for the next run. */
const MAX_ROWS = 20_000;

export const siloWeigher: IngestSubscriber = {
  name: 'silos.weigh',
  async onCommitted(batch, deps) {
    const weighing = await weighingGateways(deps.database.db, [...new Set(batch.messages.map((m) => m.device.id))]);
    if (weighing.size === 0) return;
    const byGateway = new Map<number, Reading[]>();
    for (const m of batch.messages) {
      if (!weighing.has(m.device.id)) continue;
      const list = byGateway.get(m.device.id) ?? [];
      list.push({ ts: m.ts, values: m.values });
      byGateway.set(m.device.id, list);
    }
    for (const [gatewayId, readings] of byGateway) await weighReadings(deps.database.db, gatewayId, readings);
  },
};

const chain = defineSlotChain(
  'silos.catchup',
  { everyMs: CATCHUP_EVERY_MS, key: 'catchup' },
  async (now, _slot, { tx, deps }) => catchUp(deps.database.db, tx, now),
  { attempts: 3, backoff: { baseMs: 30_000 }, timeoutMs: 120_000 },
);
export const catchUpJob = chain.job;
/** Enqueues the catch-up of a slot (now's by default), once however often it is called. */
export const enqueueCatchUp = chain.enqueue;

/** A channel's stored readings after `after`, up to `upTo`, oldest first. */
async function storedWeights(db: DbOrTx, gatewayId: number, key: string, after: Date, upTo: Date): Promise<Reading[]> {
  const rows = await db
    .select({ ts: telemetryHistory.ts, value: telemetryHistory.value })
    .from(telemetryHistory)
    .where(
      and(
        eq(telemetryHistory.gatewayId, gatewayId),
        eq(telemetryHistory.key, key),
        gt(telemetryHistory.ts, after),
        lte(telemetryHistory.ts, upTo),
      ),
    )
    .orderBy(asc(telemetryHistory.ts))
    .limit(MAX_ROWS);
  return rows.map((r) => ({ ts: r.ts.getTime(), values: { [key]: r.value } }));
}

/**
 * Weighs what is stored and not yet weighed, for every bound silo (also the demo seed's history,
 * with `lookBackMs` reaching its first day).
 */
export async function catchUp(db: Db, tx: Tx, now: number, lookBackMs = LOOK_BACK_MS): Promise<void> {
  const list = await tx
    .select({ gatewayId: silos.gatewayId, channel: silos.channel, lastTs: siloState.ts })
    .from(silos)
    .leftJoin(siloState, eq(siloState.siloId, silos.id))
    .where(and(isNotNull(silos.gatewayId), isNotNull(silos.channel)))
    .orderBy(asc(silos.id));
  const upTo = new Date(now);
  for (const s of list) {
    const from = new Date(Math.max(s.lastTs?.getTime() ?? 0, now - lookBackMs));
    const readings = await storedWeights(tx, s.gatewayId!, `weight.${s.channel}`, from, upTo);
    if (readings.length > 0) await weighReadings(db, s.gatewayId!, readings, tx);
  }
}
