import { BROILER_TEMP, linearAt, ROSS_308_2022, type Points } from '@farmsense/shared';

/**
 * Reference curves (DESIGN.md §5 and common controller defaults) by day age. A controller
 * interpolates linearly between the points of its curve and holds the last value, as barn climate
 * computers do, so the set-point glides day by day instead of jumping a degree once a week.
 */
export type Curve = Points;

/** A controller's reading of its curve at a (fractional) day age: straight lines, last value held. */
export const interpolate: (curve: Curve, day: number) => number = linearAt;

/** Broiler house set-point, °C: the built-in broiler temperature curve's points (DESIGN.md §5). */
export const BROILER_TARGET: Curve = BROILER_TEMP;
/** Expected broiler house RH, % (DESIGN.md §5). */
export const BROILER_RH: Curve = [
  [1, 50],
  [7, 50],
  [14, 60],
  [21, 65],
  [28, 70],
  [35, 77],
  [42, 85],
  [49, 85],
];
/** Ross 308 body weight, kg: the published weekly figures (Aviagen 2022) the reports compare with. */
export const ROSS_WEIGHT: Curve = ROSS_308_2022.weight.map(([day, grams]) => [day, grams / 1000] as const);

/** Layer house (Lohmann guide, mid-band): brooding to week 5, then 20 °C in lay. */
export const LAYER_TARGET: Curve = [
  [1, 35.5],
  [2, 35.5],
  [4, 33.5],
  [7, 31.5],
  [14, 28.5],
  [21, 26.5],
  [28, 23],
  [35, 19],
  [140, 20],
];
export const LAYER_RH: Curve = [
  [1, 60],
  [140, 65],
];
/** Lohmann Brown hen weight, kg, by day. */
export const LAYER_WEIGHT: Curve = [
  [0, 0.04],
  [35, 0.35],
  [70, 0.9],
  [126, 1.6],
  [210, 1.9],
  [500, 2.0],
];

/**
 * Farrowing room by day after entry: 20-22 °C (DESIGN.md §5). The room is set for the sow, who is
 * comfortable at 16-20 °C; the piglets get their warmth from the heated creep (the profile's base
 * load), not from the room: 22 °C around farrowing, 20 °C from the second week.
 */
export const FARROWING_TARGET: Curve = [
  [1, 22],
  [7, 21],
  [14, 20],
  [28, 20],
];
/** Nursery by day after weaning: 28, 26, 24 and 22 °C over weeks 1-4, then 22 °C (DESIGN.md §5). */
export const NURSERY_TARGET: Curve = [
  [1, 28],
  [7, 28],
  [8, 26],
  [14, 26],
  [15, 24],
  [21, 24],
  [22, 22],
  [42, 22],
];
/** Grower-finisher by day after entry (25 kg to ~115 kg): 22 °C down to 18 °C, within 18-22 °C (DESIGN.md §5). */
export const FATTENING_TARGET: Curve = [
  [1, 22],
  [30, 21],
  [60, 19.5],
  [90, 18.5],
  [110, 18],
];
export const PIG_RH: Curve = [
  [1, 65],
  [110, 70],
];

/** Live weight per animal, kg, for the pig barns by day in the room. */
export const SOW_WEIGHT: Curve = [
  [1, 225],
  [28, 205],
];
export const NURSERY_WEIGHT: Curve = [
  [0, 7],
  [14, 10],
  [28, 16],
  [42, 25],
];
export const FATTENING_WEIGHT: Curve = [
  [0, 25],
  [30, 48],
  [60, 74],
  [90, 100],
  [110, 115],
];
