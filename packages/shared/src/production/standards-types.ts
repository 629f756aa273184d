import type { CurveIndicator } from '../schemas/production-curves.js';

/**
 * Built-in standard curves (SPEC §3 "standard curves"): read-only, a farm copies one into its own
 * `standard_curves` and edits the copy. `values[i]` is the figure for day age `startDay + i`
 * (placement / hatch day = 0, production/age.ts). Every curve names its source and edition in
 * `source`, shown in the UI: published breeder figures are interpolated daily between the
 * published points (standards-broiler.ts), derived curves say how they were derived, and curves
 * marked "typical" are assumptions, not a breeder's publication.
 */
export interface BuiltinCurve {
  id: string;
  /** The breed or standard the curve belongs to (Ross 308, Cobb 500, ...): one farm copies one per indicator. */
  breed: string;
  indicator: CurveIndicator;
  /** 1 breeding, 2 feeding, 3 cock, 4 hen, 5 mixed. */
  flockType: number;
  name: string;
  source: string;
  startDay: number;
  values: number[];
}
