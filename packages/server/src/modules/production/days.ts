/** A figure to three decimals (meter figures and exported cells: grams of a kg, millilitres of a litre). */
export function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
