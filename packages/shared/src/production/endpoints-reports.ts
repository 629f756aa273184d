import { z } from 'zod';
import { endpoint, FILE_ANSWER, post } from '../contract.js';
import { shedPlaceFields } from '../directory/endpoints.js';
import { STANDARD_CURVE_INDICATORS } from '../enums/index.js';
import { APP_CATALOGUE, flattenApps, type AppCode } from '../permissions.js';
import { CURVE_INDICATORS, flockTrendBody, reportBody, type CurveIndicator } from '../schemas/production-curves.js';
import { PRODUCTION_TYPES } from './age.js';

/**
 * Production contracts, fourth part: the report calls (/ci18/column, grow, feed, drink, egg,
 * immunel, business screens). Figures are null where they cannot be computed; docs/KPI.md and
 * packages/server/src/modules/production/report-row.ts define each one.
 */
const REPORT_PREFIXES = ['ci18.column.', 'ci18.grow.', 'ci18.feed.', 'ci18.drink.', 'ci18.egg.', 'ci18.immunel.', 'ci18.business.'];
/** Every production report screen (the export names the one it exports). */
export const PRODUCTION_REPORT_SCREENS: AppCode[] = flattenApps(APP_CATALOGUE)
  .map((n) => n.code)
  .filter((c) => REPORT_PREFIXES.some((p) => c.startsWith(p)));

/** The export names the screen it exports (its columns and the file's title). */
export const reportExportBody = reportBody.safeExtend({
  report: z.enum(PRODUCTION_REPORT_SCREENS as [string, ...string[]], { error: 'validation.invalid' }),
});

const figure = z.number().nullable();
const STD_NAMES = Object.values(STANDARD_CURVE_INDICATORS);
export type StdName = (typeof STANDARD_CURVE_INDICATORS)[CurveIndicator];
/** Standards of a flock row read from the farm's curves, by indicator name. */
export const reportStd = z.partialRecord(z.enum(STD_NAMES as [StdName, ...StdName[]]), z.number());
export type ReportStd = z.infer<typeof reportStd>;

/** A report row per flock or farm and period (period 'total' on totals rows). */
export const productionReportRow = z.object({
  farmId: z.number().nullable(),
  farmName: z.string().nullable(),
  /** Production type of the flock, or of every flock of a farm or totals row (null: a totals row over several). */
  productionType: z.enum(PRODUCTION_TYPES).nullable(),
  flockId: z.number().optional(),
  groupNo: z.string().optional(),
  shedId: z.number().optional(),
  shedName: z.string().optional(),
  flockType: z.number().optional(),
  period: z.string(),
  /** Week of age (flock rows of a weekly report). */
  week: z.number().optional(),
  dayAgeFrom: figure,
  dayAgeTo: figure,
  opening: z.number(),
  transferIn: z.number(),
  transferOut: z.number(),
  transferOutKg: figure,
  dead: z.number(),
  culled: z.number(),
  closing: z.number(),
  openingMale: z.number(),
  closingMale: z.number(),
  femaleMaleRatio: figure,
  livability: figure,
  survivalRate: figure,
  mortalityPer10k: figure,
  avgWeight: figure,
  maleAvgWeight: figure,
  femaleAvgWeight: figure,
  gain: figure,
  uniformity: figure,
  cv: figure,
  feedKg: figure,
  feedPerBird: figure,
  waterL: figure,
  waterPerBird: figure,
  waterFeedRatio: figure,
  fcr: figure,
  fcrMortality: figure,
  fcrCorrected: figure,
  eggCount: figure,
  eggWeightKg: figure,
  avgEggWeight: figure,
  layingRate: figure,
  eggsPerHen: figure,
  feedPerEgg: figure,
  feedEggRatio: figure,
  epef: figure,
  epefToDate: figure,
  std: reportStd,
});
export type ProductionReportRow = z.infer<typeof productionReportRow>;

