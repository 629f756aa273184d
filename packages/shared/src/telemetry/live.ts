import { z } from 'zod';
import { get, STREAM_ANSWER } from '../contract.js';
import { liveStreamQuery } from './schemas.js';

/**
 * The live stream's call and events on their own (part of `telemetryApi` as `stream`): the
 * console's alarm bell listens on every page, so the stream client imports only this file rather
 * than the telemetry and environment report contracts.
 */

/** `telemetry` event of the live stream: a gateway's reading (CONTRACT §4 values). */
export const liveReading = z.object({
  gatewayId: z.number(),
  shedId: z.number().nullable(),
  ts: z.number(),
  values: z.record(z.string(), z.number()),
});
export type LiveReading = z.infer<typeof liveReading>;

/** `status` event of the live stream: a gateway's link went up or down. */
export const liveStatus = z.object({ gatewayId: z.number(), shedId: z.number().nullable(), online: z.boolean() });
export type LiveStatus = z.infer<typeof liveStatus>;

/** `ready` event of the live stream: the sheds it carries. */
export const liveReady = z.object({ shedIds: z.array(z.number()) });
export type LiveReady = z.infer<typeof liveReady>;

export const liveStreamEndpoint = get('/telemetry/stream', 'Live values of the sheds (Server-Sent Events)', {
  query: liveStreamQuery,
  answer: STREAM_ANSWER,
});
