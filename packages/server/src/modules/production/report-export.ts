import { roundTo, type Locale, type ReportBody } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Database } from '../../db/client.js';
import { writeXlsx, type Cell } from '../../lib/xlsx.js';
import type { Scope } from '../../scope/index.js';
import type { ReportRow, StdName } from './report-row.js';
import { summary } from './reports.js';
import { energy, type EnergyRow } from './report-energy.js';
import { health, type HealthRow } from './report-health.js';

/**
 * The summary rows of a report screen as an .xlsx file: the columns that screen shows, headers in
 * the request's language (the report pages' own labels, `poultry.col.*` with their units, and
 * "<indicator> standard" for standards), the sheet and file named after the screen (its menu
 * label). Figures are rounded to three decimals; a figure that cannot be computed is an empty cell.
 */
type Column = keyof ReportRow | `std.${StdName}`;

const BASE: Column[] = ['farmName', 'shedName', 'groupNo', 'period', 'dayAgeFrom'];
const STOCK: Column[] = [
  'opening',
  'transferIn',
  'transferOut',
  'dead',
  'culled',
  'closing',
  'livability',
  'survivalRate',
  'mortalityPer10k',
  'std.mortality',
];
const SEXES: Column[] = ['openingMale', 'closingMale', 'femaleMaleRatio'];
const GROW: Column[] = ['avgWeight', 'std.avgWeigh', 'maleAvgWeight', 'femaleAvgWeight', 'gain', 'std.avgWeighAdd', 'uniformity', 'cv'];
const FEED: Column[] = ['feedKg', 'feedPerBird', 'std.avgFeed', 'fcr', 'std.fcr', 'fcrCorrected', 'fcrMortality'];
const WATER: Column[] = ['waterL', 'waterPerBird', 'std.avgWater', 'waterFeedRatio', 'std.wmr'];
const EGG: Column[] = [
  'eggCount',
  'eggWeightKg',
  'avgEggWeight',
  'std.avgEggWeight',
  'layingRate',
  'std.elr',
  'eggsPerHen',
  'std.eggProduceAvg',
  'feedPerEgg',
  'feedEggRatio',
  'std.efr',
];
const ALL: Column[] = [...BASE, ...STOCK, ...SEXES, ...GROW, ...FEED, ...WATER, ...EGG, 'epef', 'epefToDate'];

/** The FCR screens: feed against live weight produced, with the corrected figures and EPEF (docs/KPI.md). */
const FCR: Column[] = [
  'closing',
  'feedKg',
  'avgWeight',
  'std.avgWeigh',
  'gain',
  'fcr',
  'std.fcr',
  'fcrCorrected',
  'fcrMortality',
  'epef',
  'epefToDate',
];

/** Columns by report screen (application code prefix, the first match wins); business reports and others get every column. */
const BY_PREFIX: [string, Column[]][] = [
  ['ci18.column.', [...BASE, ...STOCK, ...SEXES]],
  ['ci18.grow.daily-mf-ratio-trend', [...BASE, ...FCR]],
  ['ci18.grow.weekly-mf-ratio-trend', [...BASE, ...FCR]],
  ['ci18.grow.', [...BASE, 'closing', ...SEXES, ...GROW]],
  ['ci18.feed.', [...BASE, 'closing', ...FEED, 'avgWeight', 'epef', 'epefToDate']],
  ['ci18.drink.', [...BASE, 'closing', ...WATER, 'feedKg']],
  ['ci18.egg.', [...BASE, 'closing', ...EGG, 'feedKg']],
];

export function columnsOf(report: string): Column[] {
  return BY_PREFIX.find(([p]) => report.startsWith(p))?.[1] ?? ALL;
}

/** The label key of each row field (poultry.col.*) and its unit (poultry.unit.*). */
const LABEL: Partial<Record<keyof ReportRow, string>> = {
  farmName: 'farm',
  shedName: 'shed',
  dayAgeFrom: 'dayAge',
  openingMale: 'opening',
  closingMale: 'closing',
};
const UNIT: Partial<Record<keyof ReportRow, string>> = {
  livability: 'pct',
  survivalRate: 'pct',
  mortalityPer10k: 'per10k',
  avgWeight: 'g',
  maleAvgWeight: 'g',
  femaleAvgWeight: 'g',
  gain: 'gPerDay',
  cv: 'pct',
  uniformity: 'pct',
  feedKg: 'kg',
  feedPerBird: 'gPerDay',
  waterL: 'l',
  waterPerBird: 'mlPerDay',
  eggWeightKg: 'kg',
  avgEggWeight: 'g',
  layingRate: 'pct',
  feedPerEgg: 'g',
};
/** Male stock columns reuse the stock labels with the male sex name. */
const MALE: Partial<Record<keyof ReportRow, true>> = { openingMale: true, closingMale: true };

function headerOf(locale: Locale, c: Column): string {
  if (c.startsWith('std.')) {
    return translate(locale, 'poultry.series.standard', { name: translate(locale, `poultry.indicator.${c.slice(4)}`) });
  }
  const field = c as keyof ReportRow;
  let label = translate(locale, `poultry.col.${LABEL[field] ?? field}`);
  if (MALE[field]) label = `${label} (${translate(locale, 'enums.flockSex.1')})`;
  const unit = UNIT[field];
  return unit ? `${label} (${translate(locale, `poultry.unit.${unit}`)})` : label;
}

