import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { COMMAND_STATUSES, type FeedNowRecordRow } from '@farmsense/shared';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { formatDateTime } from '../../../app/i18n/numbers';
import { numberFilter, oneOfFilter, useListPage } from '../../../ui/list/useListPage';
import { ListTable } from '../../../ui/list/ListPage';
import { SelectFilter } from '../../../ui/SelectFilter';
import { FeedRangeFilters, useFeedRange } from '../components/FeedRangeFilters';
import { CommandTag } from '../components/RemoteParts';
import { useFeedNowRecords } from '../remoteApi';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

const FILTERS = {
  shedId: numberFilter,
  penId: numberFilter,
  status: oneOfFilter(COMMAND_STATUSES),
  start: numberFilter,
  end: numberFilter,
};

/**
 * /accurate-feeding/records/feed-immediate: every feed-now sent to a farm's feeders, newest first,
 * with when, who (and with which kind of code), the feeder, pen and house, the amount and what the
 * feeder answered (synced, pending, failed, expired); filters by house, pen, outcome and range
 * are in the address, the list is paged by the server.
 */
export function FeedNowRecordsPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const { filters } = list;
  const range = useFeedRange(filters, { wholeToday: true });
  const records = useFeedNowRecords(
    {
      farmId: choice.farmId ?? 0,
      shedId: filters.shedId,
      penId: filters.shedId === undefined ? undefined : filters.penId,
      status: filters.status,
      startTime: range[0].valueOf(),
      endTime: range[1].valueOf(),
      ...list.paging,
    },
    choice.farmId !== undefined,
  );
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;

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
      <FeedRangeFilters
        id="feednow"
        choice={choice}
        shedId={filters.shedId}
        pen={{ penId: filters.penId }}
        range={range}
        onFilters={list.apply}
      >
        <SelectFilter
          id="feednow-status"
          label={t('feedNow.fields.outcome')}
          width={160}
          value={filters.status}
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
