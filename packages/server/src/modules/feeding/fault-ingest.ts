import { and, eq, inArray } from 'drizzle-orm';
import { FEED_ALARM_LEVELS, feederFaultKey, feederFaultOf, type LiveAlarm } from '@farmsense/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.js';
import type { IngestSubscriber } from '../module.js';
import { anyLiveSystemAlarm, publishAlarms, settleSystemAlarms, type SystemAlarm } from '../alarms/index.js';
import { feedDevices } from './device-tables.js';

/**
 * Feeder faults (`feederState.n` 3 blocked auger, 4 empty hopper, 5 motor fault; shared
 * feeding/feed-alarms.ts) raised through the alarm system as they are reported: one live
 * `feederFault` alarm per feeder (key `feeder.<id>`, value the state), cleared by the feeder's
 * next report of a working state (idle, feeding, not eating). A feeder counts only under the
 * gateway that reports it (its concentrator's), so no device names another's feeder.
 * Delivery is at most once (iot/committed.ts), and a feeder repeats its state in every report,
 * so a report lost to a restart is made good by the next one. Batches that name no feeder state
 * cost a scan of their keys; a transaction is opened only for a fault or a live fault alarm.
 */
const collector = alias(feedDevices, 'fault_collector');
const concentrator = alias(feedDevices, 'fault_concentrator');
const PREFIX = 'feederState.';

export const feederFaults: IngestSubscriber = {
  name: 'feeding.faults',
  async onCommitted(batch, deps) {
    // The newest state per (gateway, feeder) of the batch, with its time.
    const latest = new Map<string, FeederReport>();
    for (const m of batch.messages) {
      for (const key in m.values) {
        if (!key.startsWith(PREFIX)) continue;
        const feederId = Number(key.slice(PREFIX.length));
        if (!Number.isInteger(feederId) || feederId <= 0) continue;
        const id = `${m.device.id}|${feederId}`;
        const seen = latest.get(id);
        if (!seen || seen.ts <= m.ts)
          latest.set(id, { gatewayId: m.device.id, gatewayCode: m.device.code, feederId, state: m.values[key]!, ts: m.ts });
      }
    }
    if (latest.size === 0) return;
    await settleFaults(deps, [...latest.values()]);
  },
};

export interface FeederReport {
  gatewayId: number;
  gatewayCode: string;
  feederId: number;
  state: number;
  ts: number;
}

export async function settleFaults(deps: Deps, reports: readonly FeederReport[]): Promise<void> {
  const { db } = deps.database;
  const feederIds = [...new Set(reports.map((r) => r.feederId))];
  const keys = feederIds.map(feederFaultKey);
  const faulty = reports.some((r) => feederFaultOf(r.state) !== null);
  if (!faulty && !(await anyLiveSystemAlarm(db, 'feederFault', keys))) return;
  const events: LiveAlarm[] = [];
  await db.transaction(async (tx) => {
    const feeders = await tx
      .select({
        id: feedDevices.id,
        tenantId: feedDevices.tenantId,
        farmId: feedDevices.farmId,
        shedId: feedDevices.shedId,
        deviceNo: feedDevices.deviceNo,
        name: feedDevices.name,
        gatewayId: concentrator.gatewayId,
      })
      .from(feedDevices)
      .innerJoin(collector, eq(collector.id, feedDevices.parentId))
      .innerJoin(concentrator, eq(concentrator.id, collector.parentId))
      .where(and(inArray(feedDevices.id, feederIds), eq(feedDevices.kind, 'feeder')));
    const feederOf = new Map(feeders.map((f) => [f.id, f]));
    const byFarm = new Map<number, { tenantId: number; judged: string[]; wanted: SystemAlarm[] }>();
    for (const r of reports) {
      const f = feederOf.get(r.feederId);
      // Only the gateway of its own concentrator speaks for a feeder.
      if (!f || f.gatewayId !== r.gatewayId || f.shedId === null) continue;
      const farm = byFarm.get(f.farmId) ?? { tenantId: f.tenantId, judged: [], wanted: [] };
      byFarm.set(f.farmId, farm);
      const key = feederFaultKey(f.id);
      farm.judged.push(key);
      if (feederFaultOf(r.state) === null) continue;
      farm.wanted.push({
        shedId: f.shedId,
        gatewayId: r.gatewayId,
        gatewayCode: r.gatewayCode,
        key,
        name: `${f.deviceNo} ${f.name ?? ''}`.trim(),
        level: FEED_ALARM_LEVELS.feederFault,
        value: r.state,
        at: new Date(r.ts),
      });
    }
    for (const [farmId, farm] of byFarm) {
      events.push(
        ...(await settleSystemAlarms(tx, deps, {
          tenantId: farm.tenantId,
          farmId,
          kind: 'feederFault',
          judged: farm.judged,
          wanted: farm.wanted,
          now: new Date(Math.max(...reports.map((r) => r.ts))),
        })),
      );
    }
  });
  publishAlarms(deps, events);
}
