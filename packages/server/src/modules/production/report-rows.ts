import { daysBetween, kpi, type ProductionType, productionTypeOf, weekOfAge } from '@farmsense/shared';
import { addParts, emptyParts, FCR_FIELDS, type Parts } from './report-parts.js';
import type { DayFact, ReportFlock } from './report-query.js';

/**
 * Report groups from the day facts: days are grouped into periods per flock, farm rows add up the
 * flocks' groups per farm, production type and period, and the totals per production type
 * (report-row.ts turns a group into a row of KPIs, docs/KPI.md lists their definitions). A KPI is
 * never computed over two production types: FCR and EPEF are broiler figures, laying rate and eggs
 * per hen layer and breeder ones.
 */
export interface Group {
  key: string;
  period: string;
  week?: number;
  flock?: ReportFlock;
  farmId: number | null;
  farmName: string | null;
  productionType: ProductionType | null;
  firstDay: string;
  /** Day ages of a flock group's days (its standards are read there); empty for farm and total groups. */
  dayAges: number[];
  ageMin: number | null;
  ageMax: number | null;
  parts: Parts;
}

/** Monday of the calendar week of a day. */
function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const dow = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - dow * 86_400_000).toISOString().slice(0, 10);
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

export const flockProductionType = (f: ReportFlock): ProductionType => productionTypeOf(f.flockType, f.shedType);

/**
 * The flock's weight on a day: the recorded average, else males and females weighted by birds
 * present; on a day that empties the house without a weighing, the birds out weighed at exit (kg
 * out / birds out), the sale weight of a depletion.
 */
function flockWeight(d: DayFact, males: number, females: number, closing: number): number | null {
  if (d.avgWeight !== null) return d.avgWeight;
  const bySex = kpi.weightedMean([
    { value: d.maleAvgWeight, weight: males },
    { value: d.femaleAvgWeight, weight: females },
  ]);
  if (bySex !== null) return bySex;
  if (closing === 0 && d.tout > 0 && d.toutKg !== null) return (d.toutKg * 1000) / d.tout;
  return null;
}

/** Sets the FCR point of a broiler day whose live weight is known (a weighing, or an empty house). */
function fcrPoint(p: Parts, d: DayFact, closing: number, weightG: number | null, placed: number): void {
  for (const k of FCR_FIELDS) p[k] = 0;
  p.fcrPoints = 1;
  // Birds that left without their kg: the live weight produced is unknown, so is the FCR.
  if (d.outNoKgCum > 0) {
    p.fcrUnknown = 1;
    return;
  }
  p.fcrFeed = d.feedCum;
  p.fcrLiveKg = (closing > 0 ? (closing * weightG!) / 1000 : 0) + d.outKgCum;
  p.fcrDeadKg = d.deadKgCum;
  p.deadUnweighed = d.deadNoKgCum;
  p.fcrBirds = closing + d.outCum;
  p.fcrAgeBirds = d.outAgeCum + closing * d.dayAge;
  p.fcrPlaced = placed + d.inCum;
  p.fcrLost = d.deadCum + d.culledCum;
  p.open = closing > 0 ? 1 : 0;
}

/**
 * Groups one flock's days (from `from` on) into periods; the days before `from` only move the
 * weighing reference forward.
 */
export function flockGroups(f: ReportFlock, facts: DayFact[], from: string, kind: PeriodKind, byAge: boolean): Group[] {
  const placed = placedOf(f);
  const type = flockProductionType(f);
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
    const weight = flockWeight(d, closingMale, closing - closingMale, closing);
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
          productionType: type,
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
    if (d.toutKg !== null) p.transferOutKg = (p.transferOutKg ?? 0) + d.toutKg;
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
      // The period's last weighing wins. It weighs the birds in the house before the day's exits
      // (a weighing on a thinning or depletion day stands for the birds that left too).
      const birds = closing + d.tout;
      const males = closingMale + d.toutMale;
      const gain = current.ref ? kpi.dailyGain(weight, current.ref.weight, d.dayAge - current.ref.dayAge) : null;
      const unif = kpi.uniformity(d.uniformity);
      const cv = kpi.uniformity(d.cv);
      Object.assign(p, {
        wBirds: birds,
        wWeight: weight * birds,
        wMale: (d.maleAvgWeight ?? 0) * males,
        wMaleBirds: d.maleAvgWeight === null ? 0 : males,
        wFemale: (d.femaleAvgWeight ?? 0) * (birds - males),
        wFemaleBirds: d.femaleAvgWeight === null ? 0 : birds - males,
        wUnif: (unif ?? 0) * birds,
        wUnifBirds: unif === null ? 0 : birds,
        wCv: (cv ?? 0) * birds,
        wCvBirds: cv === null ? 0 : birds,
        gain: (gain ?? 0) * birds,
        gainBirds: gain === null ? 0 : birds,
      });
      ref = { dayAge: d.dayAge, weight };
    }
    // FCR points: broilers only, where the live weight is known (a weighing, or a house emptied).
    if (type === 'broiler' && (weight !== null || (closing === 0 && d.outCum > 0))) fcrPoint(p, d, closing, weight, placed);
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

/** One group per farm, production type and period, adding up the flocks' groups. */
export function farmGroups(groups: Group[]): Group[] {
  const out = new Map<string, Group>();
  for (const g of groups) {
    const key = `${g.farmId}:${g.productionType}:${g.period}`;
    let agg = out.get(key);
    if (!agg) {
      agg = {
        key,
        period: g.period,
        farmId: g.farmId,
        farmName: g.farmName,
        productionType: g.productionType,
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

/**
 * Everything in one group (a totals row); the farm is named when only one is involved, the
 * production type when only one is. Callers pass one type's groups for the per-type totals.
 */
export function totalGroup(groups: Group[], period: string, key = 'total'): Group {
  const farmIds = new Set(groups.map((g) => g.farmId));
  const types = new Set(groups.map((g) => g.productionType));
  const one = farmIds.size === 1 ? groups[0]! : null;
  const all: Group = {
    key,
    period,
    farmId: one?.farmId ?? null,
    farmName: one?.farmName ?? null,
    productionType: types.size === 1 ? (groups[0]!.productionType ?? null) : null,
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
