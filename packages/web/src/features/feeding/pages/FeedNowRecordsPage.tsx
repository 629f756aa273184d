import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { COMMAND_STATUSES, type FeedNowRecordRow } from '@farmsense/shared';
import { NoFarm } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { formatDateTime } from '../../../app/i18n/numbers';
import { oneOfFilter } from '../../../ui/list/useListPage';
import { ListTable } from '../../../ui/list/ListPage';
import { SelectFilter } from '../../../ui/SelectFilter';
import { FeedRangeFilters, PEN_RANGE_FILTERS, useFeedReport } from '../components/FeedRangeFilters';
import { CommandTag } from '../components/RemoteParts';
import { useFeedNowRecords } from '../remoteApi';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

const FILTERS = { ...PEN_RANGE_FILTERS, status: oneOfFilter(COMMAND_STATUSES) };

/**
 * /accurate-feeding/records/feed-immediate: every feed-now sent to a farm's feeders, newest first,
 * with when, who (and with which kind of code), the feeder, pen and house, the amount and what the
 * feeder answered (synced, pending, failed, expired); filters by house, pen, outcome and range
 * are in the address, the list is paged by the server.
 */
export function FeedNowRecordsPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const report = useFeedReport(FILTERS, { wholeToday: true });
  const { list } = report;
  const records = useFeedNowRecords({ ...report.ask, penId: report.penId, status: list.filters.status, ...list.paging }, report.ready);
  if (!report.ready) return <NoFarm farmType={report.choice.farmType} />;

  const columns: ColumnsType<FeedNowRecordRow> = [
    { key: 'at', title: t('feedNow.fields.at'), width: 170, render: (_, r) => formatDateTime(r.createdAt) },
    {
      key: 'feeder',
      title: t('remote.fields.feeder'),
      width: 170,
      render: (_, r) => (r.feederNo ? `${r.feederNo} · ${r.feederName ?? ''}` : '—'),
    },
    {
      key: 'pen',
      title: t('remote.fields.pen'),
      width: 130,
      render: (_, r) => (r.penColumn === null ? '—' : t('feedRecords.penLabel', { column: r.penColumn, row: r.penRow })),
    },
    { key: 'shed', title: t('feedRecords.fields.shed'), width: 140, render: (_, r) => r.shedName ?? '' },
    { key: 'grams', title: t('feedNow.fields.grams'), width: 110, align: 'right', render: (_, r) => r.grams },
    {
      key: 'by',
      title: t('feedNow.fields.by'),
      width: 190,
      render: (_, r) => `${r.accountName ?? ''}${r.codeKind ? ` (${t(`feedNow.codeKinds.${r.codeKind}`)})` : ''}`,
    },
    {
      key: 'outcome',
      title: t('feedNow.fields.outcome'),
      width: 200,
      render: (_, r) => (
        <>
          <CommandTag status={r.status} online /> {r.status === 'failed' && r.ackMsg ? r.ackMsg : ''}
        </>
      ),
    },
    {
      key: 'ackedAt',
      title: t('feedNow.fields.ackedAt'),
      width: 170,
      render: (_, r) => (r.ackedAt === null ? '—' : formatDateTime(r.ackedAt)),
    },
  ];

  return (
    <PageFrame head={{ title: menuLabel('accurate-feeding.records.feed-immediate'), subtitle: t('feedNow.subtitle') }}>
      <FeedRangeFilters id="feednow" report={report} pen>
        <SelectFilter
          id="feednow-status"
          label={t('feedNow.fields.outcome')}
          width={160}
          value={list.filters.status}
          options={COMMAND_STATUSES.map((s) => ({ value: s, label: t(`remote.status.${s}`) }))}
          onChange={(v) => list.apply({ status: v })}
        />
      </FeedRangeFilters>
      <ListTable
        list={list}
        page={records}
        label={t('feedNow.table')}
        rowKey="commandId"
        columns={columns}
        emptyText={t('feedNow.empty')}
      />
    </PageFrame>
  );
}
