import { and, eq, gte, inArray, like, lt, or } from 'drizzle-orm';
import { farms, gateways, telemetryDaily } from '../../db/tables.js';
import { dayRange, farmDay } from '../../lib/farm-time.js';
import type { DbOrTx } from '../../lib/limits.js';
import { todayIn } from './flock-service.js';
import { addDays, daysBetween, flockRefCols, type FlockRef } from './scope.js';
import { flockFeedDays, flockWaterDays, flocks } from './tables.js';

/**
 * Water and feed from the meters (SPEC §3 daily records, "measured"). The flock's gateway (or,
 * without one, every gateway of its house) reports cumulative counters `water.n` (litres) and
 * `feed.n` (kg); the daily rollup holds each day's min and max, its bucket at the farm's local
 * midnight. A day's consumption is max(day) - max(day before), or max - min when the day before
 * has no reading or the counter was reset, summed over n and gateways. Only finished days are
 * filled (today's figure would still grow), and never over a row that exists: a person's entry or
 * correction always wins.
 */
const METERS = [
  { prefix: 'water', table: flockWaterDays, field: 'waterL' },
  { prefix: 'feed', table: flockFeedDays, field: 'feedKg' },
] as const;

interface Reading { min: number; max: number }

/** Consumption per farm day from one counter's daily rollups (day -> reading). */
export function dailyConsumption(days: Map<string, Reading>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [day, r] of days) {
    const prev = days.get(addDays(day, -1));
    let used = prev ? r.max - prev.max : r.max - r.min;
    if (used < 0) used = r.max - r.min;
    out.set(day, used);
  }
  return out;
}

const round3 = (v: number): number => Math.round(v * 1000) / 1000;

/**
 * Inserts measured water and feed rows for the flocks' days in [from, to] (each flock's life by
 * default) that have meter readings and no row yet. Returns how many rows it added. The caller
 * has already cut `flockIds` to what the account may see.
 */
export async function fillMeasured(db: DbOrTx, flockIds: number[], from?: string | null, to?: string | null): Promise<number> {
  if (flockIds.length === 0) return 0;
  const list: FlockRef[] = await db.select(flockRefCols).from(flocks)
    .innerJoin(farms, eq(farms.id, flocks.farmId))
    .where(inArray(flocks.id, [...new Set(flockIds)]));
  // The house gateways of the flocks without a gateway of their own, in one query.
  const shedIds = [...new Set(list.filter((f) => f.deviceId === null).map((f) => f.shedId))];
  const shedGateways = shedIds.length === 0 ? [] : await db.select({ id: gateways.id, shedId: gateways.shedId, tenantId: gateways.tenantId })
    .from(gateways).where(inArray(gateways.shedId, shedIds));
  let added = 0;
  for (const f of list) {
    const yesterday = addDays(todayIn(f.timeZone), -1);
    const lo = from && from > f.startDate ? from : f.startDate;
    let hi = to && to < yesterday ? to : yesterday;
    if (f.stopDate && f.stopDate < hi) hi = f.stopDate;
    if (lo > hi) continue;
    const gatewayIds = f.deviceId !== null
      ? [f.deviceId]
      : shedGateways.filter((g) => g.shedId === f.shedId && g.tenantId === f.tenantId).map((g) => g.id);
    if (gatewayIds.length === 0) continue;
    const rows = await db.select({ gatewayId: telemetryDaily.gatewayId, key: telemetryDaily.key, bucket: telemetryDaily.bucket, min: telemetryDaily.min, max: telemetryDaily.max })
      .from(telemetryDaily)
      .where(and(
        inArray(telemetryDaily.gatewayId, gatewayIds),
        or(like(telemetryDaily.key, 'water.%'), like(telemetryDaily.key, 'feed.%')),
        gte(telemetryDaily.bucket, dayRange(addDays(lo, -1), f.timeZone).start),
        lt(telemetryDaily.bucket, dayRange(hi, f.timeZone).end),
      ));
    // Per meter (gateway and key): farm day -> reading.
    const meters = new Map<string, Map<string, Reading>>();
    for (const r of rows) {
      const id = `${r.gatewayId}|${r.key}`;
      const days = meters.get(id) ?? new Map<string, Reading>();
      days.set(farmDay(r.bucket, f.timeZone), { min: r.min, max: r.max });
      meters.set(id, days);
    }
    for (const m of METERS) {
      const perDay = new Map<string, number>();
      for (const [id, days] of meters) {
        if (!id.split('|')[1]!.startsWith(`${m.prefix}.`)) continue;
        for (const [day, used] of dailyConsumption(days)) {
          if (day < lo || day > hi) continue;
          perDay.set(day, (perDay.get(day) ?? 0) + used);
        }
      }
      if (perDay.size === 0) continue;
      const values = [...perDay].map(([day, v]) => ({
        tenantId: f.tenantId, flockId: f.id, day, dayAge: daysBetween(f.birthDate, day),
        [m.field]: round3(v), measured: true, measuredValue: round3(v),
      }));
      const inserted = await db.insert(m.table).values(values as never).onConflictDoNothing().returning({ id: m.table.id });
      added += inserted.length;
    }
  }
  return added;
}
