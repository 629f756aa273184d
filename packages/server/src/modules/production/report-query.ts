import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { AppError, ErrorCodes, type ReportBody, farmDay } from '@farmsense/shared';
import type { Database, Db } from '../../db/client.js';
import { farms, sheds } from '../../db/tables.js';
import { refusal, visibleFarm, visibleSheds, type Scope } from '../../scope/index.js';
import { flockFactCols, flockVisibility, type FlockFacts } from './access.js';
import { flocks, standardCurves } from './tables.js';

/**
 * The reads behind the production reports: which flocks a call covers (the caller's scope), one
 * fact row per flock and day of the range (two statements for all flocks: the totals before the
 * range, then the range's days; running sums added here), and the farms' standard curves.
 * Everything else is computed in memory from those rows (report-rows.ts).
 */
export interface ReportFlock extends FlockFacts {
  farmName: string;
  shedName: string;
  /** POULTRY_SHED_TYPES code of the house (with the flock type it gives the production type). */
  shedType: number | null;
  flockType: number;
  maleAvgWeight: number | null;
  femaleAvgWeight: number | null;
  /** The flock's last day in the call: its stop date or today (farm time), at most the range end. */
  lastDay: string;
}

/** One flock and day. Counts are the day's; `*Cum` are running totals since placement, that day included. */
export interface DayFact {
  flockId: number;
  day: string;
  dayAge: number;
  tin: number;
  tout: number;
  dead: number;
  culled: number;
  tinMale: number;
  toutMale: number;
  deadMale: number;
  culledMale: number;
  /** Kg of the day's birds out / dead birds, null when not recorded. */
  toutKg: number | null;
  deadKg: number | null;
  net: number;
  netMale: number;
  inCum: number;
  inMaleCum: number;
  deadCum: number;
  culledCum: number;
  /** Birds out since placement, their recorded kg, the birds out whose kg was not recorded, and sum of birds out x day age. */
  outCum: number;
  outKgCum: number;
  outNoKgCum: number;
  outAgeCum: number;
  /** Kg of the dead birds since placement, and the dead birds whose day had no dead kg. */
  deadKgCum: number;
  deadNoKgCum: number;
  feedCum: number;
  eggsCum: number;
  avgWeight: number | null;
  maleAvgWeight: number | null;
  femaleAvgWeight: number | null;
  uniformity: number | null;
  cv: number | null;
  feedKg: number | null;
  waterL: number | null;
  eggCount: number | null;
  eggWeightKg: number | null;
}

export type FlockScope = Pick<ReportBody, 'farmId' | 'shedIds' | 'flockIds' | 'flockType' | 'start' | 'end' | 'includeClosed'>;

/**
 * The visible flocks whose life overlaps [start, end], narrowed by the filter. A farm the caller
 * may not see answers 10007, a shed 30004, a named flock 20071, as the other production calls do.
 */
