import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { SILO_REPORT_YEARS, type Locale, type SiloReportQuery, type SiloReportRow, roundTo, farmDay, pad2 } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Db } from '../../db/client.js';
import { writeXlsx } from '../../lib/xlsx.js';
import { tenantIdOf, visibleFarm, type Scope } from '../../scope/index.js';
import { siloDaily, silos } from './tables.js';

/** The days a report spans and how long its buckets' labels are (10 day, 7 month, 4 year). */
function span(q: SiloReportQuery, today: string): { from: string; to: string; width: number } {
  if (q.period === 'day') {
    const last = new Date(Date.UTC(q.year!, q.month!, 0)).getUTCDate();
    return { from: `${q.year}-${pad2(q.month!)}-01`, to: `${q.year}-${pad2(q.month!)}-${pad2(last)}`, width: 10 };
  }
  if (q.period === 'month') return { from: `${q.year}-01-01`, to: `${q.year}-12-31`, width: 7 };
  const year = Number(today.slice(0, 4));
  return { from: `${year - SILO_REPORT_YEARS + 1}-01-01`, to: `${year}-12-31`, width: 4 };
}

/**
 * Each silo of the farm (the caller sees the farm) per day, month or year with any record: the
 * sums of its daily rows, and the weight at the last recorded day of the period.
 */
export async function siloReport(db: Db, scope: Scope, q: SiloReportQuery, now = Date.now()): Promise<SiloReportRow[]> {
  const farm = await visibleFarm(scope, q.farmId);
  const { from, to, width } = span(q, farmDay(new Date(now), farm.timeZone));
  const list = await db
    .select({ id: silos.id, name: silos.name })
    .from(silos)
    .where(and(eq(silos.tenantId, tenantIdOf(scope)), eq(silos.farmId, farm.id)));
  if (list.length === 0) return [];
  const names = new Map(list.map((s) => [s.id, s.name]));
  const days = await db
    .select()
    .from(siloDaily)
    .where(
      and(
        inArray(
          siloDaily.siloId,
          list.map((s) => s.id),
        ),
        gte(siloDaily.day, from),
        lte(siloDaily.day, to),
      ),
    )
    .orderBy(asc(siloDaily.day));
  const rows = new Map<string, SiloReportRow & { lastDay: string }>();
  for (const d of days) {
    const bucket = d.day.slice(0, width);
    const key = `${bucket}|${d.siloId}`;
    const row = rows.get(key) ?? {
      bucket,
      siloId: d.siloId,
      siloName: names.get(d.siloId) ?? '',
      consumedKg: 0,
      deliveredKg: 0,
      deliveries: 0,
      closingKg: null,
      lastDay: '',
    };
    row.consumedKg += d.consumedKg;
    row.deliveredKg += d.deliveredKg;
    row.deliveries += d.deliveries;
    if (d.closingKg !== null && d.day >= row.lastDay) {
      row.closingKg = d.closingKg;
      row.lastDay = d.day;
    }
    rows.set(key, row);
  }
  return [...rows.values()]
    .sort((a, b) => a.bucket.localeCompare(b.bucket) || a.siloName.localeCompare(b.siloName) || a.siloId - b.siloId)
    .map(({ lastDay: _, ...r }) => ({
      ...r,
      consumedKg: roundTo(r.consumedKg, 1),
      deliveredKg: roundTo(r.deliveredKg, 1),
      closingKg: r.closingKg === null ? null : roundTo(r.closingKg, 1),
    }));
}

/** The report as an Excel file in the request's language. */
export async function exportSiloReport(
  db: Db,
  scope: Scope,
  q: SiloReportQuery,
  locale: Locale,
): Promise<{ file: Buffer; filename: string }> {
  const rows = await siloReport(db, scope, q);
  const tx = (key: string): string => translate(locale, `silos.report.${key}`);
  const file = await writeXlsx({
    name: tx(`title.${q.period}`),
    header: [tx(`bucket.${q.period}`), tx('silo'), tx('consumedKg'), tx('deliveredKg'), tx('deliveries'), tx('closingKg')],
    rows: rows.map((r) => [r.bucket, r.siloName, r.consumedKg, r.deliveredKg, r.deliveries, r.closingKg]),
  });
  const label = q.period === 'day' ? `${q.year}-${pad2(q.month!)}` : q.period === 'month' ? String(q.year) : 'years';
  return { file, filename: `silos-${q.period}-${label}.xlsx` };
}
