import { z } from 'zod';
import { get } from '../contract.js';
import { idParam, strictObject } from '../schemas/common.js';
import { idFilter } from '../schemas/time.js';

/**
 * The feeding monitor (/accurate-feeding/mornitoring, app code accurate-feeding.mornitoring):
 * per pen of the farm's houses, today's (the farm's calendar day) planned and dispensed feed as
 * the pen's feeders report them (`feederRation.n`, `feederFeed.n`, `feederState.n`, n the
 * feeder's id; a report from before today's start does not count), how many feeders report,
 * dispense now or hold a sow that did not eat. A farm not seen is 10007, a house 30004.
 */
export const feedMonitorQuery = strictObject({
  farmId: idParam,
  shedId: idFilter(),
});
export type FeedMonitorQuery = z.infer<typeof feedMonitorQuery>;

export const penFeedRow = z.object({
  shedId: z.number(),
  shedName: z.string(),
  penId: z.number(),
  penColumn: z.number(),
  penRow: z.number(),
  feeders: z.number(),
  /** Feeders with a report of today. */
  reporting: z.number(),
  /** g planned and dispensed today, over the reporting feeders. */
  planned: z.number(),
  dispensed: z.number(),
  feeding: z.number(),
  notEating: z.number(),
  /** The newest report of the pen's feeders (epoch ms), or null. */
  lastReport: z.number().nullable(),
});
export type PenFeedRow = z.infer<typeof penFeedRow>;

export const feedMonitorApi = {
  pens: get('/feeding/monitor/pens', "Today's planned and dispensed feed per pen of the farm, from its feeders' reports", {
    query: feedMonitorQuery,
    answer: z.object({ day: z.string(), pens: z.array(penFeedRow) }),
  }),
};
