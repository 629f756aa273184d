import type { CurveIndicator } from '../schemas/production.js';

/**
 * Built-in standard curves (SPEC §3 "standard curves"): a farm copies one into its own
 * `standard_curves` and edits it there. `values[i]` is the figure for day age `startDay + i`
 * (hatch day = 0). Every curve names where its figures come from in `source`: the published
 * breeder figures (DESIGN.md §5) are interpolated daily between the published points; curves
 * marked "typical" are derived here from a published curve plus a stated assumption and are not a
 * breeder's publication, so a farm should replace them with its own targets.
 */
export interface BuiltinCurve {
  id: string;
  indicator: CurveIndicator;
  /** 1 breeding, 2 feeding, 3 cock, 4 hen, 5 mixed. */
  flockType: number;
  name: string;
  source: string;
  startDay: number;
  values: number[];
}

type Points = readonly (readonly [number, number])[];

/**
 * Monotone piecewise-cubic (Fritsch-Carlson / PCHIP) daily values for day ages `from..to`. It
 * passes exactly through the published points and never overshoots between them, so a weight
 * curve stays increasing and its daily gain has no saw-tooth that straight lines would give.
 */
function pchipDaily(points: Points, from: number, to: number): number[] {
  const x = points.map((p) => p[0]);
  const y = points.map((p) => p[1]);
  const n = points.length;
  const h = x.slice(1).map((v, i) => v - x[i]!);
  const d = h.map((hi, i) => (y[i + 1]! - y[i]!) / hi);
  const slope = new Array<number>(n).fill(0);
  // One-sided three-point end slopes (as scipy's PchipInterpolator) keep the first days convex.
  const end = (h0: number, h1: number, d0: number, d1: number): number => {
    const s = ((2 * h0 + h1) * d0 - h0 * d1) / (h0 + h1);
    if (Math.sign(s) !== Math.sign(d0)) return 0;
    if (Math.sign(d0) !== Math.sign(d1) && Math.abs(s) > Math.abs(3 * d0)) return 3 * d0;
    return s;
  };
  if (n === 2) {
    slope[0] = d[0]!;
    slope[1] = d[0]!;
  } else {
    slope[0] = end(h[0]!, h[1]!, d[0]!, d[1]!);
    slope[n - 1] = end(h[n - 2]!, h[n - 3]!, d[n - 2]!, d[n - 3]!);
  }
  for (let i = 1; i < n - 1; i++) {
    const a = d[i - 1]!;
    const b = d[i]!;
    if (a * b <= 0) continue;
    const w1 = 2 * h[i]! + h[i - 1]!;
    const w2 = h[i]! + 2 * h[i - 1]!;
    slope[i] = (w1 + w2) / (w1 / a + w2 / b);
  }
  const out: number[] = [];
  let i = 0;
  for (let t = from; t <= to; t++) {
    while (i < n - 2 && t > x[i + 1]!) i++;
    const s = (t - x[i]!) / h[i]!;
    const h00 = 2 * s ** 3 - 3 * s ** 2 + 1;
    const h10 = s ** 3 - 2 * s ** 2 + s;
    const h01 = -2 * s ** 3 + 3 * s ** 2;
    const h11 = s ** 3 - s ** 2;
    out.push(h00 * y[i]! + h10 * h[i]! * slope[i]! + h01 * y[i + 1]! + h11 * h[i]! * slope[i + 1]!);
  }
  return out;
}

/** Straight lines between points, flat before the first and after the last (set-point tables). */
function linearDaily(points: Points, from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t++) {
    const j = points.findIndex((p) => p[0] >= t);
    if (j === 0) out.push(points[0]![1]);
    else if (j < 0) out.push(points[points.length - 1]![1]);
    else {
      const [x0, y0] = points[j - 1]!;
      const [x1, y1] = points[j]!;
      out.push(y0 + ((y1 - y0) * (t - x0)) / (x1 - x0));
    }
  }
  return out;
}

