import type { FeedAmountExportQuery, FeedAmountQuery, FeedAmountRow, Locale, Page } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Database } from '../../db/client.js';
import { writeXlsx } from '../../lib/xlsx.js';
import { tenantIdOf, type Scope } from '../../scope/index.js';
import { placeCells, placeOf } from './feeder-days.js';
import { confirmedMeals, feederDayPage, mealsDone } from './feeder-page.js';

/**
 * The daily feed amount records (/accurate-feeding/records/amount): per feeder and farm day its
 * farm, house, pen, g planned and dispensed, and the meals of its confirmed plan the day's feed
 * covered; paged by the database (feeder-page.ts), newest day first.
 */
async function amountRows(
  database: Database,
  scope: Scope,
  q: FeedAmountExportQuery,
  page: { pageNo: number; pageSize: number } | null,
): Promise<{ total: number; rows: FeedAmountRow[] }> {
  const data = await feederDayPage(database, scope, { ...q, from: q.startTime, to: q.endTime }, page);
  const meals = await confirmedMeals(database.db, tenantIdOf(scope), [...new Set(data.rows.map((r) => r.feederId))]);
  const rows = data.rows.map((d) => {
    const shares = meals.get(d.feederId);
    return {
      day: d.day,
      farmName: data.farm.farmName ?? '',
      ...placeOf(d),
      planned: d.planned,
      dispensed: d.dispensed,
      mealsDone: shares ? mealsDone(shares, d.planned, d.dispensed) : null,
      meals: shares ? shares.length : null,
    };
  });
  return { total: data.total, rows };
}

export async function amountRecords(database: Database, scope: Scope, q: FeedAmountQuery): Promise<Page<FeedAmountRow>> {
  const { total, rows } = await amountRows(database, scope, q, q);
  return { list: rows, total, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** The amounts of the range as an Excel file in the request's language. */
export async function exportAmountRecords(
  database: Database,
  scope: Scope,
  q: FeedAmountExportQuery,
  locale: Locale,
): Promise<{ file: Buffer; filename: string }> {
  const { rows } = await amountRows(database, scope, q, null);
  const tx = (key: string, vars?: Record<string, string | number>): string => translate(locale, `feeding.${key}`, vars);
  const file = await writeXlsx({
    name: tx('feedAmounts.sheet'),
    header: [
      tx('feedRecords.fields.day'),
      tx('feedRecords.fields.farm'),
      tx('feedRecords.fields.shed'),
      tx('feedRecords.fields.pen'),
      tx('feedRecords.fields.feeder'),
      tx('feedRecords.fields.planned'),
      tx('feedRecords.fields.dispensed'),
      tx('feedAmounts.mealsDone'),
    ],
    rows: rows.map((r) => [
      r.day,
      r.farmName,
      r.shedName,
      ...placeCells(locale, r),
      r.planned,
      r.dispensed,
      r.meals === null ? null : `${r.mealsDone} / ${r.meals}`,
    ]),
  });
  return { file, filename: `feed-amounts-${rows.at(-1)?.day ?? 'none'}-${rows[0]?.day ?? 'none'}.xlsx` };
}
