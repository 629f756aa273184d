import { z } from 'zod';
import { NUMBER_ERROR, strictObject } from '../schemas/common.js';
import { deviceNumber, increasingBy, inRange, settingList, uniqueBy } from './setting-list.js';

/**
 * Fixed-speed fan stages of a house (SPEC §2 /remote-control/env-control/fixed-wind; fan type 1).
 * Like the heaters, each stage works against the set point: its fan runs once the house is
 * `onAbove` °C over the set point and stops again once it has cooled to `offAbove` °C over it
 * (negative: under it). Stage on points must increase (stage 2 comes on after stage 1), the off
 * point must be below the on point, and while on the fan runs `runSeconds` then rests
 * `stopSeconds` (0: runs continuously), both multiples of 10 s as the controller counts them.
 * The SPEC has no code of its own for fan stages: refusals are the generic 99996, per field.
 */
export const FAN_STAGE_LIMITS = Object.freeze({
  maxStages: 16,
  maxFan: 16,
  minOnAbove: 0,
  maxOnAbove: 15,
  minOffAbove: -5,
  maxOffAbove: 15,
  cycleStepSeconds: 10,
  maxCycleSeconds: 3600,
});

/** Run or rest seconds as the controller counts them: whole multiples of 10 s, at most an hour. */
export const cycleSeconds = (min: number) =>
  z
    .number(NUMBER_ERROR)
    .int('validation.integer')
    .min(min, 'validation.invalid')
    .max(FAN_STAGE_LIMITS.maxCycleSeconds, 'validation.tooLarge')
    .multipleOf(FAN_STAGE_LIMITS.cycleStepSeconds, 'validation.multipleOf10');

export const fanStage = strictObject({
  fan: deviceNumber(FAN_STAGE_LIMITS.maxFan),
  onAbove: inRange(FAN_STAGE_LIMITS.minOnAbove, FAN_STAGE_LIMITS.maxOnAbove),
  offAbove: inRange(FAN_STAGE_LIMITS.minOffAbove, FAN_STAGE_LIMITS.maxOffAbove),
  runSeconds: cycleSeconds(FAN_STAGE_LIMITS.cycleStepSeconds),
  stopSeconds: cycleSeconds(0),
});
export type FanStage = z.infer<typeof fanStage>;

/** Index of the first stage whose off point is not below its on point, else -1. */
export function firstStageOffNotBelowOn(stages: readonly { onAbove: number; offAbove: number }[]): number {
  return stages.findIndex((s) => s.offAbove >= s.onAbove);
}

/** The fan stages: 1 to 16, on points strictly increasing, off below on, each fan in one stage. */
export const fixedWindPayload = strictObject({
  stages: settingList(fanStage, FAN_STAGE_LIMITS.maxStages, [
    increasingBy((s) => s.onAbove, 'onAbove', 'validation.stagesIncreasing'),
    { first: firstStageOffNotBelowOn, field: 'offAbove', message: 'validation.fanOffBelowOn' },
    uniqueBy((s) => s.fan, 'fan', 'validation.fanRepeated'),
  ]),
});
export type FixedWindPayload = z.infer<typeof fixedWindPayload>;
