import { z } from 'zod';
import { get, resource } from '../contract.js';
import {
  FEED_UNITS,
  feedIdParams,
  feedInfoAddBody,
  feedInfoPageQuery,
  feedInfoUpdateBody,
  feedListQuery,
  feedTypeAddBody,
  feedTypePageQuery,
  feedTypeUpdateBody,
} from './schemas.js';

export * from './schemas.js';

/* Answers of the feeding module, feed part; times are epoch milliseconds. */

export const feedTypeRow = z.object({
  id: z.number(),
  name: z.string(),
  remark: z.string().nullable(),
  /** Feed info of this type: a type with any is in use (20036). */
  infoCount: z.number(),
  updatedAt: z.number(),
});
export type FeedTypeRow = z.infer<typeof feedTypeRow>;

export const feedInfoRow = z.object({
  id: z.number(),
  typeId: z.number(),
  typeName: z.string(),
  name: z.string(),
  batch: z.string(),
  formulaRatio: z.string().nullable(),
  weight: z.number(),
  unit: z.enum(FEED_UNITS),
  price: z.number().nullable(),
  priceUnit: z.string().nullable(),
  animalType: z.number(),
  remark: z.string().nullable(),
  /** Feeding plan stages that feed it: a feed in use cannot be deleted (20036). */
  planUses: z.number(),
  updatedAt: z.number(),
});
export type FeedInfoRow = z.infer<typeof feedInfoRow>;

/** A feed as a picker lists it (the plan's stages). */
export const feedOption = z.object({ id: z.number(), name: z.string(), batch: z.string(), typeName: z.string(), animalType: z.number() });
export type FeedOption = z.infer<typeof feedOption>;

/**
 * Feed types and feed info (/accurate-feeding/info/type and /info, app codes
 * accurate-feeding.info.type and accurate-feeding.info.info): the tenant's feed catalogue. SPEC §7
 * names no feeding calls; these live under /feeding. A type or feed of another tenant is 30001.
 */
export const feedingFeedApi = {
  ...resource('type', '/feeding/feedType', {
    params: feedIdParams,
    row: feedTypeRow,
    page: { summary: 'Paged feed types of the tenant, by name', query: feedTypePageQuery },
    add: { summary: 'Adds a feed type (20034 for a name used in the tenant)', body: feedTypeAddBody },
    update: { summary: 'Renames a feed type (20034 for a name used in the tenant)', body: feedTypeUpdateBody },
    remove: 'Deletes a feed type without feed info (20036 when some feed is of this type)',
  }),
  typeList: get('/feeding/feedType/list', 'Every feed type of the tenant, by name (the pickers)', {
    answer: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
  ...resource('info', '/feeding/feedInfo', {
    params: feedIdParams,
    row: feedInfoRow,
    page: { summary: 'Paged feed info of the tenant, filtered by name or batch, type and animal type', query: feedInfoPageQuery },
    add: { summary: 'Adds a feed (20093 a name used in the tenant, 20035 a batch used in the tenant)', body: feedInfoAddBody },
    update: { summary: 'Edits a feed (20093, 20035 as for adding)', body: feedInfoUpdateBody },
    remove: 'Deletes a feed that no feeding plan uses (20036 otherwise)',
  }),
  infoList: get('/feeding/feedInfo/list', 'Every feed of the tenant for an animal type, by name and batch (the plan form)', {
    query: feedListQuery,
    answer: z.array(feedOption),
  }),
};
