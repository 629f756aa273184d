import { useId, useState, type ReactElement } from 'react';
import { DatePicker, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { QUERY_RANGE_MAX_DAYS, TREND_WINDOWS_DAYS, type ReportPeriod, pad2 } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { FilterField } from '../../../ui/FilterBar';
import { numberOptions } from '../../../ui/numberOptions';
import { dayRangeProblem, MONTHS, yearList, type RangeState } from '../model/range';

/**
 * The range fields of a report for its period: a day range (30 days at most, refused with the
 * shared message when broken), months of a year, a year, or a run of years (last ten).
 */
const DAY = 'YYYY-MM-DD';

function DayRange({
  id,
  value,
  onChange,
  today,
}: {
  id: string;
  value: [string, string];
  onChange: (v: [string, string]) => void;
  today: Dayjs;
}): ReactElement {
  const { t } = useTranslation('poultry');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const presets = TREND_WINDOWS_DAYS.filter((d) => d <= QUERY_RANGE_MAX_DAYS + 1).map((d) => ({
    label: t('window.days', { count: d }),
    value: (): [Dayjs, Dayjs] => [today.subtract(d - 1, 'day'), today],
  }));
  const apply = (dates: [Dayjs | null, Dayjs | null] | null): void => {
    const start = dates?.[0]?.format(DAY);
    const end = dates?.[1]?.format(DAY);
    const problem = dayRangeProblem(start, end);
    if (problem) {
      setError(tk(problem, { days: QUERY_RANGE_MAX_DAYS }));
      return;
    }
    setError(null);
    onChange([start!, end!]);
  };
  return (
    <div className="fs-range">
      <DatePicker.RangePicker
        id={id}
        value={[dayjs(value[0]), dayjs(value[1])]}
        onChange={(d) => apply(d as [Dayjs | null, Dayjs | null] | null)}
        allowClear={false}
        presets={presets}
        disabledDate={(current, info) =>
          current.isAfter(today, 'day') || (!!info.from && Math.abs(current.diff(info.from, 'day')) > QUERY_RANGE_MAX_DAYS)
        }
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        renderExtraFooter={() => <span className="fs-range__rule">{tk('validation.rangeMaxDays', { days: QUERY_RANGE_MAX_DAYS })}</span>}
      />
      {error && (
        <div id={errorId} role="alert" className="fs-range__error">
          {error}
        </div>
      )}
    </div>
  );
}

export function RangeControl({
  idPrefix,
  period,
  value,
  onChange,
  today = dayjs(),
}: {
  idPrefix: string;
  period: ReportPeriod;
  value: RangeState;
  onChange: (v: RangeState) => void;
  /** The farm's today: the last day offered and the end of the presets. */
  today?: Dayjs;
}): ReactElement {
  const { t } = useTranslation('poultry');
  const years = numberOptions(yearList(today));
  const months = MONTHS.map((m) => ({ value: m, label: pad2(m) }));
  const set = (patch: Partial<RangeState>): void => onChange({ ...value, ...patch });
  const field = (key: string, label: string, control: ReactElement): ReactElement => (
    <FilterField key={key} id={`${idPrefix}-${key}`} label={label}>
      {control}
    </FilterField>
  );
  const select = (key: string, v: number, options: { value: number; label: string }[], on: (n: number) => void): ReactElement => (
    <Select<number>
      id={`${idPrefix}-${key}`}
      value={v}
      options={options}
      onChange={on}
      className="fs-poultry-num-select"
      popupMatchSelectWidth={false}
    />
  );

  if (period === 'day')
    return field(
      'days',
      t('filters.range'),
      <DayRange id={`${idPrefix}-days`} value={value.days} onChange={(days) => set({ days })} today={today} />,
    );
  if (period === 'year') {
    return (
      <>
        {field(
          'yearFrom',
          t('filters.yearFrom'),
          select('yearFrom', value.yearFrom, years, (yearFrom) => set({ yearFrom })),
        )}
        {field(
          'yearTo',
          t('filters.yearTo'),
          select('yearTo', value.yearTo, years, (yearTo) => set({ yearTo })),
        )}
      </>
    );
  }
  return (
    <>
      {field(
        'year',
        t('filters.year'),
        select('year', value.year, years, (year) => set({ year })),
      )}
      {period === 'week' &&
        field(
          'monthFrom',
          t('filters.monthFrom'),
          select('monthFrom', value.monthFrom, months, (monthFrom) => set({ monthFrom })),
        )}
      {period === 'week' &&
        field(
          'monthTo',
          t('filters.monthTo'),
          select('monthTo', value.monthTo, months, (monthTo) => set({ monthTo })),
        )}
    </>
  );
}