export async function reportFlocks(db: Db, scope: Scope, q: FlockScope): Promise<ReportFlock[]> {
  if (q.farmId) await visibleFarm(scope, q.farmId);
  if (q.shedIds?.length) {
    const found = await visibleSheds(scope, q.shedIds);
    const other = q.farmId ? found.find((s) => s.farmId !== q.farmId) : undefined;
    if (other) throw refusal(scope.req, ErrorCodes.HOUSE_NOT_FOUND, { refused: 'shed', id: other.id });
  }
  const conds: SQL[] = [flockVisibility(scope), lte(flocks.startDate, q.end), or(isNull(flocks.stopDate), gte(flocks.stopDate, q.start))!];
  if (q.farmId) conds.push(eq(flocks.farmId, q.farmId));
  if (q.shedIds?.length) conds.push(inArray(flocks.shedId, q.shedIds));
  if (q.flockIds?.length) conds.push(inArray(flocks.id, q.flockIds));
  if (q.flockType) conds.push(eq(flocks.flockType, q.flockType));
  if (!q.includeClosed) conds.push(eq(flocks.status, 1));
  const rows = await db
    .select({
      ...flockFactCols,
      farmName: farms.farmName,
      shedName: sheds.shedName,
      shedType: sheds.shedType,
      flockType: flocks.flockType,
      maleAvgWeight: flocks.maleAvgWeight,
      femaleAvgWeight: flocks.femaleAvgWeight,
    })
    .from(flocks)
    .innerJoin(farms, eq(farms.id, flocks.farmId))
    .innerJoin(sheds, eq(sheds.id, flocks.shedId))
    .where(and(...conds));
  if (q.flockIds?.length) {
    // A named flock the caller cannot see is refused (20071); one outside the range is simply empty.
    const seen = await db
      .select({ id: flocks.id })
      .from(flocks)
      .where(and(flockVisibility(scope), inArray(flocks.id, q.flockIds)));
    if (seen.length !== new Set(q.flockIds).size) throw new AppError(ErrorCodes.FLOCK_TYPE_MISSING);
  }
  return rows
    .map((r) => {
      const today = farmDay(new Date(), r.timeZone);
      const end = r.stopDate && r.stopDate < today ? r.stopDate : today;
      return { ...r, lastDay: end < q.end ? end : q.end };
    })
    .filter((r) => r.lastDay >= r.startDate && r.lastDay >= q.start)
    .sort(
      (a, b) =>
        a.farmName.localeCompare(b.farmName) || a.shedName.localeCompare(b.shedName) || a.groupNo.localeCompare(b.groupNo) || a.id - b.id,
    );
}

/** Running totals up to the day before the range, and the last weighing before it, per flock. */
const BEFORE_SQL = `
WITH f AS (
  SELECT u.id, u.first::date AS first
  FROM unnest($1::int[], $2::text[]) AS u(id, first)
  JOIN flocks fl ON fl.id = u.id AND fl.tenant_id = $3
)
SELECT f.id AS "flockId",
  COALESCE(s.net, 0) AS net, COALESCE(s.net_m, 0) AS "netMale", COALESCE(s.in_cum, 0) AS "inCum",
  COALESCE(s.in_m_cum, 0) AS "inMaleCum", COALESCE(s.dead_cum, 0) AS "deadCum", COALESCE(s.culled_cum, 0) AS "culledCum",
  COALESCE(s.out_cum, 0) AS "outCum", COALESCE(s.out_kg_cum, 0) AS "outKgCum", COALESCE(s.out_nokg_cum, 0) AS "outNoKgCum",
  COALESCE(s.out_age_cum, 0) AS "outAgeCum", COALESCE(s.dead_kg_cum, 0) AS "deadKgCum", COALESCE(s.dead_nokg_cum, 0) AS "deadNoKgCum",
  COALESCE(fe.feed_cum, 0) AS "feedCum", COALESCE(e.eggs_cum, 0) AS "eggsCum",
  w.day AS "wDay", w.day_age AS "wDayAge", w.avg_weight AS "wAvg", w.male_avg_weight AS "wMale", w.female_avg_weight AS "wFemale",
  w.net AS "wNet", w.net_m AS "wNetMale"
FROM f
LEFT JOIN LATERAL (
  SELECT SUM(transfer_in - transfer_out - dead - culled)::int AS net,
    SUM(COALESCE(transfer_in_male, 0) - COALESCE(transfer_out_male, 0) - COALESCE(dead_male, 0) - COALESCE(culled_male, 0))::int AS net_m,
    SUM(transfer_in)::int AS in_cum, SUM(COALESCE(transfer_in_male, 0))::int AS in_m_cum,
    SUM(dead)::int AS dead_cum, SUM(culled)::int AS culled_cum,
    SUM(transfer_out)::int AS out_cum, SUM(COALESCE(transfer_out_kg, 0))::float8 AS out_kg_cum,
    SUM(CASE WHEN transfer_out_kg IS NULL THEN transfer_out ELSE 0 END)::int AS out_nokg_cum,
    SUM(transfer_out::bigint * day_age)::float8 AS out_age_cum, SUM(COALESCE(dead_kg, 0))::float8 AS dead_kg_cum,
    SUM(CASE WHEN dead_kg IS NULL THEN dead ELSE 0 END)::int AS dead_nokg_cum
  FROM flock_stock_days WHERE flock_id = f.id AND day < f.first
) s ON true
LEFT JOIN LATERAL (SELECT SUM(feed_kg)::float8 AS feed_cum FROM flock_feed_days WHERE flock_id = f.id AND day < f.first) fe ON true
LEFT JOIN LATERAL (SELECT SUM(egg_count)::int AS eggs_cum FROM flock_egg_days WHERE flock_id = f.id AND day < f.first) e ON true
LEFT JOIN LATERAL (
  SELECT g.day::text AS day, g.day_age, g.avg_weight, g.male_avg_weight, g.female_avg_weight,
    (SELECT SUM(transfer_in - transfer_out - dead - culled) FROM flock_stock_days WHERE flock_id = f.id AND day <= g.day)::int AS net,
    (SELECT SUM(COALESCE(transfer_in_male, 0) - COALESCE(transfer_out_male, 0) - COALESCE(dead_male, 0) - COALESCE(culled_male, 0))
       FROM flock_stock_days WHERE flock_id = f.id AND day <= g.day)::int AS net_m
  FROM flock_grow_days g
  WHERE g.flock_id = f.id AND g.day < f.first AND (g.avg_weight IS NOT NULL OR g.male_avg_weight IS NOT NULL OR g.female_avg_weight IS NOT NULL)
  ORDER BY g.day DESC LIMIT 1
) w ON true`;

