import type { ReactElement } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FeedIntakeDay } from '@farmsense/shared';
import { NoFarm } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { formatDecimal } from '../../../app/i18n/numbers';
import { LineChart, type ValueLine } from '../../../ui/charts';
import { numberFilter } from '../../../ui/list/useListPage';
import { PagedTable } from '../../../ui/PagedTable';
import { useFeedIntake } from '../analysisApi';
import { FeedRangeFilters, PEN_RANGE_FILTERS, useFeedReport } from '../components/FeedRangeFilters';
import { pctColumn } from '../components/pctColumn';
import { SelectFilter } from '../../../ui/SelectFilter';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

const FILTERS = { ...PEN_RANGE_FILTERS, feederId: numberFilter };

/**
 * /accurate-feeding/slb-analysis/index: the daily intake of one sow's feeder or one pen (its
 * feeders summed; the house or farm without a choice) against the plan, as lines and a table,
 * the days under the plan's share (FEED_MIN_SHARE %) or with a sow off her feed flagged.
 */
export function IntakeTrendPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const report = useFeedReport(FILTERS);
  const { list, penId } = report;
  const { filters } = list;
  const answer = useFeedIntake({ ...report.ask, penId, feederId: filters.feederId }, report.ready);
  if (!report.ready) return <NoFarm farmType={report.choice.farmType} />;

  const days = answer.data?.days ?? [];
  const feeders = (answer.data?.feeders ?? [])
    .filter((f) => penId === undefined || f.penId === penId)
    .map((f) => ({ value: f.feederId, label: `${f.feederNo} · ${f.feederName}` }));
  const g = (v: number): string => formatDecimal(v, 0);
  const lines: ValueLine[] = [
    { id: 'planned', name: t('feedAnalysis.series.planned'), points: days.map((d, i) => [i, d.planned] as const), dashed: true },
    { id: 'dispensed', name: t('feedAnalysis.series.dispensed'), points: days.map((d, i) => [i, d.dispensed] as const) },
  ].filter((l) => l.points.some(([, y]) => y !== null && y > 0));
  const columns: ColumnsType<FeedIntakeDay> = [
    { key: 'day', title: t('intake.fields.day'), width: 120, render: (_, r) => r.day },
    { key: 'planned', title: t('intake.fields.planned'), width: 120, align: 'right', render: (_, r) => g(r.planned) },
    { key: 'dispensed', title: t('intake.fields.dispensed'), width: 120, align: 'right', render: (_, r) => g(r.dispensed) },
    pctColumn<FeedIntakeDay>('share', t('intake.fields.share'), 120, (r) => r.share),
    { key: 'feeders', title: t('intake.fields.feeders'), width: 100, align: 'right', render: (_, r) => g(r.feeders) },
    {
      key: 'state',
      title: t('intake.fields.state'),
      width: 120,
      render: (_, r) => (r.low ? <Tag color="red">{t('intake.low')}</Tag> : <Tag color="green">{t('intake.onPlan')}</Tag>),
    },
  ];
  const lowDays = days.filter((d) => d.low).length;

  return (
    <PageFrame
      head={{ title: menuLabel('accurate-feeding.slb-analysis'), subtitle: t('intake.subtitle', { share: answer.data?.minShare ?? '' }) }}
    >
      <FeedRangeFilters id="intake" report={report} pen onFilters={(p) => list.apply('penId' in p ? { ...p, feederId: undefined } : p)}>
        <SelectFilter<number>
          id="intake-feeder"
          label={t('intake.feeder')}
          width={200}
          search
          placeholder={t('intake.allFeeders')}
          value={filters.feederId}
          options={feeders}
          onChange={(v) => list.apply({ feederId: v })}
        />
      </FeedRangeFilters>
      {days.length > 0 && (
        <>
          <LineChart
            lines={lines}
            categories={days.map((d) => d.day)}
            xTitle={t('intake.fields.day')}
            yTitle={t('intake.amount')}
            unit="g"
            decimals={0}
            ariaLabel={t('intake.chart')}
            testId="intake-chart"
          />
          <p className="fs-muted">{t('intake.lowDays', { count: lowDays })}</p>
        </>
      )}
      <PagedTable<FeedIntakeDay>
        label={t('intake.chart')}
        rowKey={(r) => r.day}
        className="fs-admin-table"
        columns={columns}
        rows={days}
        loading={answer.isFetching}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        emptyText={t('intake.empty')}
      />
    </PageFrame>
  );
}
