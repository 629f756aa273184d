import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, type EnergyRow, kpi, type ReportBody } from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { farms, gateways, sheds } from '../../db/tables.js';
import { seesFarm, seesGateway, tenantIdOf, visibleFarm, type Scope } from '../../scope/index.js';
import { loadFacts, reportFlocks, type ReportFlock } from './report-query.js';
import { periodOf } from './report-rows.js';

/**
 * Farm energy (/ci18/business/field-energy): water (`water.n`, cumulative litres) and electricity
 * (`elec.n`, cumulative kWh) from the daily rollups of the farm's gateways the caller sees, per
 * bird from the flocks present. A meter's day is max(day) - max(day before), or max - min when the
 * day before has no reading or the counter went back (a reset), as the measured daily records
 * (measured.ts) count it; the meters of a farm are added up.
 */
export type { EnergyRow };

const METERS_SQL = `
WITH g AS (SELECT * FROM unnest($1::int[], $2::text[], $3::int[]) AS u(gid, tz, farm_id)),
r AS (
  SELECT g.farm_id, t.gateway_id, t.key, (t.bucket AT TIME ZONE g.tz)::date AS day, t.min, t.max
  FROM telemetry_daily t JOIN g ON g.gid = t.gateway_id
  WHERE (t.key LIKE 'water.%' OR t.key LIKE 'elec.%') AND t.bucket >= $4::timestamptz AND t.bucket < $5::timestamptz
),
l AS (
  SELECT r.*, LAG(r.max) OVER m AS prev_max, LAG(r.day) OVER m AS prev_day
  FROM r WINDOW m AS (PARTITION BY r.gateway_id, r.key ORDER BY r.day)
)
SELECT farm_id AS "farmId", day::text AS day, split_part(key, '.', 1) AS kind,
  SUM(CASE WHEN prev_day = day - 1 AND max >= prev_max THEN max - prev_max ELSE max - min END)::float8 AS amount
FROM l WHERE day BETWEEN $6::date AND $7::date
GROUP BY farm_id, day, split_part(key, '.', 1)`;

interface Acc {
  farmId: number;
  farmName: string;
  period: string;
  waterL: number | null;
  elecKwh: number | null;
  birdDays: number;
  days: number;
  waterBirdDays: number;
  elecBirdDays: number;
}

export async function energy(database: Database, scope: Scope, body: ReportBody): Promise<{ rows: EnergyRow[] }> {
  const db = database.db;
  const tenantId = tenantIdOf(scope);
  const farmList = body.farmId
    ? [await visibleFarm(scope, body.farmId)]
    : (
        await db
          .select({ id: farms.id, farmName: farms.farmName, timeZone: farms.timeZone })
          .from(farms)
          .where(eq(farms.tenantId, tenantId))
      ).filter((f) => seesFarm(scope, f.id));
  const farmById = new Map(farmList.map((f) => [f.id, f]));
  // The farms' flocks in scope (the same shed narrowing as the summary), for birds present.
  const flockList = await reportFlocks(db, scope, {
    farmId: body.farmId,
    shedIds: body.shedIds,
    start: body.start,
    end: body.end,
    includeClosed: true,
  });
  const facts = await loadFacts(database, tenantId, flockList, body.start);
  const gw =
    farmList.length === 0
      ? []
      : await db
          .select({ id: gateways.id, shedId: gateways.shedId, farmId: sql<number>`coalesce(${sheds.farmId}, ${gateways.farmId})` })
          .from(gateways)
          .leftJoin(sheds, eq(sheds.id, gateways.shedId))
          .where(
            and(
              eq(gateways.tenantId, tenantId),
              inArray(
                sql`coalesce(${sheds.farmId}, ${gateways.farmId})`,
                farmList.map((f) => f.id),
              ),
            ),
          );
  // Gateways in sheds the caller sees; farm-level ones only for a caller that sees the whole farm.
  const seen = gw.filter((g) => seesGateway(scope, g) && (!body.shedIds?.length || (g.shedId !== null && body.shedIds.includes(g.shedId))));
  const meters =
    seen.length === 0
      ? []
      : await database.query<{ farmId: number; day: string; kind: string; amount: number }>(METERS_SQL, [
          seen.map((g) => g.id),
          seen.map((g) => farmById.get(g.farmId)!.timeZone),
          seen.map((g) => g.farmId),
          `${addDays(body.start, -2)}T00:00:00Z`,
          `${addDays(body.end, 2)}T00:00:00Z`,
          body.start,
          body.end,
        ]);

  const accs = new Map<string, Acc>();
  const accOf = (farmId: number, day: string): Acc => {
    const { period } = periodOf(body.period, day, 0, false);
    const key = `${farmId}:${period}`;
    let a = accs.get(key);
    if (!a) {
      a = {
        farmId,
        farmName: farmById.get(farmId)?.farmName ?? '',
        period,
        waterL: null,
        elecKwh: null,
        birdDays: 0,
        days: 0,
        waterBirdDays: 0,
        elecBirdDays: 0,
      };
      accs.set(key, a);
    }
    return a;
  };
  const birds = birdsPerFarmDay(flockList, facts, body.start);
  const metered = new Map<string, { water?: number; elec?: number }>();
  for (const m of meters) {
    const key = `${m.farmId}|${m.day}`;
    const e = metered.get(key) ?? {};
    if (m.kind === 'water') e.water = m.amount;
    else e.elec = m.amount;
    metered.set(key, e);
  }
  for (const f of farmList) {
    for (let day = body.start; day <= body.end; day = addDays(day, 1)) {
      const b = birds.get(`${f.id}|${day}`) ?? 0;
      const m = metered.get(`${f.id}|${day}`);
      if (b === 0 && !m) continue;
      const a = accOf(f.id, day);
      a.birdDays += b;
      a.days += 1;
      if (m?.water !== undefined) {
        a.waterL = (a.waterL ?? 0) + m.water;
        a.waterBirdDays += b;
      }
      if (m?.elec !== undefined) {
        a.elecKwh = (a.elecKwh ?? 0) + m.elec;
        a.elecBirdDays += b;
      }
    }
  }
  const rows = [...accs.values()].map((a): EnergyRow => ({
    farmId: a.farmId,
    farmName: a.farmName,
    period: a.period,
    waterL: a.waterL,
    elecKwh: a.elecKwh,
    birds: a.days > 0 ? Math.round(a.birdDays / a.days) : 0,
    waterPerBirdMl: kpi.avgDailyPerBird(a.waterL, a.waterBirdDays, 1000),
    elecPerKBirdKwh: kpi.avgDailyPerBird(a.elecKwh, a.elecBirdDays, 1000),
  }));
  rows.sort((x, y) => x.farmName.localeCompare(y.farmName) || x.farmId - y.farmId || x.period.localeCompare(y.period));
  return { rows };
}

