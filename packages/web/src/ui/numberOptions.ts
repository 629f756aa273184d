/** A choice of a plain number (a year, a month, a top-N count, a bus setting), shown as its digits. */
export interface NumberOption<V extends number = number> {
  value: V;
  label: string;
}

/** The given numbers as select options, each labelled with its digits. */
export function numberOptions<V extends number>(values: readonly V[]): NumberOption<V>[] {
  return values.map((value) => ({ value, label: String(value) }));
}

/** 1 to `count` as select options (the months of a year, the sensors of a device). */
export function countOptions(count: number): NumberOption[] {
  return numberOptions(Array.from({ length: count }, (_, i) => i + 1));
}
