import dayjs, { type Dayjs } from 'dayjs';
import { QUERY_RANGE_MAX_DAYS, YEAR_LIST_LENGTH, type ReportPeriod, pad2 } from '@farmsense/shared';

/**
 * The range a report asks for, by its period: day reports take at most 30 days (SPEC §5, §9);
 * weekly reports a run of months of one year; monthly reports a year; yearly reports a run of
 * years from the last ten (SPEC §9 year list, months 1-12). Days go out as 'YYYY-MM-DD'.
 */
export interface RangeState {
  days: [string, string];
  year: number;
  monthFrom: number;
  monthTo: number;
  yearFrom: number;
  yearTo: number;
}

const DAY = 'YYYY-MM-DD';

export function defaultRange(now: Dayjs = dayjs()): RangeState {
  const month = now.month() + 1;
  return {
    days: [now.subtract(6, 'day').format(DAY), now.format(DAY)],
    year: now.year(),
    monthFrom: Math.max(1, month - 2),
    monthTo: month,
    yearFrom: now.year() - 4,
    yearTo: now.year(),
  };
}

/** The last ten years, newest first. */
export function yearList(now: Dayjs = dayjs()): number[] {
  return Array.from({ length: YEAR_LIST_LENGTH }, (_, i) => now.year() - i);
}

export const MONTHS: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);

/** The calendar days a period's range covers; the end never lies after today. */
export function resolveRange(period: ReportPeriod, s: RangeState, now: Dayjs = dayjs()): { start: string; end: string } {
  const cap = (d: Dayjs): string => (d.isAfter(now, 'day') ? now : d).format(DAY);
  const month = (y: number, m: number): Dayjs => dayjs(`${y}-${pad2(m)}-01`);
  switch (period) {
    case 'day':
      return { start: s.days[0], end: s.days[1] };
    case 'week': {
      const [from, to] = s.monthFrom <= s.monthTo ? [s.monthFrom, s.monthTo] : [s.monthTo, s.monthFrom];
      return { start: month(s.year, from).format(DAY), end: cap(month(s.year, to).endOf('month')) };
    }
    case 'month':
      return { start: `${s.year}-01-01`, end: cap(dayjs(`${s.year}-12-31`)) };
    case 'year': {
      const [from, to] = s.yearFrom <= s.yearTo ? [s.yearFrom, s.yearTo] : [s.yearTo, s.yearFrom];
      return { start: `${from}-01-01`, end: cap(dayjs(`${to}-12-31`)) };
    }
  }
}

/** Days between two calendar days (0 for the same day). */
export function daySpan(start: string, end: string): number {
  return dayjs(end).diff(dayjs(start), 'day');
}

/** The shared i18n key of what is wrong with a day range, or null (SPEC §5: at most 30 days). */
export function dayRangeProblem(start: string | undefined, end: string | undefined, maxDays = QUERY_RANGE_MAX_DAYS): string | null {
  if (!start || !end) return 'validation.required';
  if (end < start) return 'validation.startAfterEnd';
  if (daySpan(start, end) > maxDays) return 'validation.rangeMaxDays';
  return null;
}

/** The trend window: a whole life, or the last N days (SPEC §9 trend windows). */
export function trendWindow(days: number | 'all', now: Dayjs = dayjs()): { start?: string; end?: string } {
  if (days === 'all') return {};
  return { start: now.subtract(days - 1, 'day').format(DAY), end: now.format(DAY) };
}
