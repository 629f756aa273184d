import { curveValueAt, kpi, STANDARD_CURVE_INDICATORS, type CurveIndicator } from '@farmsense/shared';
import { curveKey, type CurveRef, type DayFact, type ReportFlock } from './report-query.js';
import { daysBetween } from './scope.js';

/**
 * Report rows from the day facts: days are grouped into periods per flock (or per farm), the
 * period's parts are summed, and every KPI is computed once from those sums through the shared
 * kpi.ts. Definitions (the `ReportRow` fields):
 * - opening / closing: birds present at the start of the period's first day / end of its last day
 *   (placement + running in - out - dead - culled); `*Male` the male part.
 * - livability: (placed + transfers in - dead - culled, all since placement) / (placed + in), at the
 *   period's end; survivalRate: the same within the period, from its opening + transfers in.
 * - mortalityPer10k: the period's dead per 10 000 birds at its opening.
 * - avgWeight (g) and uniformity: the period's last weighing (avg weight, or the male and female
 *   weights weighted by the males and females present); gain: g/bird/day from the last weighing
 *   before the period (or the placement weight, on the placement day) to that one.
 * - feedPerBird (g) / waterPerBird (ml): per bird per day over the days that have a feed / water
 *   record, birds = present at the start of each day; waterFeedRatio over the days with both.
 * - fcr: cumulative, at the period's last weighing: feed since placement to that day / live weight
 *   gained (birds present x weight - birds placed x placement weight; a placement weight not recorded
 *   counts as 0, i.e. FCR on live weight). epef at that weighing, from livability, weight, age, fcr.
 *   Both for meat (feeding-type) flocks only; layers and breeders are judged by feed per egg.
 * - layingRate: eggs / hen-days over the days with an egg record (hens = females present at the
 *   start of the day); eggsPerHen: cumulative eggs since placement per hen housed (females placed +
 *   transferred in), comparable with the cumulative curve 09; avgEggWeight (g) over the days with an
 *   egg weight; feedPerEgg (g) and feedEggRatio over the days that have both figures.
 * Farm rows add the flocks' parts (weights weighted by birds present at the weighing).
 * Standards (`std`, flock rows only; a farm row mixes ages and types): the farm's curve for the
 * flock type read at the period's day ages. Per-day figures (targetTemp, avgWeighAdd, avgFeed,
 * avgWater, wmr, elr, avgEggWeight, efr) take the mean over the period's days; mortality, a daily
 * figure per 10 000 while the row counts the whole period, takes the sum; the cumulative ones
 * (avgWeigh, fcr, eggProduceAvg) are read at the period's last day age.
 */
export type StdName = (typeof STANDARD_CURVE_INDICATORS)[CurveIndicator];
export type ReportStd = Partial<Record<StdName, number>>;

export interface ReportRow {
  farmId: number | null;
  farmName: string | null;
  flockId?: number;
  groupNo?: string;
  shedId?: number;
  shedName?: string;
  flockType?: number;
  period: string;
  /** Week of age (flock rows of a weekly report). */
  week?: number;
  dayAgeFrom: number | null;
  dayAgeTo: number | null;
  opening: number;
  transferIn: number;
  transferOut: number;
  dead: number;
  culled: number;
  closing: number;
  openingMale: number;
  closingMale: number;
  femaleMaleRatio: number | null;
  livability: number | null;
  survivalRate: number | null;
  mortalityPer10k: number | null;
  avgWeight: number | null;
  maleAvgWeight: number | null;
  femaleAvgWeight: number | null;
  gain: number | null;
  uniformity: number | null;
  feedKg: number | null;
  feedPerBird: number | null;
  waterL: number | null;
  waterPerBird: number | null;
  waterFeedRatio: number | null;
  fcr: number | null;
  eggCount: number | null;
  eggWeightKg: number | null;
  avgEggWeight: number | null;
  layingRate: number | null;
  eggsPerHen: number | null;
  feedPerEgg: number | null;
  feedEggRatio: number | null;
  epef: number | null;
  std: ReportStd;
}

const STD_MODE: Record<CurveIndicator, 'mean' | 'sum' | 'last'> = {
  '01': 'mean',
  '02': 'last',
  '03': 'mean',
  '04': 'last',
  '05': 'mean',
  '06': 'mean',
  '07': 'mean',
  '08': 'sum',
  '09': 'last',
  '10': 'mean',
  '11': 'mean',
  '12': 'mean',
};

