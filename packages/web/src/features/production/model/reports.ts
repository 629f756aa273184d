import type { CurveIndicator, ReportPeriod } from '@farmsense/shared';
import type { MetricKey } from './metrics';

/**
 * One definition per poultry report route (SPEC §2 /ci18/{column,grow,feed,drink,egg,immunel,
 * business}/...): which endpoint answers it, by which period and grouping, which figures are
 * table columns, which are drawn (actual solid, breed standard dashed) and which KPIs head it.
 * A few generic components render them all; adding a report is adding a line here.
 */
export type KpiKey =
  | 'livability'
  | 'mortalityPer10k'
  | 'avgWeight'
  | 'fcr'
  | 'fcrCorrected'
  | 'epef'
  | 'layingRate'
  | 'avgEggWeight'
  | 'feedPerEgg'
  | 'feedEggRatio'
  | 'waterFeedRatio'
  | 'feedPerBird'
  | 'waterPerBird';

/** Flock trends: one line per flock and its standard, by day or week of age. */
export interface TrendDef {
  kind: 'trend';
  /** Flock types (FLOCK_TYPE_CODES) picked first when the page opens: layers for egg trends. */
  prefer?: readonly number[];
  /** Curve indicator codes (SPEC §3: '02' weight ...); the first is shown first, the others offered. */
  indicators: readonly CurveIndicator[];
}

/** Summary tables: POST /flockReport/summary (or energy / health) over a range. */
export interface TableDef {
  kind: 'table';
  endpoint: 'summary' | 'energy' | 'health';
  /** Periods the user may choose; the first is the default. */
  periods: readonly ReportPeriod[];
  groupBy: 'flock' | 'farm';
  metrics: readonly MetricKey[];
  /** Figures drawn above the table, one line per flock or farm. */
  chart?: readonly MetricKey[];
  kpis?: readonly KpiKey[];
  /** Flocks (or farms) with no such figure in the whole range are left out (broilers on egg reports). */
  requires?: MetricKey;
}

/** Immunisation and medication records: the daily-record lists, read through the report code. */
export interface RecordsDef {
  kind: 'records';
  record: 'immune' | 'drug';
}

export type ReportDef = TrendDef | TableDef | RecordsDef;

const STOCK: readonly MetricKey[] = [
  'opening',
  'transferIn',
  'transferOut',
  'dead',
  'culled',
  'closing',
  'mortalityPer10k',
  'survivalRate',
  'livability',
];
const GROW: readonly MetricKey[] = [
  'closing',
  'avgWeight',
  'gain',
  'uniformity',
  'cv',
  'maleAvgWeight',
  'femaleAvgWeight',
  'femaleMaleRatio',
];
const FCR: readonly MetricKey[] = ['closing', 'feedKg', 'avgWeight', 'gain', 'fcr', 'fcrCorrected', 'fcrMortality', 'epef', 'epefToDate'];
const FEED: readonly MetricKey[] = ['closing', 'feedKg', 'feedPerBird', 'fcr'];
const WATER: readonly MetricKey[] = ['closing', 'waterL', 'waterPerBird'];
const WATER_FEED: readonly MetricKey[] = ['closing', 'waterL', 'feedKg', 'waterFeedRatio'];
const EGG: readonly MetricKey[] = ['closing', 'eggCount', 'eggWeightKg', 'avgEggWeight', 'layingRate', 'eggsPerHen'];
const EGG_FEED: readonly MetricKey[] = ['closing', 'feedKg', 'eggCount', 'eggWeightKg', 'feedPerEgg', 'feedEggRatio'];
const BUSINESS: readonly MetricKey[] = [
  'opening',
  'dead',
  'culled',
  'closing',
  'livability',
  'mortalityPer10k',
  'avgWeight',
  'feedKg',
  'feedPerBird',
  'waterL',
  'waterFeedRatio',
  'fcr',
  'fcrCorrected',
  'eggCount',
  'layingRate',
  'eggsPerHen',
  'epef',
  'epefToDate',
];
const BUSINESS_KPIS: readonly KpiKey[] = ['livability', 'fcr', 'fcrCorrected', 'epef', 'layingRate'];
const DEAD: readonly MetricKey[] = ['opening', 'dead', 'culled', 'transferOut', 'closing', 'mortalityPer10k', 'livability'];

/** Flock types that lay: breeding (1) and hen (4) flocks. */
const LAYING: readonly number[] = [1, 4];

/** A table of the summary call grouped by flock or by farm, with its columns, chart and KPI cards. */
const summaryTable = (
  groupBy: 'flock' | 'farm',
  periods: readonly ReportPeriod[],
  metrics: readonly MetricKey[],
  chart: readonly MetricKey[],
  kpis: readonly KpiKey[],
): TableDef => ({ kind: 'table', endpoint: 'summary', periods, groupBy, metrics, chart, kpis });
const flockTable = (period: ReportPeriod, metrics: readonly MetricKey[], chart: readonly MetricKey[], kpis: readonly KpiKey[]): TableDef =>
  summaryTable('flock', [period], metrics, chart, kpis);
/** Egg reports leave out flocks that laid nothing in the range (broilers, pullets). */
const eggTable = (period: ReportPeriod, metrics: readonly MetricKey[], chart: readonly MetricKey[], kpis: readonly KpiKey[]): TableDef => ({
  ...flockTable(period, metrics, chart, kpis),
  requires: 'eggCount',
});
const farmTable = (
  periods: readonly ReportPeriod[],
  metrics: readonly MetricKey[],
  chart: readonly MetricKey[],
  kpis: readonly KpiKey[],
): TableDef => summaryTable('farm', periods, metrics, chart, kpis);

