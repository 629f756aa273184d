/** Day arithmetic of production records (farm days as 'YYYY-MM-DD'). */
/** Whole days from `a` to `b` ('YYYY-MM-DD'); day age = daysBetween(birthDate, day). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A figure to three decimals (meter figures and exported cells: grams of a kg, millilitres of a litre). */
export function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
