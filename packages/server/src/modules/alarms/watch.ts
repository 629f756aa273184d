import { and, eq, inArray, sql } from 'drizzle-orm';
import { propertyMatches, type LiveAlarm } from '@farmsense/shared';
import type { Tx } from '../../db/client.js';
import { gateways, gatewayStatus, sheds, telemetryLatest } from '../../db/tables.js';
import { inForce, RULE_GROUP, RULE_SHEDS } from './covered.js';
import { alarmEvent } from './stored.js';
import { alarmRuleGroups, alarmRules, alarms } from './tables.js';

/**
 * The rules no reading can trigger, checked by the sweep job (jobs.ts) on the stored state:
 * - `noData`: a key the gateway has reported (telemetry_latest) but not for `noDataMinutes`;
 *   raised at the moment the silence reached that length, cleared by a newer reading;
 * - `offline`: the gateway offline (gateway_status) for `durationSec`; cleared once it is back.
 * A gateway that never reported a key (or never connected) has nothing to be silent about.
 * Raises go through the partial unique index, so two sweeps at once raise nothing twice.
 */
interface Watched {
  ruleId: number;
  ruleName: string;
  kind: 'noData' | 'offline';
  property: string;
  level: number;
  message: string;
  limitMs: number;
  tenantId: number;
  farmId: number;
  shedId: number;
  gatewayId: number;
  gatewayCode: string;
}

/** Enabled noData and offline rules (of enabled groups) with the gateways of the sheds they cover. */
async function watched(tx: Tx): Promise<Watched[]> {
  const rows = await tx
    .select({
      ruleId: alarmRules.id,
      ruleName: alarmRules.name,
      kind: alarmRules.kind,
      property: alarmRules.property,
      level: alarmRules.level,
      message: alarmRules.message,
      durationSec: alarmRules.durationSec,
      noDataMinutes: alarmRules.noDataMinutes,
      tenantId: alarmRules.tenantId,
      farmId: alarmRules.farmId,
      shedId: sheds.id,
      gatewayId: gateways.id,
      gatewayCode: gateways.code,
    })
    .from(alarmRules)
    .innerJoin(alarmRuleGroups, RULE_GROUP)
    .innerJoin(sheds, RULE_SHEDS)
    .innerJoin(gateways, and(eq(gateways.shedId, sheds.id), eq(gateways.enabled, true)))
    .where(inForce(['noData', 'offline']));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as Watched['kind'],
    limitMs: r.kind === 'noData' ? (r.noDataMinutes ?? 0) * 60_000 : r.durationSec * 1000,
  }));
}

interface Finding {
  w: Watched;
  key: string;
  /** In alarm since (raise), or back since (clear). */
  at: number;
  alarm: boolean;
}

/** Runs the noData and offline rules once at `now`; returns the alarm events to send. */
export async function watchSilence(tx: Tx, now: number): Promise<LiveAlarm[]> {
  const list = await watched(tx);
  if (list.length === 0) return [];
  const gatewayIds = [...new Set(list.map((w) => w.gatewayId))];
  const latest = await tx
    .select({ gatewayId: telemetryLatest.gatewayId, key: telemetryLatest.key, ts: telemetryLatest.ts })
    .from(telemetryLatest)
    .where(inArray(telemetryLatest.gatewayId, gatewayIds));
  const status = await tx.select().from(gatewayStatus).where(inArray(gatewayStatus.gatewayId, gatewayIds));
  const findings: Finding[] = [];
  for (const w of list) {
    if (w.kind === 'offline') {
      const s = status.find((x) => x.gatewayId === w.gatewayId);
      if (!s) continue;
      const since = s.since.getTime();
      findings.push({ w, key: 'offline', at: s.online ? since : since + w.limitMs, alarm: !s.online && now - since >= w.limitMs });
      continue;
    }
    for (const l of latest) {
      if (l.gatewayId !== w.gatewayId || !propertyMatches(w.property, l.key)) continue;
      const last = l.ts.getTime();
      findings.push({ w, key: l.key, at: now - last >= w.limitMs ? last + w.limitMs : last, alarm: now - last >= w.limitMs });
    }
  }
  const events: LiveAlarm[] = [];
  for (const f of findings) {
    const e = f.alarm ? await raiseSilence(tx, f) : await clearSilence(tx, f);
    if (e) events.push(e);
  }
  return events;
}

async function raiseSilence(tx: Tx, { w, key, at }: Finding): Promise<LiveAlarm | null> {
  const [row] = await tx
    .insert(alarms)
    .values({
      tenantId: w.tenantId,
      farmId: w.farmId,
      shedId: w.shedId,
      gatewayId: w.gatewayId,
      gatewayCode: w.gatewayCode,
      ruleId: w.ruleId,
      ruleName: w.ruleName,
      kind: w.kind,
      key,
      level: w.level,
      message: w.message,
      startedAt: new Date(at),
    })
    .onConflictDoNothing({ target: [alarms.ruleId, alarms.gatewayId, alarms.key], where: sql`${alarms.active}` })
    .returning();
  return row ? alarmEvent(row, 'raised') : null;
}

async function clearSilence(tx: Tx, { w, key, at }: Finding): Promise<LiveAlarm | null> {
  const [row] = await tx
    .update(alarms)
    .set({ active: false, endedAt: sql`greatest(${alarms.startedAt}, ${new Date(at).toISOString()}::timestamptz)`, updatedAt: new Date() })
    .where(and(eq(alarms.ruleId, w.ruleId), eq(alarms.gatewayId, w.gatewayId), eq(alarms.key, key), eq(alarms.active, true)))
    .returning();
  return row ? alarmEvent(row, 'cleared') : null;
}