/** A calendar day or month period as a date cell; a week of age, a year or the totals label stay as written. */
function periodCell(period: string): Cell {
  if (/^\d{4}-\d{2}-\d{2}$/.test(period)) return new Date(`${period}T00:00:00Z`);
  if (/^\d{4}-\d{2}$/.test(period)) return new Date(`${period}-01T00:00:00Z`);
  return period;
}

function cellOf(row: ReportRow, c: Column): Cell {
  if (c === 'period') return periodCell(row.period);
  // One day-age column: the day age, or "from-to" for a longer period.
  if (c === 'dayAgeFrom') return row.dayAgeFrom === row.dayAgeTo ? row.dayAgeFrom : `${row.dayAgeFrom}-${row.dayAgeTo}`;
  const v = c.startsWith('std.') ? row.std[c.slice(4) as StdName] : row[c as keyof ReportRow];
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return roundTo(v, 3);
  return typeof v === 'string' ? v : null;
}

/** A sheet's headers and rows, and the index of its period column if it has one. */
interface Sheet {
  header: string[];
  cells: Cell[][];
  periodAt?: number;
}

/** Screens not built on the summary: field energy (meters) and flock health (records). */
const col = (locale: Locale, key: string, unit?: string): string => {
  const label = translate(locale, `poultry.col.${key}`);
  return unit ? `${label} (${translate(locale, `poultry.unit.${unit}`)})` : label;
};
const num = (v: number | null): Cell => (v === null ? null : roundTo(v, 3));

async function energySheet(database: Database, scope: Scope, body: ReportBody, locale: Locale): Promise<Sheet> {
  const { rows } = await energy(database, scope, { ...body, groupBy: 'farm' });
  const header = [
    col(locale, 'farm'),
    col(locale, 'period'),
    col(locale, 'waterLEnergy', 'l'),
    col(locale, 'elecKwh', 'kwh'),
    col(locale, 'birds', 'birds'),
    col(locale, 'waterPerBirdMl', 'mlPerDay'),
    col(locale, 'elecPerKBirdKwh', 'kwhPerKDay'),
  ];
  const cells = rows.map((r: EnergyRow): Cell[] => [
    r.farmName,
    periodCell(r.period),
    num(r.waterL),
    num(r.elecKwh),
    num(r.birds),
    num(r.waterPerBirdMl),
    num(r.elecPerKBirdKwh),
  ]);
  return { header, cells, periodAt: 1 };
}

async function healthSheet(database: Database, scope: Scope, body: ReportBody, locale: Locale): Promise<Sheet> {
  const { rows } = await health(database, scope, body);
  const header = [
    col(locale, 'farm'),
    col(locale, 'shed'),
    col(locale, 'groupNo'),
    col(locale, 'dayAge'),
    col(locale, 'dead'),
    col(locale, 'culled'),
    col(locale, 'mortalityPer10k', 'per10k'),
    col(locale, 'immunizations'),
    col(locale, 'medications'),
    col(locale, 'lastImmunization'),
    col(locale, 'lastMedication'),
  ];
  const cells = rows.map((r: HealthRow): Cell[] => [
    r.farmName,
    r.shedName,
    r.groupNo,
    r.dayAge,
    r.dead,
    r.culled,
    num(r.mortalityPer10k),
    r.immunizations,
    r.medications,
    r.lastImmunization ? `${r.lastImmunization.vaccineBrand} · ${r.lastImmunization.disease} (${r.lastImmunization.dayAge})` : null,
    r.lastMedication ? `${r.lastMedication.drugName} · ${r.lastMedication.disease} (${r.lastMedication.dayAge})` : null,
  ]);
  return { header, cells };
}

async function summarySheet(database: Database, scope: Scope, body: ReportBody & { report: string }, locale: Locale): Promise<Sheet> {
  const { rows, totals } = await summary(database, scope, body);
  const columns = columnsOf(body.report);
  const header = columns.map((c) => headerOf(locale, c));
  const cells: Cell[][] = [...rows, { ...totals, period: translate(locale, 'poultry.totals') }].map((r) =>
    columns.map((c) => cellOf(r, c)),
  );
  return { header, cells, periodAt: columns.indexOf('period') };
}

export async function exportReport(
  database: Database,
  scope: Scope,
  body: ReportBody & { report: string },
  locale: Locale,
): Promise<{ file: Buffer; filename: string }> {
  const { header, cells, periodAt } =
    body.report === 'ci18.business.field-energy'
      ? await energySheet(database, scope, body, locale)
      : body.report === 'ci18.immunel.health'
        ? await healthSheet(database, scope, body, locale)
        : await summarySheet(database, scope, body, locale);
  const title = translate(locale, `menu.${body.report}`);
  // Day and week periods show their day, month periods their month.
  const format = body.period === 'month' ? 'yyyy-mm' : 'yyyy-mm-dd';
  const file = await writeXlsx({
    name: title,
    header,
    rows: cells,
    widths: header.map((h, i) => Math.min(40, Math.max(i === periodAt ? 12 : 10, h.length + 4))),
    dateFormats: header.map((_, i) => (i === periodAt ? format : undefined)),
  });
  return { file, filename: `${title}-${body.start}_${body.end}.xlsx` };
}
