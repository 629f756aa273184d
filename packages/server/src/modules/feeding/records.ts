import {
  addDays,
  FEED_MIN_SHARE,
  type FeedAlarmQuery,
  type FeedAlarmRow,
  feederFaultKey,
  feederFaultOf,
  type FeedRecordRow,
  type FeedRecordsExportQuery,
  type FeedRecordsQuery,
  type Locale,
  notEatenKey,
  type Page,
  DAY_MS,
  roundTo,
} from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Database } from '../../db/client.js';
import { writeXlsx } from '../../lib/xlsx.js';
import { tenantIdOf, type Scope } from '../../scope/index.js';
import { systemAlarmStates } from '../alarms/index.js';
import { ate, feederDays, placeCells, placeOf, type FeederDay } from './feeder-days.js';
import { feederDayPage } from './feeder-page.js';

/**
 * Feeding records (/accurate-feeding/records/feeding) and the not-eating list of the morning
 * (/accurate-feeding/feed-alarm/records), both from feeder-days.ts.
 */
/** How far back the list looks for the start of a run of not-eaten days. */
const RUN_DAYS = 31;

/** One page of the records (all of them for `page` null), paged by the database (feeder-page.ts). */
async function recordPage(
  database: Database,
  scope: Scope,
  q: FeedRecordsExportQuery,
  page: { pageNo: number; pageSize: number } | null,
  now: number,
): Promise<{ total: number; rows: FeedRecordRow[] }> {
  const data = await feederDayPage(database, scope, { ...q, from: q.startTime, to: q.endTime }, page, now);
  const minShare = q.minShare ?? FEED_MIN_SHARE;
  const rows = data.rows.map((d) => ({
    ...placeOf(d),
    day: d.day,
    planned: d.planned,
    dispensed: d.dispensed,
    share: d.planned > 0 ? roundTo((100 * d.dispensed) / d.planned, 1) : null,
    ate: ate(d, data.today, minShare),
  }));
  return { total: data.total, rows };
}

export async function feedingRecords(
  database: Database,
  scope: Scope,
  q: FeedRecordsQuery,
  now = Date.now(),
): Promise<Page<FeedRecordRow>> {
  const { total, rows } = await recordPage(database, scope, q, q, now);
  return { list: rows, total, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** The records of the range as an Excel file in the request's language. */
export async function exportFeedingRecords(
  database: Database,
  scope: Scope,
  q: FeedRecordsExportQuery,
  locale: Locale,
): Promise<{ file: Buffer; filename: string }> {
  const { rows } = await recordPage(database, scope, q, null, Date.now());
  const tx = (key: string, vars?: Record<string, string | number>): string => translate(locale, `feeding.feedRecords.${key}`, vars);
  const file = await writeXlsx({
    name: tx('sheet'),
    header: [
      tx('fields.day'),
      tx('fields.shed'),
      tx('fields.pen'),
      tx('fields.feeder'),
      tx('fields.planned'),
      tx('fields.dispensed'),
      tx('fields.share'),
      tx('fields.state'),
    ],
    rows: rows.map((r) => [r.day, r.shedName, ...placeCells(locale, r), r.planned, r.dispensed, r.share, tx(r.ate ? 'ate' : 'notEaten')]),
  });
  return { file, filename: `feeding-records-${rows.at(-1)?.day ?? 'none'}-${rows[0]?.day ?? 'none'}.xlsx` };
}

const figures = (d: FeederDay | undefined, today: string, minShare: number) =>
  d ? { planned: d.planned, dispensed: d.dispensed, ate: ate(d, today, minShare) } : null;

/**
 * The feeders whose sow did not eat today or yesterday, with both days' figures and since when
 * she has not eaten (the run of not-eaten days ending at the newer of the two).
 */
export async function notEatingList(
  database: Database,
  scope: Scope,
  q: FeedAlarmQuery,
  now = Date.now(),
): Promise<{ today: string; yesterday: string; minShare: number; list: FeedAlarmRow[] }> {
  const minShare = q.minShare ?? FEED_MIN_SHARE;
  const data = await feederDays(database, scope, { ...q, from: new Date(now - RUN_DAYS * DAY_MS), to: new Date(now) }, now);
  const today = data.today;
  const yesterday = addDays(today, -1);
  const list: FeedAlarmRow[] = [];
  for (const f of data.feeders) {
    const own = data.days.get(f.feederId) ?? new Map<string, FeederDay>();
    const t = figures(own.get(today), today, minShare);
    const y = figures(own.get(yesterday), today, minShare);
    if (t?.ate !== false && y?.ate !== false) continue;
    let day = t?.ate === false ? today : yesterday;
    let since = day;
    let days = 0;
    for (let i = 0; i < RUN_DAYS; i++, day = addDays(day, -1)) {
      const d = own.get(day);
      if (!d || ate(d, today, minShare)) break;
      since = day;
      days++;
    }
    list.push({ ...placeOf(f), today: t, yesterday: y, since, days, alarm: null, fault: null });
  }
  // Their alarms in the alarm records: the not-eaten one of today or yesterday, a live feeder fault.
  const states = await systemAlarmStates(
    database.db,
    tenantIdOf(scope),
    q.farmId,
    list.flatMap((r) => [notEatenKey(r.feederId, today), notEatenKey(r.feederId, yesterday), feederFaultKey(r.feederId)]),
  );
  for (const r of list) {
    const a = states.get(notEatenKey(r.feederId, today)) ?? states.get(notEatenKey(r.feederId, yesterday));
    if (a) r.alarm = { id: a.id, state: a.state };
    const f = states.get(feederFaultKey(r.feederId));
    if (f?.active && f.kind === 'feederFault') r.fault = feederFaultOf(f.value ?? -1);
  }
  // The longest runs first (the sows to walk to first), then in the feeders' order.
  return { today, yesterday, minShare, list: list.sort((a, b) => b.days - a.days) };
}
