import type { BuiltinCurve } from './standards-types.js';
import { BROILER_CURVES } from './standards-broiler.js';
import { LAYER_CURVES } from './standards-layer.js';

export type { BuiltinCurve };
/** The published points the simulator's houses follow too (one source for both). */
export { BROILER_TEMP, ROSS_308_2022 } from './standards-broiler.js';
export { linearAt, type Points } from './standards-interp.js';

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
