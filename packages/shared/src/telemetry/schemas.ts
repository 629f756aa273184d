import { z } from 'zod';
import { countParam, idParam, plainString } from '../schemas/common.js';

/**
 * Requests of the telemetry calls (the readings store behind the environment screens and the
 * running-status page): the live stream, a shed's newest values, one sensor's chart series.
 */
const idList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,199}$/)
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/** `shedIds=1,2` (at most 200; all visible sheds when absent); `ticket` stands in for the token header. */
export const liveStreamQuery = z.strictObject({ shedIds: idList.optional(), ticket: plainString(100).optional() });
export type LiveStreamQuery = z.infer<typeof liveStreamQuery>;

export const telemetryLatestQuery = z.strictObject({ shedId: idParam });
export type TelemetryLatestQuery = z.infer<typeof telemetryLatestQuery>;

/** A CONTRACT §4 value key such as `temp.1`. */
const valueKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}(\.[A-Za-z0-9_]{1,16})?$/);

export const telemetryTrendQuery = z.strictObject({
  gatewayId: idParam,
  key: valueKey,
  from: countParam(0),
  to: countParam(1),
  maxPoints: countParam(10, 5_000).default(2_000),
});
export type TelemetryTrendQuery = z.infer<typeof telemetryTrendQuery>;
