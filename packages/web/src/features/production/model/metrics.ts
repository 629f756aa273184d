import { formatDecimal } from '../../../app/i18n/numbers';

/**
 * The figures a production report can show (the fields of the server's ReportRow, health and
 * energy rows; docs/API-PRODUCTION.md), each with its unit, its decimals, the standard-curve field
 * it is judged against and which way is better. One catalogue, so a figure looks the same on every
 * report and in every locale.
 */
export type MetricKey =
  | 'opening'
  | 'transferIn'
  | 'transferOut'
  | 'dead'
  | 'culled'
  | 'closing'
  | 'femaleMaleRatio'
  | 'livability'
  | 'survivalRate'
  | 'mortalityPer10k'
  | 'avgWeight'
  | 'maleAvgWeight'
  | 'femaleAvgWeight'
  | 'gain'
  | 'uniformity'
  | 'cv'
  | 'feedKg'
  | 'feedPerBird'
  | 'waterL'
  | 'waterPerBird'
  | 'waterFeedRatio'
  | 'fcr'
  | 'fcrCorrected'
  | 'fcrMortality'
  | 'eggCount'
  | 'eggWeightKg'
  | 'avgEggWeight'
  | 'layingRate'
  | 'eggsPerHen'
  | 'feedPerEgg'
  | 'feedEggRatio'
  | 'epef'
  | 'epefToDate'
  | 'waterLEnergy'
  | 'elecKwh'
  | 'birds'
  | 'waterPerBirdMl'
  | 'elecPerKBirdKwh'
  | 'immunizations'
  | 'medications';

/** Unit keys of the `poultry` namespace (`unit.<key>`); '' for plain counts and ratios. */
export type UnitKey = '' | 'birds' | 'pct' | 'per10k' | 'g' | 'gPerDay' | 'kg' | 'l' | 'mlPerDay' | 'kwh' | 'kwhPerKDay' | 'eggs';

/** higher: below standard is worse; lower: above standard is worse; both: any deviation is. */
export type Better = 'higher' | 'lower' | 'both';

export interface MetricDef {
  unit: UnitKey;
  decimals: number;
  /** The ReportRow.std field of the breed standard for this figure. */
  std?: StdField;
  better?: Better;
  /** Summed in the totals row (counts and amounts); others come from the server's totals. */
  additive?: boolean;
  /** The field of the server row when it differs from the key (energy rows). */
  field?: string;
}

export type StdField =
  | 'targetTemp'
  | 'avgWeigh'
  | 'avgWeighAdd'
  | 'fcr'
  | 'avgFeed'
  | 'avgWater'
  | 'wmr'
  | 'mortality'
  | 'eggProduceAvg'
  | 'elr'
  | 'avgEggWeight'
  | 'efr';

