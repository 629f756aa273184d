import { z } from 'zod';
import { NUMBER_ERROR, strictObject } from '../schemas/common.js';
import { deviceNumber, inRange, settingList, uniqueBy } from './setting-list.js';

export { firstRepeatedIndex, inRange } from './setting-list.js';

/**
 * Heaters of a house (SPEC §2 /remote-control/env-control/heater; climate sub-device 3). Like the
 * controller's own heating stages, each heater works against the house's set point (the day-age
 * curve's target): it switches on once the house is `onBelow` °C under the set point and off again
 * once it has warmed to `offBelow` °C under it (a negative `offBelow` is above the set point). The
 * off value must be below the on value, so the heater has a switching band and never chatters or
 * stays on; a disabled heater is never switched on by the controller. Every refusal is 20053.
 */
export const HEATER_LIMITS = Object.freeze({ maxHeaters: 16, minOnBelow: 0, maxOnBelow: 10, minOffBelow: -3, maxOffBelow: 10 });

/** What the request must be to be read at all (types); the rules below answer 20053, per field. */
const heaterShape = strictObject({
  index: z.number(NUMBER_ERROR),
  enabled: z.boolean({ error: 'validation.required' }),
  onBelow: z.number(NUMBER_ERROR),
  offBelow: z.number(NUMBER_ERROR),
});
export const heaterPayloadShape = strictObject({
  heaters: z.array(heaterShape, { error: 'validation.required' }).max(HEATER_LIMITS.maxHeaters, 'validation.tooMany'),
});

export const heaterSetting = strictObject({
  index: deviceNumber(HEATER_LIMITS.maxHeaters),
  enabled: z.boolean({ error: 'validation.required' }),
  onBelow: inRange(HEATER_LIMITS.minOnBelow, HEATER_LIMITS.maxOnBelow),
  offBelow: inRange(HEATER_LIMITS.minOffBelow, HEATER_LIMITS.maxOffBelow),
});
export type HeaterSetting = z.infer<typeof heaterSetting>;

/** Index of the first heater whose off value is not below its on value, else -1. */
export function firstHeaterOffNotBelowOn(heaters: readonly { onBelow: number; offBelow: number }[]): number {
  return heaters.findIndex((h) => h.offBelow >= h.onBelow);
}

/** The heater settings the form edits and the controller receives: 1 to 16 heaters, numbers unique, off below on. */
export const heaterPayload = strictObject({
  heaters: settingList(heaterSetting, HEATER_LIMITS.maxHeaters, [
    uniqueBy((h) => h.index, 'index', 'validation.heaterRepeated'),
    { first: firstHeaterOffNotBelowOn, field: 'offBelow', message: 'validation.heaterOffBelowOn' },
  ]),
});
export type HeaterPayload = z.infer<typeof heaterPayload>;

/** A refused field: its path in the payload (`heaters.1.offBelow`) and the i18n key saying why. */
export interface FieldIssue {
  field: string;
  key: string;
}

/** Every problem of a heater payload, per field (none: it may be sent). */
export function heaterIssues(payload: unknown): FieldIssue[] {
  const r = heaterPayload.safeParse(payload);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ field: ['payload', ...i.path.map(String)].join('.'), key: i.message }));
}