/** The sums a row's figures come from; farm rows add them up over flocks. */
interface Parts {
  opening: number;
  closing: number;
  openingMale: number;
  closingMale: number;
  transferIn: number;
  transferOut: number;
  dead: number;
  culled: number;
  placedCum: number;
  lostCum: number;
  feedKg: number | null;
  feedBirdDays: number;
  waterL: number | null;
  waterBirdDays: number;
  wfWater: number;
  wfFeed: number;
  eggCount: number | null;
  eggWeightKg: number | null;
  henDays: number;
  eggKgW: number;
  eggsW: number;
  fpeFeed: number;
  fpeEggs: number;
  ferFeed: number;
  ferEggKg: number;
  eggsCum: number;
  hensHoused: number;
  wBirds: number;
  wWeight: number;
  wMale: number;
  wMaleBirds: number;
  wFemale: number;
  wFemaleBirds: number;
  wUnif: number;
  wUnifBirds: number;
  gain: number;
  gainBirds: number;
  fcrFeed: number;
  fcrGainKg: number;
  wPlaced: number;
  wLost: number;
  wAge: number;
  /** Birds and weight of meat-flock weighings: FCR and EPEF are broiler measures (a farm with layers must not mix them in). */
  mBirds: number;
  mWeight: number;
}

export interface Group {
  key: string;
  period: string;
  week?: number;
  flock?: ReportFlock;
  farmId: number | null;
  farmName: string | null;
  firstDay: string;
  /** Day ages of a flock group's days (its standards are read there); empty for farm and total groups. */
  dayAges: number[];
  ageMin: number | null;
  ageMax: number | null;
  parts: Parts;
}

/** FLOCK_TYPES: 2 = feeding (meat birds). */
const MEAT_FLOCK_TYPE = 2;

const sumNull = (a: number | null, b: number | null): number | null => (b === null ? a : (a ?? 0) + b);

function emptyParts(): Parts {
  return {
    opening: 0,
    closing: 0,
    openingMale: 0,
    closingMale: 0,
    transferIn: 0,
    transferOut: 0,
    dead: 0,
    culled: 0,
    placedCum: 0,
    lostCum: 0,
    feedKg: null,
    feedBirdDays: 0,
    waterL: null,
    waterBirdDays: 0,
    wfWater: 0,
    wfFeed: 0,
    eggCount: null,
    eggWeightKg: null,
    henDays: 0,
    eggKgW: 0,
    eggsW: 0,
    fpeFeed: 0,
    fpeEggs: 0,
    ferFeed: 0,
    ferEggKg: 0,
    eggsCum: 0,
    hensHoused: 0,
    wBirds: 0,
    wWeight: 0,
    wMale: 0,
    wMaleBirds: 0,
    wFemale: 0,
    wFemaleBirds: 0,
    wUnif: 0,
    wUnifBirds: 0,
    gain: 0,
    gainBirds: 0,
    fcrFeed: 0,
    fcrGainKg: 0,
    wPlaced: 0,
    wLost: 0,
    wAge: 0,
    mBirds: 0,
    mWeight: 0,
  };
}

/** Sums that stay null while no flock has the record (no feed row anywhere is not 0 kg). */
const NULLABLE = ['feedKg', 'waterL', 'eggCount', 'eggWeightKg'] as const;
type NullablePart = (typeof NULLABLE)[number];

function addParts(a: Parts, b: Parts): void {
  for (const k of Object.keys(a) as (keyof Parts)[]) {
    if ((NULLABLE as readonly string[]).includes(k)) a[k as NullablePart] = sumNull(a[k as NullablePart], b[k as NullablePart]);
    else a[k as Exclude<keyof Parts, NullablePart>] += b[k as Exclude<keyof Parts, NullablePart>];
  }
}

/** Monday of the calendar week of a day. */
function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const dow = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - dow * 86_400_000).toISOString().slice(0, 10);
}

/** Week of age: days 0..7 are week 1 (placement joins the first week), then 8..14 week 2, ... */
export function weekOfAge(dayAge: number): number {
  return Math.max(1, Math.ceil(dayAge / 7));
}

