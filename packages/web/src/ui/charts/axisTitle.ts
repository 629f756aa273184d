/**
 * An axis title: what is measured and its unit in brackets ("Temperature (°C)", "Offline time (h)").
 * Every chart of the console titles its value axis this way; a bare "(°C)" leaves the reader
 * guessing which figure it is, a bare name hides the unit.
 */
export function axisTitle(name: string | undefined, unit: string | undefined): string {
  const n = name?.trim() ?? '';
  const u = unit?.trim() ?? '';
  if (n && u) return `${n} (${u})`;
  return n || (u ? `(${u})` : '');
}

/** A series has data when at least one of its values is a finite number. */
export function hasValues(values: readonly (number | null | undefined)[]): boolean {
  return values.some((v) => typeof v === 'number' && Number.isFinite(v));
}
