import { and, asc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { LiveAlarm } from '@farmsense/shared';
import type { DbOrTx } from '../../lib/limits.js';
import { telemetryHistory } from '../telemetry/index.js';
import type { Reading } from './evaluate.js';
import type { alarms } from './tables.js';

/**
 * Reading back what is stored: a gateway's readings as the evaluator takes them (the sweep's
 * catch-up, the demo's alarm history), and an alarm row as the live stream's event.
 */

/**
 * The gateway's stored readings after `after` (up to `upTo` when given), oldest first, grouped by
 * time; about `limit` rows a call. A page that ends inside one reading time leaves that time out,
 * whole, for the next call (unless it is the page's only time).
 */
export async function storedReadings(db: DbOrTx, gatewayId: number, after: Date, upTo: Date | null, limit = 20_000): Promise<Reading[]> {
  const conds: SQL[] = [eq(telemetryHistory.gatewayId, gatewayId), gt(telemetryHistory.ts, after)];
  if (upTo) conds.push(lte(telemetryHistory.ts, upTo));
  const rows = await db
    .select({ key: telemetryHistory.key, ts: telemetryHistory.ts, value: telemetryHistory.value })
    .from(telemetryHistory)
    .where(and(...conds))
    .orderBy(asc(telemetryHistory.ts))
    .limit(limit);
  const byTs = new Map<number, Record<string, number>>();
  for (const r of rows) {
    const t = r.ts.getTime();
    const values = byTs.get(t) ?? {};
    values[r.key] = r.value;
    byTs.set(t, values);
  }
  const readings = [...byTs].map(([ts, values]) => ({ ts, values }));
  return rows.length === limit && readings.length > 1 ? readings.slice(0, -1) : readings;
}

/** The live stream's event for an alarm row that just changed. */
export function alarmEvent(a: typeof alarms.$inferSelect, change: LiveAlarm['change']): LiveAlarm {
  return {
    id: a.id,
    farmId: a.farmId,
    shedId: a.shedId,
    gatewayId: a.gatewayId,
    ruleId: a.ruleId,
    level: a.level,
    key: a.key,
    active: a.active,
    acknowledged: a.acknowledged,
    value: a.value,
    peak: a.peak,
    change,
    ts: Date.now(),
  };
}
