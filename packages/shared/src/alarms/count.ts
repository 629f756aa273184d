import { z } from 'zod';
import { get } from '../contract.js';
import { idFilter } from '../schemas/time.js';

/**
 * What the bell needs, on its own: its call (part of `alarmsApi` as `count`) and the live stream's
 * alarm event. The console's top bar renders the bell on every page, so what it imports is kept to
 * this file rather than the alarm rules' schemas.
 */

/** Level: 1 high, 2 medium, 3 low (SPEC §3 "Warning: level high, medium, low"). */
export const ALARM_LEVELS = [1, 2, 3] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

export const alarmCountQuery = z.strictObject({ farmId: idFilter() });

/** The bell: active, unacknowledged, not shelved alarms per level. */
export const alarmCount = z.object({ total: z.number(), high: z.number(), medium: z.number(), low: z.number() });
export type AlarmCount = z.infer<typeof alarmCount>;

export const alarmCountEndpoint = get('/warning/record/count', 'Active unacknowledged alarms per level (the bell), shelved ones left out', {
  query: alarmCountQuery,
  answer: alarmCount,
});

/**
 * `alarm` event of the live stream (GET /telemetry/stream): an alarm was raised, cleared,
 * acknowledged, shelved or reached a new peak; screens refetch the list and the bell count.
 */
export const liveAlarm = z.object({
  id: z.number(),
  farmId: z.number(),
  shedId: z.number(),
  gatewayId: z.number(),
  ruleId: z.number().nullable(),
  level: z.number(),
  key: z.string(),
  active: z.boolean(),
  acknowledged: z.boolean(),
  value: z.number().nullable(),
  peak: z.number().nullable(),
  /** What happened. */
  change: z.enum(['raised', 'cleared', 'acknowledged', 'shelved', 'peak']),
  ts: z.number(),
});
export type LiveAlarm = z.infer<typeof liveAlarm>;
