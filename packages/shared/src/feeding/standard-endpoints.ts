import { z } from 'zod';
import { PIG_PEN_FEEDING_TYPES } from '../enums/index.js';
import { get, resource } from '../contract.js';
import { STANDARD_FACTORS } from './standard-rules.js';
import { standardAddBody, standardIdParams, standardPageQuery, standardUpdateBody } from './standard-schemas.js';

export * from './standard-rules.js';
export * from './standard-schemas.js';

/* Answers of the feeding standards; times are epoch milliseconds. */

export const standardAgeRow = z.object({
  startDay: z.number(),
  endDay: z.number(),
  minAmount: z.number(),
  dailyAmount: z.number(),
  maxAmount: z.number(),
});
export const standardAdjustmentRow = z.object({ factor: z.enum(STANDARD_FACTORS), from: z.number(), to: z.number(), percent: z.number() });

export const standardRow = z.object({
  id: z.number(),
  name: z.string(),
  penFeedingType: z.enum(PIG_PEN_FEEDING_TYPES),
  breed: z.string(),
  excessRatio: z.number(),
  ages: z.array(standardAgeRow),
  adjustments: z.array(standardAdjustmentRow),
  remark: z.string().nullable(),
  /** Feeding plans that follow it: a standard in use cannot be deleted (20036). */
  planUses: z.number(),
  updatedAt: z.number(),
});
export type StandardRow = z.infer<typeof standardRow>;

export const standardOption = z.object({
  id: z.number(),
  name: z.string(),
  penFeedingType: z.enum(PIG_PEN_FEEDING_TYPES),
  breed: z.string(),
});
export type StandardOption = z.infer<typeof standardOption>;

/**
 * Feeding standards (/std/mgn, app code std.mgn): the tenant's daily amounts by day age per pen
 * feeding type and breed, with their adjustments. SPEC §7 names no call for them; they live under
 * /feeding/standard. A standard of another tenant, or none, is 30001.
 */
export const feedingStandardApi = {
  ...resource('', '/feeding/standard', {
    params: standardIdParams,
    row: standardRow,
    page: { summary: 'Paged feeding standards of the tenant, by name and pen feeding type', query: standardPageQuery },
    add: { summary: 'Adds a feeding standard (10010 a name used in the tenant)', body: standardAddBody },
    update: {
      summary: 'Replaces a feeding standard with its ages and adjustments (10010 as for adding)',
      body: standardUpdateBody,
    },
    remove: 'Deletes a feeding standard no plan follows (20036 otherwise)',
  }),
  list: get('/feeding/standard/list', 'Every feeding standard of the tenant, by name (the plan form picks one)', {
    answer: z.array(standardOption),
  }),
};
