import type { BuiltinCurve } from './standards-types.js';
import { linearDaily, pchipDaily, type Points } from './standards-interp.js';
import { roundTo } from '../numbers.js';

/**
 * Built-in broiler curves (flock type 2, feeding). Published figures are kept as published, in the
 * tables below, and the unit tests compare every curve with them value by value. The breeders
 * publish cumulative FCR on the body-weight basis (cumulative feed per bird / body weight), the
 * basis the reports use. Where a curve is derived from published figures (daily gain, daily feed)
 * its source says how; the breeders' own daily tables were not at hand to check, so none is copied.
 */
export const ROSS_308_2022 = {
  source: 'Aviagen, Ross 308 / 308 FF Broiler Performance Objectives 2022 (as-hatched, metric)',
  /** Body weight, g, at day 0 and the end of each week. */
  weight: [
    [0, 44],
    [7, 213],
    [14, 533],
    [21, 1012],
    [28, 1616],
    [35, 2296],
    [42, 2998],
    [49, 3681],
    [56, 4318],
  ] as Points,
  /** Cumulative FCR (cumulative feed / body weight) at the end of each week. */
  fcr: [
    [7, 0.78],
    [14, 1.005],
    [21, 1.142],
    [28, 1.269],
    [35, 1.399],
    [42, 1.531],
    [49, 1.663],
    [56, 1.793],
  ] as Points,
} as const;

export const COBB_500_2022 = {
  source: 'Cobb-Vantress, Cobb 500 Broiler Performance & Nutrition Supplement 2022 (as-hatched)',
  weight: [
    [0, 42],
    [7, 202],
    [14, 570],
    [21, 1116],
    [28, 1783],
    [35, 2521],
    [42, 3278],
  ] as Points,
  fcr: [
    [7, 0.891],
    [14, 1.029],
    [21, 1.182],
    [28, 1.322],
    [35, 1.441],
    [42, 1.555],
  ] as Points,
} as const;

const TYPICAL = 'not a breeder publication; replace with your own targets';
const INTERPOLATED = 'published weekly figures, interpolated daily (monotone cubic) between them';

interface BroilerStandard {
  source: string;
  weight: Points;
  fcr: Points;
}

/**
 * Cumulative feed per bird at each published week, g: cumulative FCR x body weight, the two
 * published columns (cumulative feed is 0 at placement).
 */
export function cumulativeFeed(std: BroilerStandard): Points {
  const weightAt = new Map(std.weight.map(([d, w]) => [d, w]));
  return [[0, 0], ...std.fcr.map(([d, f]) => [d, f * weightAt.get(d)!] as const)];
}

/** Weight, daily gain, cumulative FCR and daily feed curves of one breed standard. */
function broilerCurves(id: string, breed: string, std: BroilerStandard): BuiltinCurve[] {
  const last = std.weight[std.weight.length - 1]![0];
  const weight = pchipDaily(std.weight, 0, last);
  const fcrFrom = std.fcr[0]![0];
  const cumFeed = pchipDaily(cumulativeFeed(std), 0, last);
  const derived = `derived from ${std.source}`;
  return [
    {
      id: `${id}-weight`,
      breed,
      indicator: '02',
      flockType: 2,
      name: `${breed} broiler body weight (g)`,
      source: `${std.source}: body weight, ${INTERPOLATED}`,
      startDay: 0,
      values: weight.map((v) => roundTo(v, 0)),
    },
    {
      id: `${id}-gain`,
      breed,
      indicator: '03',
      flockType: 2,
      name: `${breed} broiler daily gain (g/day)`,
      source: `Day-to-day difference of the body weight curve, ${derived}; each week adds up to the published weekly gain`,
      startDay: 1,
      values: weight.slice(1).map((w, i) => roundTo(w - weight[i]!, 1)),
    },
    {
      id: `${id}-fcr`,
      breed,
      indicator: '04',
      flockType: 2,
      name: `${breed} broiler cumulative FCR (feed / body weight)`,
      source: `${std.source}: cumulative FCR, ${INTERPOLATED}`,
      startDay: fcrFrom,
      values: pchipDaily(std.fcr, fcrFrom, last).map((v) => roundTo(v, 3)),
    },
    {
      id: `${id}-feed`,
      breed,
      indicator: '05',
      flockType: 2,
      name: `${breed} broiler feed intake (g/bird/day)`,
      source: `Day-to-day difference of the cumulative feed per bird (published cumulative FCR x body weight, interpolated daily), ${derived}; each week adds up to the published cumulative figures`,
      startDay: 1,
      values: cumFeed.slice(1).map((c, i) => roundTo(c - cumFeed[i]!, 1)),
    },
  ];
}

/** Water : feed about 2.0 for chicks settling to 1.8 from two weeks (typical on nipple lines at 21 °C). */
const WMR: Points = [
  [1, 2.0],
  [14, 1.8],
  [56, 1.8],
];
/**
 * A common broiler controller default set-point by day, °C (DESIGN.md §5); the placement day (0)
 * holds the day-1 figure. The built-in curve below and the device simulator's broiler house both
 * follow it.
 */
export const BROILER_TEMP: Points = [
  [0, 34],
  [1, 34],
  [7, 30],
  [14, 28],
  [21, 26],
  [28, 23],
  [35, 21],
  [42, 19],
  [49, 19],
];

const ross = broilerCurves('ross308', 'Ross 308', ROSS_308_2022);
const rossFeed = ross.find((c) => c.indicator === '05')!.values;
const wmr = linearDaily(WMR, 1, 56);

export const BROILER_CURVES: readonly BuiltinCurve[] = [
  ...ross,
  {
    id: 'ross308-water',
    breed: 'Ross 308',
    indicator: '06',
    flockType: 2,
    name: 'Broiler water intake (ml/bird/day, typical)',
    source: `Ross 308 daily feed (derived from ${ROSS_308_2022.source}) x a typical water : feed ratio of 2.0 for chicks settling to 1.8 from 14 days; ${TYPICAL}`,
    startDay: 1,
    values: rossFeed.map((f, i) => roundTo(f * wmr[i]!, 0)),
  },
  {
    id: 'ross308-wmr',
    breed: 'Ross 308',
    indicator: '07',
    flockType: 2,
    name: 'Broiler water : feed ratio (typical)',
    source: `Typical water : feed ratio on nipple drinkers, 2.0 for chicks settling to 1.8 from 14 days; ${TYPICAL}`,
    startDay: 1,
    values: wmr.map((v) => roundTo(v, 2)),
  },
  {
    id: 'broiler-temp',
    breed: 'Broiler',
    indicator: '01',
    flockType: 2,
    name: 'Broiler house set-point temperature (°C)',
    source:
      'Common broiler controller default set-points by day (1: 34, 7: 30, 14: 28, 21: 26, 28: 23, 35: 21, 42-49: 19 °C; the placement day holds the day-1 figure), straight lines between them',
    startDay: 0,
    values: linearDaily(BROILER_TEMP, 0, 49).map((v) => roundTo(v, 1)),
  },
  ...broilerCurves('cobb500', 'Cobb 500', COBB_500_2022),
];
