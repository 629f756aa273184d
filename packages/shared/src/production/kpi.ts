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

/** Feed conversion ratio: kg of feed per kg of live weight gained (FCR = feed / gain). */
export function fcr(feedKg: Num, gainKg: Num): number | null {
  return ratio(feedKg, gainKg);
}

/**
 * European Production Efficiency Factor:
 * EPEF = livability % x average weight kg / (age days x FCR) x 100.
 */
export function epef(livabilityPct: Num, avgWeightKg: Num, ageDays: Num, feedConversion: Num): number | null {
  if (!ok(livabilityPct) || !ok(avgWeightKg) || !ok(ageDays) || !ok(feedConversion)) return null;
  if (ageDays <= 0 || feedConversion <= 0) return null;
  return ((livabilityPct * avgWeightKg) / (ageDays * feedConversion)) * 100;
}

/** Hen-day laying rate, %: eggs / hen-days x 100 (hen-days = hens present summed over the days). */
export function layingRate(eggs: Num, henDays: Num): number | null {
  const r = ratio(eggs, henDays);
  return r === null ? null : r * 100;
}

/** Eggs per hen: eggs / hens (hen-housed when `hens` is the hens housed). */
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
 * Uniformity, %: measured on the weighing (share of the sample within ±10 % of the mean), so it is
 * passed through; anything outside 0..100 is not a uniformity and gives null.
 */
export function uniformity(pct: Num): number | null {
  return ok(pct) && pct >= 0 && pct <= 100 ? pct : null;
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
