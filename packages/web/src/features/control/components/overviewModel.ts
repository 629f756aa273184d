import {
  climateMode,
  curveTargetAt,
  keyUnit,
  meanOf,
  tempDayAgePayload,
  type ClimateMode,
  type OverviewShed,
  type SettingGroup,
} from '@farmsense/shared';
import { formatDecimal } from '../../../app/i18n/numbers';

/** A house's climate at a glance: the controller's mode and mean values beside the curve's set values for today. */
export interface HouseClimate {
  mode: ClimateMode | null;
  temp: number | null;
  /** The curve's target at today's day age (the acknowledged curve, else the newest), else the controller's own. */
  targetToday: number | null;
  rh: number | null;
  rhTarget: number | null;
  co2: number | null;
  nh3: number | null;
  pa: number | null;
  /** Mean fan output, %. */
  vent: number | null;
}

export function houseClimate(shed: OverviewShed): HouseClimate {
  const v = shed.values;
  const g = shed.groups.find((x) => x.group === 'tempDayAge');
  const reported = tempDayAgePayload.safeParse(g?.reported);
  const desired = tempDayAgePayload.safeParse(g?.desired);
  const curve = reported.success ? reported.data : desired.success ? desired.data : null;
  const fromCurve = curve && shed.dayAge !== null ? curveTargetAt(curve.points, shed.dayAge) : null;
  return {
    mode: climateMode(v),
    temp: meanOf(v, 'temp'),
    targetToday: fromCurve ?? v['targetTemp.1'] ?? null,
    rh: meanOf(v, 'rh'),
    rhTarget: curve?.rhTarget ?? null,
    co2: meanOf(v, 'co2'),
    nh3: meanOf(v, 'nh3'),
    pa: meanOf(v, 'pa'),
    vent: meanOf(v, 'fan'),
  };
}

const DECIMALS: Record<string, number> = { temp: 1, rh: 0, co2: 0, nh3: 1, pa: 1, fan: 0 };

/** "23.4 °C" ("23,4 °C" in Russian: app/i18n/numbers); '–' without a value. */
export function climateValue(value: number | null, kind: string): string {
  if (value === null || !Number.isFinite(value)) return '–';
  const unit = keyUnit(`${kind}.1`);
  const n = formatDecimal(value, DECIMALS[kind] ?? 1);
  return unit ? `${n}\u2009${unit}` : n;
}

/** The settings page of each climate group (its application code). */
export const GROUP_PAGES = {
  tempDayAge: 'remote-control.env-control.temp-dayage',
  fixedWind: 'remote-control.env-control.fixed-wind',
  dynamicWind: 'remote-control.env-control.dynamic-wind',
  window: 'remote-control.env-control.window',
  pumps: 'remote-control.env-control.pumps',
  heater: 'remote-control.env-control.heater',
} as const satisfies Partial<Record<SettingGroup, string>>;
