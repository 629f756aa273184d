import type { ReactElement, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NoFarm, type FarmChoice } from '../../../app/farm';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { DateRangePicker, type DateRange } from '../../../ui/DateRangePicker';
import { allQueries, PageHead, RefreshButton } from '../../../ui/PageParts';
import { EmptyBlock } from '../../../ui/QueryStates';
import type { TimeChoice } from '../model/timeRange';
import { TimeRangeControl } from './TimeRangeControl';

/**
 * The frame of the environment's charts and reports: heading, a filter panel that starts with the
 * farm (`{idPrefix}-farm`), then the page's own fields, then the period, and "Refresh"; then what
 * the page shows. The period is a trend time (a preset or a custom range, `{idPrefix}-time`) or
 * a plain date range (`{idPrefix}-range`).
 */
export type ReportPeriod =
  | { kind: 'time'; value: TimeChoice; onChange: (next: TimeChoice) => void }
  | { kind: 'range'; value: DateRange; onChange: (next: DateRange) => void };

function PeriodField({ idPrefix, period }: { idPrefix: string; period: ReportPeriod }): ReactElement {
  const { t } = useTranslation('environment');
  const id = `${idPrefix}-${period.kind}`;
  return (
    <FilterField id={id} label={period.kind === 'time' ? t('trend.time') : t('records.range')}>
      {period.kind === 'time' ? (
        <TimeRangeControl id={id} value={period.value} onChange={period.onChange} />
      ) : (
        <DateRangePicker id={id} value={period.value} onChange={period.onChange} />
      )}
    </FilterField>
  );
}

export function ReportFrame({
  title,
  subtitle,
  filtersLabel,
  idPrefix,
  farm,
  queries,
  filters,
  period,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  filtersLabel: string;
  idPrefix: string;
  farm: Pick<FarmChoice, 'farms' | 'farmId' | 'select'>;
  /** What "Refresh" reloads (none: nothing asked yet, the button is off). */
  queries: readonly Pick<UseQueryResult, 'refetch' | 'isFetching'>[];
  /** The page's own filter fields, between the farm and the period. */
  filters?: ReactNode;
  period: ReportPeriod;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation('shell');
  const farmId = `${idPrefix}-farm`;
  return (
    <section className="fs-env-page" aria-labelledby="page-title">
      <PageHead title={title} subtitle={subtitle} />
      <div className="fs-panel fs-env-filters">
        <FilterBar
          label={filtersLabel}
          actions={<RefreshButton query={allQueries(queries)} disabled={queries.length === 0} label={t('actions.refresh')} />}
        >
          <FarmField id={farmId} label={t('overview.farm')} choice={farm} placeholder={t('overview.selectFarm')} />
          {filters}
          <PeriodField idPrefix={idPrefix} period={period} />
        </FilterBar>
      </div>
      {children}
    </section>
  );
}

function NoSheds(): ReactElement {
  const { t } = useTranslation('shell');
  return <EmptyBlock title={t('overview.noSheds')} hint={t('overview.noShedsHint')} />;
}

/** What a shed report shows instead of its charts while there is nothing to ask: no farm, or a farm without sheds. */
export function shedReportGate(farms: readonly unknown[], farmType: number, sheds: readonly unknown[] | undefined): ReactElement | null {
  if (farms.length === 0) return <NoFarm farmType={farmType} />;
  if (sheds && sheds.length === 0) return <NoSheds />;
  return null;
}
