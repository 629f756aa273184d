/**
 * Poultry production KPIs (DESIGN.md §5). Pure functions over totals the caller has already
 * summed; every one answers null when the figure is undefined (a zero or absent denominator, a
 * missing or non-finite input) rather than 0 or Infinity, so a report cell stays empty instead of
 * showing a figure nobody measured. Units are in each name or comment; percentages are 0..100.
 * The reports (server modules/production/reports.ts) compute every KPI through these functions.
 */
type Num = number | null | undefined;

const ok = (v: Num): v is number => typeof v === 'number' && Number.isFinite(v);

/** a / b, or null when either is missing or b is not positive. */
function ratio(a: Num, b: Num): number | null {
  if (!ok(a) || !ok(b) || b <= 0) return null;
  return a / b;
}

/**
 * Livability, %: the share of the birds placed that are still alive and kept.
 * livability = (placed - dead - culled) / placed x 100. Culls are losses too (a bird removed for
 * poor health is not delivered); pass culled 0 for the strict DESIGN.md "1 - dead / placed".
 */
export function livability(placed: Num, dead: Num, culled: Num = 0): number | null {
  const lost = ok(dead) && ok(culled ?? 0) ? dead + (culled ?? 0) : null;
  const r = ratio(lost, placed);
  return r === null ? null : (1 - r) * 100;
}

/** Mortality per ten thousand birds: dead / birds at the start x 10 000. */
export function mortalityPer10k(dead: Num, birdsAtStart: Num): number | null {
  const r = ratio(dead, birdsAtStart);
  return r === null ? null : r * 10_000;
}

/**
 * Feed conversion ratio on live weight produced, the breeders' basis (Aviagen and Cobb publish
 * cumulative feed per bird / body weight): FCR = feed kg since placement / live weight produced kg,
 * where live weight produced = birds in the house x their average weight + the kg of every bird
 * that left (thinning, depletion, transfers out). The chick weight is not subtracted, so the figure
 * compares with the published cumulative FCR curves; birds shipped keep their weight in the
 * denominator, so a thinning does not move it. Pass the dead birds' weight in `liveKg` too
 * (liveWeightProduced) for the mortality-corrected FCR.
 */
export function fcr(feedKg: Num, liveKg: Num): number | null {
  return ratio(feedKg, liveKg);
}

/**
 * Live weight produced, kg: birds present x average weight (g) / 1000 + kg that left the house
 * (+ kg of the dead birds, when they were weighed, for the mortality-corrected FCR). Null when a
 * part that exists was not weighed: birds present without a weight, or birds out without their kg.
 */
export function liveWeightProduced(inHouseBirds: Num, avgWeightG: Num, leftKg: Num, deadKg: Num = 0): number | null {
  if (!ok(inHouseBirds) || !ok(leftKg) || !ok(deadKg ?? 0)) return null;
  if (inHouseBirds > 0 && !ok(avgWeightG)) return null;
  return (inHouseBirds > 0 ? (inHouseBirds * avgWeightG!) / 1000 : 0) + leftKg + (deadKg ?? 0);
}

/**
 * FCR corrected to a reference weight: broiler integrators compare flocks sold at different
 * weights this way. Reference 2.5 kg and 2 points (0.02) of FCR per 100 g difference, as proposed
 * by L. Maertens (ILVO) in Poultry World, August 2016, "Towards a more reliable comparison of the
 * FCR", from the Ross 308 and Cobb 500 manuals in the 2.3-2.7 kg range (the Ross 308 2022
 * objectives give (1.531 - 1.399) / (2.998 - 2.296 kg) = 0.0188 per 100 g between 35 and 42 days).
 */
export const FCR_REFERENCE_WEIGHT_KG = 2.5;
export const FCR_CORRECTION_PER_100G = 0.02;

/** FCR corrected to `referenceKg`: FCR + (reference kg - average weight kg) x 10 x 0.02. */
export function correctedFcr(feedConversion: Num, avgWeightKg: Num, referenceKg: number = FCR_REFERENCE_WEIGHT_KG): number | null {
  if (!ok(feedConversion) || !ok(avgWeightKg) || feedConversion <= 0 || avgWeightKg <= 0) return null;
  return feedConversion + (referenceKg - avgWeightKg) * 10 * FCR_CORRECTION_PER_100G;
}

/**
 * European Production Efficiency Factor:
 * EPEF = livability % x average weight kg / (age days x FCR) x 100.
 * A closing-flock figure: at depletion, average weight = kg sold / birds sold and age = the mean age
 * at sale weighted by birds (thinning and depletion), FCR on all live weight produced. Computed
 * before depletion it is "EPEF to date" and must be labelled so.
 */
