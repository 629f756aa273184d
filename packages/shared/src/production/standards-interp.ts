/**
 * Daily values between published points, for the built-in standard curves (standards.ts): a
 * breeder publishes weekly figures, a report reads a curve by day age.
 */
export type Points = readonly (readonly [number, number])[];

/**
 * Monotone piecewise-cubic (Fritsch-Carlson / PCHIP) daily values for day ages `from..to`. It
 * passes exactly through the published points and never overshoots between them, so a weight
 * curve stays increasing and its daily gain has no saw-tooth that straight lines would give.
 */
export function pchipDaily(points: Points, from: number, to: number): number[] {
  const x = points.map((p) => p[0]);
  const y = points.map((p) => p[1]);
  const n = points.length;
  const h = x.slice(1).map((v, i) => v - x[i]!);
  const d = h.map((hi, i) => (y[i + 1]! - y[i]!) / hi);
  const slope = new Array<number>(n).fill(0);
  // One-sided three-point end slopes (as scipy's PchipInterpolator) keep the first days convex.
  const end = (h0: number, h1: number, d0: number, d1: number): number => {
    const s = ((2 * h0 + h1) * d0 - h0 * d1) / (h0 + h1);
    if (Math.sign(s) !== Math.sign(d0)) return 0;
    if (Math.sign(d0) !== Math.sign(d1) && Math.abs(s) > Math.abs(3 * d0)) return 3 * d0;
    return s;
  };
  if (n === 2) {
    slope[0] = d[0]!;
    slope[1] = d[0]!;
  } else {
    slope[0] = end(h[0]!, h[1]!, d[0]!, d[1]!);
    slope[n - 1] = end(h[n - 2]!, h[n - 3]!, d[n - 2]!, d[n - 3]!);
  }
  for (let i = 1; i < n - 1; i++) {
    const a = d[i - 1]!;
    const b = d[i]!;
    if (a * b <= 0) continue;
    const w1 = 2 * h[i]! + h[i - 1]!;
    const w2 = h[i]! + 2 * h[i - 1]!;
    slope[i] = (w1 + w2) / (w1 / a + w2 / b);
  }
  const out: number[] = [];
  let i = 0;
  for (let t = from; t <= to; t++) {
    while (i < n - 2 && t > x[i + 1]!) i++;
    const s = (t - x[i]!) / h[i]!;
    const h00 = 2 * s ** 3 - 3 * s ** 2 + 1;
    const h10 = s ** 3 - 2 * s ** 2 + s;
    const h01 = -2 * s ** 3 + 3 * s ** 2;
    const h11 = s ** 3 - s ** 2;
    out.push(h00 * y[i]! + h10 * h[i]! * slope[i]! + h01 * y[i + 1]! + h11 * h[i]! * slope[i + 1]!);
  }
  return out;
}

/**
 * The value at `t` on straight lines between points, flat before the first and after the last:
 * how a climate controller reads its set-point table by day age (a fractional day glides).
 */
export function linearAt(points: Points, t: number): number {
  const j = points.findIndex((p) => p[0] >= t);
  if (j === 0) return points[0]![1];
  if (j < 0) return points[points.length - 1]![1];
  const [x0, y0] = points[j - 1]!;
  const [x1, y1] = points[j]!;
  return y0 + ((y1 - y0) * (t - x0)) / (x1 - x0);
}

/** `linearAt` for each whole day age `from..to` (set-point tables). */
export function linearDaily(points: Points, from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t++) out.push(linearAt(points, t));
  return out;
}
