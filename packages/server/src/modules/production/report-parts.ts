/**
 * The sums a report row's figures come from (report-rows.ts groups days into them, report-row.ts
 * turns them into KPIs). Farm and total rows add the flocks' parts, so every figure of a farm row
 * is computed from pooled sums, never averaged from the flocks' figures.
 */
export interface Parts {
  opening: number;
  closing: number;
  openingMale: number;
  closingMale: number;
  transferIn: number;
  transferOut: number;
  /** Kg of the period's birds out, null while none was recorded. */
  transferOutKg: number | null;
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
  /** The period's last weighing: birds it stands for, weight x birds (g), and the same per sex. */
  wBirds: number;
  wWeight: number;
  wMale: number;
  wMaleBirds: number;
  wFemale: number;
  wFemaleBirds: number;
  wUnif: number;
  wUnifBirds: number;
  wCv: number;
  wCvBirds: number;
  gain: number;
  gainBirds: number;
  /**
   * Broiler figures at the period's last FCR point (a weighing, or the day the house emptied):
   * feed since placement, live weight produced (kg in the house + kg out), kg of the dead, birds
   * produced (present + out), birds x age (out at their exit age, present at the point's age),
   * placed and lost for livability. `fcrPoints` counts flocks with a point; `fcrUnknown` those
   * whose birds left without their kg (no FCR can be signed then); `deadUnweighed` dead birds
   * without a weight (no mortality-corrected FCR); `open` points whose house still holds birds
   * (EPEF to date, not a closing EPEF).
   */
  fcrPoints: number;
  fcrUnknown: number;
  fcrFeed: number;
  fcrLiveKg: number;
  fcrDeadKg: number;
  deadUnweighed: number;
  fcrBirds: number;
  fcrAgeBirds: number;
  fcrPlaced: number;
  fcrLost: number;
  open: number;
}

export function emptyParts(): Parts {
  return {
    opening: 0,
    closing: 0,
    openingMale: 0,
    closingMale: 0,
    transferIn: 0,
    transferOut: 0,
    transferOutKg: null,
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
    wCv: 0,
    wCvBirds: 0,
    gain: 0,
    gainBirds: 0,
    fcrPoints: 0,
    fcrUnknown: 0,
    fcrFeed: 0,
    fcrLiveKg: 0,
    fcrDeadKg: 0,
    deadUnweighed: 0,
    fcrBirds: 0,
    fcrAgeBirds: 0,
    fcrPlaced: 0,
    fcrLost: 0,
    open: 0,
  };
}

/** The FCR-point fields, reset together when a later weighing of the same period replaces them. */
export const FCR_FIELDS = [
  'fcrPoints',
  'fcrUnknown',
  'fcrFeed',
  'fcrLiveKg',
  'fcrDeadKg',
  'deadUnweighed',
  'fcrBirds',
  'fcrAgeBirds',
  'fcrPlaced',
  'fcrLost',
  'open',
] as const;

/** Sums that stay null while no flock has the record (no feed row anywhere is not 0 kg). */
const NULLABLE = ['feedKg', 'waterL', 'eggCount', 'eggWeightKg', 'transferOutKg'] as const;
type NullablePart = (typeof NULLABLE)[number];

export const sumNull = (a: number | null, b: number | null): number | null => (b === null ? a : (a ?? 0) + b);

/** Adds `b` into `a`, field by field. */
export function addParts(a: Parts, b: Parts): void {
  for (const k of Object.keys(a) as (keyof Parts)[]) {
    if ((NULLABLE as readonly string[]).includes(k)) a[k as NullablePart] = sumNull(a[k as NullablePart], b[k as NullablePart]);
    else a[k as Exclude<keyof Parts, NullablePart>] += b[k as Exclude<keyof Parts, NullablePart>];
  }
}
