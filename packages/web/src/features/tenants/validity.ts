import dayjs, { type Dayjs } from 'dayjs';

/**
 * Validity of a system or API authorization (SPEC §3, §6): permanent (nothing set), a number of
 * years counted from a start (the save when no start is given), or a start and an end date. The
 * form holds it as a mode plus fields; the server takes years / start / end, all null = permanent.
 */
export type ValidityMode = 'permanent' | 'years' | 'period';

export interface ValidityFormValues {
  validityMode: ValidityMode;
  validYears?: number | null;
  /** Years mode: the day the years count from (empty = from the save). */
  validFrom?: Dayjs | null;
  /** Period mode: first and last day, both included. */
  validPeriod?: [Dayjs, Dayjs] | null;
}

export interface ValidityWire {
  years: number | null;
  start: number | null;
  end: number | null;
}

/** From the saved view (ISO strings) to the form. */
export function validityToForm(years: number | null, start: string | null, end: string | null): ValidityFormValues {
  if (years !== null) return { validityMode: 'years', validYears: years, validFrom: start ? dayjs(start) : null, validPeriod: null };
  if (start || end) {
    return { validityMode: 'period', validYears: null, validFrom: null, validPeriod: start && end ? [dayjs(start), dayjs(end)] : null };
  }
  return { validityMode: 'permanent', validYears: null, validFrom: null, validPeriod: null };
}

/**
 * From the form to the wire. Re-saving years keeps their start, so editing a cap does not restart
 * the years; a period runs from the start of its first day to the end of its last.
 */
export function validityToWire(v: Partial<ValidityFormValues>): ValidityWire {
  if (v.validityMode === 'years') {
    return { years: v.validYears ?? null, start: v.validFrom ? v.validFrom.startOf('day').valueOf() : null, end: null };
  }
  if (v.validityMode === 'period') {
    const [from, to] = v.validPeriod ?? [];
    return { years: null, start: from ? from.startOf('day').valueOf() : null, end: to ? to.endOf('day').valueOf() : null };
  }
  return { years: null, start: null, end: null };
}

export type ValidityState =
  | { kind: 'permanent' }
  | { kind: 'until'; end: Dayjs }
  | { kind: 'expired'; end: Dayjs }
  | { kind: 'notStarted'; start: Dayjs }
  | { kind: 'fromOnly'; start: Dayjs };

/** How a tenant list shows a validity now: permanent, until a day, expired, or not started yet. */
export function validityState(
  a: { accountValidYears: number | null; accountValidStartDateTime: string | null; accountValidEndDateTime: string | null },
  createdAt: string,
  now: Dayjs = dayjs(),
): ValidityState {
  const start = a.accountValidStartDateTime ? dayjs(a.accountValidStartDateTime) : null;
  const ends: Dayjs[] = [];
  if (a.accountValidEndDateTime) ends.push(dayjs(a.accountValidEndDateTime));
  if (a.accountValidYears !== null) ends.push((start ?? dayjs(createdAt)).add(a.accountValidYears, 'year'));
  const end = ends.length > 0 ? ends.reduce((x, y) => (y.isBefore(x) ? y : x)) : null;
  if (!start && !end) return { kind: 'permanent' };
  if (end && end.isBefore(now)) return { kind: 'expired', end };
  if (start && start.isAfter(now)) return { kind: 'notStarted', start };
  if (end) return { kind: 'until', end };
  return { kind: 'fromOnly', start: start! };
}
