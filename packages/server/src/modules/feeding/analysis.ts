import {
  FEED_MIN_SHARE,
  type FeedAnalysisAnswer,
  type FeedAnalysisQuery,
  type FeedAnalysisRow,
  type FeedIntakeAnswer,
  type FeedIntakeDay,
  type FeedIntakeQuery,
  type Locale,
  roundTo,
} from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Database } from '../../db/client.js';
import { writeXlsx } from '../../lib/xlsx.js';
import { visiblePen, visibleShed, type Scope } from '../../scope/index.js';
import { visibleDevice } from './devices.js';
import { dayVerdict, feederDays, placeOf, type FeederDay, type FeederPlace } from './feeder-days.js';

/**
 * The feed analysis (/accurate-feeding/feed-analysis/analysis: planned vs dispensed summed per
 * day, house or pen) and the intake trend (/accurate-feeding/slb-analysis/index: one feeder's or
 * pen's days against its plan), both from feeder-days.ts over a range of at most 30 days.
 */

interface Sum {
  planned: number;
  dispensed: number;
  leftover: number;
  records: number;
}

const emptySum = (): Sum => ({ planned: 0, dispensed: 0, leftover: 0, records: 0 });

function add(s: Sum, d: FeederDay): void {
  s.planned += d.planned;
  s.dispensed += d.dispensed;
  s.leftover += Math.max(0, d.planned - d.dispensed);
  s.records++;
}

const amounts = (s: Sum) => ({
  planned: s.planned,
  dispensed: s.dispensed,
  leftover: s.leftover,
  deviation: s.planned > 0 ? roundTo((100 * (s.dispensed - s.planned)) / s.planned, 1) : null,
});

function groupOf(f: FeederPlace, day: string, by: FeedAnalysisQuery['groupBy']): Omit<FeedAnalysisRow, keyof Sum | 'deviation'> {
  if (by === 'day') return { key: day, day, shedName: null, penColumn: null, penRow: null };
  if (by === 'shed') return { key: String(f.shedId), day: null, shedName: f.shedName, penColumn: null, penRow: null };
  return { key: String(f.penId), day: null, shedName: f.shedName, penColumn: f.penColumn, penRow: f.penRow };
}

export async function feedAnalysis(database: Database, scope: Scope, q: FeedAnalysisQuery): Promise<FeedAnalysisAnswer> {
  const data = await feederDays(database, scope, { ...q, from: q.startTime, to: q.endTime });
  const groups = new Map<string, { head: ReturnType<typeof groupOf>; sum: Sum }>();
  const total = emptySum();
  for (const f of data.feeders) {
    for (const d of data.days.get(f.feederId)?.values() ?? []) {
      const head = groupOf(f, d.day, q.groupBy);
      const g = groups.get(head.key) ?? { head, sum: emptySum() };
      groups.set(head.key, g);
      add(g.sum, d);
      add(total, d);
    }
  }
  // Houses and pens in the feeders' order; days oldest first.
  const rows = [...groups.values()].map((g) => ({ ...g.head, records: g.sum.records, ...amounts(g.sum) }));
  if (q.groupBy === 'day') rows.sort((a, b) => a.key.localeCompare(b.key));
  return { list: rows, total: amounts(total) };
}

/** The analysis as an Excel file in the request's language (kg, as the page shows it). */
export async function exportFeedAnalysis(
  database: Database,
  scope: Scope,
  q: FeedAnalysisQuery,
  locale: Locale,
): Promise<{ file: Buffer; filename: string }> {
  const { list } = await feedAnalysis(database, scope, q);
  const tx = (key: string, vars?: Record<string, string | number>): string => translate(locale, `feeding.${key}`, vars);
  const kg = (g: number): number => Math.round(g) / 1000;
  const file = await writeXlsx({
    name: tx('feedAnalysis.sheet'),
    header: [
      tx(`feedAnalysis.groups.${q.groupBy}`),
      tx('feedAnalysis.fields.records'),
      tx('feedAnalysis.fields.planned'),
      tx('feedAnalysis.fields.dispensed'),
      tx('feedAnalysis.fields.leftover'),
      tx('feedAnalysis.fields.deviation'),
    ],
    rows: list.map((r) => [
      r.day ??
        (r.penColumn === null ? r.shedName : `${r.shedName} ${tx('feedRecords.penLabel', { column: r.penColumn, row: r.penRow ?? 0 })}`),
      r.records,
      kg(r.planned),
      kg(r.dispensed),
      kg(r.leftover),
      r.deviation,
    ]),
  });
  return { file, filename: `feed-analysis-${q.groupBy}.xlsx` };
}

/**
 * The daily intake of one feeder (`feederId`), one pen (`penId`: its feeders summed), or else the
 * house or farm, oldest day first; a day is low when the feeders all reported state 2 or a
 * finished day fell under `minShare` % of the plan. The answer lists the house's (farm's) feeders
 * for the picker. A pen not seen is 20084, a feeder 203336.
 */
export async function intakeTrend(database: Database, scope: Scope, q: FeedIntakeQuery): Promise<FeedIntakeAnswer> {
  const { db } = database;
  const minShare = q.minShare ?? FEED_MIN_SHARE;
  if (q.shedId) await visibleShed(scope, q.shedId, { db, farmId: q.farmId });
  if (q.penId) await visiblePen(scope, q.penId, { db });
  if (q.feederId) await visibleDevice(db, scope, 'feeder', q.feederId);
  const data = await feederDays(database, scope, { farmId: q.farmId, shedId: q.shedId, from: q.startTime, to: q.endTime });
  const chosen = data.feeders.filter((f) => (!q.feederId || f.feederId === q.feederId) && (!q.penId || f.penId === q.penId));
  const byDay = new Map<string, FeederDay & { feeders: number }>();
  for (const f of chosen) {
    for (const d of data.days.get(f.feederId)?.values() ?? []) {
      const s = byDay.get(d.day) ?? { day: d.day, planned: 0, dispensed: 0, refused: true, feeders: 0 };
      s.planned += d.planned;
      s.dispensed += d.dispensed;
      s.refused &&= d.refused;
      s.feeders++;
      byDay.set(d.day, s);
    }
  }
  const days: FeedIntakeDay[] = [...byDay.values()]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((s) => ({
      day: s.day,
      planned: s.planned,
      dispensed: s.dispensed,
      share: s.planned > 0 ? roundTo((100 * s.dispensed) / s.planned, 1) : null,
      low: dayVerdict(s, data.today, minShare) !== 'ate',
      feeders: s.feeders,
    }));
  return { minShare, feeders: data.feeders.map(placeOf), days };
}
