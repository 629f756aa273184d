import { addDays, daysBetween, roundTo, dayRange, farmDay } from '@farmsense/shared';
import { and, eq, gte, inArray, like, lt, lte, or } from 'drizzle-orm';
import { farms, gateways, telemetryDaily } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import { todayIn } from './flock-service.js';
import { flockRefCols, type FlockRef } from './access.js';
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

interface Reading {
  min: number;
  max: number;
}

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

interface Plan {
  f: FlockRef;
  lo: string;
  hi: string;
  gatewayIds: number[];
}

/** Rows per insert statement: well under PostgreSQL's 65535 bind parameters. */
const INSERT_CHUNK = 1000;

/**
 * Inserts measured water and feed rows for the flocks' days in [from, to] (each flock's life by
 * default) that have meter readings and no row yet. Returns how many rows it added. The caller
 * has already cut `flockIds` to what the account may see. It runs on every list and report read,
 * so it reads the rollups once for all gateways and the stored days once per table, and inserts
 * only the days that are missing.
 */
export async function fillMeasured(db: DbOrTx, flockIds: number[], from?: string | null, to?: string | null): Promise<number> {
  if (flockIds.length === 0) return 0;
  const list: FlockRef[] = await db
    .select(flockRefCols)
    .from(flocks)
    .innerJoin(farms, eq(farms.id, flocks.farmId))
    .where(inArray(flocks.id, [...new Set(flockIds)]));
  // The house gateways of the flocks without a gateway of their own, in one query.
  const shedIds = [...new Set(list.filter((f) => f.deviceId === null).map((f) => f.shedId))];
  const shedGateways =
    shedIds.length === 0
      ? []
      : await db
          .select({ id: gateways.id, shedId: gateways.shedId, tenantId: gateways.tenantId })
          .from(gateways)
          .where(inArray(gateways.shedId, shedIds));
  const plans: Plan[] = [];
  for (const f of list) {
    const yesterday = addDays(todayIn(f.timeZone), -1);
    const lo = from && from > f.startDate ? from : f.startDate;
    let hi = to && to < yesterday ? to : yesterday;
    if (f.stopDate && f.stopDate < hi) hi = f.stopDate;
    if (lo > hi) continue;
    const gatewayIds =
      f.deviceId !== null ? [f.deviceId] : shedGateways.filter((g) => g.shedId === f.shedId && g.tenantId === f.tenantId).map((g) => g.id);
    if (gatewayIds.length > 0) plans.push({ f, lo, hi, gatewayIds });
  }
  if (plans.length === 0) return 0;
  // One rollup query over every gateway and the widest instant range; each flock keeps its own days.
  const starts = plans.map((p) => dayRange(addDays(p.lo, -1), p.f.timeZone).start.getTime());
  const ends = plans.map((p) => dayRange(p.hi, p.f.timeZone).end.getTime());
  const rows = await db
    .select({
      gatewayId: telemetryDaily.gatewayId,
      key: telemetryDaily.key,
      bucket: telemetryDaily.bucket,
      min: telemetryDaily.min,
      max: telemetryDaily.max,
    })
    .from(telemetryDaily)
    .where(
      and(
        inArray(telemetryDaily.gatewayId, [...new Set(plans.flatMap((p) => p.gatewayIds))]),
        or(like(telemetryDaily.key, 'water.%'), like(telemetryDaily.key, 'feed.%')),
        gte(telemetryDaily.bucket, new Date(Math.min(...starts))),
        lt(telemetryDaily.bucket, new Date(Math.max(...ends))),
      ),
    );
  const byGateway = new Map<number, typeof rows>();
  for (const r of rows) {
    const own = byGateway.get(r.gatewayId);
    if (own) own.push(r);
    else byGateway.set(r.gatewayId, [r]);
  }
  const ids = plans.map((p) => p.f.id);
  const minLo = plans.reduce((a, p) => (p.lo < a ? p.lo : a), plans[0]!.lo);
  const maxHi = plans.reduce((a, p) => (p.hi > a ? p.hi : a), plans[0]!.hi);
  let added = 0;
  for (const m of METERS) {
    // The days already stored (entered, corrected or filled before) are left alone.
    const stored = await db
      .select({ flockId: m.table.flockId, day: m.table.day })
      .from(m.table)
      .where(and(inArray(m.table.flockId, ids), gte(m.table.day, minLo), lte(m.table.day, maxHi)));
    const have = new Set(stored.map((r) => `${r.flockId}|${r.day}`));
    const values: Record<string, unknown>[] = [];
    for (const { f, lo, hi, gatewayIds } of plans) {
      // Per meter (gateway and key): farm day -> reading, from the day before `lo` on.
      const meters = new Map<string, Map<string, Reading>>();
      const dayBefore = addDays(lo, -1);
      for (const r of gatewayIds.flatMap((g) => byGateway.get(g) ?? [])) {
        if (!r.key.startsWith(`${m.prefix}.`)) continue;
        const day = farmDay(r.bucket, f.timeZone);
        if (day < dayBefore || day > hi) continue;
        const id = `${r.gatewayId}|${r.key}`;
        const days = meters.get(id) ?? new Map<string, Reading>();
        days.set(day, { min: r.min, max: r.max });
        meters.set(id, days);
      }
      const perDay = new Map<string, number>();
      for (const days of meters.values()) {
        for (const [day, used] of dailyConsumption(days)) {
          if (day < lo || day > hi || have.has(`${f.id}|${day}`)) continue;
          perDay.set(day, (perDay.get(day) ?? 0) + used);
        }
      }
      for (const [day, v] of perDay) {
        values.push({
          tenantId: f.tenantId,
          flockId: f.id,
          day,
          dayAge: daysBetween(f.birthDate, day),
          [m.field]: roundTo(v, 3),
          measured: true,
          measuredValue: roundTo(v, 3),
        });
      }
    }
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      // A row written in parallel since the select still wins: conflicts are skipped.
      const inserted = await db
        .insert(m.table)
        .values(values.slice(i, i + INSERT_CHUNK) as never)
        .onConflictDoNothing()
        .returning({ id: m.table.id });
      added += inserted.length;
    }
  }
  return added;
}
