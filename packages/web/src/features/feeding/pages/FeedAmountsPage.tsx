import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FeedAmountRow } from '@farmsense/shared';
import { NoFarm } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { ListTable } from '../../../ui/list/ListPage';
import { ExportButton } from '../../../ui/ExportButton';
import { feedAmountsExport, useFeedAmounts } from '../analysisApi';
import { feederDayColumns } from '../components/feederDayColumns';
import { FeedRangeFilters, RANGE_FILTERS, useFeedReport } from '../components/FeedRangeFilters';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

/**
 * /accurate-feeding/records/amount: per feeder and farm day its farm, house, pen, the grams
 * planned and dispensed and the meals of its confirmed plan done, newest day first, paged by the
 * server; a farm or one house and at most 30 days; the same rows as an Excel file.
 */
export function FeedAmountsPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const report = useFeedReport(RANGE_FILTERS);
  const { ask, list } = report;
  const amounts = useFeedAmounts({ ...ask, ...list.paging }, report.ready);
  if (!report.ready) return <NoFarm farmType={report.choice.farmType} />;

  const columns: ColumnsType<FeedAmountRow> = [
    ...feederDayColumns<FeedAmountRow>(t, true),
    {
      key: 'meals',
      title: t('feedAmounts.mealsDone'),
      width: 130,
      render: (_, r) => (r.meals === null ? t('feedAmounts.noPlan') : t('feedAmounts.mealsOf', { done: r.mealsDone, meals: r.meals })),
    },
  ];

  return (
    <PageFrame head={{ title: menuLabel('accurate-feeding.records.amount'), subtitle: t('feedAmounts.subtitle') }}>
      <FeedRangeFilters id="amounts" report={report} actions={<ExportButton request={feedAmountsExport(ask)} />} />
      <ListTable
        list={list}
        page={amounts}
        label={t('feedAmounts.sheet')}
        rowKey={(r) => `${r.feederId}-${r.day}`}
        columns={columns}
        scroll={{ x: 1120 }}
        emptyText={t('feedAmounts.empty')}
      />
    </PageFrame>
  );
}
