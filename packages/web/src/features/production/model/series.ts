import type { ReportPeriod } from '@farmsense/shared';
import type { ReportRow, TrendAnswer } from '../reportsApi';
import { METRICS, type MetricKey } from './metrics';
import type { TableDef } from './reports';

/**
 * Pure mapping from a report definition and the server's rows to what the page draws: the table's
 * columns, each cell's figure and standard, the chart's lines. Kept free of React so the mapping
 * is tested on its own.
 */
export type DimKey = 'farm' | 'shed' | 'groupNo' | 'period' | 'dayAge';

export type ColumnSpec =
  { kind: 'dim'; key: DimKey } | { kind: 'metric'; key: MetricKey } | { kind: 'day'; key: 'lastImmunization' | 'lastMedication' };

/**
 * Flock rows name the house and group and their day ages; farm rows the farm; the health list
 * (one row per flock over the range) has no period but the last vaccination and medication days.
 */
export function columnSpecs(def: TableDef): ColumnSpec[] {
  const dims: DimKey[] =
    def.endpoint === 'health'
      ? ['shed', 'groupNo', 'dayAge']
      : def.groupBy === 'flock'
        ? ['shed', 'groupNo', 'period', 'dayAge']
        : ['farm', 'period'];
  const days: ColumnSpec[] =
    def.endpoint === 'health'
      ? [
          { kind: 'day', key: 'lastImmunization' },
          { kind: 'day', key: 'lastMedication' },
        ]
      : [];
  return [...dims.map((key) => ({ kind: 'dim' as const, key })), ...def.metrics.map((key) => ({ kind: 'metric' as const, key })), ...days];
}

/** The rows of the flocks (or farms) that have the required figure somewhere in the range. */
export function withFigure(rows: readonly ReportRow[], groupBy: 'flock' | 'farm', required: MetricKey | undefined): ReportRow[] {
  if (!required) return [...rows];
  const keep = new Set(rows.filter((r) => figure(r, required) !== null).map((r) => entityKey(r, groupBy)));
  return rows.filter((r) => keep.has(entityKey(r, groupBy)));
}

/**
 * The totals row: the server's where it sends one, else the sums of the additive figures. When
 * some flocks were left out (`narrowed`), the server's totals still count them: additive figures
 * are summed from the rows shown and stock levels are dropped; per-egg and per-hen ratios stay,
 * since the server takes them over the days with egg records only.
 */
export function totalsOf(
  rows: readonly ReportRow[],
  server: ReportRow | null,
  metrics: readonly MetricKey[],
  narrowed = false,
): ReportRow | null {
  if (server && !narrowed) return server;
  if (rows.length === 0) return null;
  const out: ReportRow = server ? { ...server } : { farmId: rows[0]!.farmId, farmName: rows[0]!.farmName, period: '' };
  for (const m of metrics) {
    const field = METRICS[m].field ?? m;
    if (narrowed && (m === 'opening' || m === 'closing' || m === 'birds')) out[field] = null;
    if (!METRICS[m].additive) continue;
    const values = rows.map((r) => figure(r, m)).filter((v): v is number => v !== null);
    out[field] = values.length > 0 ? values.reduce((a, b) => a + b, 0) : null;
  }
  return out;
}

