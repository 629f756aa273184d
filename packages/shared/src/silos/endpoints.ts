import { z } from 'zod';
import { get, idAnswer, noAnswer, pageOf, post, resource } from '../contract.js';
import { SILO_ACTIONS, SILO_LEVELS, SILO_WEIGHT_STATES } from './detect.js';
import {
  siloAddBody,
  siloBindScaleBody,
  siloFarmQuery,
  siloIdBody,
  siloIdParams,
  siloPageQuery,
  siloRecordsQuery,
  siloUpdateBody,
} from './schemas.js';

/* Answers of the silos module; times are epoch milliseconds, weights kg, days YYYY-MM-DD in the farm's time zone. */

export const siloShed = z.object({ id: z.number(), shedName: z.string() });

/** A silo with the houses it feeds and the scale channel weighing it (null when unbound). */
export const siloRow = z.object({
  id: z.number(),
  farmId: z.number(),
  farmName: z.string(),
  name: z.string(),
  capacityKg: z.number(),
  emptyPct: z.number(),
  fullPct: z.number(),
  leadDays: z.number(),
  sheds: z.array(siloShed),
  gatewayId: z.number().nullable(),
  gatewayCode: z.string().nullable(),
  gatewayName: z.string().nullable(),
  channel: z.number().nullable(),
  updatedAt: z.number(),
});
export type SiloRow = z.infer<typeof siloRow>;

/** Days of feed left (shared silos/forecast.ts). */
export const siloForecastRow = z.object({
  soonestDays: z.number(),
  latestDays: z.number(),
  highRateKg: z.number(),
  meanRateKg: z.number(),
  reorder: z.boolean(),
});

/** A silo as its scale last saw it (SPEC §4 feed tower states); the state fields are null before a first reading. */
export const siloStatusRow = siloRow.extend({
  weightKg: z.number().nullable(),
  /** Share of the capacity, %. */
  fillPct: z.number().nullable(),
  level: z.enum(SILO_LEVELS).nullable(),
  weightState: z.enum(SILO_WEIGHT_STATES).nullable(),
  action: z.enum(SILO_ACTIONS).nullable(),
  lastTs: z.number().nullable(),
  todayConsumedKg: z.number(),
  lastDelivery: z.object({ ts: z.number(), kg: z.number() }).nullable(),
  forecast: siloForecastRow.nullable(),
});
export type SiloStatusRow = z.infer<typeof siloStatusRow>;

/** A weigher gateway (type 100) of the farm, and which of its channels weigh which silo. */
export const siloScaleRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  bound: z.array(z.object({ channel: z.number(), siloId: z.number(), siloName: z.string() })),
});
export type SiloScaleRow = z.infer<typeof siloScaleRow>;

/** A delivery found in the load-cell readings: from the start of the rise to its peak. */
export const siloDeliveryRow = z.object({
  id: z.number(),
  siloId: z.number(),
  siloName: z.string(),
  startedAt: z.number(),
  ts: z.number(),
  kg: z.number(),
});
export type SiloDeliveryRow = z.infer<typeof siloDeliveryRow>;

/** One silo's day: what the feed line drew, what was delivered, and the weight at the day's last reading. */
export const siloDailyRow = z.object({
  siloId: z.number(),
  siloName: z.string(),
  day: z.string(),
  consumedKg: z.number(),
  deliveredKg: z.number(),
  deliveries: z.number(),
  closingKg: z.number().nullable(),
});
export type SiloDailyRow = z.infer<typeof siloDailyRow>;

const BASE = '/breedpigbuilding/breedWeightFodder/silo';

/**
 * Silos (issue 15): the silo list and bindings (/weight/bind, weight.bind), the live state and
 * forecast (/weight/status, /weight/monitoring) and the records (/weight/records). A silo the
 * caller may not see is 30001; a weigher it may not see is 20088.
 */
export const silosApi = {
  ...resource('', BASE, {
    params: siloIdParams,
    row: siloRow,
    page: { summary: 'Paged silos of the farms the account sees, with their houses and scale', query: siloPageQuery },
    add: { summary: 'Adds a silo to a farm, feeding some of its houses (10010 for a name used in the farm)', body: siloAddBody },
    update: { summary: 'Changes a silo (10010 for a name used in the farm)', body: siloUpdateBody, answer: idAnswer },
    remove: 'Deletes a silo with its records',
  }),
  scales: get(`${BASE}/scales`, "The farm's weigher gateways and their bound channels", {
    query: siloFarmQuery,
    answer: z.array(siloScaleRow),
  }),
  bindScale: post(`${BASE}/bindScale`, 'Binds a silo to a weigher channel (20050 when that channel weighs another silo)', {
    body: siloBindScaleBody,
    answer: noAnswer,
  }),
  unbindScale: post(`${BASE}/unbindScale`, 'Unbinds the scale of a silo (its records stay)', { body: siloIdBody, answer: noAnswer }),
  status: get(`${BASE}/status`, 'Each silo of a farm (or of one house) with its weight, level, states and empty-by forecast', {
    query: siloFarmQuery,
    answer: z.array(siloStatusRow),
  }),
  deliveries: get(`${BASE}/deliveries`, 'Detected deliveries, newest first', { query: siloRecordsQuery, answer: pageOf(siloDeliveryRow) }),
  daily: get(`${BASE}/daily`, 'Consumption and deliveries per silo and day, newest first', {
    query: siloRecordsQuery,
    answer: pageOf(siloDailyRow),
  }),
};
