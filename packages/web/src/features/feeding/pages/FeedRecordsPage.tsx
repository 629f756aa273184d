import type { ReactElement } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FeedRecordRow } from '@farmsense/shared';
import { NoFarm } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { ExportButton } from '../../../ui/ExportButton';
import { ListTable } from '../../../ui/list/ListPage';
import { feederDayColumns } from '../components/feederDayColumns';
import { pctColumn } from '../components/pctColumn';
import { FeedRangeFilters, PEN_RANGE_FILTERS, useFeedReport } from '../components/FeedRangeFilters';
import { feedRecordsExport, useFeedRecords, type FeedRecordsAsk } from '../recordsApi';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

/**
 * /accurate-feeding/records/feeding: per feeder and farm day what it planned and dispensed, the
 * share of the plan and whether the sow ate, newest day first, for a farm or one house and a
 * range of at most 30 days; the same records as an Excel file. Filters are in the address.
 */
export function FeedRecordsPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const report = useFeedReport(PEN_RANGE_FILTERS);
  const { list } = report;
  const ask: FeedRecordsAsk = { ...report.ask, penId: report.penId };
  const records = useFeedRecords({ ...ask, ...list.paging }, report.ready);
  if (!report.ready) return <NoFarm farmType={report.choice.farmType} />;

  const columns: ColumnsType<FeedRecordRow> = [
    ...feederDayColumns<FeedRecordRow>(t),
    pctColumn<FeedRecordRow>('share', t('feedRecords.fields.share'), 120, (r) => r.share),
    {
      key: 'state',
      title: t('feedRecords.fields.state'),
      width: 120,
      render: (_, r) => (r.ate ? <Tag color="green">{t('feedRecords.ate')}</Tag> : <Tag color="red">{t('feedRecords.notEaten')}</Tag>),
    },
  ];

  return (
    <PageFrame head={{ title: menuLabel('accurate-feeding.records.feeding'), subtitle: t('feedRecords.subtitle') }}>
      <FeedRangeFilters id="records" report={report} pen actions={<ExportButton request={feedRecordsExport(ask)} />} />
      <ListTable
        list={list}
        page={records}
        label={t('feedRecords.sheet')}
        rowKey={(r) => `${r.feederId}-${r.day}`}
        columns={columns}
        emptyText={t('feedRecords.empty')}
      />
    </PageFrame>
  );
}