export type PeriodKind = 'day' | 'week' | 'month' | 'year' | 'total';

export function periodOf(kind: PeriodKind, day: string, dayAge: number, byAge: boolean): { period: string; week?: number } {
  switch (kind) {
    case 'day':
      return { period: day };
    case 'week': {
      if (!byAge) return { period: mondayOf(day) };
      const week = weekOfAge(dayAge);
      return { period: String(week), week };
    }
    case 'month':
      return { period: day.slice(0, 7) };
    case 'year':
      return { period: day.slice(0, 4) };
    default:
      return { period: 'total' };
  }
}

/** Birds placed on the first day (males and females). */
const placedOf = (f: ReportFlock): number => f.maleCount + f.femaleCount;

/** The flock's weight on a weighing day: the recorded average, else males and females weighted by birds present. */
function flockWeight(d: DayFact, males: number, females: number): number | null {
  if (d.avgWeight !== null) return d.avgWeight;
  return kpi.weightedMean([
    { value: d.maleAvgWeight, weight: males },
    { value: d.femaleAvgWeight, weight: females },
  ]);
}

/**
 * Groups one flock's days (from `from` on) into periods; the days before `from` only move the
 * weighing reference forward.
 */
export function flockGroups(f: ReportFlock, facts: DayFact[], from: string, kind: PeriodKind, byAge: boolean): Group[] {
  const placed = placedOf(f);
  const w0 = kpi.weightedMean([
    { value: f.maleAvgWeight, weight: f.maleCount },
    { value: f.femaleAvgWeight, weight: f.femaleCount },
  ]);
  // Gain before the first weighing is measured from the placement weight, on the placement day.
  let ref: { dayAge: number; weight: number } | null = w0 === null ? null : { dayAge: daysBetween(f.birthDate, f.startDate), weight: w0 };
  const groups = new Map<string, Group & { ref: typeof ref }>();
  let current: (Group & { ref: typeof ref }) | null = null;
  for (const d of facts) {
    const closing = placed + d.net;
    const closingMale = f.maleCount + d.netMale;
    const opening = closing - d.tin + d.tout + d.dead + d.culled;
    const openingMale = closingMale - d.tinMale + d.toutMale + d.deadMale + d.culledMale;
    const weight = flockWeight(d, closingMale, closing - closingMale);
    if (d.day < from) {
      if (weight !== null) ref = { dayAge: d.dayAge, weight };
      continue;
    }
    const { period, week } = periodOf(kind, d.day, d.dayAge, byAge);
    if (!current || current.period !== period) {
      current = groups.get(period) ?? null;
      if (!current) {
        const g: Group & { ref: typeof ref } = {
          key: `${f.id}:${period}`,
          period,
          ...(week === undefined ? {} : { week }),
          flock: f,
          farmId: f.farmId,
          farmName: f.farmName,
          firstDay: d.day,
          dayAges: [],
          ageMin: null,
          ageMax: null,
          parts: emptyParts(),
          ref,
        };
        g.parts.opening = opening;
        g.parts.openingMale = openingMale;
        groups.set(period, g);
        current = g;
      }
    }
    const p = current.parts;
    current.dayAges.push(d.dayAge);
    widen(current, d.dayAge, d.dayAge);
    p.closing = closing;
    p.closingMale = closingMale;
    p.transferIn += d.tin;
    p.transferOut += d.tout;
    p.dead += d.dead;
    p.culled += d.culled;
    p.placedCum = placed + d.inCum;
    p.lostCum = d.deadCum + d.culledCum;
    p.eggsCum = d.eggsCum;
    p.hensHoused = f.femaleCount + d.inCum - d.inMaleCum;
    const hens = opening - openingMale;
    if (d.feedKg !== null) {
      p.feedKg = (p.feedKg ?? 0) + d.feedKg;
      p.feedBirdDays += opening;
    }
    if (d.waterL !== null) {
      p.waterL = (p.waterL ?? 0) + d.waterL;
      p.waterBirdDays += opening;
      if (d.feedKg !== null) {
        p.wfWater += d.waterL;
        p.wfFeed += d.feedKg;
      }
    }
    if (d.eggCount !== null) {
      p.eggCount = (p.eggCount ?? 0) + d.eggCount;
      p.henDays += hens;
      if (d.eggWeightKg !== null) {
        p.eggWeightKg = (p.eggWeightKg ?? 0) + d.eggWeightKg;
        p.eggKgW += d.eggWeightKg;
        p.eggsW += d.eggCount;
      }
      if (d.feedKg !== null) {
        p.fpeFeed += d.feedKg;
        p.fpeEggs += d.eggCount;
        if (d.eggWeightKg !== null) {
          p.ferFeed += d.feedKg;
          p.ferEggKg += d.eggWeightKg;
        }
      }
    }
    if (weight !== null) {
      // The period's last weighing wins: its figures replace an earlier one of the same period.
      const birds = closing;
      const gain = current.ref ? kpi.dailyGain(weight, current.ref.weight, d.dayAge - current.ref.dayAge) : null;
      const unif = kpi.uniformity(d.uniformity);
      Object.assign(p, {
        wBirds: birds,
        wWeight: weight * birds,
        wMale: (d.maleAvgWeight ?? 0) * closingMale,
        wMaleBirds: d.maleAvgWeight === null ? 0 : closingMale,
        wFemale: (d.femaleAvgWeight ?? 0) * (closing - closingMale),
        wFemaleBirds: d.femaleAvgWeight === null ? 0 : closing - closingMale,
        wUnif: (unif ?? 0) * birds,
        wUnifBirds: unif === null ? 0 : birds,
        gain: (gain ?? 0) * birds,
        gainBirds: gain === null ? 0 : birds,
      });
      // FCR and EPEF are meat-flock (feeding type) figures: layers and breeders are judged by feed per egg.
      const meat = f.flockType === MEAT_FLOCK_TYPE;
      Object.assign(
        p,
        meat
          ? {
              fcrFeed: d.feedCum,
              fcrGainKg: (birds * weight - placed * (w0 ?? 0)) / 1000,
              wPlaced: placed + d.inCum,
              wLost: d.deadCum + d.culledCum,
              wAge: d.dayAge * birds,
              mBirds: birds,
              mWeight: weight * birds,
            }
          : { fcrFeed: 0, fcrGainKg: 0, wPlaced: 0, wLost: 0, wAge: 0, mBirds: 0, mWeight: 0 },
      );
      ref = { dayAge: d.dayAge, weight };
    }
  }
  for (const g of groups.values()) {
    // A flock with no egg record in the period adds no hens to a farm's eggs per hen.
    if (g.parts.eggCount === null) {
      g.parts.eggsCum = 0;
      g.parts.hensHoused = 0;
    }
  }
  return [...groups.values()];
}

