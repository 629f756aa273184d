import { z } from 'zod';
import { bodyId, idParam, NUMBER_ERROR, strictObject } from '../schemas/common.js';
import { CHANNEL_KINDS } from '../schemas/devices.js';
import { confirmCodeFields } from './schemas.js';

/**
 * Devices of a house switched by hand (SPEC §2 /remote-control/device; climate sub-devices: fans,
 * heaters, pumps, side inlets, curtains, lighting zones). A switch is one command
 * `setDevice {key, value}` to the house's controller, confirmed like every remote action and
 * acknowledged by the device; after `returnMinutes` the device goes back to automatic (a durable
 * job sends `value: null`). On/off
 * devices (heater, pump) take 0 or 1, variable ones (fan, window, curtain) 0-100 %; a lighting zone
 * (`light.N`, the zone its light sensor N measures) is dimmed 0-100 % of its lamps' full output,
 * and its live value is the lux that sensor reads.
 */
export const DEVICE_KINDS = ['fan', 'heater', 'pump', 'window', 'curtain', 'light'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const BINARY_DEVICE_KINDS: readonly DeviceKind[] = ['heater', 'pump'];
export const DEVICE_OP = 'setDevice';
/** A manual value holds at most a day before the device returns to automatic. */
export const DEVICE_RETURN_LIMITS = Object.freeze({ minMinutes: 1, maxMinutes: 1440 });

/** `fan.3`: a device kind and its number (up to the kind's channel count). */
export function deviceKeyValid(key: string): boolean {
  const m = /^([a-z]+)\.([1-9]\d{0,2})$/.exec(key);
  if (!m || !(DEVICE_KINDS as readonly string[]).includes(m[1]!)) return false;
  return Number(m[2]) <= (CHANNEL_KINDS as Record<string, number>)[m[1]!]!;
}
export const deviceKindOf = (key: string): DeviceKind | null => DEVICE_KINDS.find((k) => key.startsWith(`${k}.`)) ?? null;

/** How long a hand value holds: whole minutes within DEVICE_RETURN_LIMITS (the page checks the same). */
export const deviceReturnMinutes = z
  .number(NUMBER_ERROR)
  .int('validation.integer')
  .min(DEVICE_RETURN_LIMITS.minMinutes, 'validation.positiveInteger')
  .max(DEVICE_RETURN_LIMITS.maxMinutes, 'validation.tooLarge');

export const deviceSwitchBody = strictObject({
  shedId: bodyId,
  key: z
    .string({ error: 'validation.required' })
    .regex(/^(fan|heater|pump|window|curtain|light)\.[1-9]\d{0,2}$/, 'validation.invalid')
    .refine(deviceKeyValid, 'validation.invalid'),
  /** 0/1 for heaters and pumps, 0-100 % for the others (lights: dimmed to that share); null: back to automatic now. */
  value: z.number(NUMBER_ERROR).min(0, 'validation.invalid').max(100, 'validation.tooLarge').nullable(),
  /** Required with a hand value; null (or ignored) when going back to automatic now. */
  returnMinutes: deviceReturnMinutes.nullable(),
  ...confirmCodeFields,
}).superRefine((b, ctx) => {
  const kind = deviceKindOf(b.key);
  if (kind && BINARY_DEVICE_KINDS.includes(kind) && b.value !== null && b.value !== 0 && b.value !== 1)
    ctx.addIssue({ code: 'custom', message: 'validation.onOff', path: ['value'] });
  if (b.value !== null && b.returnMinutes === null)
    ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['returnMinutes'] });
});
export type DeviceSwitchBody = z.infer<typeof deviceSwitchBody>;

export const deviceListQuery = strictObject({ shedId: idParam });
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

/** What a `setDevice` command carries (the option log's values). */
export const devicePayload = strictObject({ key: z.string(), value: z.number().nullable(), returnMinutes: z.number().nullable() });
export type DevicePayload = z.infer<typeof devicePayload>;
