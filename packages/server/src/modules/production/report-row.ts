import {
  curveValueAt,
  kpi,
  STANDARD_CURVE_INDICATORS,
  type CurveIndicator,
  type ProductionReportRow,
  type ProductionType,
  type ReportStd,
  type StdName,
} from '@farmsense/shared';
import { curveKey, type CurveRef } from './report-query.js';
import type { Group } from './report-rows.js';

/**
 * A report row from a group's sums, every KPI through the shared kpi.ts (docs/KPI.md gives each
 * formula, basis and source). Definitions of the `ReportRow` fields:
 * - opening / closing: birds present at the start of the period's first day / end of its last day
 *   (placement + running in - out - dead - culled); `*Male` the male part.
 * - livability: (placed + transfers in - dead - culled, all since placement) / (placed + in), at the
 *   period's end; survivalRate: the same within the period, from its opening + transfers in.
 * - mortalityPer10k: the period's dead per 10 000 birds at its opening.
 * - avgWeight (g), uniformity and cv: the period's last weighing (a day that emptied the house
 *   without one is weighed by its kg out / birds out); gain: g/bird/day from the last weighing
 *   before the period (or the placement weight) to that one.
 * - feedPerBird (g) / waterPerBird (ml): per bird per day over the days that have a feed / water
 *   record, birds = present at the start of each day; waterFeedRatio over the days with both.
 * - fcr (broilers): at the period's last FCR point (a weighing, or the day the house emptied):
 *   feed since placement / live weight produced (birds present x weight + kg of every bird out),
 *   the breeders' basis of cumulative feed / body weight; null when birds left without their kg.
 *   fcrMortality adds the dead birds' kg (null while a dead bird was not weighed); fcrCorrected
 *   moves fcr to 2.5 kg (kpi.correctedFcr). epef is the closing EPEF of a depleted house (average
 *   weight = kg produced / birds produced, age = their mean age at exit); epefToDate the same
 *   figures while birds are still in the house.
 * - layingRate (hen-day): eggs / hen-days over the days with an egg record (hens = females present
 *   at the start of the day); eggsPerHen (hen-housed): cumulative eggs since placement per hen
 *   housed (females placed + transferred in). Each is compared with a standard of its own basis.
 * Standards (`std`, flock rows only; a farm row mixes ages): the farm's curve for the flock type
 * read at the period's day ages. Per-day figures take the mean over the period's days; mortality, a
 * daily figure per 10 000 while the row counts the whole period, the sum; the cumulative ones
 * (avgWeigh, fcr, eggProduceAvg) are read at the period's last day age.
 */
export type { ReportStd, StdName };
export type ReportRow = ProductionReportRow;

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

/** The broiler figures of a group's FCR point(s): FCR on live weight produced and what follows from it. */
function broilerFigures(g: Group): Pick<ReportRow, 'fcr' | 'fcrMortality' | 'fcrCorrected' | 'epef' | 'epefToDate'> {
  const p = g.parts;
  const none = { fcr: null, fcrMortality: null, fcrCorrected: null, epef: null, epefToDate: null };
  if (g.productionType !== 'broiler' || p.fcrPoints === 0 || p.fcrUnknown > 0) return none;
  const fcr = kpi.fcr(p.fcrFeed, p.fcrLiveKg);
  const avgKg = p.fcrBirds > 0 ? p.fcrLiveKg / p.fcrBirds : null;
  const age = p.fcrBirds > 0 ? p.fcrAgeBirds / p.fcrBirds : null;
  const epef = kpi.epef(kpi.livability(p.fcrPlaced, p.fcrLost), avgKg, age, fcr);
  return {
    fcr,
    fcrMortality: p.deadUnweighed > 0 ? null : kpi.fcr(p.fcrFeed, p.fcrLiveKg + p.fcrDeadKg),
    fcrCorrected: kpi.correctedFcr(fcr, avgKg),
    // A closing EPEF only when every house in the row has emptied; before that it is "to date".
    epef: p.open === 0 ? epef : null,
    epefToDate: p.open > 0 ? epef : null,
  };
}

/**
 * Laying figures are layer and breeder ones: a pullet or broiler row has none, even with a stray egg
 * record, and neither has a totals row over several production types.
 */
const LAYING: ReadonlySet<ProductionType | null> = new Set(['layer', 'breeder']);

export function toRow(g: Group, curves: Map<string, CurveRef>): ReportRow {
  const p = g.parts;
  const f = g.flock;
  const laying = LAYING.has(g.productionType) && p.eggCount !== null;
  return {
    farmId: g.farmId,
    farmName: g.farmName,
    productionType: g.productionType,
    ...(f ? { flockId: f.id, groupNo: f.groupNo, shedId: f.shedId, shedName: f.shedName, flockType: f.flockType } : {}),
    period: g.period,
    ...(g.week === undefined ? {} : { week: g.week }),
    dayAgeFrom: g.ageMin,
    dayAgeTo: g.ageMax,
    opening: p.opening,
    transferIn: p.transferIn,
    transferOut: p.transferOut,
    transferOutKg: p.transferOutKg,
    dead: p.dead,
    culled: p.culled,
    closing: p.closing,
    openingMale: p.openingMale,
    closingMale: p.closingMale,
    femaleMaleRatio: kpi.femaleMaleRatio(p.closing - p.closingMale, p.closingMale),
    livability: kpi.livability(p.placedCum, p.lostCum),
    survivalRate: kpi.livability(p.opening + p.transferIn, p.dead, p.culled),
    mortalityPer10k: kpi.mortalityPer10k(p.dead, p.opening),
    avgWeight: p.wBirds > 0 ? p.wWeight / p.wBirds : null,
    maleAvgWeight: p.wMaleBirds > 0 ? p.wMale / p.wMaleBirds : null,
    femaleAvgWeight: p.wFemaleBirds > 0 ? p.wFemale / p.wFemaleBirds : null,
    gain: p.gainBirds > 0 ? p.gain / p.gainBirds : null,
    uniformity: p.wUnifBirds > 0 ? kpi.uniformity(p.wUnif / p.wUnifBirds) : null,
    cv: p.wCvBirds > 0 ? p.wCv / p.wCvBirds : null,
    feedKg: p.feedKg,
    feedPerBird: kpi.avgDailyPerBird(p.feedKg, p.feedBirdDays, 1000),
    waterL: p.waterL,
    waterPerBird: kpi.avgDailyPerBird(p.waterL, p.waterBirdDays, 1000),
    waterFeedRatio: kpi.waterFeedRatio(p.wfWater, p.wfFeed),
    ...broilerFigures(g),
    eggCount: p.eggCount,
    eggWeightKg: p.eggWeightKg,
    avgEggWeight: kpi.avgEggWeight(p.eggKgW, p.eggsW),
    layingRate: laying ? kpi.layingRate(p.eggCount, p.henDays) : null,
    eggsPerHen: laying ? kpi.eggsPerHen(p.eggsCum, p.hensHoused) : null,
    feedPerEgg: laying ? kpi.feedPerEgg(p.fpeFeed, p.fpeEggs) : null,
    feedEggRatio: laying ? kpi.feedEggRatio(p.ferFeed, p.ferEggKg) : null,
    std: stdOf(g, curves),
  };
}
