import { z } from 'zod';
import { FILE_ANSWER, get, pageOf, post } from '../contract.js';
import { gatewayModelFields, gatewayPlaceFields } from '../devices/endpoints.js';
import {
  ENV_KINDS,
  connectStatusBody,
  envFarmBody,
  envMonitorBody,
  hkqDetailBody,
  recordsBody,
  recordsExportQuery,
  reportRangeBody,
  trendBody,
} from '../schemas/environment.js';

/* Answers of the environment screens; times are epoch milliseconds. */

/** min / avg / max of a set of readings; null where there were none. */
export const envStats = z.object({ min: z.number(), max: z.number(), avg: z.number(), count: z.number() });
export type EnvStats = z.infer<typeof envStats>;

/** A reading with its key, gateway and time. */
export const envValue = z.object({ key: z.string(), value: z.number(), ts: z.number(), gatewayCode: z.string() });
export type EnvValue = z.infer<typeof envValue>;

/** One kind of a shed's latest values: every sensor, and min / avg / max across them. */
export const kindLatest = z.object({
  kind: z.string(),
  unit: z.string(),
  values: z.array(envValue),
  min: z.number().nullable(),
  avg: z.number().nullable(),
  max: z.number().nullable(),
});
export type KindLatest = z.infer<typeof kindLatest>;

export const shedMonitor = z.object({
  shedId: z.number(),
  shedName: z.string(),
  shedType: z.number(),
  areaNum: z.number(),
  buildingNum: z.number(),
  shedNum: z.number(),
  gateways: z.array(z.object({ code: z.string(), name: z.string(), online: z.boolean(), lastSeenAt: z.number().nullable() })),
  /** True when any gateway of the shed is online. */
  online: z.boolean(),
  /** Newest reading time of the shed. */
  lastTs: z.number().nullable(),
  /** Latest values by kind: temp, rh, co2, nh3, h2s, pa, light, wind, outTemp (only kinds it reports). */
  kinds: z.record(z.string(), kindLatest),
  dayAge: z.number().nullable(),
  targetTemp: z.number().nullable(),
  /** Actuators now running or open (value > 0), e.g. fan.1 at 60 (%), heater.1 at 1. */
  activeActuators: z.array(envValue),
  /** Every actuator state, running or not. */
  actuators: z.array(envValue),
  /** Meters (water.n L, elec.n kWh, cumulative). */
  meters: z.array(envValue),
});
export type ShedMonitor = z.infer<typeof shedMonitor>;

export const envMonitorAnswer = z.object({
  farmId: z.number(),
  /** Server time of the answer: values older than `staleAfterMs` before it are not shown. */
  now: z.number(),
  staleAfterMs: z.number(),
  sheds: z.array(shedMonitor),
});
export type EnvMonitorAnswer = z.infer<typeof envMonitorAnswer>;

/** A gateway's link: up or down, since when (null: never connected) and when it was last heard. */
const linkFields = { online: z.boolean(), since: z.number().nullable(), lastSeenAt: z.number().nullable() };

const gatewayRefFields = { gatewayId: z.number(), gatewayCode: z.string(), gatewayName: z.string() };

export const hkqDetail = z.object({
  gatewayCode: z.string(),
  gatewayName: z.string(),
  ...gatewayModelFields,
  ...gatewayPlaceFields,
  ...linkFields,
  /** Every latest value of the controller, by key order (kind, then index). */
  values: z.array(envValue.extend({ unit: z.string(), stale: z.boolean() })),
});
export type HkqDetail = z.infer<typeof hkqDetail>;

export const monitorStatistics = z.object({
  farmId: z.number(),
  gateways: z.number(),
  online: z.number(),
  offline: z.number(),
  /** Sheds of the farm (visible to the caller), and those with a reading in the last hour. */
  sheds: z.number(),
  shedsWithData: z.number(),
  /** Readings stored since the farm's local midnight. */
  readingsToday: z.number(),
});
export type MonitorStatistics = z.infer<typeof monitorStatistics>;

export const deviceConnectRow = z.object({
  ...gatewayRefFields,
  gatewayType: z.number(),
  ...gatewayPlaceFields,
  ...linkFields,
  /** Times it went offline in the last 7 days. */
  offCount7d: z.number(),
});
export type DeviceConnectRow = z.infer<typeof deviceConnectRow>;

/** [bucket start, avg, min, max]: raw readings have avg = min = max. */
export const trendPoint = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type TrendPoint = z.infer<typeof trendPoint>;

export const trendSeries = z.object({
  gatewayCode: z.string(),
  key: z.string(),
  unit: z.string(),
  points: z.array(trendPoint),
  stats: envStats.nullable(),
});
export type TrendSeries = z.infer<typeof trendSeries>;

