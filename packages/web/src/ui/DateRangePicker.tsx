import { useId, useState, type ReactElement } from 'react';
import { DatePicker, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_MS, QUERY_RANGE_MAX_DAYS } from '@farmsense/shared';
import { tk } from '../app/i18n/i18n';
import './ui.css';

/**
 * A time-range picker for queries with the SPEC §9 rule "query range at most 30 days" (SPEC §5).
 * The rule is written under the picker and in the calendar's footer; the calendar greys out days
 * beyond the limit once a first day is picked, and a range that still
 * breaks the rule (typed in, or a time past the limit) is refused: the picker keeps the previous
 * range and says why with the shared `validation.rangeMaxDays` message. The server checks the
 * same rule (99996 on endTime), so a refused range never reaches it.
 */
export type DateRange = [Dayjs, Dayjs];

/** The shared i18n key of what is wrong with a range, or null when it may be queried. */
export function rangeProblem(
  range: readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined,
  maxDays = QUERY_RANGE_MAX_DAYS,
): string | null {
  const [start, end] = range ?? [];
  if (!start || !end) return 'validation.required';
  if (end.valueOf() < start.valueOf()) return 'validation.startAfterEnd';
  if (end.valueOf() - start.valueOf() > maxDays * DAY_MS) return 'validation.rangeMaxDays';
  return null;
}

/** The translated message of `rangeProblem`, or null. */
export function rangeMessage(range: Parameters<typeof rangeProblem>[0], maxDays = QUERY_RANGE_MAX_DAYS): string | null {
  const key = rangeProblem(range, maxDays);
  return key ? tk(key, { days: maxDays }) : null;
}

/** An antd form rule for a field holding a DateRange. */
export function dateRangeRule(maxDays = QUERY_RANGE_MAX_DAYS): FormRule {
  return {
    validator: async (_rule, value: DateRange | null | undefined): Promise<void> => {
      const message = rangeMessage(value, maxDays);
      if (message) throw new Error(message);
    },
  };
}

/** The last `hours` hours, ending now. */
export function lastHours(hours: number, now: Dayjs = dayjs()): DateRange {
  return [now.subtract(hours, 'hour'), now];
}

/** SPEC §9 query presets offered beside the calendar, by their `enums.queryPreset` key. */
const PRESET_HOURS: readonly (readonly [key: string, hours: number])[] = [
  ['1h', 1],
  ['3h', 3],
  ['12h', 12],
  ['24h', 24],
  ['3d', 72],
  ['7d', 168],
];

export interface DateRangePickerProps {
  /** Null shows no range (a list that is not limited in time until one is chosen). */
  value: DateRange | null;
  onChange: (range: DateRange) => void;
  maxDays?: number;
  /** Queries look back; the future is greyed out unless a page asks for it. */
  allowFuture?: boolean;
  id?: string;
  'aria-label'?: string;
  className?: string;
}

export function DateRangePicker({
  value,
  onChange,
  maxDays = QUERY_RANGE_MAX_DAYS,
  allowFuture = false,
  id,
  'aria-label': ariaLabel,
  className,
}: DateRangePickerProps): ReactElement {
  const { t } = useTranslation(['enums', 'common']);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const hintId = useId();
  const rule = tk('validation.rangeMaxDays', { days: maxDays });

  const presets = PRESET_HOURS.filter(([, hours]) => hours <= maxDays * 24).map(([key, hours]) => ({
    label: t(`queryPreset.${key}`, { ns: 'enums' }),
    // A function, so "last 24 hours" means the 24 hours before the click, not before the page opened.
    value: () => lastHours(hours),
  }));

  const disabledDate = (current: Dayjs, info: { from?: Dayjs }): boolean => {
    if (!allowFuture && current.isAfter(dayjs(), 'day')) return true;
    if (!info.from) return false;
    return Math.abs(current.startOf('day').diff(info.from.startOf('day'), 'day')) > maxDays;
  };

  const apply = (next: [Dayjs | null, Dayjs | null] | null): void => {
    const message = rangeMessage(next, maxDays);
    if (message) {
      setError(message);
      return;
    }
    setError(null);
    onChange(next as DateRange);
  };

  return (
    <div className={['fs-range', className].filter(Boolean).join(' ')}>
      <DatePicker.RangePicker
        id={id}
        value={value}
        onChange={(dates) => apply(dates as [Dayjs | null, Dayjs | null] | null)}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        allowClear={false}
        presets={presets}
        disabledDate={disabledDate}
        status={error ? 'error' : undefined}
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hintId}
        needConfirm
        // The rule is stated where the days are chosen, not only once it is broken.
        renderExtraFooter={() => <span className="fs-range__rule">{rule}</span>}
      />
      {/* The rule stands beside the picker too, before anyone breaks it (issue 17). */}
      {error ? (
        <div id={errorId} role="alert" className="fs-range__error">
          {error}
        </div>
      ) : (
        <div id={hintId} className="fs-range__hint" data-testid="range-rule">
          {rule}
        </div>
      )}
    </div>
  );
}
