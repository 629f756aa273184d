import { z } from 'zod';
import { FILE_ANSWER, get, pageOf } from '../contract.js';
import { countParam, idParam, pageQuery, strictObject } from '../schemas/common.js';
import { dateTimeInput, idFilter, absentIfBlank, withinQueryRange } from '../schemas/time.js';
import { alarmRow } from '../alarms/endpoints.js';
import { FEEDER_FAULTS } from './feed-alarms.js';

/**
 * Feeding records (/accurate-feeding/records/feeding, app code accurate-feeding.records.feeding)
 * and the not-eating list (/accurate-feeding/feed-alarm/records, accurate-feeding.feed-alarm.records),
 * both from the feeders' stored reports: per feeder and farm calendar day the day's largest
 * `feederRation.n` (g planned), `feederFeed.n` (g dispensed since local midnight, so its largest
 * value is the day's total) and `feederState.n` (2: the sow did not eat) of the daily rollup.
 *
 * A day counts as not eaten when the feeder reported state 2 that day, or, for a finished day,
 * when it dispensed less than `minShare` % (default FEED_MIN_SHARE) of its plan. A farm not seen is
 * 10007, a house 30004; a range over QUERY_RANGE_MAX_DAYS days is refused (validation.rangeMaxDays).
 */
export const FEED_MIN_SHARE = 80;

export const feedOptionalId = idFilter();
export const feedMinShareParam = absentIfBlank(countParam(1, 100));

/** The farm, optional house and range of the feeding reports (use with `.superRefine(withinQueryRange)`). */
export const feedRangeFields = {
  farmId: idParam,
  shedId: feedOptionalId,
  startTime: dateTimeInput,
  endTime: dateTimeInput,
};

const recordFields = { ...feedRangeFields, penId: feedOptionalId, minShare: feedMinShareParam };

export const feedRecordsQuery = pageQuery.extend(recordFields).superRefine(withinQueryRange);
export type FeedRecordsQuery = z.infer<typeof feedRecordsQuery>;
export const feedRecordsExportQuery = strictObject(recordFields).superRefine(withinQueryRange);
export type FeedRecordsExportQuery = z.infer<typeof feedRecordsExportQuery>;

export const feederPlaceFields = {
  shedId: z.number(),
  shedName: z.string(),
  penId: z.number(),
  penColumn: z.number(),
  penRow: z.number(),
  feederId: z.number(),
  feederNo: z.string(),
  feederName: z.string(),
};

export const feedRecordRow = z.object({
  /** The farm's calendar day, YYYY-MM-DD. */
  day: z.string(),
  ...feederPlaceFields,
  /** g planned and dispensed that day. */
  planned: z.number(),
  dispensed: z.number(),
  /** dispensed / planned in % (one decimal), null without a plan. */
  share: z.number().nullable(),
  ate: z.boolean(),
});
export type FeedRecordRow = z.infer<typeof feedRecordRow>;

export const feedAlarmQuery = strictObject({ farmId: idParam, shedId: feedOptionalId, minShare: feedMinShareParam });
export type FeedAlarmQuery = z.infer<typeof feedAlarmQuery>;

const feedDay = z.object({ planned: z.number(), dispensed: z.number(), ate: z.boolean() }).nullable();

export const feedAlarmRow = z.object({
  ...feederPlaceFields,
  /** Today's and yesterday's figures (null: the feeder stored no report that day). */
  today: feedDay,
  yesterday: feedDay,
  /** The first day of the run of not-eaten days up to the newest one (at most 31 days back). */
  since: z.string(),
  /** Not-eaten days in that run. */
  days: z.number(),
  /** Her not-eaten alarm in the alarm records (today's, else yesterday's), null when none was raised. */
  alarm: z.object({ id: z.number(), state: alarmRow.shape.state }).nullable(),
  /** The fault her feeder reports now (a live feeder fault alarm), else null. */
  fault: z.enum(FEEDER_FAULTS).nullable(),
});
export type FeedAlarmRow = z.infer<typeof feedAlarmRow>;

export const feedRecordsApi = {
  feeding: get('/feeding/records/feeding', 'Planned and dispensed feed per feeder and day, newest day first', {
    query: feedRecordsQuery,
    answer: pageOf(feedRecordRow),
  }),
  feedingExport: get('/feeding/records/feeding/export', 'The feeding records of the range as an Excel file', {
    query: feedRecordsExportQuery,
    answer: FILE_ANSWER,
  }),
  notEating: get('/feeding/alarms/notEating', 'The feeders whose sow did not eat her ration today or yesterday', {
    query: feedAlarmQuery,
    answer: z.object({ today: z.string(), yesterday: z.string(), minShare: z.number(), list: z.array(feedAlarmRow) }),
  }),
};
