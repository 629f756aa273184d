import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FEED_EVENT_KINDS, type FeedAlarmStatsAnswer } from '@farmsense/shared';
import { NoFarm } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { formatDecimal } from '../../../app/i18n/numbers';
import { BarChart } from '../../../ui/charts/BarChart';
import { PagedTable } from '../../../ui/PagedTable';
import { Panel } from '../../../ui/Panel';
import { useFeedAlarmStats } from '../analysisApi';
import { FeedRangeFilters, RANGE_FILTERS, useFeedReport } from '../components/FeedRangeFilters';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

type ShedRow = FeedAlarmStatsAnswer['sheds'][number];
type TopRow = FeedAlarmStatsAnswer['top'][number];

/**
 * /accurate-feeding/feed-alarm/analysis: the days on which a sow did not eat (the feeder saw her
 * off her feed, or a finished day stayed under the plan's share), as the morning list of
 * /feed-alarm/records judges them, counted per day (stacked bars by kind), per house and for the
 * feeders with the most, over at most 30 days.
 */
export function FeedAlarmStatsPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const report = useFeedReport(RANGE_FILTERS);
  const answer = useFeedAlarmStats(report.ask, report.ready);
  if (!report.ready) return <NoFarm farmType={report.choice.farmType} />;

  const data = answer.data;
  const n = (v: number): string => formatDecimal(v, 0);
  const counts = FEED_EVENT_KINDS.map((k) => ({
    key: k,
    title: t(`alarmStats.kinds.${k}`),
    width: 130,
    align: 'right' as const,
    render: (_: unknown, r: ShedRow | TopRow) => n(r[k]),
  }));
  const shedColumns: ColumnsType<ShedRow> = [
    { key: 'shed', title: t('alarmStats.fields.shed'), width: 200, render: (_, r) => r.shedName },
    ...counts,
    { key: 'total', title: t('alarmStats.fields.total'), width: 110, align: 'right', render: (_, r) => n(r.refused + r.low) },
  ];
  const topColumns: ColumnsType<TopRow> = [
    { key: 'feeder', title: t('alarmStats.fields.feeder'), width: 170, render: (_, r) => `${r.feederNo} · ${r.feederName}` },
    { key: 'shed', title: t('alarmStats.fields.shed'), width: 160, render: (_, r) => r.shedName },
    {
      key: 'pen',
      title: t('alarmStats.fields.pen'),
      width: 150,
      render: (_, r) => t('feedRecords.penLabel', { column: r.penColumn, row: r.penRow }),
    },
    ...counts,
    { key: 'total', title: t('alarmStats.fields.total'), width: 110, align: 'right', render: (_, r) => n(r.total) },
  ];
  const table = { loading: answer.isFetching, error: answer.error, onRetry: () => void answer.refetch(), className: 'fs-admin-table' };

  return (
    <PageFrame
      head={{ title: menuLabel('accurate-feeding.feed-alarm.analysis'), subtitle: t('alarmStats.subtitle') }}
      after={
        <>
          <Panel title={t('alarmStats.byShed')}>
            <PagedTable<ShedRow>
              label={t('alarmStats.byShed')}
              columnsKey="feed-alarm-sheds"
              rowKey={(r) => r.shedId}
              columns={shedColumns}
              rows={data?.sheds}
              emptyText={t('alarmStats.empty')}
              {...table}
            />
          </Panel>
          <Panel title={t('alarmStats.top')}>
            <PagedTable<TopRow>
              label={t('alarmStats.top')}
              columnsKey="feed-alarm-top"
              rowKey={(r) => r.feederId}
              columns={topColumns}
              rows={data?.top}
              emptyText={t('alarmStats.empty')}
              {...table}
            />
          </Panel>
        </>
      }
    >
      <FeedRangeFilters id="feed-alarm" report={report} />
      {data && (
        <p className="fs-muted" data-testid="feed-alarm-total">
          {t('alarmStats.total')}: {FEED_EVENT_KINDS.map((k) => `${t(`alarmStats.kinds.${k}`)} ${n(data.total[k])}`).join(' · ')}
        </p>
      )}
      {data && data.total.refused + data.total.low > 0 && (
        <BarChart
          categories={data.days.map((d) => d.day)}
          series={FEED_EVENT_KINDS.map((k) => ({
            id: k,
            name: t(`alarmStats.kinds.${k}`),
            values: data.days.map((d) => d[k]),
            stack: 'days',
          }))}
          unit={t('alarmStats.days')}
          valueName={t('alarmStats.total')}
          decimals={0}
          ariaLabel={t('alarmStats.chart')}
          testId="feed-alarm-chart"
        />
      )}
    </PageFrame>
  );
}