export const METRICS: Readonly<Record<MetricKey, MetricDef>> = {
  opening: { unit: 'birds', decimals: 0 },
  transferIn: { unit: 'birds', decimals: 0, additive: true },
  transferOut: { unit: 'birds', decimals: 0, additive: true },
  dead: { unit: 'birds', decimals: 0, additive: true },
  culled: { unit: 'birds', decimals: 0, additive: true },
  closing: { unit: 'birds', decimals: 0 },
  femaleMaleRatio: { unit: '', decimals: 2 },
  livability: { unit: 'pct', decimals: 2, better: 'higher' },
  survivalRate: { unit: 'pct', decimals: 2, better: 'higher' },
  mortalityPer10k: { unit: 'per10k', decimals: 1, std: 'mortality', better: 'lower' },
  avgWeight: { unit: 'g', decimals: 0, std: 'avgWeigh', better: 'higher' },
  maleAvgWeight: { unit: 'g', decimals: 0 },
  femaleAvgWeight: { unit: 'g', decimals: 0 },
  gain: { unit: 'gPerDay', decimals: 1, std: 'avgWeighAdd', better: 'higher' },
  uniformity: { unit: 'pct', decimals: 1, better: 'higher' },
  cv: { unit: 'pct', decimals: 1 },
  feedKg: { unit: 'kg', decimals: 1, additive: true },
  feedPerBird: { unit: 'gPerDay', decimals: 1, std: 'avgFeed', better: 'both' },
  waterL: { unit: 'l', decimals: 1, additive: true },
  waterPerBird: { unit: 'mlPerDay', decimals: 0, std: 'avgWater', better: 'both' },
  waterFeedRatio: { unit: '', decimals: 2, std: 'wmr', better: 'both' },
  fcr: { unit: '', decimals: 2, std: 'fcr', better: 'lower' },
  fcrCorrected: { unit: '', decimals: 2 },
  fcrMortality: { unit: '', decimals: 2 },
  eggCount: { unit: '', decimals: 0, additive: true },
  eggWeightKg: { unit: 'kg', decimals: 1, additive: true },
  avgEggWeight: { unit: 'g', decimals: 1, std: 'avgEggWeight', better: 'higher' },
  layingRate: { unit: 'pct', decimals: 1, std: 'elr', better: 'higher' },
  eggsPerHen: { unit: 'eggs', decimals: 2, std: 'eggProduceAvg', better: 'higher' },
  feedPerEgg: { unit: 'g', decimals: 1, better: 'lower' },
  feedEggRatio: { unit: '', decimals: 2, std: 'efr', better: 'lower' },
  epef: { unit: '', decimals: 0, better: 'higher' },
  epefToDate: { unit: '', decimals: 0 },
  waterLEnergy: { unit: 'l', decimals: 0, additive: true, field: 'waterL' },
  elecKwh: { unit: 'kwh', decimals: 1, additive: true },
  birds: { unit: 'birds', decimals: 0 },
  waterPerBirdMl: { unit: 'mlPerDay', decimals: 0 },
  elecPerKBirdKwh: { unit: 'kwhPerKDay', decimals: 2 },
  immunizations: { unit: '', decimals: 0, additive: true },
  medications: { unit: '', decimals: 0, additive: true },
};

/** How each standard-curve indicator (SPEC §3, by its field name) is formatted and judged. */
export const INDICATOR_METRIC: Readonly<Record<StdField, { unit: UnitKey; decimals: number; better: Better }>> = {
  targetTemp: { unit: '', decimals: 1, better: 'both' },
  avgWeigh: { unit: 'g', decimals: 0, better: 'higher' },
  avgWeighAdd: { unit: 'gPerDay', decimals: 1, better: 'higher' },
  fcr: { unit: '', decimals: 2, better: 'lower' },
  avgFeed: { unit: 'gPerDay', decimals: 1, better: 'both' },
  avgWater: { unit: 'mlPerDay', decimals: 0, better: 'both' },
  wmr: { unit: '', decimals: 2, better: 'both' },
  mortality: { unit: 'per10k', decimals: 1, better: 'lower' },
  eggProduceAvg: { unit: 'eggs', decimals: 2, better: 'higher' },
  elr: { unit: 'pct', decimals: 1, better: 'higher' },
  avgEggWeight: { unit: 'g', decimals: 1, better: 'higher' },
  efr: { unit: '', decimals: 2, better: 'lower' },
};

/** A figure worse than its standard by more than this share is marked (brief: 5 %). */
export const WORSE_THAN_STANDARD = 0.05;

/**
 * How far a figure is on the wrong side of its standard, as a share of the standard (0.08 = 8 %
 * worse), or null when it is not worse by more than WORSE_THAN_STANDARD or cannot be judged.
 */
export function worseBy(value: number | null | undefined, standard: number | null | undefined, better: Better | undefined): number | null {
  if (value == null || standard == null || !better || !Number.isFinite(value) || !Number.isFinite(standard) || standard === 0) return null;
  const delta = (value - standard) / Math.abs(standard);
  const bad = better === 'higher' ? -delta : better === 'lower' ? delta : Math.abs(delta);
  return bad > WORSE_THAN_STANDARD ? bad : null;
}

/** A number with fixed decimals and grouping, or an en dash for "cannot be computed" (the shared formatter). */
export function formatNumber(value: number | null | undefined, decimals: number, locale?: string): string {
  return formatDecimal(value, decimals, locale);
}
