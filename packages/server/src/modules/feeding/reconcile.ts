import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  RECONCILE_TOLERANCE_PCT,
  reconcileGap,
  shareOut,
  type FeedReconcileAnswer,
  type FeedReconcileQuery,
  type FeedReconcileRow,
  roundTo,
  farmDay,
} from '@farmsense/shared';
import type { DbOrTx } from '../../lib/limits.js';
import { sheds, siloDaily, siloSheds, silos } from '../../db/tables.js';
import { shedCondition, tenantIdOf, visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { feederDays } from './feeder-days.js';

/**
 * Feed reconciliation per farm day and house (shared feeding/reconcile-endpoints.ts): the daily
 * rows the silos module keeps per silo (consumption and deliveries from the load cells) against
 * the feeders' daily figures (feeder-days.ts, g planned and dispensed). Only houses with a silo
 * bound to them (/weight/bind) are reconciled. A silo feeding several houses is shared among the
 * houses the account sees in proportion to what their feeders dispensed that day (shareOut); one
 * that also feeds a house without feeders (none the account sees) is shared equally and its
 * houses are not metered (no gap).
 * Three statements beside feeder-days': the silos' houses, and the silos' daily rows.
 */

interface HouseDay {
  metered: boolean;
  consumed: number;
  delivered: number;
  /** g, as the feeders report. */
  dispensed: number;
  planned: number;
}

export async function feedReconcile(source: { db: DbOrTx }, scope: Scope, q: FeedReconcileQuery): Promise<FeedReconcileAnswer> {
  const { db } = source;
  const farm = await visibleFarm(scope, q.farmId, { db });
  if (q.shedId) await visibleShed(scope, q.shedId, { db, farmId: farm.id });
  const from = farmDay(q.startTime, farm.timeZone);
  const to = farmDay(q.endTime, farm.timeZone);
  const links = await db
    .select({ siloId: silos.id, siloName: silos.name, shedId: sheds.id, shedName: sheds.shedName })
    .from(siloSheds)
    .innerJoin(silos, eq(silos.id, siloSheds.siloId))
    .innerJoin(sheds, eq(sheds.id, siloSheds.shedId))
    .where(and(eq(silos.tenantId, tenantIdOf(scope)), eq(silos.farmId, farm.id), shedCondition(scope, sheds.farmId, sheds.id)))
    .orderBy(asc(sheds.shedName), asc(sheds.id), asc(silos.name));
  if (links.length === 0) return { tolerancePct: RECONCILE_TOLERANCE_PCT, list: [] };

  const siloIds = [...new Set(links.map((l) => l.siloId))];
  const dailyRows = await db
    .select({ siloId: siloDaily.siloId, day: siloDaily.day, consumedKg: siloDaily.consumedKg, deliveredKg: siloDaily.deliveredKg })
    .from(siloDaily)
    .where(and(inArray(siloDaily.siloId, siloIds), gte(siloDaily.day, from), lte(siloDaily.day, to)));
  // The whole farm's feeders: a shared silo is split by what each of its houses dispensed.
  const feeding = await feederDays(source, scope, { farmId: farm.id, from: q.startTime, to: q.endTime });

  const houses = new Map<number, { name: string; silos: string[] }>();
  const housesOfSilo = new Map<number, number[]>();
  for (const l of links) {
    const h = houses.get(l.shedId) ?? { name: l.shedName, silos: [] };
    h.silos.push(l.siloName);
    houses.set(l.shedId, h);
    housesOfSilo.set(l.siloId, [...(housesOfSilo.get(l.siloId) ?? []), l.shedId]);
  }
  // day -> house -> figures
  const grid = new Map<string, Map<number, HouseDay>>();
  const cell = (day: string, shedId: number): HouseDay => {
    let byHouse = grid.get(day);
    if (!byHouse) grid.set(day, (byHouse = new Map()));
    let c = byHouse.get(shedId);
    if (!c) byHouse.set(shedId, (c = { metered: true, consumed: 0, delivered: 0, dispensed: 0, planned: 0 }));
    return c;
  };
  for (const f of feeding.feeders) {
    if (!houses.has(f.shedId)) continue;
    for (const d of feeding.days.get(f.feederId)?.values() ?? []) {
      if (d.day < from || d.day > to) continue;
      const c = cell(d.day, f.shedId);
      c.dispensed += d.dispensed;
      c.planned += d.planned;
    }
  }
  const fed = new Set(feeding.feeders.map((f) => f.shedId));
  for (const r of dailyRows) {
    const own = housesOfSilo.get(r.siloId) ?? [];
    const metered = own.every((shedId) => fed.has(shedId));
    const cells = own.map((shedId) => cell(r.day, shedId));
    const weights = cells.map((c) => (metered ? c.dispensed : 0));
    const consumed = shareOut(r.consumedKg, weights);
    const delivered = shareOut(r.deliveredKg, weights);
    cells.forEach((c, i) => {
      c.metered &&= metered;
      c.consumed += consumed[i]!;
      c.delivered += delivered[i]!;
    });
  }

  const order = [...houses.keys()];
  const list: FeedReconcileRow[] = [];
  for (const day of [...grid.keys()].sort()) {
    const byHouse = grid.get(day)!;
    for (const shedId of order) {
      const c = byHouse.get(shedId);
      if (!c || (q.shedId && shedId !== q.shedId)) continue;
      const house = houses.get(shedId)!;
      list.push({
        day,
        shedId,
        shedName: house.name,
        silos: house.silos,
        consumedKg: roundTo(c.consumed, 1),
        deliveredKg: roundTo(c.delivered, 1),
        dispensedKg: roundTo(c.dispensed / 1000, 1),
        plannedKg: roundTo(c.planned / 1000, 1),
        metered: c.metered,
        ...(c.metered ? reconcileGap(c.consumed, c.dispensed / 1000) : { gapKg: null, gapPct: null, flagged: false }),
      });
    }
  }
  return { tolerancePct: RECONCILE_TOLERANCE_PCT, list };
}
