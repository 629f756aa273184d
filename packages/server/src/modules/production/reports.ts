import {
  addDays,
  AppError,
  type CurveIndicator,
  daysBetween,
  ErrorCodes,
  type FlockTrendBody,
  type FlockTrendPoint,
  type FlockTrendSeries,
  PRODUCTION_TYPES,
  type ProductionType,
  type ReportBody,
  type ReportSummaryAnswer,
  STANDARD_CURVE_INDICATORS,
} from '@farmsense/shared';
import type { Database } from '../../db/client.js';
import { tenantIdOf, type Scope } from '../../scope/index.js';
import { fillMeasured } from './measured.js';
import { houseTemperatures } from './report-energy.js';
import { loadCurves, loadFacts, reportFlocks, type ReportFlock } from './report-query.js';
import { toRow, type ReportRow, type StdName } from './report-row.js';
import { farmGroups, flockGroups, totalGroup, type Group } from './report-rows.js';

/**
 * Production reports (docs/API-PRODUCTION.md "Reports"): summary rows per flock or farm and
 * period, and per-flock trends of an indicator against its standard curve. Each call reads the
 * flocks in scope, fills measured water and feed for the days shown, then runs one fact query
 * (report-query.ts) and computes rows in memory (report-rows.ts), whatever the range.
 */
export type SummaryAnswer = ReportSummaryAnswer;
export type TrendPoint = FlockTrendPoint;
export type TrendSeries = FlockTrendSeries;

/** A day report covers at most 366 days; week, month and year reports up to ten years. */
export const MAX_DAY_RANGE = 366;
export const MAX_RANGE = 3653;

export function assertRange(period: string, start: string, end: string): void {
  const max = period === 'day' ? MAX_DAY_RANGE : MAX_RANGE;
  if (daysBetween(start, end) + 1 > max) {
    throw new AppError(ErrorCodes.PARAM_ERROR, {
      data: { issues: [{ field: 'end', key: 'validation.rangeMaxDays', params: { days: max } }] },
      httpStatus: 400,
    });
  }
}

const typeOrder = (t: ProductionType | null): number => (t === null ? PRODUCTION_TYPES.length : PRODUCTION_TYPES.indexOf(t));

interface Prepared {
  list: ReportFlock[];
  groupsOf(kind: 'day' | 'week' | 'month' | 'year' | 'total', byAge: boolean): Group[];
  curves: Awaited<ReturnType<typeof loadCurves>>;
}

async function prepare(database: Database, scope: Scope, q: Omit<ReportBody, 'period' | 'groupBy'>): Promise<Prepared> {
  const tenantId = tenantIdOf(scope);
  const list = await reportFlocks(database.db, scope, q);
  await fillMeasured(
    database.db,
    list.map((f) => f.id),
    q.start,
    q.end,
  );
  const facts = await loadFacts(database, tenantId, list, q.start);
  const curves = await loadCurves(
    database.db,
    tenantId,
    list.map((f) => f.farmId),
  );
  return {
    list,
    curves,
    groupsOf: (kind, byAge) => list.flatMap((f) => flockGroups(f, facts.get(f.id) ?? [], q.start, kind, byAge)),
  };
}

export async function summary(database: Database, scope: Scope, body: ReportBody): Promise<SummaryAnswer> {
  assertRange(body.period, body.start, body.end);
  const { groupsOf, curves } = await prepare(database, scope, body);
  const byFlock = groupsOf(body.period, body.groupBy === 'flock');
  const groups =
    body.groupBy === 'farm'
      ? farmGroups(byFlock).sort(
          (a, b) =>
            (a.farmName ?? '').localeCompare(b.farmName ?? '') ||
            (a.farmId ?? 0) - (b.farmId ?? 0) ||
            a.firstDay.localeCompare(b.firstDay) ||
            typeOrder(a.productionType) - typeOrder(b.productionType),
        )
      : byFlock;
  const all = groupsOf('total', false);
  return {
    rows: groups.map((g) => toRow(g, curves)),
    totals: toRow(totalGroup(all, 'total'), curves),
    totalsByType: PRODUCTION_TYPES.flatMap((t) => {
      const mine = all.filter((g) => g.productionType === t);
      return mine.length === 0 ? [] : [toRow(totalGroup(mine, 'total', `total:${t}`), curves)];
    }),
  };
}

/** The row field each standard indicator compares with. */
const ACTUAL: Record<Exclude<CurveIndicator, '01'>, keyof ReportRow> = {
  '02': 'avgWeight',
  '03': 'gain',
  '04': 'fcr',
  '05': 'feedPerBird',
  '06': 'waterPerBird',
  '07': 'waterFeedRatio',
  '08': 'mortalityPer10k',
  '09': 'eggsPerHen',
  '10': 'layingRate',
  '11': 'avgEggWeight',
  '12': 'feedEggRatio',
};

/**
 * Per flock and indicator, the actual figure and the standard at each day (or week of age) of the
 * flock's life within the range. Actual 01 (comfort temperature) is the house's mean measured
 * temperature (`temp.n` daily rollups of the flock's gateway, or of its house's gateways).
 */
export async function trend(database: Database, scope: Scope, body: FlockTrendBody): Promise<{ series: TrendSeries[] }> {
  const start = body.start ?? '1970-01-01';
  const end = body.end ?? '9999-12-31';
  const { list, groupsOf, curves } = await prepare(database, scope, { flockIds: body.flockIds, start, end, includeClosed: true });
  const temps = body.indicators.includes('01')
    ? await houseTemperatures(database, tenantIdOf(scope), list, start)
    : new Map<string, number>();
  const kind = body.period === 'week' ? 'week' : 'day';
  const groups = groupsOf(kind, true);
  const order = new Map(body.flockIds.map((id, i) => [id, i]));
  const series: TrendSeries[] = [];
  for (const f of [...list].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))) {
    const mine = groups.filter((g) => g.flock?.id === f.id);
    const rows = mine.map((g) => toRow(g, curves));
    for (const indicator of body.indicators) {
      const name: StdName = STANDARD_CURVE_INDICATORS[indicator];
      const points = rows.map((r, i): TrendPoint => {
        const g = mine[i]!;
        let actual: number | null;
        if (indicator === '01') {
          const vals = g.dayAges.map((a) => temps.get(`${f.id}:${addDays(f.birthDate, a)}`)).filter((v): v is number => v !== undefined);
          actual = vals.length ? vals.reduce((s, v) => s + v, 0) / vals.length : null;
        } else {
          actual = r[ACTUAL[indicator]] as number | null;
        }
        const dayAge = r.dayAgeTo ?? 0;
        return {
          dayAge,
          day: addDays(f.birthDate, dayAge),
          ...(r.week === undefined ? {} : { week: r.week }),
          actual,
          standard: r.std[name] ?? null,
        };
      });
      series.push({ flockId: f.id, groupNo: f.groupNo, shedName: f.shedName, indicator, points });
    }
  }
  return { series };
}
