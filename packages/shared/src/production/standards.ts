import type { CurveIndicator } from '../schemas/production-curves.js';
import { BROILER_CURVES } from './standards-broiler.js';
import { LAYER_CURVES } from './standards-layer.js';

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

export const BUILTIN_CURVES: readonly BuiltinCurve[] = [...BROILER_CURVES, ...LAYER_CURVES];

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
