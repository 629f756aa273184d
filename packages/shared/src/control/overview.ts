import { z } from 'zod';
import { get } from '../contract.js';
import { idParam, strictObject } from '../schemas/common.js';
import { COMMAND_STATUSES, SETTING_GROUPS, type SettingGroup } from './logic.js';

/**
 * The climate-control overview (SPEC §2 /remote-control/env-control/shed and /column): per house
 * (and per pen, which its house's controller governs) the controller's mode and live values
 * beside the set values of the climate setting groups and their sync state.
 */

/** The climate groups the overview shows, in the menu's order (the alarm limits have pages of their own). */
export const ENV_CONTROL_GROUPS = [
  'tempDayAge',
  'fixedWind',
  'dynamicWind',
  'window',
  'pumps',
  'heater',
] as const satisfies readonly SettingGroup[];

/** Value key prefixes the overview reads from the controller's latest values. */
export const ENV_CONTROL_PREFIXES = [
  'temp',
  'rh',
  'co2',
  'nh3',
  'pa',
  'wind',
  'outTemp',
  'targetTemp',
  'dayAge',
  'fan',
  'heater',
  'window',
  'curtain',
  'pump',
] as const;

/**
 * What the controller is doing, from its actuators: cooling pads or mist running, tunnel curtain
 * open, heaters on, fans beyond the first (stages), the first fan alone (minimum ventilation),
 * nothing running (idle). Null without any actuator value.
 */
export const CLIMATE_MODES = ['cooling', 'tunnel', 'heating', 'ventilation', 'minimum', 'idle'] as const;
export type ClimateMode = (typeof CLIMATE_MODES)[number];

export function climateMode(values: Readonly<Record<string, number>>): ClimateMode | null {
  const of = (prefix: string) =>
    Object.entries(values)
      .filter(([k]) => k.startsWith(`${prefix}.`))
      .map(([k, v]) => ({ n: Number(k.slice(prefix.length + 1)), v }));
  const fans = of('fan');
  const all = [...fans, ...of('heater'), ...of('pump'), ...of('curtain')];
  if (all.length === 0) return null;
  if (of('pump').some((x) => x.v > 0)) return 'cooling';
  if (of('curtain').some((x) => x.v > 0)) return 'tunnel';
  if (of('heater').some((x) => x.v > 0)) return 'heating';
  if (fans.some((x) => x.n > 1 && x.v > 0)) return 'ventilation';
  if (fans.some((x) => x.v > 0)) return 'minimum';
  return 'idle';
}

/** Mean of the values of one prefix (`temp.1`, `temp.2`...), null without any. */
export function meanOf(values: Readonly<Record<string, number>>, prefix: string): number | null {
  const xs = Object.entries(values)
    .filter(([k]) => k.startsWith(`${prefix}.`))
    .map(([, v]) => v);
  return xs.length === 0 ? null : xs.reduce((s, v) => s + v, 0) / xs.length;
}

/** The curve's target at a day age: linear between its points, flat before the first and after the last. */
export function curveTargetAt(points: readonly { day: number; target: number }[], day: number): number | null {
  if (points.length === 0) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (day <= first.day) return first.target;
  if (day >= last.day) return last.target;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (day <= b.day) return a.target + ((b.target - a.target) * (day - a.day)) / (b.day - a.day);
  }
  return last.target;
}

export const envOverviewQuery = strictObject({ farmId: idParam });
export type EnvOverviewQuery = z.infer<typeof envOverviewQuery>;

export const overviewGroup = z.object({
  group: z.enum(SETTING_GROUPS),
  desiredVersion: z.number().nullable(),
  reportedVersion: z.number().nullable(),
  /** That of the newest version; null when never set. */
  status: z.enum(COMMAND_STATUSES).nullable(),
  /** The newest version's payload, and the newest acknowledged one's (null when none). */
  desired: z.unknown(),
  reported: z.unknown(),
});
export type OverviewGroup = z.infer<typeof overviewGroup>;

export const overviewShed = z.object({
  shedId: z.number(),
  shedName: z.string(),
  shedType: z.number(),
  /** The house's climate controller; null: none bound. */
  controller: z
    .object({ gatewayId: z.number(), code: z.string(), name: z.string(), online: z.boolean(), lastSeenAt: z.number().nullable() })
    .nullable(),
  /** The current flock's day age today (null: no current flock). */
  dayAge: z.number().nullable(),
  /** Latest climate values of the controller by key (ENV_CONTROL_PREFIXES), and the newest time among them. */
  values: z.record(z.string(), z.number()),
  lastTs: z.number().nullable(),
  groups: z.array(overviewGroup),
  /** The house's pens the account sees (the pen page). */
  pens: z.array(z.object({ penId: z.number(), fieldColumn: z.number(), field: z.number(), name: z.string().nullable() })),
});
export type OverviewShed = z.infer<typeof overviewShed>;

export const envOverviewAnswer = z.object({ farmId: z.number(), now: z.number(), sheds: z.array(overviewShed) });
export type EnvOverviewAnswer = z.infer<typeof envOverviewAnswer>;

/** Its own object, so the settings pages (controlApi) do not carry the overview's schemas. */
export const envControlApi = {
  overview: get('/remotecontrol/envControl/overview', 'Climate control overview: per house its mode, live values and set values', {
    query: envOverviewQuery,
    answer: envOverviewAnswer,
  }),
};
