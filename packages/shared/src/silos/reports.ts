import { z } from 'zod';
import { FILE_ANSWER, get } from '../contract.js';
import { countParam, idParam, strictObject } from '../schemas/common.js';
import { absentIfBlank } from '../schemas/time.js';

/**
 * The silo reports (SPEC §2 /weight/ddreports, /weight/mmreports, /weight/yyreports): per silo of a
 * farm and per day of a month, month of a year, or year of the last ten, the feed drawn, the feed
 * delivered and how often, and the weight at the end of the period; each also as an Excel file.
 */
export const SILO_REPORT_PERIODS = ['day', 'month', 'year'] as const;
export type SiloReportPeriod = (typeof SILO_REPORT_PERIODS)[number];
/** The year report's span (SPEC §9: year list of the last 10 years). */
export const SILO_REPORT_YEARS = 10;

export const siloReportQuery = strictObject({
  farmId: idParam,
  period: z.enum(SILO_REPORT_PERIODS, { error: 'validation.invalid' }),
  /** The year of the day and month reports. */
  year: absentIfBlank(countParam(2000, 2100)),
  /** The month (1-12) of the day report. */
  month: absentIfBlank(countParam(1, 12)),
})
  .refine((q) => q.period === 'year' || q.year !== undefined, { message: 'validation.required', path: ['year'] })
  .refine((q) => q.period !== 'day' || q.month !== undefined, { message: 'validation.required', path: ['month'] });
export type SiloReportQuery = z.infer<typeof siloReportQuery>;

/** One silo in one period: `bucket` is the day (YYYY-MM-DD), month (YYYY-MM) or year (YYYY). */
export const siloReportRow = z.object({
  bucket: z.string(),
  siloId: z.number(),
  siloName: z.string(),
  consumedKg: z.number(),
  deliveredKg: z.number(),
  deliveries: z.number(),
  closingKg: z.number().nullable(),
});
export type SiloReportRow = z.infer<typeof siloReportRow>;

const BASE = '/breedpigbuilding/breedWeightFodder/silo/report';

export const siloReportsApi = {
  report: get(BASE, 'Feed drawn and delivered per silo and day, month or year', { query: siloReportQuery, answer: z.array(siloReportRow) }),
  export: get(`${BASE}/export`, 'The same report as an Excel file', { query: siloReportQuery, answer: FILE_ANSWER }),
};
