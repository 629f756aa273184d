import { z } from 'zod';
import { FILE_ANSWER, get, pageOf } from '../contract.js';
import { countParam, idParam } from '../schemas/common.js';
import { dateTimeInput, absentIfBlank, withinQueryRange } from '../schemas/time.js';
import { ALARM_KINDS, alarmPageQuery } from './schemas.js';
import { alarmRow } from './endpoints.js';

/**
 * Alarm reports (issue 13 "Reports"): the alarm history with its Excel file
 * (/reports/env-alerts-his), the analysis of a farm's day, week or month
 * (/reports/env-alerts-analysis/{day,week,month}: counts by kind, shed and level, time in alarm,
 * mean time to acknowledge) and the "bad actors" ranking of gateways and rules by alarm count
 * (/reports/device-alerts-rank) with its Excel file. Periods are the farm's calendar (its time
 * zone); a week starts on Monday. Times are epoch milliseconds.
 *
 * Definitions (the same in every figure):
 * - an alarm **counts** in the period it was raised in (`startedAt` in [from, to));
 * - **time in alarm** is the part of each alarm's span (start to end, or to now while active) that
 *   lies inside the period, whenever it was raised;
 * - **time to acknowledge** is `ackAt - startedAt` of the alarms counted; the mean is over the
 *   acknowledged ones (null when none was).
 */
export const ALARM_PERIODS = ['day', 'week', 'month'] as const;
export type AlarmPeriod = (typeof ALARM_PERIODS)[number];

const calendarDay = z
  .string({ error: 'validation.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'validation.date');

/** History: the alarm list's filters (SPEC §9 30-day rule); the export takes the same, paging aside. */
export const alarmHistoryQuery = alarmPageQuery;

export const alarmAnalysisQuery = z.strictObject({
  farmId: idParam,
  period: z.enum(ALARM_PERIODS, { error: 'validation.invalid' }),
  /** A day of the period, in the farm's calendar; today there when absent. */
  day: absentIfBlank(calendarDay),
  shedId: absentIfBlank(idParam),
});
export type AlarmAnalysisQuery = z.infer<typeof alarmAnalysisQuery>;

const rankRange = {
  farmId: idParam,
  startTime: dateTimeInput,
  endTime: dateTimeInput,
};
export const RANK_TOP_MAX = 100;
export const alarmRankQuery = z
  .strictObject({ ...rankRange, top: absentIfBlank(countParam(1, RANK_TOP_MAX)) })
  .superRefine(withinQueryRange);
export type AlarmRankQuery = z.infer<typeof alarmRankQuery>;
export const alarmRankExportQuery = z
  .strictObject({ ...rankRange, by: z.enum(['gateway', 'rule'], { error: 'validation.invalid' }) })
  .superRefine(withinQueryRange);
export type AlarmRankExportQuery = z.infer<typeof alarmRankExportQuery>;

/** Counts per level of a set of alarms. */
const levelCounts = { count: z.number(), high: z.number(), medium: z.number(), low: z.number() };

export const alarmAnalysisShed = z.object({
  shedId: z.number(),
  shedName: z.string(),
  ...levelCounts,
  alarmSec: z.number(),
  mttaSec: z.number().nullable(),
});
export const alarmAnalysisBucket = z.object({ start: z.number(), ...levelCounts });
export const alarmAnalysis = z.object({
  farmId: z.number(),
  timeZone: z.string(),
  period: z.enum(ALARM_PERIODS),
  /** The period: [from, to) in the farm's calendar. */
  from: z.number(),
  to: z.number(),
  ...levelCounts,
  acknowledged: z.number(),
  /** Mean time to acknowledge, seconds; null when none was acknowledged. */
  mttaSec: z.number().nullable(),
  /** Time in alarm inside the period, summed over alarms, seconds. */
  alarmSec: z.number(),
  byKind: z.array(z.object({ kind: z.enum(ALARM_KINDS), count: z.number() })),
  sheds: z.array(alarmAnalysisShed),
  /** Hours of a day, days of a week or month. */
  buckets: z.array(alarmAnalysisBucket),
});
export type AlarmAnalysis = z.infer<typeof alarmAnalysis>;

export const alarmRankGateway = z.object({
  gatewayId: z.number(),
  gatewayCode: z.string(),
  shedId: z.number(),
  shedName: z.string(),
  ...levelCounts,
  alarmSec: z.number(),
  mttaSec: z.number().nullable(),
  lastAt: z.number(),
});
export type AlarmRankGateway = z.infer<typeof alarmRankGateway>;
/** A rule of the ranking; a deleted rule's alarms stay under its last name (ruleId null). */
export const alarmRankRule = z.object({
  ruleId: z.number().nullable(),
  ruleName: z.string(),
  kind: z.enum(ALARM_KINDS),
  ...levelCounts,
  /** Gateways that raised it. */
  gateways: z.number(),
  alarmSec: z.number(),
  mttaSec: z.number().nullable(),
  lastAt: z.number(),
});
export type AlarmRankRule = z.infer<typeof alarmRankRule>;
export const alarmRank = z.object({
  from: z.number(),
  to: z.number(),
  total: z.number(),
  gateways: z.array(alarmRankGateway),
  rules: z.array(alarmRankRule),
});
export type AlarmRank = z.infer<typeof alarmRank>;

/** The report calls: each behind its report's application code; a farm not the caller's is 10007. */
export const alarmReportsApi = {
  history: get('/warning/report/history', 'Paged alarm history with the alarm list filters', {
    query: alarmHistoryQuery,
    answer: pageOf(alarmRow),
  }),
  historyExport: get('/warning/report/history/export', 'The alarm history under the filters as an .xlsx file (farm local times)', {
    query: alarmHistoryQuery,
    answer: FILE_ANSWER,
  }),
  analysis: get(
    '/warning/report/analysis',
    "Alarm counts by kind, shed, level and time, time in alarm and mean time to acknowledge of a farm's day, week or month",
    {
      query: alarmAnalysisQuery,
      answer: alarmAnalysis,
    },
  ),
  rank: get('/warning/report/rank', 'Gateways and rules ranked by the number of alarms they raised in a range', {
    query: alarmRankQuery,
    answer: alarmRank,
  }),
  rankExport: get('/warning/report/rank/export', 'The gateway or rule ranking as an .xlsx file', {
    query: alarmRankExportQuery,
    answer: FILE_ANSWER,
  }),
};
