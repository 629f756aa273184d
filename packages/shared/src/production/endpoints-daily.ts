import { z } from 'zod';
import { del, get, idAnswer, noAnswer, pageOf, post, put } from '../contract.js';
import {
  dailyBatchBody,
  dailyIdParams,
  dailyKindParams,
  dailyPageBody,
  dailyQuickQuery,
  dailyRowBody,
  dailyRowUpdateBody,
} from '../schemas/production.js';

/**
 * Production contracts, second part: the daily records of each kind (/prod-data-input/...). One
 * set of `:kind` routes serves every kind, so a record is a loose row: the place and day fields
 * every kind has, and the kind's own figures (KIND_FIELDS on the server) beside them.
 */
const meterFields = {
  /** Feed and water: filled from the meters (measured.ts), and the meter's own figure. */
  measured: z.boolean().optional(),
  measuredValue: z.number().nullable().optional(),
};

/** A record as the lists show it: its figures, its flock's place and, for events, `at` in ms. */
export const dailyRecordRow = z.looseObject({
  id: z.number(),
  flockId: z.number(),
  groupNo: z.string(),
  shedId: z.number(),
  shedName: z.string(),
  farmId: z.number(),
  farmName: z.string(),
  /** The farm-local day (events: the day of `at`). */
  day: z.string(),
  dayAge: z.number(),
  /** Immunisation and medication: the moment, epoch ms. */
  at: z.number().optional(),
  ...meterFields,
  updatedAt: z.number(),
});
export type DailyRecordRow = z.infer<typeof dailyRecordRow>;

/** A day's record of one kind on the quick-entry form: its id, day, day age and the kind's figures. */
export const quickRecord = z.looseObject({ id: z.number(), day: z.string(), dayAge: z.number(), ...meterFields });
export type QuickRecord = z.infer<typeof quickRecord>;

/** One current flock of the quick-entry form with the day's records of the kinds the caller may enter. */
export const quickRow = z.object({
  flockId: z.number(),
  groupNo: z.string(),
  shedId: z.number(),
  shedName: z.string(),
  dayAge: z.number(),
  /** Birds at the start of the day (placement and the stock days before it). */
  present: z.number(),
  stock: quickRecord.optional(),
  grow: quickRecord.optional(),
  feed: quickRecord.optional(),
  water: quickRecord.optional(),
  egg: quickRecord.optional(),
});
export type QuickRow = z.infer<typeof quickRow>;

/** A refused row of a batch or import (1-based row number); `key` is an i18n key (validation namespace) for schema failures. */
export const rowError = z.object({
  row: z.number(),
  /** The field at fault, when one is. */
  field: z.string().optional(),
  code: z.number(),
  key: z.string().optional(),
  /** The translated message of `code`. */
  msg: z.string(),
});
export type RowError = z.infer<typeof rowError>;

/** Outcome of a batch or an import: good rows are saved, bad rows listed. */
export const saveOutcome = z.object({ saved: z.number(), errors: z.array(rowError) });
export type SaveOutcome = z.infer<typeof saveOutcome>;

const D = '/breedpigbuilding/flockDaily';

export const dailyRecordsApi = {
  page: post(`${D}/:kind/page`, "A kind's records, newest day first (feed and water: measured days filled first)", {
    params: dailyKindParams,
    body: dailyPageBody,
    answer: pageOf(dailyRecordRow),
  }),
  add: post(`${D}/:kind`, 'Adds a record (21016 outside the flock life, 20301/20302/20078 day exists, 20068 removals)', {
    params: dailyKindParams,
    body: dailyRowBody,
    answer: idAnswer,
  }),
  update: put(
    `${D}/:kind`,
    'Edits a record (missing: feed 20073, egg 20075, water 20077, else 30001); a measured row keeps the meter figure',
    { params: dailyKindParams, body: dailyRowUpdateBody, answer: idAnswer },
  ),
  remove: del(`${D}/:kind/:id`, 'Deletes a record (stock: 20068 when later days would remove more birds than remain)', {
    params: dailyIdParams,
    answer: noAnswer,
  }),
  batch: post(`${D}/:kind/batch`, 'Quick entry: one day, several flocks of a farm; good rows saved, the others listed', {
    params: dailyKindParams,
    body: dailyBatchBody,
    answer: saveOutcome,
  }),
  quick: get(`${D}/quick`, "The day's rows per current flock of the farm, for the quick-entry form", {
    query: dailyQuickQuery,
    answer: z.array(quickRow),
  }),
};
