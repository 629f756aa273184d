import type { ReactElement, ReactNode } from 'react';
import { DatePicker } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { FarmChoice } from '../../../app/farm';
import { formatDecimal } from '../../../app/i18n/numbers';
import { DateRangePicker, type DateRange } from '../../../ui/DateRangePicker';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { allQueries, PageHead, RefreshButton } from '../../../ui/PageParts';
import '../alarms.css';

/** The period of an alarm report: a range (at most 30 days), or one day, week or month. */
export type ReportSpan =
  | { kind: 'range'; value: DateRange; onChange: (next: DateRange) => void }
  | { kind: 'day'; picker: 'date' | 'week' | 'month'; label: string; value: Dayjs; onChange: (next: Dayjs) => void };

/**
 * The frame of the alarm reports, the environment reports' layout built from the ui parts (the
 * environment feature's own frame would bring its controller panel and trend controls into these
 * pages): heading, filters starting with the farm (`{idPrefix}-farm`), the page's own fields, the
 * period (`{idPrefix}-range` or `{idPrefix}-day`) and "Refresh"; then the report.
 */
export function ReportPage({
  title,
  subtitle,
  idPrefix,
  farm,
  queries,
  filters,
  span,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  idPrefix: string;
  farm: Pick<FarmChoice, 'farms' | 'farmId'> & { select: (id: number) => void };
  queries: readonly Pick<UseQueryResult, 'refetch' | 'isFetching'>[];
  filters?: ReactNode;
  span: ReportSpan;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation(['alarms', 'common']);
  const spanId = `${idPrefix}-${span.kind}`;
  return (
    <section className="fs-env-page fs-alarm-report" aria-labelledby="page-title">
      <PageHead title={title} subtitle={subtitle} />
      <div className="fs-panel fs-env-filters">
        <FilterBar label={t('reports.filters')} actions={<RefreshButton query={allQueries(queries)} disabled={queries.length === 0} />}>
          <FarmField id={`${idPrefix}-farm`} label={t('records.farm')} width={200} choice={farm} />
          {filters}
          {span.kind === 'range' ? (
            <FilterField id={spanId} label={t('records.time')}>
              <DateRangePicker id={spanId} value={span.value} onChange={span.onChange} />
            </FilterField>
          ) : (
            <FilterField id={spanId} label={span.label}>
              <DatePicker
                id={spanId}
                picker={span.picker}
                allowClear={false}
                value={span.value}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                onChange={(d: Dayjs | null) => d && span.onChange(d)}
              />
            </FilterField>
          )}
        </FilterBar>
      </div>
      {children}
    </section>
  );
}

/** Time in alarm in hours and time to acknowledge in minutes, as the Excel files give them. */
export function hoursText(sec: number): string {
  return formatDecimal(sec / 3600, 1);
}
export function minutesText(sec: number | null): string {
  return sec === null ? '–' : formatDecimal(sec / 60, 1);
}
