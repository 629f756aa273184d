import { z } from 'zod';
import { DEVICE_CODE_PATTERN, QUERY_PRESETS, SELECTION_LIMIT, TIME_CHOICES } from '../constants.js';
import { idParam, pageQuery, plainString } from './common.js';
import { blankAsAbsent, dateTimeInput, absentIfBlank, timeFilter, withinQueryRange } from './time.js';

/**
 * Environment monitoring (SPEC §2 environment screens, §7 "Devices and monitoring"): live values
 * per shed, controller detail, connection status, trends, records and the device reports. Value
 * keys are CONTRACT §4 `<kind>.<n>`; times travel as epoch milliseconds.
 */
export const ENV_KINDS = ['temp', 'rh', 'co2', 'nh3', 'h2s', 'pa', 'light', 'wind', 'vent'] as const;
export type EnvKind = (typeof ENV_KINDS)[number];
/** The kinds of the pig environment pages (/pig/env1/{kind}). */
export const PIG_ENV_KINDS = ['temp', 'rh', 'wind', 'co2', 'nh3'] as const;

/** Value-key prefixes that make up a kind; ventilation is the fans, inlets and curtains. */
export const ENV_KIND_PREFIXES: Record<EnvKind, readonly string[]> = {
  temp: ['temp'],
  rh: ['rh'],
  co2: ['co2'],
  nh3: ['nh3'],
  h2s: ['h2s'],
  pa: ['pa'],
  light: ['light'],
  wind: ['wind'],
  vent: ['fan', 'window', 'curtain'],
};

/** Unit of a value-key prefix (CONTRACT §4); '' for on/off states and plain numbers. */
export const KEY_UNITS: Record<string, string> = {
  temp: '°C',
  outTemp: '°C',
  targetTemp: '°C',
  rh: '%',
  co2: 'ppm',
  nh3: 'ppm',
  h2s: 'ppm',
  pa: 'Pa',
  light: 'lux',
  wind: 'm/s',
  ph: '',
  water: 'L',
  elec: 'kWh',
  feed: 'kg',
  weight: 'kg',
  fan: '%',
  window: '%',
  curtain: '%',
  heater: '',
  pump: '',
  mist: '',
  dayAge: 'd',
};
/** Unit of each kind as shown beside its values (SPEC: ppm, Pa, °C, %, lux, m/s): the unit of its sensors. */
export const ENV_UNITS = Object.fromEntries(ENV_KINDS.map((k) => [k, KEY_UNITS[ENV_KIND_PREFIXES[k][0]!]!])) as Record<EnvKind, string>;
/** Actuator prefixes: their states are shown as running / open, and counted in run statistics. */
export const ACTUATOR_PREFIXES = ['fan', 'heater', 'window', 'curtain', 'pump', 'mist'] as const;
/** Prefixes that are not environment sensors (actuators, meters, day age, set point): a shed's sensor readings are the others. */
export const NON_SENSOR_PREFIXES: readonly string[] = [...ACTUATOR_PREFIXES, 'water', 'elec', 'feed', 'weight', 'dayAge', 'targetTemp'];

export function keyUnit(key: string): string {
  return KEY_UNITS[key.split('.')[0] ?? ''] ?? '';
}

/** Trend and record presets: the query presets and time choices of SPEC §9. */
export const TIME_PRESETS = [...new Set<string>([...QUERY_PRESETS, ...TIME_CHOICES])] as [string, ...string[]];
export type TimePreset = (typeof QUERY_PRESETS)[number] | (typeof TIME_CHOICES)[number];

const id = idParam;
const optionalId = absentIfBlank(id);
const kind = z.enum(ENV_KINDS, { error: 'validation.invalid' });

export const envMonitorBody = z.strictObject({
  farmId: id,
  /** Only these sheds (of the farm); all visible sheds when absent or empty. */
  shedIds: z.array(id).max(1000).optional(),
});
export type EnvMonitorBody = z.infer<typeof envMonitorBody>;

export const hkqDetailBody = z
  .strictObject({
    gatewayCode: absentIfBlank(plainString(20).trim().regex(DEVICE_CODE_PATTERN, 'validation.deviceCode')),
    shedId: optionalId,
  })
  .refine((v) => v.gatewayCode !== undefined || v.shedId !== undefined, { message: 'validation.required', path: ['gatewayCode'] });
export type HkqDetailBody = z.infer<typeof hkqDetailBody>;

export const envFarmBody = z.strictObject({ farmId: id });
export type EnvFarmBody = z.infer<typeof envFarmBody>;

export const connectStatusBody = pageQuery.extend({
  farmId: optionalId,
  /** true/1 online only, false/0 offline only. */
  online: z.preprocess(
    (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : blankAsAbsent(v)),
    z.boolean().optional(),
  ),
});
export type ConnectStatusBody = z.infer<typeof connectStatusBody>;

export const trendBody = z
  .strictObject({
    shedIds: z
      .array(id, { error: 'validation.selectAtLeastOne' })
      .min(1, 'validation.selectAtLeastOne')
      .max(SELECTION_LIMIT, 'validation.selectAtMost'),
    kind,
    startTime: timeFilter(),
    endTime: timeFilter(),
    /** Instead of start and end: the last 1, 3, 7, 12, 24 hours, 3, 7, 15 days, or today (latestDay). */
    preset: absentIfBlank(z.enum(TIME_PRESETS, { error: 'validation.invalid' })),
  })
  .superRefine(withinQueryRange)
  .refine((v) => v.preset !== undefined || (v.startTime !== undefined && v.endTime !== undefined), {
    message: 'validation.required',
    path: ['startTime'],
  });
export type TrendBody = z.infer<typeof trendBody>;

const recordsFields = {
  shedId: id,
  kind,
  startTime: dateTimeInput,
  endTime: dateTimeInput,
};
export const recordsBody = pageQuery.extend(recordsFields).superRefine(withinQueryRange);
export type RecordsBody = z.infer<typeof recordsBody>;
export const recordsExportQuery = z.strictObject(recordsFields).superRefine(withinQueryRange);
export type RecordsExportQuery = z.infer<typeof recordsExportQuery>;

export const reportRangeBody = z
  .strictObject({ farmId: id, startTime: dateTimeInput, endTime: dateTimeInput })
  .superRefine(withinQueryRange);
export type ReportRangeBody = z.infer<typeof reportRangeBody>;
