import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FEED_ANALYSIS_GROUPS, type FeedAnalysisRow } from '@farmsense/shared';
import { NoFarm } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { formatDecimal } from '../../../app/i18n/numbers';
import { BarChart } from '../../../ui/charts/BarChart';
import { oneOfFilter } from '../../../ui/list/useListPage';
import { PagedTable } from '../../../ui/PagedTable';
import { ExportButton } from '../../../ui/ExportButton';
import { feedAnalysisExport, useFeedAnalysis, type FeedAnalysisAsk } from '../analysisApi';
import { FeedRangeFilters, RANGE_FILTERS, useFeedReport } from '../components/FeedRangeFilters';
import { FeedReconcileSection } from '../components/FeedReconcileSection';
import { formatPct, pctColumn } from '../components/pctColumn';
import { SelectFilter } from '../../../ui/SelectFilter';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

const FILTERS = { ...RANGE_FILTERS, groupBy: oneOfFilter(FEED_ANALYSIS_GROUPS) };
const kg = (g: number): number => g / 1000;

/**
 * /accurate-feeding/feed-analysis/analysis: planned against dispensed feed (kg) summed per day,
 * house or pen (the user picks), with the leftover and the deviation from the plan, as bars and a
 * table, for a farm or one house over at most 30 days; the same rows as an Excel file. Below it
 * the reconciliation of the houses' silos against their feeders (FeedReconcileSection).
 */
export function FeedAnalysisPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const report = useFeedReport(FILTERS);
  const { choice, list } = report;
  const ask: FeedAnalysisAsk = { ...report.ask, groupBy: list.filters.groupBy ?? 'day' };
  const answer = useFeedAnalysis(ask, report.ready);
  if (!report.ready) return <NoFarm farmType={choice.farmType} />;

  const rows = answer.data?.list ?? [];
  const label = (r: FeedAnalysisRow): string =>
    r.day ??
    (r.penColumn === null ? (r.shedName ?? '') : `${r.shedName} · ${t('feedRecords.penLabel', { column: r.penColumn, row: r.penRow })}`);
  const f1 = (g: number): string => formatDecimal(kg(g), 1);
  const columns: ColumnsType<FeedAnalysisRow> = [
    { key: 'group', title: t(`feedAnalysis.groups.${ask.groupBy}`), width: 220, render: (_, r) => label(r) },
    { key: 'records', title: t('feedAnalysis.fields.records'), width: 120, align: 'right', render: (_, r) => formatDecimal(r.records, 0) },
    { key: 'planned', title: t('feedAnalysis.fields.planned'), width: 130, align: 'right', render: (_, r) => f1(r.planned) },
    { key: 'dispensed', title: t('feedAnalysis.fields.dispensed'), width: 130, align: 'right', render: (_, r) => f1(r.dispensed) },
    { key: 'leftover', title: t('feedAnalysis.fields.leftover'), width: 130, align: 'right', render: (_, r) => f1(r.leftover) },
    pctColumn<FeedAnalysisRow>('deviation', t('feedAnalysis.fields.deviation'), 130, (r) => r.deviation),
  ];
  const total = answer.data?.total;

  return (
    <PageFrame
      head={{ title: menuLabel('accurate-feeding.feed-analysis'), subtitle: t('feedAnalysis.subtitle') }}
      after={
        <div className="fs-panel">
          <FeedReconcileSection ask={report.ask} />
        </div>
      }
    >
      <FeedRangeFilters id="analysis" report={report} actions={<ExportButton request={feedAnalysisExport(ask)} />}>
        <SelectFilter
          id="analysis-group"
          label={t('feedAnalysis.groupBy')}
          width={160}
          required
          value={ask.groupBy}
          options={FEED_ANALYSIS_GROUPS.map((g) => ({ value: g, label: t(`feedAnalysis.groups.${g}`) }))}
          onChange={(v) => list.apply({ groupBy: v })}
        />
      </FeedRangeFilters>
      {rows.length > 0 && (
        <BarChart
          categories={rows.map(label)}
          series={[
            { id: 'planned', name: t('feedAnalysis.series.planned'), values: rows.map((r) => kg(r.planned)) },
            { id: 'dispensed', name: t('feedAnalysis.series.dispensed'), values: rows.map((r) => kg(r.dispensed)) },
          ]}
          unit="kg"
          valueName={t('feedAnalysis.amount')}
          ariaLabel={t('feedAnalysis.chart')}
          testId="feed-analysis-chart"
        />
      )}
      {total && rows.length > 0 && (
        <p className="fs-muted" data-testid="feed-analysis-total">
          {t('feedAnalysis.total')}: {t('feedAnalysis.fields.planned')} {f1(total.planned)} · {t('feedAnalysis.fields.dispensed')}{' '}
          {f1(total.dispensed)} · {t('feedAnalysis.fields.leftover')} {f1(total.leftover)} · {t('feedAnalysis.fields.deviation')}{' '}
          {formatPct(total.deviation)}
        </p>
      )}
      <PagedTable<FeedAnalysisRow>
        label={t('feedAnalysis.sheet')}
        rowKey={(r) => r.key}
        className="fs-admin-table"
        columns={columns}
        rows={answer.data?.list}
        loading={answer.isFetching}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        emptyText={t('feedAnalysis.empty')}
      />
    </PageFrame>
  );
}
