/**
 * The kind of each poultry report that is not a summary table, apart from the definitions
 * (model/reports.ts) so the route registry can load only the page module of a report's kind
 * (a trend page does not carry the summary table, nor a table page the trend chart's controls).
 * reports.test.ts checks these lists against the definitions.
 */
export const TREND_REPORTS: readonly string[] = [
  'ci18.grow.grow-trend',
  'ci18.grow.mf-ratio-trend',
  'ci18.feed.trend',
  'ci18.drink.trend',
  'ci18.drink.water-feed-ratio',
  'ci18.egg.trend',
  'ci18.egg.egg-feed-ratio',
];
export const RECORDS_REPORTS: readonly string[] = ['ci18.immunel.inoculation', 'ci18.immunel.derug'];

export type ReportKind = 'trend' | 'table' | 'records';

export function reportKind(code: string): ReportKind {
  if (TREND_REPORTS.includes(code)) return 'trend';
  return RECORDS_REPORTS.includes(code) ? 'records' : 'table';
}