export const reportSummaryAnswer = z.object({
  rows: z.array(productionReportRow),
  /**
   * Every selected flock over the whole range (period 'total'). Over several production types it
   * carries the counts and amounts only: its KPIs are in `totalsByType`.
   */
  totals: productionReportRow,
  /** One totals row per production type in the selection (broiler, layer, breeder, pullet order), side by side. */
  totalsByType: z.array(productionReportRow),
});
export type ReportSummaryAnswer = z.infer<typeof reportSummaryAnswer>;

export const flockTrendPoint = z.object({
  dayAge: z.number(),
  day: z.string(),
  /** Week of age (weekly points). */
  week: z.number().optional(),
  actual: figure,
  standard: figure,
});
export type FlockTrendPoint = z.infer<typeof flockTrendPoint>;

export const flockTrendSeries = z.object({
  flockId: z.number(),
  groupNo: z.string(),
  shedName: z.string(),
  indicator: z.enum(CURVE_INDICATORS as [CurveIndicator, ...CurveIndicator[]]),
  points: z.array(flockTrendPoint),
});
export type FlockTrendSeries = z.infer<typeof flockTrendSeries>;
export const flockTrendAnswer = z.object({ series: z.array(flockTrendSeries) });

export const energyRow = z.object({
  farmId: z.number(),
  farmName: z.string(),
  period: z.string(),
  waterL: figure,
  elecKwh: figure,
  /** Birds present on an average day of the period (bird-days / days). */
  birds: z.number(),
  /** ml per bird per day over the days with a water reading. */
  waterPerBirdMl: figure,
  /** kWh per 1000 birds per day over the days with an electricity reading. */
  elecPerKBirdKwh: figure,
});
export type EnergyRow = z.infer<typeof energyRow>;

const lastEvent = {
  id: z.number(),
  /** Epoch milliseconds. */ at: z.number(),
  dayAge: z.number(),
  disease: z.string(),
  method: z.string(),
};
export const lastImmunization = z.object({ ...lastEvent, vaccineBrand: z.string() });
export type LastImmunization = z.infer<typeof lastImmunization>;
export const lastMedication = z.object({ ...lastEvent, drugName: z.string() });
export type LastMedication = z.infer<typeof lastMedication>;

export const healthRow = z.object({
  flockId: z.number(),
  groupNo: z.string(),
  ...shedPlaceFields,
  /** Day age on the flock's last day in the range. */
  dayAge: z.number(),
  dead: z.number(),
  culled: z.number(),
  mortalityPer10k: figure,
  immunizations: z.number(),
  medications: z.number(),
  lastImmunization: lastImmunization.nullable(),
  lastMedication: lastMedication.nullable(),
});
export type HealthRow = z.infer<typeof healthRow>;

const R = '/breedpigbuilding/flockReport';
const trendDef = {
  method: 'POST',
  summary: 'Per flock and indicator: actual and standard by day or week of age',
  body: flockTrendBody,
  answer: flockTrendAnswer,
} as const;

export const productionReportsApi = {
  summary: post(`${R}/summary`, 'Report rows per flock or farm and period, with totals and standards', {
    body: reportBody,
    answer: reportSummaryAnswer,
  }),
  trend: endpoint({ ...trendDef, path: `${R}/trend` }),
  feedTrend: endpoint({ ...trendDef, path: `${R}/feedTrend` }),
  energy: post(`${R}/energy`, "Farm water and electricity from the meters' daily rollups, per bird", {
    body: reportBody,
    answer: z.object({ rows: z.array(energyRow) }),
  }),
  health: post(`${R}/health`, 'Per flock: dead, culled, mortality, immunisations and medications in the range', {
    body: reportBody,
    answer: z.object({ rows: z.array(healthRow) }),
  }),
  export: post(`${R}/export`, "A report screen's summary rows as an .xlsx file (headers in the request language)", {
    body: reportExportBody,
    answer: FILE_ANSWER,
  }),
};