/** Stretches a group's day-age span (no spread of long arrays: a ten-year total has many days). */
function widen(g: Group, lo: number | null, hi: number | null): void {
  if (lo !== null && (g.ageMin === null || lo < g.ageMin)) g.ageMin = lo;
  if (hi !== null && (g.ageMax === null || hi > g.ageMax)) g.ageMax = hi;
}

/** One group per farm and period, adding up the flocks' groups. */
export function farmGroups(groups: Group[]): Group[] {
  const out = new Map<string, Group>();
  for (const g of groups) {
    const key = `${g.farmId}:${g.period}`;
    let agg = out.get(key);
    if (!agg) {
      agg = {
        key,
        period: g.period,
        farmId: g.farmId,
        farmName: g.farmName,
        firstDay: g.firstDay,
        dayAges: [],
        ageMin: null,
        ageMax: null,
        parts: emptyParts(),
      };
      out.set(key, agg);
    }
    if (g.firstDay < agg.firstDay) agg.firstDay = g.firstDay;
    widen(agg, g.ageMin, g.ageMax);
    addParts(agg.parts, g.parts);
  }
  return [...out.values()];
}

/** Everything in one group (the totals row); the farm is named when only one is involved. */
export function totalGroup(groups: Group[], period: string): Group {
  const farmIds = new Set(groups.map((g) => g.farmId));
  const one = farmIds.size === 1 ? groups[0]! : null;
  const all: Group = {
    key: 'total',
    period,
    farmId: one?.farmId ?? null,
    farmName: one?.farmName ?? null,
    firstDay: '',
    dayAges: [],
    ageMin: null,
    ageMax: null,
    parts: emptyParts(),
  };
  for (const g of groups) {
    widen(all, g.ageMin, g.ageMax);
    addParts(all.parts, g.parts);
  }
  return all;
}