export const trendShed = z.object({
  shedId: z.number(),
  shedName: z.string(),
  series: z.array(trendSeries),
  /** Over every series of the shed. */
  stats: envStats.nullable(),
  /** kind temp: outdoor temperature and the controller's target beside the indoor series. */
  outdoor: trendSeries.nullable(),
  target: trendSeries.nullable(),
});
export type TrendShed = z.infer<typeof trendShed>;

/** Where trend buckets come from: the raw history, or the hourly / daily rollups. */
export const TREND_SOURCES = ['raw', '5min', 'hourly', 'daily'] as const;

export const trendAnswer = z.object({
  kind: z.enum(ENV_KINDS),
  unit: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  source: z.enum(TREND_SOURCES),
  bucketMs: z.number(),
  sheds: z.array(trendShed),
});
export type TrendAnswer = z.infer<typeof trendAnswer>;

export const recordColumn = z.object({
  /** Field of the row values: the key, or `code/key` when the shed has several gateways. */
  field: z.string(),
  key: z.string(),
  gatewayCode: z.string(),
  unit: z.string(),
});
export type RecordColumn = z.infer<typeof recordColumn>;

export const recordRow = z.object({ ts: z.number(), values: z.record(z.string(), z.number().nullable()) });
export type RecordRow = z.infer<typeof recordRow>;

export const recordsAnswer = pageOf(recordRow).extend({ columns: z.array(recordColumn), unit: z.string() });
export type RecordsAnswer = z.infer<typeof recordsAnswer>;

export const commuOffRow = z.object({
  ...gatewayRefFields,
  shedId: z.number().nullable(),
  shedName: z.string().nullable(),
  /** Outages overlapping the range, and their total time inside it. */
  offCount: z.number(),
  offMs: z.number(),
  /** Longest single outage inside the range. */
  longestMs: z.number(),
  online: z.boolean(),
  outages: z.array(z.object({ from: z.number(), to: z.number().nullable() })),
});
export type CommuOffRow = z.infer<typeof commuOffRow>;

export const runStatsActuator = z.object({
  key: z.string(),
  /** Hours of running at full output (a fan at 50 % for 2 h counts 1 h); on/off devices: hours on. */
  runHours: z.number(),
  /** Hours in which it ran at all. */
  activeHours: z.number(),
});
export type RunStatsActuator = z.infer<typeof runStatsActuator>;

export const runStatsRow = z.object({
  ...gatewayRefFields,
  shedId: z.number().nullable(),
  shedName: z.string().nullable(),
  actuators: z.array(runStatsActuator),
  /** Sums by prefix: fan, heater, pump, ... */
  totals: z.record(z.string(), z.number()),
});
export type RunStatsRow = z.infer<typeof runStatsRow>;

/**
 * Environment monitoring (SPEC §7 "Devices and monitoring", and the trend, record and device
 * report calls of the environment screens). All read-only; the live values come from the
 * telemetry contracts (telemetry/endpoints.ts).
 */
export const environmentApi = {
  monitor: post(
    '/breedpigbuilding/pigFarmManagePlus/pigEnvMonitorPlus',
    'Latest environment values of the sheds of a farm (shed cards, big screen)',
    { body: envMonitorBody, answer: envMonitorAnswer },
  ),
  detail: post(
    '/breedpigbuilding/remoteHkqController/hkqDetail',
    "One controller's full latest state (by gatewayCode, or the first of shedId)",
    { body: hkqDetailBody, answer: hkqDetail },
  ),
  statistics: post('/breedpigbuilding/api/device/statistics/monitor', 'Gateways online/offline, sheds with data, readings today', {
    body: envFarmBody,
    answer: monitorStatistics,
  }),
  connectStatus: post(
    '/breedpigdevice/busi/data/monitor/pageDeviceConnectStatus',
    'Paged gateways with online state, since, last seen, outages in 7 days',
    { body: connectStatusBody, answer: pageOf(deviceConnectRow) },
  ),
  trend: post('/environment/trend', 'Bucketed series of every sensor of a kind for up to 6 sheds', {
    body: trendBody,
    answer: trendAnswer,
  }),
  records: post('/environment/records', 'Paged readings of a kind, one row per reading time', { body: recordsBody, answer: recordsAnswer }),
  recordsExport: get('/environment/records/export', 'The readings of a kind as an .xlsx file (headers in the request language)', {
    query: recordsExportQuery,
    answer: FILE_ANSWER,
  }),
  commuOff: post('/environment/commuOff', 'Communication-off times and counts per gateway in a range', {
    body: reportRangeBody,
    answer: z.array(commuOffRow),
  }),
  runStats: post('/environment/runStats', 'Actuator run hours per gateway in a range (hourly rollups)', {
    body: reportRangeBody,
    answer: z.array(runStatsRow),
  }),
};
