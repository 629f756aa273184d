import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import type { farms } from '../../db/tables.js';
import { dayRange, farmDay } from '../../lib/farm-time.js';
import { visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { feederPlaces, NOT_EATING, type FeederDay, type FeederPlace } from './feeder-days.js';
import { feedingDispatches, feedingPlanMeals } from './tables.js';

/**
 * The feeders' days of a range one page at a time, paged by the database: a feeder-day is a
 * stored daily `feederFeed.n` row, with the same day's `feederRation.n` (g planned, 0 without)
 * and `feederState.n` (2: not eating) beside it, newest day first and within a day in the
 * feeders' order (house, pen, feeder number). Two statements (the feeders, then the page with
 * its total), a third only for a page past the end. The page is cut from the feed rows alone and
 * only its rows look up their ration and state (at 2,000 feeders a week is 14,000 feeder-days).
 */
export type FeederDayRow = FeederPlace & FeederDay;

export interface FeederDayPage {
  farm: typeof farms.$inferSelect;
  today: string;
  total: number;
  rows: FeederDayRow[];
}

export const PAGE_SQL = `
  WITH page AS (
    SELECT u.ord, u.g, u.f, d.bucket, d.max AS fed, count(*) OVER () AS total
      FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS u(g, f, ord)
      JOIN telemetry_daily d ON d.gateway_id = u.g AND d.key = 'feederFeed.' || u.f::text
       AND d.bucket >= $3::timestamptz AND d.bucket < $4::timestamptz
     ORDER BY d.bucket DESC, u.ord
     LIMIT $5 OFFSET $6)
  SELECT p.ord::int AS ord, p.bucket, p.fed, r.max AS ration, s.max AS state, p.total
    FROM page p
    LEFT JOIN telemetry_daily r ON r.gateway_id = p.g AND r.key = 'feederRation.' || p.f::text AND r.bucket = p.bucket
    LEFT JOIN telemetry_daily s ON s.gateway_id = p.g AND s.key = 'feederState.' || p.f::text AND s.bucket = p.bucket
   ORDER BY p.bucket DESC, p.ord`;

const COUNT_SQL = `
  SELECT count(*) AS total
    FROM unnest($1::int[], $2::int[]) AS u(g, f)
    JOIN telemetry_daily d ON d.gateway_id = u.g AND d.key = 'feederFeed.' || u.f::text
     AND d.bucket >= $3::timestamptz AND d.bucket < $4::timestamptz`;

interface PageRow {
  ord: number;
  bucket: Date | string;
  fed: number;
  ration: number | null;
  state: number | null;
  total: number | string;
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
  const refs = [feeders.map((f) => f.gatewayId), feeders.map((f) => f.feederId), start, end];
  const limit = page ? page.pageSize : null;
  const offset = page ? (page.pageNo - 1) * page.pageSize : 0;
  const rows = await database.query<PageRow>(PAGE_SQL, [...refs, limit, offset]);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && offset > 0) {
    const [n] = await database.query<{ total: number | string }>(COUNT_SQL, refs);
    total = Number(n?.total ?? 0);
  }
  return {
    farm,
    today,
    total,
    rows: rows.map((r) => ({
      ...feeders[r.ord - 1]!,
      day: farmDay(new Date(r.bucket), farm.timeZone),
      planned: r.ration === null ? 0 : Number(r.ration),
      dispensed: Number(r.fed),
      refused: r.state !== null && Number(r.state) === NOT_EATING,
    })),
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
