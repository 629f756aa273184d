import { and, asc, desc, eq, gte, inArray, lt, lte, min, type SQL } from 'drizzle-orm';
import {
  addDays,
  ErrorCodes,
  FORECAST_DAYS,
  emptyForecast,
  type Page,
  type SiloDailyRow,
  type SiloDeliveryRow,
  type SiloFarmQuery,
  type SiloRecordsQuery,
  type SiloStatusRow,
  roundTo,
  farmDay,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { pageAnswer, readPage } from '../../lib/paging.js';
import { refusal, tenantIdOf, visibleFarm, type Scope } from '../../scope/index.js';
import { siloConditions, siloRows, visibleSilo } from './silos.js';
import { siloDaily, siloDeliveries, siloState, silos } from './tables.js';

/**
 * Each silo of a farm (or feeding a house) as its scale last saw it, with today's consumption,
 * its last delivery and the empty-by forecast from the FORECAST_DAYS whole days before today.
 */
export async function siloStatus(db: Db, scope: Scope, q: SiloFarmQuery, now = Date.now()): Promise<SiloStatusRow[]> {
  const farm = await visibleFarm(scope, q.farmId);
  const records = await db
    .select()
    .from(silos)
    .where(await siloConditions(scope, q))
    .orderBy(asc(silos.name), asc(silos.id));
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const today = farmDay(new Date(now), farm.timeZone);
  const [rows, states, days, lastDeliveries, firstDays] = await Promise.all([
    siloRows(db, records),
    db.select().from(siloState).where(inArray(siloState.siloId, ids)),
    db
      .select({ siloId: siloDaily.siloId, day: siloDaily.day, consumedKg: siloDaily.consumedKg })
      .from(siloDaily)
      .where(and(inArray(siloDaily.siloId, ids), gte(siloDaily.day, addDays(today, -FORECAST_DAYS)), lte(siloDaily.day, today)))
      .orderBy(asc(siloDaily.day)),
    db
      .selectDistinctOn([siloDeliveries.siloId], { siloId: siloDeliveries.siloId, ts: siloDeliveries.ts, kg: siloDeliveries.kg })
      .from(siloDeliveries)
      .where(inArray(siloDeliveries.siloId, ids))
      .orderBy(siloDeliveries.siloId, desc(siloDeliveries.ts)),
    db
      .select({ siloId: siloDaily.siloId, day: min(siloDaily.day) })
      .from(siloDaily)
      .where(inArray(siloDaily.siloId, ids))
      .groupBy(siloDaily.siloId),
  ]);
  const firstDay = new Map(firstDays.map((f) => [f.siloId, f.day]));
  const stateOf = new Map(states.map((s) => [s.siloId, s]));
  const deliveryOf = new Map(lastDeliveries.map((d) => [d.siloId, d]));
  return rows.map((row) => {
    const s = stateOf.get(row.id);
    const mine = days.filter((d) => d.siloId === row.id);
    // Whole days only: every day before today but the silo's first (weighed from some hour on);
    // a day without a row drew nothing.
    const daily: number[] = [];
    for (let n = FORECAST_DAYS; n >= 1; n--) {
      const day = addDays(today, -n);
      daily.push(day === firstDay.get(row.id) ? 0 : (mine.find((d) => d.day === day)?.consumedKg ?? 0));
    }
    const d = deliveryOf.get(row.id);
    return {
      ...row,
      weightKg: s ? s.weightKg : null,
      fillPct: s ? roundTo((s.weightKg / row.capacityKg) * 100, 1) : null,
      level: s ? s.level : null,
      weightState: s ? s.weightState : null,
      action: s ? s.action : null,
      lastTs: s ? s.ts.getTime() : null,
      todayConsumedKg: roundTo(mine.find((x) => x.day === today)?.consumedKg ?? 0, 1),
      lastDelivery: d ? { ts: d.ts.getTime(), kg: d.kg } : null,
      forecast: s ? emptyForecast(s.weightKg, daily, row.leadDays) : null,
    };
  });
}

/** The silos a records query covers: one silo of the farm, or all the farm's silos the caller sees. */
async function recordSilos(
  db: Db,
  scope: Scope,
  q: SiloRecordsQuery,
): Promise<{ ids: number[]; names: Map<number, string>; timeZone: string }> {
  const farm = await visibleFarm(scope, q.farmId);
  if (q.siloId !== undefined) {
    const silo = await visibleSilo(db, scope, q.siloId);
    if (silo.farmId !== farm.id) throw refusal(scope.req, ErrorCodes.DATA_NOT_FOUND, { refused: 'silo', id: silo.id });
    return { ids: [silo.id], names: new Map([[silo.id, silo.name]]), timeZone: farm.timeZone };
  }
  const rows = await db
    .select({ id: silos.id, name: silos.name })
    .from(silos)
    .where(and(eq(silos.tenantId, tenantIdOf(scope)), eq(silos.farmId, farm.id)));
  return { ids: rows.map((r) => r.id), names: new Map(rows.map((r) => [r.id, r.name])), timeZone: farm.timeZone };
}

export async function deliveryPage(db: Db, scope: Scope, q: SiloRecordsQuery): Promise<Page<SiloDeliveryRow>> {
  const { ids, names } = await recordSilos(db, scope, q);
  if (ids.length === 0) return pageAnswer(q, 0, []);
  const conds: SQL[] = [inArray(siloDeliveries.siloId, ids)];
  if (q.start) conds.push(gte(siloDeliveries.ts, q.start));
  if (q.end) conds.push(lt(siloDeliveries.ts, q.end));
  const { total, rows } = await readPage(db, siloDeliveries, and(...conds), q, (where) =>
    db.select().from(siloDeliveries).where(where).orderBy(desc(siloDeliveries.ts), desc(siloDeliveries.id)).$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map((r) => ({
      id: r.id,
      siloId: r.siloId,
      siloName: names.get(r.siloId) ?? '',
      startedAt: r.startedAt.getTime(),
      ts: r.ts.getTime(),
      kg: roundTo(r.kg, 1),
    })),
  );
}

export async function dailyPage(db: Db, scope: Scope, q: SiloRecordsQuery): Promise<Page<SiloDailyRow>> {
  const { ids, names, timeZone } = await recordSilos(db, scope, q);
  if (ids.length === 0) return pageAnswer(q, 0, []);
  const conds: SQL[] = [inArray(siloDaily.siloId, ids)];
  if (q.start) conds.push(gte(siloDaily.day, farmDay(q.start, timeZone)));
  if (q.end) conds.push(lt(siloDaily.day, farmDay(q.end, timeZone)));
  const { total, rows } = await readPage(db, siloDaily, and(...conds), q, (where) =>
    db.select().from(siloDaily).where(where).orderBy(desc(siloDaily.day), asc(siloDaily.siloId)).$dynamic(),
  );
  return pageAnswer(
    q,
    total,
    rows.map((r) => ({
      siloId: r.siloId,
      siloName: names.get(r.siloId) ?? '',
      day: r.day,
      consumedKg: roundTo(r.consumedKg, 1),
      deliveredKg: roundTo(r.deliveredKg, 1),
      deliveries: r.deliveries,
      closingKg: r.closingKg === null ? null : roundTo(r.closingKg, 1),
    })),
  );
}