export function epef(livabilityPct: Num, avgWeightKg: Num, ageDays: Num, feedConversion: Num): number | null {
  if (!ok(livabilityPct) || !ok(avgWeightKg) || !ok(ageDays) || !ok(feedConversion)) return null;
  if (ageDays <= 0 || feedConversion <= 0) return null;
  return ((livabilityPct * avgWeightKg) / (ageDays * feedConversion)) * 100;
}

/**
 * Hen-day laying rate, %: eggs / hen-days x 100 (hen-days = hens present summed over the days).
 * The hen-day basis: compare it with a hen-day standard only.
 */
export function layingRate(eggs: Num, henDays: Num): number | null {
  const r = ratio(eggs, henDays);
  return r === null ? null : r * 100;
}

/**
 * Eggs per hen housed: cumulative eggs / hens housed (placed + moved in), the hen-housed basis;
 * deaths lower it, unlike the hen-day rate. Compare it with a hen-housed standard only.
 */
export function eggsPerHen(eggs: Num, hens: Num): number | null {
  return ratio(eggs, hens);
}

/** Feed per egg, g: feed kg x 1000 / eggs. */
export function feedPerEgg(feedKg: Num, eggs: Num): number | null {
  const r = ratio(feedKg, eggs);
  return r === null ? null : r * 1000;
}

/** Average egg weight, g: egg mass kg x 1000 / eggs weighed. */
export function avgEggWeight(eggKg: Num, eggs: Num): number | null {
  const r = ratio(eggKg, eggs);
  return r === null ? null : r * 1000;
}

/** Feed : egg mass ratio, kg of feed per kg of eggs. */
export function feedEggRatio(feedKg: Num, eggKg: Num): number | null {
  return ratio(feedKg, eggKg);
}

/** Water : feed ratio, litres of water per kg of feed. */
export function waterFeedRatio(waterL: Num, feedKg: Num): number | null {
  return ratio(waterL, feedKg);
}

/**
 * Average daily amount per bird: total / bird-days x scale (bird-days = birds present summed over
 * the days the amount covers). Feed kg -> g/bird/day and water L -> ml/bird/day use scale 1000.
 */
export function avgDailyPerBird(total: Num, birdDays: Num, scale = 1): number | null {
  const r = ratio(total, birdDays);
  return r === null ? null : r * scale;
}

/** Average weight per bird, g: a weighted mean of the parts with a weight and birds (e.g. males and females). */
export function weightedMean(parts: readonly { value: Num; weight: Num }[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const p of parts) {
    if (!ok(p.value) || !ok(p.weight) || p.weight <= 0) continue;
    sum += p.value * p.weight;
    weights += p.weight;
  }
  return weights > 0 ? sum / weights : null;
}

/**
 * Uniformity, % as entered with a weighing (share of the sample within ±10 % of the mean); anything
 * outside 0..100 is not a uniformity and gives null.
 */
export function uniformity(pct: Num): number | null {
  return ok(pct) && pct >= 0 && pct <= 100 ? pct : null;
}

/** What a sample of individual weights says about a flock. */
export interface WeighingStats {
  n: number;
  meanG: number;
  /** Sample standard deviation (n - 1), g. */
  sdG: number;
  /** Coefficient of variation, %: sd / mean x 100. */
  cvPct: number;
  /** Uniformity, %: birds within ±10 % of the mean / birds weighed x 100 (the limits included). */
  uniformityPct: number;
}

/** Relative band of the uniformity figure (the breeders' ±10 %). */
export const UNIFORMITY_BAND = 0.1;

/**
 * CV and uniformity from individual weights (g): a single average hides a split flock. Null below
 * two weights (no spread) or when a weight is not a positive number.
 */
export function weighingStats(weightsG: readonly number[]): WeighingStats | null {
  const n = weightsG.length;
  if (n < 2 || weightsG.some((w) => !ok(w) || w <= 0)) return null;
  const meanG = weightsG.reduce((s, w) => s + w, 0) / n;
  const sdG = Math.sqrt(weightsG.reduce((s, w) => s + (w - meanG) ** 2, 0) / (n - 1));
  // A hair of tolerance: 10 % of a mean like 2000.1 must not drop a bird exactly on the limit.
  const band = meanG * UNIFORMITY_BAND + 1e-9;
  const within = weightsG.filter((w) => Math.abs(w - meanG) <= band).length;
  return { n, meanG, sdG, cvPct: (sdG / meanG) * 100, uniformityPct: (within / n) * 100 };
}

/** Female : male ratio (hens per cock in breeder flocks): females / males. */
export function femaleMaleRatio(females: Num, males: Num): number | null {
  return ratio(females, males);
}

/** Average daily gain, g/bird/day: (weight now - earlier weight) / days between them. */
export function dailyGain(weightG: Num, earlierWeightG: Num, days: Num): number | null {
  if (!ok(weightG) || !ok(earlierWeightG)) return null;
  return ratio(weightG - earlierWeightG, days);
}
