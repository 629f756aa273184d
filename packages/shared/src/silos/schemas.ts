import { z } from 'zod';
import { bodyId, distinctIds, idParam, pageQuery, requiredText, strictObject } from '../schemas/common.js';
import { idFilter, timeFilter, shedFilters } from '../schemas/time.js';

/**
 * Requests of the silos module (issue 15, SPEC §2 /weight/*, §4 "Feed tower"). A silo (feed
 * tower) belongs to a farm, feeds one or more of its houses, holds up to `capacityKg`, and is
 * weighed by one load-cell channel (`weight.<n>`, CONTRACT §4) of a weigher gateway (type 100);
 * a channel weighs one silo (20050 when it is bound already).
 */

/** The most a silo holds, kg (the largest feed towers hold some 60 t). */
export const SILO_CAPACITY_MAX = 200_000;
/** Load-cell channels of a weigher: `weight.1` .. `weight.32` (CONTRACT §4). */
export const SILO_CHANNEL_MAX = 32;
/** Houses one silo feeds, at most. */
export const SILO_SHEDS_MAX = 20;

const capacityKg = z
  .number({ error: 'validation.integer' })
  .int('validation.integer')
  .positive('validation.positiveInteger')
  .max(SILO_CAPACITY_MAX, 'validation.tooLarge');
const pct = z.number({ error: 'validation.percent' }).min(0, 'validation.percent').max(100, 'validation.percent');
const leadDays = z
  .number({ error: 'validation.integer' })
  .int('validation.integer')
  .min(0, 'validation.nonNegative')
  .max(60, 'validation.tooLarge');
const shedIds = distinctIds(SILO_SHEDS_MAX, 'validation.required');

const siloFields = {
  name: requiredText(),
  capacityKg,
  shedIds,
  /** Empty alarm at or below this share of the capacity, %. */
  emptyPct: pct.default(10),
  /** Full alarm at or above this share, %. */
  fullPct: pct.default(95),
  /** Reorder warning when the silo may run empty within this many days. */
  leadDays: leadDays.default(3),
};
/** Empty below full: the same check on the form and the route. */
const thresholdsInOrder = (v: { emptyPct: number; fullPct: number }): boolean => v.emptyPct < v.fullPct;
const THRESHOLD_ISSUE = { message: 'validation.invalid', path: ['fullPct'] };

export const siloAddBody = strictObject({ farmId: bodyId, ...siloFields }).refine(thresholdsInOrder, THRESHOLD_ISSUE);
export type SiloAddBody = z.infer<typeof siloAddBody>;
export const siloUpdateBody = strictObject({ id: bodyId, ...siloFields }).refine(thresholdsInOrder, THRESHOLD_ISSUE);
export type SiloUpdateBody = z.infer<typeof siloUpdateBody>;

export const siloIdParams = strictObject({ id: idParam });
export const siloIdBody = strictObject({ id: bodyId });

/** Binds the silo to a weigher gateway's load-cell channel `weight.<channel>`. */
export const siloBindScaleBody = strictObject({
  id: bodyId,
  gatewayId: bodyId,
  channel: z
    .number({ error: 'validation.integer' })
    .int('validation.integer')
    .min(1, 'validation.positiveInteger')
    .max(SILO_CHANNEL_MAX, 'validation.tooLarge'),
});
export type SiloBindScaleBody = z.infer<typeof siloBindScaleBody>;

export const siloPageQuery = pageQuery.extend(shedFilters);
export type SiloPageQuery = z.infer<typeof siloPageQuery>;

export const siloFarmQuery = strictObject({ farmId: idParam, shedId: idFilter() });
export type SiloFarmQuery = z.infer<typeof siloFarmQuery>;

/** Deliveries and daily consumption of a farm's silos (or one silo) in a time range. */
export const siloRecordsQuery = pageQuery.extend({
  farmId: idParam,
  siloId: idFilter(),
  start: timeFilter(),
  end: timeFilter(),
});
export type SiloRecordsQuery = z.infer<typeof siloRecordsQuery>;