function stdOf(g: Group, curves: Map<string, CurveRef>): ReportStd {
  const std: ReportStd = {};
  const f = g.flock;
  if (!f || g.dayAges.length === 0) return std;
  for (const [indicator, name] of Object.entries(STANDARD_CURVE_INDICATORS) as [CurveIndicator, StdName][]) {
    const curve = curves.get(curveKey(f.farmId, f.flockType, indicator));
    if (!curve) continue;
    const mode = STD_MODE[indicator];
    let v: number | null;
    if (mode === 'last') v = curveValueAt(curve, g.dayAges[g.dayAges.length - 1]!);
    else {
      const vals = g.dayAges.map((a) => curveValueAt(curve, a)).filter((x): x is number => x !== null);
      v = vals.length === 0 ? null : vals.reduce((s, x) => s + x, 0) / (mode === 'mean' ? vals.length : 1);
    }
    if (v !== null) std[name] = v;
  }
  return std;
}

export function toRow(g: Group, curves: Map<string, CurveRef>): ReportRow {
  const p = g.parts;
  const f = g.flock;
  const avgWeight = p.wBirds > 0 ? p.wWeight / p.wBirds : null;
  const fcr = p.mBirds > 0 ? kpi.fcr(p.fcrFeed, p.fcrGainKg) : null;
  return {
    farmId: g.farmId,
    farmName: g.farmName,
    ...(f ? { flockId: f.id, groupNo: f.groupNo, shedId: f.shedId, shedName: f.shedName, flockType: f.flockType } : {}),
    period: g.period,
    ...(g.week === undefined ? {} : { week: g.week }),
    dayAgeFrom: g.ageMin,
    dayAgeTo: g.ageMax,
    opening: p.opening,
    transferIn: p.transferIn,
    transferOut: p.transferOut,
    dead: p.dead,
    culled: p.culled,
    closing: p.closing,
    openingMale: p.openingMale,
    closingMale: p.closingMale,
    femaleMaleRatio: kpi.femaleMaleRatio(p.closing - p.closingMale, p.closingMale),
    livability: kpi.livability(p.placedCum, p.lostCum),
    survivalRate: kpi.livability(p.opening + p.transferIn, p.dead, p.culled),
    mortalityPer10k: kpi.mortalityPer10k(p.dead, p.opening),
    avgWeight,
    maleAvgWeight: p.wMaleBirds > 0 ? p.wMale / p.wMaleBirds : null,
    femaleAvgWeight: p.wFemaleBirds > 0 ? p.wFemale / p.wFemaleBirds : null,
    gain: p.gainBirds > 0 ? p.gain / p.gainBirds : null,
    uniformity: p.wUnifBirds > 0 ? kpi.uniformity(p.wUnif / p.wUnifBirds) : null,
    feedKg: p.feedKg,
    feedPerBird: kpi.avgDailyPerBird(p.feedKg, p.feedBirdDays, 1000),
    waterL: p.waterL,
    waterPerBird: kpi.avgDailyPerBird(p.waterL, p.waterBirdDays, 1000),
    waterFeedRatio: kpi.waterFeedRatio(p.wfWater, p.wfFeed),
    fcr,
    eggCount: p.eggCount,
    eggWeightKg: p.eggWeightKg,
    avgEggWeight: kpi.avgEggWeight(p.eggKgW, p.eggsW),
    layingRate: p.eggCount === null ? null : kpi.layingRate(p.eggCount, p.henDays),
    eggsPerHen: p.eggCount === null ? null : kpi.eggsPerHen(p.eggsCum, p.hensHoused),
    feedPerEgg: kpi.feedPerEgg(p.fpeFeed, p.fpeEggs),
    feedEggRatio: kpi.feedEggRatio(p.ferFeed, p.ferEggKg),
    epef: p.mBirds > 0 ? kpi.epef(kpi.livability(p.wPlaced, p.wLost), p.mWeight / p.mBirds / 1000, p.wAge / p.mBirds, fcr) : null,
    std: stdOf(g, curves),
  };
}
