import { z } from 'zod';
import { get, post } from '../contract.js';
import { TREND_SOURCES } from '../environment/endpoints.js';
import { liveStreamEndpoint } from './live.js';
import { telemetryLatestQuery, telemetryTrendQuery } from './schemas.js';

/* Answers of the telemetry calls; times are epoch milliseconds. */

export { liveReady, liveReading, liveStatus, liveStreamEndpoint, type LiveReady, type LiveReading, type LiveStatus } from './live.js';

export const streamTicket = z.object({ ticket: z.string(), expiresInSec: z.number() });
export type StreamTicket = z.infer<typeof streamTicket>;

/** A gateway of a shed with its newest value and time per key. */
export const latestGateway = z.object({
  gatewayId: z.number(),
  code: z.string(),
  name: z.string(),
  online: z.boolean(),
  since: z.number().nullable(),
  lastSeenAt: z.number().nullable(),
  /** Newest reading time over its keys. */
  ts: z.number().nullable(),
  values: z.record(z.string(), z.number()),
  times: z.record(z.string(), z.number()),
});
export type LatestGateway = z.infer<typeof latestGateway>;

export const telemetryLatest = z.object({ shedId: z.number(), gateways: z.array(latestGateway) });
export type TelemetryLatest = z.infer<typeof telemetryLatest>;

/** One bucket of a sensor's series. */
export const telemetryBucket = z.object({ ts: z.number(), min: z.number(), max: z.number(), avg: z.number(), count: z.number() });
export type TelemetryBucket = z.infer<typeof telemetryBucket>;

export const telemetryTrend = z.object({
  source: z.enum(TREND_SOURCES),
  /** Width of one point. */
  bucketMs: z.number(),
  points: z.array(telemetryBucket),
});
export type TelemetryTrend = z.infer<typeof telemetryTrend>;

/** Cumulative ingest counters (see the ingest_stats table for their meaning). */
export const ingestTotals = z.object({
  messages: z.number(),
  points: z.number(),
  stored: z.number(),
  duplicates: z.number(),
  malformed: z.number(),
  badValues: z.number(),
  unknownDevice: z.number(),
  dbErrors: z.number(),
  batches: z.number(),
});
export type IngestTotals = z.infer<typeof ingestTotals>;

export const ingestStats = z.object({
  totals: ingestTotals,
  /** How far behind ingest is: the longest wait from a reading's arrival to its commit in the last flush period of any active server (ms). */
  lagMs: z.number(),
  /** Messages received by the active servers and not yet durable (unacknowledged to the broker). */
  pending: z.number(),
  /** The server processes seen; `active` when one wrote its counters in the last minute. */
  nodes: z.array(
    z.object({
      node: z.string(),
      startedAt: z.string(),
      updatedAt: z.string(),
      active: z.boolean(),
      lagMs: z.number(),
      pending: z.number(),
    }),
  ),
});
export type IngestStats = z.infer<typeof ingestStats>;

/**
 * Telemetry: the device readings store (history, latest values, rollups) that the environment
 * screens, the running-status page and the production reports read, and its live stream
 * (DESIGN.md §3 "Live screens stay live").
 */
export const telemetryApi = {
  streamTicket: post('/telemetry/streamTicket', 'One-time ticket (60 s) to open the live stream with EventSource', {
    answer: streamTicket,
  }),
  /**
   * Events `ready` (liveReady), `telemetry` (liveReading), `status` (liveStatus) and `alarm`
   * (alarms/endpoints.ts liveAlarm, for accounts with warningmanagement.warningrecord); a
   * keep-alive comment every 15 s.
   */
  stream: liveStreamEndpoint,
  latest: get('/telemetry/latest', 'Newest values of the gateways bound to a shed', {
    query: telemetryLatestQuery,
    answer: telemetryLatest,
  }),
  trend: get('/telemetry/trend', 'Chart series of one sensor of one gateway, bucketed on the server', {
    query: telemetryTrendQuery,
    answer: telemetryTrend,
  }),
  ingestStats: get('/telemetry/ingestStats', 'Ingest counters summed over every worker (platform or tenant administrators)', {
    answer: ingestStats,
  }),
};