/** Birds present at the start of each day, added over a farm's flocks: `farmId|day` -> birds. */
function birdsPerFarmDay(list: ReportFlock[], facts: Awaited<ReturnType<typeof loadFacts>>, from: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of list) {
    for (const d of facts.get(f.id) ?? []) {
      if (d.day < from) continue;
      const opening = f.maleCount + f.femaleCount + d.net - d.tin + d.tout + d.dead + d.culled;
      const key = `${f.farmId}|${d.day}`;
      out.set(key, (out.get(key) ?? 0) + opening);
    }
  }
  return out;
}

const TEMPS_SQL = `
WITH u AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[]) AS u(flock_id, shed_id, device_id, tz))
SELECT u.flock_id AS "flockId", (t.bucket AT TIME ZONE u.tz)::date::text AS day, (SUM(t.sum) / NULLIF(SUM(t.count), 0))::float8 AS avg
FROM u
JOIN gateways g ON g.tenant_id = $5 AND (g.id = u.device_id OR (u.device_id IS NULL AND g.shed_id = u.shed_id))
JOIN telemetry_daily t ON t.gateway_id = g.id AND t.key LIKE 'temp.%' AND t.bucket >= $6::timestamptz AND t.bucket < $7::timestamptz
GROUP BY u.flock_id, (t.bucket AT TIME ZONE u.tz)::date`;

/**
 * Mean measured house temperature per flock and farm day (`flockId:day` -> °C): the `temp.n`
 * daily rollups of the flock's gateway, or of its house's gateways when it names none.
 */
export async function houseTemperatures(
  database: Database,
  tenantId: number,
  list: ReportFlock[],
  from: string,
): Promise<Map<string, number>> {
  if (list.length === 0) return new Map();
  const first = list.reduce((m, f) => (f.startDate < m ? f.startDate : m), list[0]!.startDate);
  const last = list.reduce((m, f) => (f.lastDay > m ? f.lastDay : m), list[0]!.lastDay);
  const lo = from > first ? from : first;
  const rows = await database.query<{ flockId: number; day: string; avg: number | null }>(TEMPS_SQL, [
    list.map((f) => f.id),
    list.map((f) => f.shedId),
    list.map((f) => f.deviceId),
    list.map((f) => f.timeZone),
    tenantId,
    `${addDays(lo, -2)}T00:00:00Z`,
    `${addDays(last, 2)}T00:00:00Z`,
  ]);
  return new Map(rows.filter((r) => r.avg !== null).map((r) => [`${r.flockId}:${r.day}`, r.avg!]));
}
