import { dynamicWindPayload, minVentAtCo2, minVentAtDay, type DynamicWindPayload } from '@farmsense/shared';

/**
 * The variable-speed fans and minimum ventilation the platform sets by remote control:
 *
 *   setDynamicWind {version, minSpeed, maxSpeed, mode, dayAge: [{day, percent}], co2: [{ppm, percent}]}
 *     the variable-speed fan (fan 1) runs between `minSpeed` and `maxSpeed` %, and the house is
 *     ventilated at least at the minimum of the day age (straight lines between points) or of the
 *     CO2 reading (the highest threshold reached), in % of the fan capacity, in place of the
 *     controller's own minimum from the animals' weight. Checked by the shared rules, as the
 *     controller's firmware would: malformed is 'badParams', off limits 'outOfRange'.
 */
export type DynamicWind = DynamicWindPayload;

const RANGE_ISSUES = new Set(['too_big', 'too_small', 'custom', 'not_multiple_of']);

/** The settings of a `setDynamicWind` command (its `version` aside); a word saying why not when it cannot be taken. */
export function parseDynamicWind(params: Record<string, unknown>): DynamicWind | 'badParams' | 'outOfRange' {
  const { version: _version, ...rest } = params;
  const r = dynamicWindPayload.safeParse(rest);
  if (r.success) return r.data;
  return r.error.issues.every((i) => RANGE_ISSUES.has(i.code)) ? 'outOfRange' : 'badParams';
}

/** The set minimum ventilation, 0-1 of the fan capacity; null without one (or without a day age in day-age mode). */
export function setMinVent(d: DynamicWind | undefined, dayAge: number | null | undefined, co2: number | undefined): number | null {
  if (!d) return null;
  if (d.mode === 'co2') return co2 === undefined ? null : minVentAtCo2(d.co2, co2) / 100;
  const pct = dayAge === null || dayAge === undefined ? null : minVentAtDay(d.dayAge, dayAge);
  return pct === null ? null : pct / 100;
}

/** The variable-speed fan's speed (%) for a share 0-1 of its own capacity: within the set range, else at least 10 %. */
export function variableSpeed(d: DynamicWind | undefined, share: number): number {
  const lo = d ? d.minSpeed / 100 : 0.1;
  const hi = d ? d.maxSpeed / 100 : 1;
  return Math.round(Math.min(hi, Math.max(lo, share)) * 100);
}
