/**
 * Comfort bands for the at-a-glance highlight on shed cards and the wall display. They are
 * display aids, not the alarm rules (those are configured per growth stage in alarm management):
 * a value is `warn` when it leaves the comfortable band and `alarm` when it is far enough out
 * that someone should go and look. Figures from DESIGN.md §5: poultry NH3 < 20 ppm, H2S < 5 ppm,
 * CO2 < 3000 ppm; pigs (CIGR animal limits) NH3 20 ppm, CO2 3000 ppm, H2S 0.5 ppm (5000 / 10 ppm are
 * human workplace limits, not the animals').
 */
import { roundTo } from '@farmsense/shared';

export type Level = 'ok' | 'warn' | 'alarm';
export type Species = 'pig' | 'poultry';

/** Degrees away from the controller's set-point before a shed counts as too warm or too cold. */
export const TEMP_BAND = { warn: 2, alarm: 4 } as const;
/** Relative humidity, %: comfortable between the inner limits, alarming beyond the outer ones. */
export const RH_BAND = { low: 40, high: 80, lowAlarm: 30, highAlarm: 90 } as const;

const GAS_LIMITS: Record<Species, Record<'co2' | 'nh3' | 'h2s', { warn: number; alarm: number }>> = {
  poultry: { co2: { warn: 2500, alarm: 3000 }, nh3: { warn: 15, alarm: 20 }, h2s: { warn: 3, alarm: 5 } },
  pig: { co2: { warn: 2500, alarm: 3000 }, nh3: { warn: 15, alarm: 20 }, h2s: { warn: 0.3, alarm: 0.5 } },
};

export interface TempComfort {
  level: Level;
  /** Measured minus target, °C. */
  delta: number;
}

/** Judges the shed average against the set-point; null when either is unknown. */
export function tempComfort(avg: number | null | undefined, target: number | null | undefined): TempComfort | null {
  if (avg === null || avg === undefined || target === null || target === undefined) return null;
  const delta = roundTo(avg - target, 1);
  const off = Math.abs(delta);
  return { level: off > TEMP_BAND.alarm ? 'alarm' : off > TEMP_BAND.warn ? 'warn' : 'ok', delta };
}

export function rhLevel(value: number | null | undefined): Level {
  if (value === null || value === undefined) return 'ok';
  if (value < RH_BAND.lowAlarm || value > RH_BAND.highAlarm) return 'alarm';
  if (value < RH_BAND.low || value > RH_BAND.high) return 'warn';
  return 'ok';
}

/** Gases are judged by their worst sensor. */
export function gasLevel(kind: 'co2' | 'nh3' | 'h2s', worst: number | null | undefined, species: Species): Level {
  if (worst === null || worst === undefined) return 'ok';
  const limit = GAS_LIMITS[species][kind];
  if (worst >= limit.alarm) return 'alarm';
  if (worst >= limit.warn) return 'warn';
  return 'ok';
}

export function worstLevel(levels: readonly Level[]): Level {
  if (levels.includes('alarm')) return 'alarm';
  if (levels.includes('warn')) return 'warn';
  return 'ok';
}

/** Pig shed types are 0-7 (SPEC §3), poultry ones 1001 and up. */
export function speciesOfShedType(shedType: number): Species {
  return shedType >= 1000 ? 'poultry' : 'pig';
}
