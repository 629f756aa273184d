import { useState } from 'react';
import dayjs from 'dayjs';
import { lastHours, type DateRange } from '../DateRangePicker';

/** A list's time range: chosen (in the address) or the default. */
export interface AddressRange {
  /** Whether the address holds a range (`start` and `end`). */
  fixed: boolean;
  range: DateRange;
  /** Puts a chosen range in the address (page 1). */
  pick: (range: DateRange) => void;
}

/**
 * The time range of a list page kept in its address as `start` and `end` (ms), else the last
 * `hours` hours up to when the page opened (fixed then, so the default query stays the same while
 * the page is shown).
 */
export function useAddressRange<F extends { start?: number; end?: number }>(
  list: { filters: F; apply: (patch: Partial<F>) => void },
  hours: number,
): AddressRange {
  const [opened] = useState(() => dayjs());
  const { start, end } = list.filters;
  const fixed = start !== undefined && end !== undefined;
  return {
    fixed,
    range: fixed ? [dayjs(start), dayjs(end)] : lastHours(hours, opened),
    pick: ([a, b]) => list.apply({ start: a.valueOf(), end: b.valueOf() } as Partial<F>),
  };
}
