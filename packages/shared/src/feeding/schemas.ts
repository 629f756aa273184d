import { z } from 'zod';
import { FARM_TYPES } from '../enums/index.js';
import { bodyId, countParam, idParam, optionalText, pageQuery, requiredText, strictObject } from '../schemas/common.js';
import { idFilter, absentIfBlank, textFilter } from '../schemas/time.js';

/**
 * Requests of the feeding module, feed part (issue 15; SPEC §3 "Feed info", codes 20034-20036,
 * 20093). Feed types and feed info are the tenant's catalogue, shared by its farms:
 * - a feed type has a name unique in the tenant (20034);
 * - a feed info is one feed of a type as bought: its name is unique in the tenant (20093) and its
 *   batch too (20035: a batch number names one delivery of one feed), with the formula ratio,
 *   the weight of one package in g or kg, the price per package and the animal type (a farm type);
 * - a type with feed info, or a feed info a feeding plan uses, is in use and cannot be deleted (20036).
 */

export const FEED_UNITS = ['g', 'kg'] as const;
export type FeedUnit = (typeof FEED_UNITS)[number];

/** The animal a feed is for: a farm type (SPEC §3: 1 pig, 2 poultry, 3 cattle). */
export const animalType = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .refine((v) => (FARM_TYPES as readonly number[]).includes(v), 'validation.invalid');

/** The largest weight or price a feed may have (a tonne bag in g is 1e6). */
export const FEED_NUMBER_MAX = 1e7;
const positiveAmount = z
  .number({ error: (i) => (i.input == null ? 'validation.required' : 'validation.number') })
  .positive('validation.aboveZero')
  .max(FEED_NUMBER_MAX, 'validation.tooLarge');
const price = z
  .number({ error: 'validation.number' })
  .min(0, 'validation.nonNegative')
  .max(FEED_NUMBER_MAX, 'validation.tooLarge')
  .nullable()
  .default(null);

export const feedTypeAddBody = strictObject({ name: requiredText(), remark: optionalText(200) });
export type FeedTypeAddBody = z.infer<typeof feedTypeAddBody>;
export const feedTypeUpdateBody = feedTypeAddBody.extend({ id: bodyId });
export type FeedTypeUpdateBody = z.infer<typeof feedTypeUpdateBody>;

export const feedTypePageQuery = pageQuery.extend({ name: textFilter() });
export type FeedTypePageQuery = z.infer<typeof feedTypePageQuery>;

export const feedInfoAddBody = strictObject({
  typeId: bodyId,
  name: requiredText(),
  batch: requiredText(),
  /** The formula ratio as the mill states it ("corn 62 %, soybean meal 24 %, ..."). */
  formulaRatio: optionalText(200),
  weight: positiveAmount,
  unit: z.enum(FEED_UNITS, { error: 'validation.required' }),
  price,
  /** What the price is per ("CNY per bag"). */
  priceUnit: optionalText(20),
  animalType,
  remark: optionalText(200),
});
export type FeedInfoAddBody = z.infer<typeof feedInfoAddBody>;
export const feedInfoUpdateBody = feedInfoAddBody.extend({ id: bodyId });
export type FeedInfoUpdateBody = z.infer<typeof feedInfoUpdateBody>;

export const feedInfoPageQuery = pageQuery.extend({
  name: textFilter(),
  typeId: idFilter(),
  animalType: absentIfBlank(countParam(1, 3)),
});
export type FeedInfoPageQuery = z.infer<typeof feedInfoPageQuery>;

export const feedListQuery = strictObject({ animalType: absentIfBlank(countParam(1, 3)) });
export type FeedListQuery = z.infer<typeof feedListQuery>;

export const feedIdParams = strictObject({ id: idParam });
