import { z } from 'zod';
import { FILE_ANSWER, get, pageOf } from '../contract.js';
import { pageQuery, strictObject } from '../schemas/common.js';
import { blankAsAbsent } from '../schemas/time.js';
import { feedMinShareParam, feedOptionalId, feedRangeFields, feederPlaceFields } from './record-endpoints.js';
import { withinQueryRange } from '../schemas/time.js';

/**
 * The precision-feeding reports over a range of farm days (at most QUERY_RANGE_MAX_DAYS, refused
 * with validation.rangeMaxDays on endTime), all from the feeders' daily figures that the feeding
 * records read (per feeder and day: g planned, g dispensed, whether it reported state 2):
 * - /accurate-feeding/records/amount (accurate-feeding.records.amount): the daily amount per
 *   feeder with its farm and the meals done, paged by the database;
 * - /accurate-feeding/feed-analysis/analysis: planned vs dispensed summed per day, house or pen;
 * - /accurate-feeding/slb-analysis/index: one feeder's or one pen's daily intake against its plan,
 *   days under `minShare` % (default FEED_MIN_SHARE) flagged;
 * - /accurate-feeding/feed-alarm/analysis: the not-eaten days counted per day, house and kind
 *   (`refused`: the feeder reported state 2; `low`: a finished day under `minShare` % of the plan),
 *   and the feeders with the most.
 */
export const feedAmountQuery = pageQuery.extend(feedRangeFields).superRefine(withinQueryRange);
export type FeedAmountQuery = z.infer<typeof feedAmountQuery>;
export const feedAmountExportQuery = strictObject(feedRangeFields).superRefine(withinQueryRange);
export type FeedAmountExportQuery = z.infer<typeof feedAmountExportQuery>;

export const feedAmountRow = z.object({
  day: z.string(),
  farmName: z.string(),
  ...feederPlaceFields,
  /** g planned and dispensed that day. */
  planned: z.number(),
  dispensed: z.number(),
  /**
   * The meals of the feeder's dispatched plan whose shares the day's feed covered (null: no plan
   * dispatched to it), out of `meals`.
   */
  mealsDone: z.number().nullable(),
  meals: z.number().nullable(),
});
export type FeedAmountRow = z.infer<typeof feedAmountRow>;

export const FEED_ANALYSIS_GROUPS = ['day', 'shed', 'pen'] as const;
export type FeedAnalysisGroup = (typeof FEED_ANALYSIS_GROUPS)[number];

export const feedAnalysisQuery = strictObject({
  ...feedRangeFields,
  groupBy: z.preprocess(blankAsAbsent, z.enum(FEED_ANALYSIS_GROUPS, { error: 'validation.invalid' }).default('day')),
}).superRefine(withinQueryRange);
export type FeedAnalysisQuery = z.infer<typeof feedAnalysisQuery>;

const amounts = {
  /** g planned and dispensed, summed. */
  planned: z.number(),
  dispensed: z.number(),
  /** g of the plan not dispensed (0 when more was dispensed). */
  leftover: z.number(),
  /** (dispensed - planned) / planned in %, one decimal; null without a plan. */
  deviation: z.number().nullable(),
};

export const feedAnalysisRow = z.object({
  /** The group: a day (YYYY-MM-DD), a house id or a pen id, as text. */
  key: z.string(),
  day: z.string().nullable(),
  shedName: z.string().nullable(),
  penColumn: z.number().nullable(),
  penRow: z.number().nullable(),
  /** Feeder-days summed into the row. */
  records: z.number(),
  ...amounts,
});
export type FeedAnalysisRow = z.infer<typeof feedAnalysisRow>;

export const feedAnalysisAnswer = z.object({ list: z.array(feedAnalysisRow), total: z.object(amounts) });
export type FeedAnalysisAnswer = z.infer<typeof feedAnalysisAnswer>;

export const feedIntakeQuery = strictObject({
  ...feedRangeFields,
  penId: feedOptionalId,
  feederId: feedOptionalId,
  minShare: feedMinShareParam,
}).superRefine(withinQueryRange);
export type FeedIntakeQuery = z.infer<typeof feedIntakeQuery>;

export const feedIntakeDay = z.object({
  day: z.string(),
  planned: z.number(),
  dispensed: z.number(),
  /** dispensed / planned in %, one decimal; null without a plan. */
  share: z.number().nullable(),
  /** A finished day under `minShare` % of the plan, or a day the feeder reported state 2. */
  low: z.boolean(),
  /** Feeders summed into the day (one for a feeder). */
  feeders: z.number(),
});
export type FeedIntakeDay = z.infer<typeof feedIntakeDay>;

export const feedIntakeAnswer = z.object({
  minShare: z.number(),
  /** The feeders of the farm (or house), for the picker. */
  feeders: z.array(z.object(feederPlaceFields)),
  /** The chosen feeder's or pen's days (of the house or farm without a choice), oldest first. */
  days: z.array(feedIntakeDay),
});
export type FeedIntakeAnswer = z.infer<typeof feedIntakeAnswer>;

export const FEED_EVENT_KINDS = ['refused', 'low'] as const;
export type FeedEventKind = (typeof FEED_EVENT_KINDS)[number];

const kindCounts = { refused: z.number(), low: z.number() };

export const feedAlarmStatsQuery = strictObject({ ...feedRangeFields, minShare: feedMinShareParam }).superRefine(withinQueryRange);
export type FeedAlarmStatsQuery = z.infer<typeof feedAlarmStatsQuery>;

export const feedAlarmStatsAnswer = z.object({
  minShare: z.number(),
  total: z.object(kindCounts),
  /** Every day of the range, oldest first. */
  days: z.array(z.object({ day: z.string(), ...kindCounts })),
  sheds: z.array(z.object({ shedId: z.number(), shedName: z.string(), ...kindCounts })),
  /** The feeders with the most not-eaten days, most first (at most FEED_ALARM_TOP). */
  top: z.array(z.object({ ...feederPlaceFields, ...kindCounts, total: z.number() })),
});
export type FeedAlarmStatsAnswer = z.infer<typeof feedAlarmStatsAnswer>;
export const FEED_ALARM_TOP = 10;

export const feedAnalysisApi = {
  amount: get('/feeding/records/amount', 'The daily feed amount per feeder with its meals done, newest day first', {
    query: feedAmountQuery,
    answer: pageOf(feedAmountRow),
  }),
  amountExport: get('/feeding/records/amount/export', 'The daily feed amounts of the range as an Excel file', {
    query: feedAmountExportQuery,
    answer: FILE_ANSWER,
  }),
  analysis: get('/feeding/analysis/feed', 'Planned vs dispensed feed summed per day, house or pen', {
    query: feedAnalysisQuery,
    answer: feedAnalysisAnswer,
  }),
  analysisExport: get('/feeding/analysis/feed/export', 'Planned vs dispensed feed per day, house or pen as an Excel file', {
    query: feedAnalysisQuery,
    answer: FILE_ANSWER,
  }),
  intake: get('/feeding/analysis/intake', 'One feeder or pen: daily intake against its plan', {
    query: feedIntakeQuery,
    answer: feedIntakeAnswer,
  }),
  alarmStats: get('/feeding/alarms/analysis', 'Not-eaten days counted per day, house and kind, and the feeders with the most', {
    query: feedAlarmStatsQuery,
    answer: feedAlarmStatsAnswer,
  }),
};