export function figure(row: ReportRow | null | undefined, key: MetricKey): number | null {
  if (!row) return null;
  const v = row[METRICS[key].field ?? key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function standardOf(row: ReportRow | null | undefined, key: MetricKey): number | null {
  const field = METRICS[key].std;
  const v = field ? row?.std?.[field] : null;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The entity a row belongs to (one line per flock or farm). */
export function entityKey(row: ReportRow, groupBy: 'flock' | 'farm'): string {
  return groupBy === 'flock' ? `f${row.flockId ?? `${row.shedId}-${row.groupNo}`}` : `m${row.farmId}`;
}

export function entityName(row: ReportRow, groupBy: 'flock' | 'farm'): string {
  return groupBy === 'flock' ? [row.shedName, row.groupNo].filter(Boolean).join(' · ') : (row.farmName ?? '');
}

/** Where a row sits on the period axis: weeks of age for weekly flock rows, the period otherwise. */
export function periodKey(row: ReportRow, period: ReportPeriod, groupBy: 'flock' | 'farm'): string {
  if (period === 'week' && groupBy === 'flock' && row.week != null) return `W${String(row.week).padStart(3, '0')}`;
  return String(row.period);
}

export interface ChartLine {
  id: string;
  name: string;
  entity: string;
  kind: 'actual' | 'standard';
  values: (number | null)[];
}

export interface ChartModel {
  categories: string[];
  lines: ChartLine[];
}

/**
 * One solid line per flock or farm for the figure, and its breed standard as a dashed line where
 * the server gave one. Categories are the periods present, in order.
 */
export function chartModel(
  rows: readonly ReportRow[],
  metric: MetricKey,
  period: ReportPeriod,
  groupBy: 'flock' | 'farm',
  names: { standard: (entity: string) => string },
): ChartModel {
  const categories = [...new Set(rows.map((r) => periodKey(r, period, groupBy)))].sort();
  const at = new Map(categories.map((c, i) => [c, i]));
  const byEntity = new Map<string, { name: string; actual: (number | null)[]; standard: (number | null)[] }>();
  for (const r of rows) {
    const key = entityKey(r, groupBy);
    let e = byEntity.get(key);
    if (!e) {
      e = { name: entityName(r, groupBy), actual: categories.map(() => null), standard: categories.map(() => null) };
      byEntity.set(key, e);
    }
    const i = at.get(periodKey(r, period, groupBy))!;
    e.actual[i] = figure(r, metric);
    e.standard[i] = standardOf(r, metric);
  }
  const lines: ChartLine[] = [];
  for (const [key, e] of byEntity) {
    lines.push({ id: `${key}-actual`, name: e.name, entity: key, kind: 'actual', values: e.actual });
    if (e.standard.some((v) => v !== null))
      lines.push({ id: `${key}-standard`, name: names.standard(e.name), entity: key, kind: 'standard', values: e.standard });
  }
  return { categories, lines };
}

export interface TrendLine {
  id: string;
  name: string;
  flockId: number;
  kind: 'actual' | 'standard';
  points: [number, number | null][];
}

/** Trend answer → lines on a day-age (or week-of-age) axis: actual and standard per flock. */
export function trendLines(
  answer: TrendAnswer | undefined,
  period: 'day' | 'week',
  names: { actual: (flock: string) => string; standard: (flock: string) => string },
): TrendLine[] {
  const lines: TrendLine[] = [];
  for (const s of answer?.series ?? []) {
    const flock = [s.shedName, s.groupNo].filter(Boolean).join(' · ');
    const x = (p: (typeof s.points)[number]): number => (period === 'week' ? (p.week ?? Math.floor(p.dayAge / 7) + 1) : p.dayAge);
    const actual = s.points.map((p): [number, number | null] => [x(p), p.actual]);
    const standard = s.points.map((p): [number, number | null] => [x(p), p.standard]);
    const id = `${s.flockId}-${s.indicator}`;
    lines.push({ id: `${id}-actual`, name: names.actual(flock), flockId: s.flockId, kind: 'actual', points: actual });
    if (standard.some(([, v]) => v !== null))
      lines.push({ id: `${id}-standard`, name: names.standard(flock), flockId: s.flockId, kind: 'standard', points: standard });
  }
  return lines;
}

/** Points that carry a figure (what the page reports as drawn). */
export function pointCount(points: readonly (readonly [number, number | null])[] | readonly (number | null)[]): number {
  return points.filter((p) => (Array.isArray(p) ? p[1] !== null : p !== null)).length;
}