const round = (v: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

const TYPICAL = 'not a breeder publication; replace with your own targets';

/* ---------- Broilers (flock type 2, feeding) ---------- */

const ROSS_WEIGHT: Points = [
  [0, 44],
  [7, 213],
  [14, 533],
  [21, 1012],
  [28, 1616],
  [35, 2296],
  [42, 2998],
  [49, 3681],
  [56, 4318],
];
const broilerWeight = pchipDaily(ROSS_WEIGHT, 0, 56);
const broilerGain = broilerWeight.slice(1).map((w, i) => w - broilerWeight[i]!);
/**
 * Assumed cumulative FCR progression of a well-run as-hatched Ross 308 flock (about 0.9 in week 1
 * rising to about 1.64 at 42 days). Daily intake = the day's increase of cumulative feed, where
 * cumulative feed = FCR x (weight - hatch weight).
 */
const ASSUMED_FCR: Points = [
  [0, 0.8],
  [7, 0.9],
  [14, 1.08],
  [21, 1.25],
  [28, 1.4],
  [35, 1.52],
  [42, 1.64],
  [49, 1.76],
  [56, 1.88],
];
const broilerFcr = pchipDaily(ASSUMED_FCR, 0, 56);
const broilerCumFeed = broilerWeight.map((w, d) => broilerFcr[d]! * (w - broilerWeight[0]!));
const broilerFeed = broilerCumFeed.slice(1).map((c, i) => c - broilerCumFeed[i]!);
/** Water : feed about 2.0 for chicks settling to 1.8 from two weeks (typical on nipple lines at 21 °C). */
const broilerWmr = linearDaily(
  [
    [1, 2.0],
    [14, 1.8],
    [56, 1.8],
  ],
  1,
  56,
);
const broilerWater = broilerFeed.map((f, i) => f * broilerWmr[i]!);
const BROILER_TEMP: Points = [
  [1, 34],
  [7, 30],
  [14, 28],
  [21, 26],
  [28, 23],
  [35, 21],
  [42, 19],
  [49, 19],
];

/* ---------- Layers (flock type 4, hen) ---------- */

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

const ROSS_SOURCE =
  'Aviagen Ross 308 Performance Objectives 2022, as-hatched body weight (weekly figures, interpolated daily between the published weekly figures)';
const ROSS_DERIVED = `Typical figures derived from the Ross 308 weight curve (Aviagen Performance Objectives 2022, interpolated daily) with an assumed cumulative FCR of about 0.9 at 7 days rising to 1.64 at 42 days; ${TYPICAL}`;
const LAYER_TYPICAL = `Typical brown-layer figures (approximate, in the range of public layer management guides), interpolated daily between weekly points, weeks 18-80; ${TYPICAL}`;

export const BUILTIN_CURVES: readonly BuiltinCurve[] = [
  {
    id: 'ross308-weight',
    indicator: '02',
    flockType: 2,
    name: 'Ross 308 broiler body weight (g)',
    source: ROSS_SOURCE,
    startDay: 0,
    values: broilerWeight.map((v) => round(v, 0)),
  },
  {
    id: 'ross308-gain',
    indicator: '03',
    flockType: 2,
    name: 'Ross 308 broiler daily gain (g/day)',
    source: `Derived: day-to-day difference of the Ross 308 body weight curve (${ROSS_SOURCE})`,
    startDay: 1,
    values: broilerGain.map((v) => round(v, 1)),
  },
  {
    id: 'broiler-temp',
    indicator: '01',
    flockType: 2,
    name: 'Broiler house set-point temperature (°C)',
    source:
      'Common broiler controller default set-points by day (1: 34, 7: 30, 14: 28, 21: 26, 28: 23, 35: 21, 42-49: 19 °C), straight lines between them',
    startDay: 1,
    values: linearDaily(BROILER_TEMP, 1, 49).map((v) => round(v, 1)),
  },
  {
    id: 'ross308-fcr',
    indicator: '04',
    flockType: 2,
    name: 'Broiler cumulative FCR (typical)',
    source: ROSS_DERIVED,
    startDay: 1,
    values: broilerFcr.slice(1).map((v) => round(v, 3)),
  },
  {
    id: 'ross308-feed',
    indicator: '05',
    flockType: 2,
    name: 'Broiler feed intake (g/bird/day, typical)',
    source: ROSS_DERIVED,
    startDay: 1,
    values: broilerFeed.map((v) => round(v, 1)),
  },
  {
    id: 'ross308-water',
    indicator: '06',
    flockType: 2,
    name: 'Broiler water intake (ml/bird/day, typical)',
    source: `${ROSS_DERIVED}; water = feed x water:feed ratio (2.0 for chicks, 1.8 from 14 days)`,
    startDay: 1,
    values: broilerWater.map((v) => round(v, 0)),
  },
  {
    id: 'ross308-wmr',
    indicator: '07',
    flockType: 2,
    name: 'Broiler water : feed ratio (typical)',
    source: `Typical water:feed ratio on nipple drinkers, 2.0 for chicks settling to 1.8 from 14 days; ${TYPICAL}`,
    startDay: 1,
    values: broilerWmr.map((v) => round(v, 2)),
  },
  {
    id: 'layer-temp',
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
    indicator: '02',
    flockType: 4,
    name: 'Brown layer body weight (g, typical)',
    source: LAYER_TYPICAL,
    startDay: LAY_FROM,
    values: layerWeight.map((v) => round(v, 0)),
  },
  {
    id: 'layer-feed',
    indicator: '05',
    flockType: 4,
    name: 'Layer feed intake (g/hen/day, typical)',
    source: LAYER_TYPICAL,
    startDay: LAY_FROM,
    values: layerFeed.map((v) => round(v, 1)),
  },
  {
    id: 'layer-water',
    indicator: '06',
    flockType: 4,
    name: 'Layer water intake (ml/hen/day, typical)',
    source: `${LAYER_TYPICAL}; water = 2.0 x feed`,
    startDay: LAY_FROM,
    values: layerFeed.map((v) => round(v * LAYER_WMR, 0)),
  },
  {
    id: 'layer-wmr',
    indicator: '07',
    flockType: 4,
    name: 'Layer water : feed ratio (typical)',
    source: `Typical layer water:feed ratio of 2.0; ${TYPICAL}`,
    startDay: LAY_FROM,
    values: layerFeed.map(() => LAYER_WMR),
  },
  {
    id: 'layer-eggs',
    indicator: '09',
    flockType: 4,
    name: 'Layer cumulative eggs per hen (typical)',
    source: `Derived: running sum of the typical hen-day laying rate from 18 weeks. ${LAYER_TYPICAL}`,
    startDay: LAY_FROM,
    values: layerEggsCum.map((v) => round(v, 1)),
  },
  {
    id: 'layer-rate',
    indicator: '10',
    flockType: 4,
    name: 'Layer hen-day laying rate (%, typical)',
    source: LAYER_TYPICAL,
    startDay: LAY_FROM,
    values: layerRate.map((v) => round(v, 1)),
  },
  {
    id: 'layer-egg-weight',
    indicator: '11',
    flockType: 4,
    name: 'Layer egg weight (g, typical)',
    source: LAYER_TYPICAL,
    startDay: LAY_FROM,
    values: layerEggWeight.map((v) => round(v, 1)),
  },
  {
    id: 'layer-efr',
    indicator: '12',
    flockType: 4,
    name: 'Layer feed : egg mass ratio (kg/kg, typical)',
    source: `Derived: typical feed intake / (laying rate x egg weight), from 20 weeks. ${LAYER_TYPICAL}`,
    startDay: EFR_FROM,
    values: layerEfr.map((v) => round(v, 2)),
  },
];

/**
 * The curve's figure at a day age, or null outside the curve. A fractional day age is read
 * between the two neighbouring days (weekly averages of day ages land there).
 */
export function curveValueAt(curve: { startDay: number; values: number[] }, dayAge: number): number | null {
  if (!Number.isFinite(dayAge)) return null;
  const pos = dayAge - curve.startDay;
  const last = curve.values.length - 1;
  if (last < 0 || pos < 0 || pos > last) return null;
  const lo = Math.floor(pos);
  const v0 = curve.values[lo]!;
  if (lo === pos || lo === last) return v0;
  const v1 = curve.values[lo + 1]!;
  return v0 + (v1 - v0) * (pos - lo);
}
