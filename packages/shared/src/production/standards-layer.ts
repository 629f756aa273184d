import type { BuiltinCurve } from './standards-types.js';
import { pchipDaily, type Points } from './standards-interp.js';
import { roundTo } from '../numbers.js';

/**
 * Built-in layer curves (flock type 4, hen). Only the brooding temperatures come from a breeder's
 * guide (Lohmann); the laying figures are typical brown-layer figures, labelled as such, because no
 * published Lohmann or Hy-Line table could be checked value by value when they were written.
 */
const TYPICAL = 'not a breeder publication; replace with your own targets';

/**
 * Lohmann guide brooding temperatures by age, mid-points of the published ranges: days 1-2
 * 35-36 °C, 3-4 33-34, 5-7 31-32, week 2 28-29, week 3 26-27, week 4 22-24, from week 5 18-20.
 * Held at 19 °C to the end of a laying cycle (80 weeks) so layer houses show a target too.
 */
const LAYER_TEMP_BANDS: readonly (readonly [number, number, number])[] = [
  [1, 2, 35.5],
  [3, 4, 33.5],
  [5, 7, 31.5],
  [8, 14, 28.5],
  [15, 21, 26.5],
  [22, 28, 23],
  [29, 560, 19],
];
const layerTemp = LAYER_TEMP_BANDS.flatMap(([from, to, v]) => new Array<number>(to - from + 1).fill(v));

/** Laying cycle: week 18 to week 80 of age, as day ages. */
const LAY_FROM = 18 * 7;
const LAY_TO = 80 * 7;
const wk = (points: Points): Points => points.map(([w, v]) => [w * 7, v] as const);
/** Typical brown-layer hen-day laying rate, %: onset at 18 weeks, peak about 94 % at 26-30 weeks, slow decline. */
const layerRate = pchipDaily(
  wk([
    [18, 10],
    [19, 30],
    [20, 55],
    [21, 75],
    [22, 86],
    [23, 91],
    [24, 93],
    [26, 94],
    [30, 93.5],
    [40, 91.5],
    [50, 89],
    [60, 85.5],
    [70, 82],
    [80, 78],
  ]),
  LAY_FROM,
  LAY_TO,
);
/** Typical brown-layer egg weight, g. */
const layerEggWeight = pchipDaily(
  wk([
    [18, 45],
    [20, 50],
    [22, 54],
    [24, 57],
    [26, 58.5],
    [30, 60.5],
    [35, 62],
    [40, 63],
    [50, 64],
    [60, 65],
    [70, 65.5],
    [80, 66],
  ]),
  LAY_FROM,
  LAY_TO,
);
/** Typical brown-layer feed intake in lay, g/hen/day. */
const layerFeed = pchipDaily(
  wk([
    [18, 95],
    [20, 102],
    [22, 108],
    [24, 112],
    [28, 115],
    [40, 117],
    [60, 118],
    [80, 118],
  ]),
  LAY_FROM,
  LAY_TO,
);
/** Typical brown-layer body weight, g. */
const layerWeight = pchipDaily(
  wk([
    [18, 1550],
    [20, 1700],
    [22, 1800],
    [24, 1860],
    [26, 1900],
    [30, 1930],
    [40, 1970],
    [50, 1990],
    [60, 2000],
    [80, 2020],
  ]),
  LAY_FROM,
  LAY_TO,
);
const LAYER_WMR = 2.0;
/** Feed : egg mass starts at 20 weeks; before that a few pullet eggs make the ratio meaningless. */
const EFR_FROM = 20 * 7;
const layerEfr = layerFeed.slice(EFR_FROM - LAY_FROM).map((f, i) => {
  const j = i + EFR_FROM - LAY_FROM;
  return f / ((layerRate[j]! / 100) * layerEggWeight[j]!);
});
let eggsSoFar = 0;
const layerEggsCum = layerRate.map((r) => (eggsSoFar += r / 100));

const LAYER_TYPICAL = `Typical brown-layer figures (approximate, in the range of public layer management guides), interpolated daily between weekly points, weeks 18-80; ${TYPICAL}`;

export const LAYER_CURVES: readonly BuiltinCurve[] = [
  {
    id: 'layer-temp',
    breed: 'Brown layer',
    indicator: '01',
    flockType: 4,
    name: 'Layer house temperature (°C)',
    source:
      'Lohmann layer management guide brooding temperatures (mid-points of the published ranges by age), 19 °C from week 5 to 80 weeks',
    startDay: 1,
    values: layerTemp,
  },
  {
    id: 'layer-weight',
    breed: 'Brown layer',
    indicator: '02',
    flockType: 4,
    name: 'Brown layer body weight (g, typical)',
    source: LAYER_TYPICAL,
    startDay: LAY_FROM,
    values: layerWeight.map((v) => roundTo(v, 0)),
  },
  {
    id: 'layer-feed',
    breed: 'Brown layer',
    indicator: '05',
    flockType: 4,
    name: 'Layer feed intake (g/hen/day, typical)',
    source: LAYER_TYPICAL,
    startDay: LAY_FROM,
    values: layerFeed.map((v) => roundTo(v, 1)),
  },
  {
    id: 'layer-water',
    breed: 'Brown layer',
    indicator: '06',
    flockType: 4,
    name: 'Layer water intake (ml/hen/day, typical)',
    source: `${LAYER_TYPICAL}; water = 2.0 x feed`,
    startDay: LAY_FROM,
    values: layerFeed.map((v) => roundTo(v * LAYER_WMR, 0)),
  },
  {
    id: 'layer-wmr',
    breed: 'Brown layer',
    indicator: '07',
    flockType: 4,
    name: 'Layer water : feed ratio (typical)',
    source: `Typical layer water:feed ratio of 2.0; ${TYPICAL}`,
    startDay: LAY_FROM,
    values: layerFeed.map(() => LAYER_WMR),
  },
  {
    id: 'layer-eggs',
    breed: 'Brown layer',
    indicator: '09',
    flockType: 4,
    name: 'Layer cumulative eggs per hen (typical)',
    source: `Derived: running sum of the typical hen-day laying rate from 18 weeks. ${LAYER_TYPICAL}`,
    startDay: LAY_FROM,
    values: layerEggsCum.map((v) => roundTo(v, 1)),
  },
  {
    id: 'layer-rate',
    breed: 'Brown layer',
    indicator: '10',
    flockType: 4,
    name: 'Layer hen-day laying rate (%, typical)',
    source: LAYER_TYPICAL,
    startDay: LAY_FROM,
    values: layerRate.map((v) => roundTo(v, 1)),
  },
  {
    id: 'layer-egg-weight',
    breed: 'Brown layer',
    indicator: '11',
    flockType: 4,
    name: 'Layer egg weight (g, typical)',
    source: LAYER_TYPICAL,
    startDay: LAY_FROM,
    values: layerEggWeight.map((v) => roundTo(v, 1)),
  },
  {
    id: 'layer-efr',
    breed: 'Brown layer',
    indicator: '12',
    flockType: 4,
    name: 'Layer feed : egg mass ratio (kg/kg, typical)',
    source: `Derived: typical feed intake / (laying rate x egg weight), from 20 weeks. ${LAYER_TYPICAL}`,
    startDay: EFR_FROM,
    values: layerEfr.map((v) => roundTo(v, 2)),
  },
];
