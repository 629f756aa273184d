import { z } from 'zod';
import { strictObject } from '../schemas/common.js';
import { cycleSeconds, firstStageOffNotBelowOn } from './fans.js';
import { deviceNumber, inRange, type ListRule, settingList, uniqueBy } from './setting-list.js';

/**
 * Cooling pad and mist pumps of a house (SPEC §2 /remote-control/env-control/pumps; climate
 * sub-devices 16 water pump and 17 mist). Like the fan stages, each pump works against the set
 * point: in automatic use it runs once the house is `onAbove` °C over the set point and stops again
 * once it has cooled to `offAbove` °C over it (negative: under it), never while the house's
 * humidity is over `rhLimit` % RH (wet litter, heat stress), and while on it runs `runSeconds`
 * then rests `stopSeconds` (0: continuously), both multiples of 10 s as the controller counts them.
 * A pump not in automatic use is never switched on by the controller. A kind that is neither pad
 * nor mist is a wrong cooling type (20010, as for a channel's heating/cooling type); the SPEC has
 * no code of its own for the other pump rules: they are refused with the generic 99996, per field.
 */
export const PUMP_KINDS = ['pad', 'mist'] as const;
export type PumpKind = (typeof PUMP_KINDS)[number];

export const PUMP_LIMITS = Object.freeze({
  maxPumps: 16,
  minOnAbove: 0,
  maxOnAbove: 15,
  minOffAbove: -5,
  maxOffAbove: 15,
  maxRhLimit: 100,
  cycleStepSeconds: 10,
  maxCycleSeconds: 3600,
});

export const pumpSetting = strictObject({
  pump: deviceNumber(PUMP_LIMITS.maxPumps),
  kind: z.enum(PUMP_KINDS, { error: 'validation.coolingType' }),
  auto: z.boolean({ error: 'validation.required' }),
  onAbove: inRange(PUMP_LIMITS.minOnAbove, PUMP_LIMITS.maxOnAbove),
  offAbove: inRange(PUMP_LIMITS.minOffAbove, PUMP_LIMITS.maxOffAbove),
  rhLimit: inRange(0, PUMP_LIMITS.maxRhLimit),
  runSeconds: cycleSeconds(PUMP_LIMITS.cycleStepSeconds),
  stopSeconds: cycleSeconds(0),
});
export type PumpSetting = z.infer<typeof pumpSetting>;

/** The pumps' own rules over the list: numbers unique, off below on (per field). */
const pumpRules: ListRule<{ pump: number; onAbove: number; offAbove: number }>[] = [
  uniqueBy((p) => p.pump, 'pump', 'validation.pumpRepeated'),
  { first: firstStageOffNotBelowOn, field: 'offAbove', message: 'validation.fanOffBelowOn' },
];

/** The pumps of a house: 1 to 16, numbers unique, off below on. */
export const pumpsPayload = strictObject({
  pumps: settingList(pumpSetting, PUMP_LIMITS.maxPumps, pumpRules),
});
export type PumpsPayload = z.infer<typeof pumpsPayload>;

/**
 * What the request must be to be read (the contract): every rule of `pumpsPayload` (99996) except
 * the kind, read as any short text so that an unknown one is answered 20010 (`pumpKindIssues`).
 */
export const pumpsPayloadShape = strictObject({
  pumps: settingList(
    pumpSetting.extend({ kind: z.string({ error: 'validation.required' }).max(20, 'validation.maxLength') }),
    PUMP_LIMITS.maxPumps,
    pumpRules,
  ),
});

const isPumpKind = (kind: string): kind is PumpKind => (PUMP_KINDS as readonly string[]).includes(kind);

/** Every pump whose kind is neither pad nor mist, per field (20010); none: the kinds are right. */
export function pumpKindIssues(payload: { pumps: readonly { kind: string }[] }): { field: string; key: string }[] {
  return payload.pumps.flatMap((p, i) => (isPumpKind(p.kind) ? [] : [{ field: `payload.pumps.${i}.kind`, key: 'validation.coolingType' }]));
}