/** Every day of the range in each flock's life, with the day's records (no row: nothing recorded). */
const DAYS_SQL = `
WITH f AS (
  SELECT u.id, u.first::date AS first, u.last::date AS last, fl.birth_date
  FROM unnest($1::int[], $2::text[], $3::text[]) AS u(id, first, last)
  JOIN flocks fl ON fl.id = u.id AND fl.tenant_id = $4
),
-- Materialized: the joins then key on plain columns instead of re-casting the series (faster on PGlite).
d AS MATERIALIZED (
  SELECT f.id AS flock_id, gs::date AS day, gs::date - f.birth_date AS day_age
  FROM f CROSS JOIN LATERAL generate_series(f.first::timestamp, f.last::timestamp, interval '1 day') AS gs
)
SELECT d.flock_id AS "flockId", d.day::text AS day, d.day_age AS "dayAge",
  COALESCE(s.transfer_in, 0) AS tin, COALESCE(s.transfer_out, 0) AS tout, COALESCE(s.dead, 0) AS dead, COALESCE(s.culled, 0) AS culled,
  COALESCE(s.transfer_in_male, 0) AS "tinMale", COALESCE(s.transfer_out_male, 0) AS "toutMale",
  COALESCE(s.dead_male, 0) AS "deadMale", COALESCE(s.culled_male, 0) AS "culledMale",
  s.transfer_out_kg AS "toutKg", s.dead_kg AS "deadKg",
  g.avg_weight AS "avgWeight", g.male_avg_weight AS "maleAvgWeight", g.female_avg_weight AS "femaleAvgWeight", g.uniformity, g.cv,
  fe.feed_kg AS "feedKg", wa.water_l AS "waterL", e.egg_count AS "eggCount", e.egg_weight_kg AS "eggWeightKg"
FROM d
LEFT JOIN flock_stock_days s ON s.flock_id = d.flock_id AND s.day = d.day
LEFT JOIN flock_grow_days g ON g.flock_id = d.flock_id AND g.day = d.day
LEFT JOIN flock_feed_days fe ON fe.flock_id = d.flock_id AND fe.day = d.day
LEFT JOIN flock_water_days wa ON wa.flock_id = d.flock_id AND wa.day = d.day
LEFT JOIN flock_egg_days e ON e.flock_id = d.flock_id AND e.day = d.day
ORDER BY d.flock_id, d.day`;

type Totals = Pick<
  DayFact,
  | 'net'
  | 'netMale'
  | 'inCum'
  | 'inMaleCum'
  | 'deadCum'
  | 'culledCum'
  | 'outCum'
  | 'outKgCum'
  | 'outNoKgCum'
  | 'outAgeCum'
  | 'deadKgCum'
  | 'deadNoKgCum'
  | 'feedCum'
  | 'eggsCum'
