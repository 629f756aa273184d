import { z } from 'zod';
import { strictObject } from '../schemas/common.js';
import { deviceNumber, inRange, settingList, uniqueBy } from './setting-list.js';

/**
 * Inlets and curtains of a house (SPEC §2 /remote-control/env-control/window; climate sub-devices
 * 8 side-wall small window, 7 roof small window and 9 sliding curtain). Each opening is driven by
 * the static pressure (`control` 'pressure': it opens further while the house's pressure is over
 * `pressureTarget` Pa by more than `pressureBand`, closes while under it by more than the band,
 * and holds within it) or by the temperature (`control` 'temperature': closed to `minOpen` until
 * the house is `openFrom` °C over the set point, fully open (`maxOpen`) from `fullyOpen` °C over it,
 * in a straight line between; negative values are under the set point). It never goes below
 * `minOpen` nor above `maxOpen` %. Open-from must be below fully-open for an opening driven by the
 * temperature, and the maximum may not be below the minimum. The SPEC has no code of its own for
 * these limits (20009 is a wrong curtain type): refusals are the generic 99996, per field.
 */
export const OPENING_KINDS = ['side', 'roof', 'curtain'] as const;
export type OpeningKind = (typeof OPENING_KINDS)[number];
export const OPENING_CONTROLS = ['pressure', 'temperature'] as const;
export type OpeningControl = (typeof OPENING_CONTROLS)[number];

export const OPENING_LIMITS = Object.freeze({
  maxOpenings: 16,
  maxIndex: 16,
  maxPressure: 80,
  maxBand: 20,
  minAbove: -5,
  maxAbove: 15,
  maxPercent: 100,
});

export const openingSetting = strictObject({
  kind: z.enum(OPENING_KINDS, { error: 'validation.required' }),
  index: deviceNumber(OPENING_LIMITS.maxIndex),
  control: z.enum(OPENING_CONTROLS, { error: 'validation.required' }),
  pressureTarget: inRange(0, OPENING_LIMITS.maxPressure),
  pressureBand: inRange(0, OPENING_LIMITS.maxBand),
  openFrom: inRange(OPENING_LIMITS.minAbove, OPENING_LIMITS.maxAbove),
  fullyOpen: inRange(OPENING_LIMITS.minAbove, OPENING_LIMITS.maxAbove),
  minOpen: inRange(0, OPENING_LIMITS.maxPercent),
  maxOpen: inRange(0, OPENING_LIMITS.maxPercent),
});
export type OpeningSetting = z.infer<typeof openingSetting>;

/** A side inlet held at 20 Pa (band 2 Pa), 10 to 100 % open: the console's start for a new inlet. */
export const SIDE_INLET: Readonly<OpeningSetting> = Object.freeze({
  kind: 'side',
  index: 1,
  control: 'pressure',
  pressureTarget: 20,
  pressureBand: 2,
  openFrom: 1,
  fullyOpen: 4,
  minOpen: 10,
  maxOpen: 100,
});

/** The inlets and curtains of a house: 1 to 16, each kind and number once, open-from below fully-open, max not below min. */
export const windowPayload = strictObject({
  openings: settingList(openingSetting, OPENING_LIMITS.maxOpenings, [
    uniqueBy((o) => `${o.kind}.${o.index}`, 'index', 'validation.openingRepeated'),
    {
      first: (openings) => openings.findIndex((o) => o.control === 'temperature' && o.fullyOpen <= o.openFrom),
      field: 'fullyOpen',
      message: 'validation.openFromBelowFully',
    },
    { first: (openings) => openings.findIndex((o) => o.maxOpen < o.minOpen), field: 'maxOpen', message: 'validation.maxBelowMin' },
  ]),
});
export type WindowPayload = z.infer<typeof windowPayload>;

/** The opening (%) a temperature-driven opening wants at `e` °C over the set point. */
export function openingAtTemperature(o: Pick<OpeningSetting, 'openFrom' | 'fullyOpen' | 'minOpen' | 'maxOpen'>, e: number): number {
  const share = Math.min(1, Math.max(0, (e - o.openFrom) / (o.fullyOpen - o.openFrom)));
  return o.minOpen + (o.maxOpen - o.minOpen) * share;
}