export const REPORTS: Readonly<Record<string, ReportDef>> = {
  'ci18.column.survival': { ...flockTable('week', STOCK, ['survivalRate'], ['livability', 'mortalityPer10k']), periods: ['week', 'day'] },
  'ci18.column.daily': flockTable('day', STOCK, ['mortalityPer10k'], ['livability', 'mortalityPer10k']),
  'ci18.column.weekly': flockTable('week', STOCK, ['mortalityPer10k'], ['livability', 'mortalityPer10k']),

  'ci18.grow.grow-trend': { kind: 'trend', indicators: ['02', '03'] },
  'ci18.grow.mf-ratio-trend': { kind: 'trend', indicators: ['04'] },
  'ci18.grow.daily': flockTable('day', GROW, ['avgWeight'], ['avgWeight', 'livability']),
  'ci18.grow.weekly': flockTable('week', GROW, ['avgWeight'], ['avgWeight', 'livability']),
  'ci18.grow.daily-mf-ratio-trend': flockTable('day', FCR, ['fcr'], ['fcr', 'fcrCorrected', 'epef', 'avgWeight']),
  'ci18.grow.weekly-mf-ratio-trend': flockTable('week', FCR, ['fcr'], ['fcr', 'fcrCorrected', 'epef', 'avgWeight']),

  'ci18.feed.trend': { kind: 'trend', indicators: ['05'] },
  'ci18.feed.feed-daily': flockTable('day', FEED, ['feedPerBird'], ['feedPerBird', 'fcr']),
  'ci18.feed.feed-weekly': flockTable('week', FEED, ['feedPerBird'], ['feedPerBird', 'fcr']),

  'ci18.drink.trend': { kind: 'trend', indicators: ['06'] },
  'ci18.drink.water-feed-ratio': { kind: 'trend', indicators: ['07'] },
  'ci18.drink.drink-records': flockTable('day', WATER, ['waterPerBird'], ['waterPerBird', 'waterFeedRatio']),
  'ci18.drink.water-feed-records': flockTable('day', WATER_FEED, ['waterFeedRatio'], ['waterFeedRatio', 'waterPerBird', 'feedPerBird']),

  'ci18.egg.trend': { kind: 'trend', indicators: ['10', '09', '11'], prefer: LAYING },
  'ci18.egg.egg-feed-ratio': { kind: 'trend', indicators: ['12'], prefer: LAYING },
  'ci18.egg.egg-records-daily': eggTable('day', EGG, ['layingRate'], ['layingRate', 'avgEggWeight']),
  'ci18.egg.egg-records-weekly': eggTable('week', EGG, ['layingRate'], ['layingRate', 'avgEggWeight']),
  'ci18.egg.egg-feed-ratio-daily': eggTable('day', EGG_FEED, ['feedEggRatio'], ['feedEggRatio', 'feedPerEgg', 'layingRate']),
  'ci18.egg.egg-feed-ratio-weekly': eggTable('week', EGG_FEED, ['feedEggRatio'], ['feedEggRatio', 'feedPerEgg', 'layingRate']),

  'ci18.immunel.health': {
    kind: 'table',
    endpoint: 'health',
    periods: ['day'],
    groupBy: 'flock',
    metrics: ['dead', 'culled', 'mortalityPer10k', 'immunizations', 'medications'],
  },
  'ci18.immunel.inoculation': { kind: 'records', record: 'immune' },
  'ci18.immunel.derug': { kind: 'records', record: 'drug' },

  'ci18.business.group-daily': flockTable('day', BUSINESS, [], BUSINESS_KPIS),
  'ci18.business.group-weekly': flockTable('week', BUSINESS, ['avgWeight'], BUSINESS_KPIS),
  'ci18.business.group-monthly': flockTable('month', BUSINESS, ['fcr'], BUSINESS_KPIS),
  'ci18.business.field-monthly': farmTable(['month'], BUSINESS, ['livability'], BUSINESS_KPIS),
  'ci18.business.field-yearly': farmTable(['year'], BUSINESS, [], BUSINESS_KPIS),
  'ci18.business.field-energy': {
    kind: 'table',
    endpoint: 'energy',
    periods: ['month', 'day', 'year'],
    groupBy: 'farm',
    metrics: ['birds', 'waterLEnergy', 'elecKwh', 'waterPerBirdMl', 'elecPerKBirdKwh'],
    chart: ['elecPerKBirdKwh'],
  },
  'ci18.business.field-dead-ko': farmTable(['month', 'year'], DEAD, ['mortalityPer10k'], ['livability', 'mortalityPer10k']),
  'ci18.business.field-feed-conversion-ratio': farmTable(
    ['month', 'year'],
    ['closing', 'feedKg', 'avgWeight', 'fcr', 'fcrCorrected', 'fcrMortality', 'epef', 'epefToDate'],
    ['fcr'],
    ['fcr', 'fcrCorrected', 'epef'],
  ),
  'ci18.business.field-feed-egg-ratio': farmTable(
    ['month', 'year'],
    ['closing', 'feedKg', 'eggCount', 'eggWeightKg', 'feedPerEgg', 'feedEggRatio'],
    ['feedEggRatio'],
    ['feedEggRatio', 'layingRate'],
  ),
  'ci18.business.field-feed-water-ratio': farmTable(
    ['month', 'year'],
    ['closing', 'waterL', 'feedKg', 'waterFeedRatio'],
    ['waterFeedRatio'],
    ['waterFeedRatio'],
  ),
};

/** The report codes this feature renders (for the route registry). */
export const POULTRY_REPORT_CODES: readonly string[] = Object.keys(REPORTS);

export function reportDef(code: string): ReportDef {
  const def = REPORTS[code];
  if (!def) throw new Error(`no poultry report ${code}`);
  return def;
}
