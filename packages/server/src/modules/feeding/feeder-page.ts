import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import type { farms } from '../../db/tables.js';
import { dayRange, farmDay } from '@farmsense/shared';
import { visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { feederPlaces, NOT_EATING, type FeederDay, type FeederPlace } from './feeder-days.js';
import { feedingDispatches, feedingPlanMeals } from './tables.js';

/**
 * The feeders' days of a range one page at a time: a feeder-day is a
 * stored daily `feederFeed.n` row, with the same day's `feederRation.n` (g planned, 0 without)
 * and `feederState.n` (2: not eating) beside it, newest day first and within a day in the
 * feeders' order (house, pen, feeder number). Three statements: the feeders, which of them have
 * a record on which day (SETS_SQL, from which the total and the page are cut), and the page's
 * rows' feed, ration and state (FIGURES_SQL; none for a page past the end). At 2,000 feeders a
 * week is 14,000 feeder-days; only the page's rows are read from the daily rollup.
 */
export type FeederDayRow = FeederPlace & FeederDay;

export interface FeederDayPage {
  farm: typeof farms.$inferSelect;
  today: string;
  total: number;
  rows: FeederDayRow[];
}

/**
 * Which feeders have a record on which day: per gateway and daily bucket the ids of its
 * `feederFeed.n` rows (telemetry_feeder_days, kept by triggers on telemetry_daily, telemetry/tables.ts),
 * about one small row per gateway and day (70 for 2,000 feeders on 10 concentrators over a week)
 * instead of an index probe per feeder and a heap row per feeder-day. The total and the page are
 * cut from them here; a feeder counts only on its own (current) gateway, as its rows are read.
 * The ids come as JSON (14,000 for a week of 2,000 feeders): the driver parses that natively,
 * where its int[] text parser took about 2 ms a call (17 ms on a call before it was warm).
 */
export const SETS_SQL = `
  SELECT gateway_id, bucket, to_json(feeder_ids) AS feeder_ids
    FROM telemetry_feeder_days
   WHERE gateway_id = ANY($1::int[]) AND bucket >= $2::timestamptz AND bucket < $3::timestamptz`;

/** The page's rows (gateway, feeder, bucket in page order) with their feed, ration and state. */
export const FIGURES_SQL = `
  SELECT p.i::int AS i, d.max AS fed, r.max AS ration, s.max AS state
    FROM unnest($1::int[], $2::int[], $3::timestamptz[]) WITH ORDINALITY AS p(g, f, bucket, i)
    JOIN telemetry_daily d ON d.gateway_id = p.g AND d.key = 'feederFeed.' || p.f::text AND d.bucket = p.bucket
    LEFT JOIN telemetry_daily r ON r.gateway_id = p.g AND r.key = 'feederRation.' || p.f::text AND r.bucket = p.bucket
    LEFT JOIN telemetry_daily s ON s.gateway_id = p.g AND s.key = 'feederState.' || p.f::text AND s.bucket = p.bucket
   ORDER BY p.i`;

interface SetRow {
  gateway_id: number;
  bucket: Date | string;
  feeder_ids: number[];
}

interface FigureRow {
  i: number;
  fed: number;
  ration: number | null;
  state: number | null;
}

/** `page` null: every feeder-day of the range (the Excel file). */
export async function feederDayPage(
  database: Database,
  scope: Scope,
  q: { farmId: number; shedId?: number; penId?: number; from: Date; to: Date },
  page: { pageNo: number; pageSize: number } | null,
  now = Date.now(),
): Promise<FeederDayPage> {
  const { db } = database;
  const farm = await visibleFarm(scope, q.farmId, { db });
  if (q.shedId) await visibleShed(scope, q.shedId, { db, farmId: farm.id });
  const today = farmDay(new Date(now), farm.timeZone);
  const feeders = await feederPlaces(db, scope, farm.id, q);
  if (feeders.length === 0) return { farm, today, total: 0, rows: [] };
  const start = dayRange(farmDay(q.from, farm.timeZone), farm.timeZone).start.toISOString();
  const end = dayRange(farmDay(q.to, farm.timeZone), farm.timeZone).end.toISOString();
  const ordOf = new Map(feeders.map((f, i) => [f.feederId, i]));
  const sets = await database.query<SetRow>(SETS_SQL, [[...new Set(feeders.map((f) => f.gatewayId))], start, end]);
  // Per day (newest first) the feeders' positions in their order, each on its own gateway only.
  const byDay = new Map<number, { bucket: Date; ords: number[] }>();
  for (const s of sets) {
    const bucket = new Date(s.bucket);
    let day = byDay.get(bucket.getTime());
    if (!day) byDay.set(bucket.getTime(), (day = { bucket, ords: [] }));
    for (const id of s.feeder_ids) {
      const i = ordOf.get(id);
      if (i !== undefined && feeders[i]!.gatewayId === s.gateway_id) day.ords.push(i);
    }
  }
  const days = [...byDay.values()].sort((a, b) => b.bucket.getTime() - a.bucket.getTime());
  const total = days.reduce((n, d) => n + d.ords.length, 0);
  const first = page ? (page.pageNo - 1) * page.pageSize : 0;
  const last = page ? Math.min(total, first + page.pageSize) : total;
  const picked: { i: number; bucket: Date }[] = [];
  let seen = 0;
  for (const d of days) {
    if (seen >= last) break;
    if (seen + d.ords.length > first) {
      d.ords.sort((a, b) => a - b);
      for (let k = Math.max(0, first - seen); k < d.ords.length && seen + k < last; k++) picked.push({ i: d.ords[k]!, bucket: d.bucket });
    }
    seen += d.ords.length;
  }
  if (picked.length === 0) return { farm, today, total, rows: [] };
  const figures = await database.query<FigureRow>(FIGURES_SQL, [
    picked.map((p) => feeders[p.i]!.gatewayId),
    picked.map((p) => feeders[p.i]!.feederId),
    picked.map((p) => p.bucket.toISOString()),
  ]);
  return {
    farm,
    today,
    total,
    rows: figures.map((r) => {
      const p = picked[Number(r.i) - 1]!;
      return {
        ...feeders[p.i]!,
        day: farmDay(p.bucket, farm.timeZone),
        planned: r.ration === null ? 0 : Number(r.ration),
        dispensed: Number(r.fed),
        refused: r.state !== null && Number(r.state) === NOT_EATING,
      };
    }),
  };
}

/** Percentage points a day's feed may fall short of a meal's cumulative share and still count it done (drops spread a few %). */
const MEAL_SLACK = 5;

/**
 * The meal shares (in day order) of the plan each feeder last confirmed (a dispatch with result
 * 1); feeders without one are absent. Two statements.
 */
export async function confirmedMeals(db: Db, tenantId: number, feederIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (feederIds.length === 0) return out;
  const sent = await db
    .select({ feederId: feedingDispatches.feederId, planId: feedingDispatches.planId })
    .from(feedingDispatches)
    .where(and(eq(feedingDispatches.tenantId, tenantId), inArray(feedingDispatches.feederId, feederIds), eq(feedingDispatches.result, 1)))
    .orderBy(desc(feedingDispatches.sentAt), desc(feedingDispatches.id));
  const planOf = new Map<number, number>();
  for (const s of sent) if (s.feederId !== null && !planOf.has(s.feederId)) planOf.set(s.feederId, s.planId);
  if (planOf.size === 0) return out;
  const meals = await db
    .select({ planId: feedingPlanMeals.planId, share: feedingPlanMeals.share })
    .from(feedingPlanMeals)
    .where(inArray(feedingPlanMeals.planId, [...new Set(planOf.values())]))
    .orderBy(asc(feedingPlanMeals.planId), asc(feedingPlanMeals.startMinute));
  const shares = new Map<number, number[]>();
  for (const m of meals) shares.set(m.planId, [...(shares.get(m.planId) ?? []), m.share]);
  for (const [feederId, planId] of planOf) out.set(feederId, shares.get(planId) ?? []);
  return out;
}

/** The meals (shares in day order, %) whose cumulative share the day's feed covered. */
export function mealsDone(shares: readonly number[], planned: number, dispensed: number): number {
  if (planned <= 0) return 0;
  const fed = (100 * dispensed) / planned + MEAL_SLACK;
  let sum = 0;
  let done = 0;
  for (const share of shares) {
    sum += share;
    if (sum > fed) break;
    done++;
  }
  return done;
}