>;
interface Before extends Totals {
  flockId: number;
  wDay: string | null;
  wDayAge: number | null;
  wAvg: number | null;
  wMale: number | null;
  wFemale: number | null;
  wNet: number | null;
  wNetMale: number | null;
}
type DayRow = Omit<DayFact, keyof Totals>;

/**
 * Each flock's days from `from` (or its placement) to its last day in the call, with the day's
 * records and running totals since placement; the last weighing before the range comes first (the
 * reference for gain). Two statements whatever the range: the totals before the range per flock,
 * and the range's days (a day without a stock row is no movement, so birds present carry over).
 */
export async function loadFacts(database: Database, tenantId: number, list: ReportFlock[], from: string): Promise<Map<number, DayFact[]>> {
  const out = new Map<number, DayFact[]>(list.map((f) => [f.id, []]));
  if (list.length === 0) return out;
  const ids = list.map((f) => f.id);
  const firsts = list.map((f) => (f.startDate > from ? f.startDate : from));
  const [before, days] = await Promise.all([
    database.query<Before>(BEFORE_SQL, [ids, firsts, tenantId]),
    database.query<DayRow>(DAYS_SQL, [ids, firsts, list.map((f) => f.lastDay), tenantId]),
  ]);
  const running = new Map<number, Totals>();
  for (const b of before) {
    const { flockId, wDay, wDayAge, wAvg, wMale, wFemale, wNet, wNetMale, ...totals } = b;
    running.set(flockId, totals);
    if (wDay === null || wDayAge === null) continue;
    out.get(flockId)?.push({
      flockId,
      day: wDay,
      dayAge: wDayAge,
      tin: 0,
      tout: 0,
      dead: 0,
      culled: 0,
      tinMale: 0,
      toutMale: 0,
      deadMale: 0,
      culledMale: 0,
      toutKg: null,
      deadKg: null,
      ...totals,
      net: wNet ?? 0,
      netMale: wNetMale ?? 0,
      avgWeight: wAvg,
      maleAvgWeight: wMale,
      femaleAvgWeight: wFemale,
      uniformity: null,
      cv: null,
      feedKg: null,
      waterL: null,
      eggCount: null,
      eggWeightKg: null,
    });
  }
  for (const d of days) {
    const t = running.get(d.flockId);
    if (!t) continue;
    t.net += d.tin - d.tout - d.dead - d.culled;
    t.netMale += d.tinMale - d.toutMale - d.deadMale - d.culledMale;
    t.inCum += d.tin;
    t.inMaleCum += d.tinMale;
    t.deadCum += d.dead;
    t.culledCum += d.culled;
    t.outCum += d.tout;
    t.outKgCum += d.toutKg ?? 0;
    t.outNoKgCum += d.toutKg === null ? d.tout : 0;
    t.outAgeCum += d.tout * d.dayAge;
    t.deadKgCum += d.deadKg ?? 0;
    t.deadNoKgCum += d.deadKg === null ? d.dead : 0;
    t.feedCum += d.feedKg ?? 0;
    t.eggsCum += d.eggCount ?? 0;
    out.get(d.flockId)?.push({ ...d, ...t });
  }
  return out;
}

export interface CurveRef {
  farmId: number;
  flockType: number;
  indicator: string;
  startDay: number;
  values: number[];
}

/** The farms' standard curves, keyed `farmId:flockType:indicator`. */
export async function loadCurves(db: Db, tenantId: number, farmIds: number[]): Promise<Map<string, CurveRef>> {
  if (farmIds.length === 0) return new Map();
  const rows = await db
    .select({
      farmId: standardCurves.farmId,
      flockType: standardCurves.flockType,
      indicator: standardCurves.indicator,
      startDay: standardCurves.startDay,
      values: standardCurves.values,
    })
    .from(standardCurves)
    .where(and(eq(standardCurves.tenantId, tenantId), inArray(standardCurves.farmId, [...new Set(farmIds)])));
  return new Map(rows.map((r) => [curveKey(r.farmId, r.flockType, r.indicator), r]));
}

export function curveKey(farmId: number, flockType: number, indicator: string): string {
  return `${farmId}:${flockType}:${indicator}`;
}
