import { useState, type ReactElement } from 'react';
import { Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { COMMAND_STATUSES, type FeedNowRecordRow } from '@farmsense/shared';
import { NoFarm, useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { formatDateTime } from '../../../app/i18n/numbers';
import { DateRangePicker, type DateRange } from '../../../ui/DateRangePicker';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { numberFilter, oneOfFilter, useListPage } from '../../../ui/list/useListPage';
import { ListTable } from '../../../ui/list/ListPage';
import { PageHead } from '../../../ui/PageParts';
import { CommandTag } from '../components/RemoteParts';
import { useRecordPens } from '../recordsApi';
import { useFeedNowRecords } from '../remoteApi';
import '../../../ui/admin.css';

const FILTERS = {
  shedId: numberFilter,
  penId: numberFilter,
  status: oneOfFilter(COMMAND_STATUSES),
  start: numberFilter,
  end: numberFilter,
};
/** Without a chosen range the last seven days show, today included. */
const DEFAULT_DAYS = 7;

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
  const sheds = useShedOptions(choice.farmId);
  const pens = useRecordPens(choice.farmId, filters.shedId);
  const [opened] = useState(() => dayjs());
  const range: DateRange =
    filters.start !== undefined && filters.end !== undefined
      ? [dayjs(filters.start), dayjs(filters.end)]
      : [opened.subtract(DEFAULT_DAYS - 1, 'day').startOf('day'), opened.endOf('day')];
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
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel('accurate-feeding.records.feed-immediate')} subtitle={t('feedNow.subtitle')} />
      <div className="fs-panel">
        <FilterBar label={t('filters.label')}>
          <FarmField
            id="feednow-farm"
            label={t('feedRecords.fields.farm')}
            width={220}
            choice={choice}
            onPicked={() => list.apply({ shedId: undefined, penId: undefined })}
          />
          <FilterField id="feednow-shed" label={t('feedRecords.fields.shed')} width={180}>
            <Select<number>
              id="feednow-shed"
              allowClear
              placeholder={t('common:all')}
              value={filters.shedId}
              options={sheds.data ?? []}
              onChange={(v) => list.apply({ shedId: v, penId: undefined })}
            />
          </FilterField>
          <FilterField id="feednow-pen" label={t('remote.fields.pen')} width={160}>
            <Select<number>
              id="feednow-pen"
              allowClear
              disabled={filters.shedId === undefined}
              placeholder={t('common:all')}
              value={filters.shedId === undefined ? undefined : filters.penId}
              options={pens}
              onChange={(v) => list.apply({ penId: v })}
            />
          </FilterField>
          <FilterField id="feednow-status" label={t('feedNow.fields.outcome')} width={160}>
            <Select
              id="feednow-status"
              allowClear
              placeholder={t('common:all')}
              value={filters.status}
              options={COMMAND_STATUSES.map((s) => ({ value: s, label: t(`remote.status.${s}`) }))}
              onChange={(v) => list.apply({ status: v })}
            />
          </FilterField>
          <FilterField id="feednow-range" label={t('feedRecords.range')}>
            <DateRangePicker id="feednow-range" value={range} onChange={([a, b]) => list.apply({ start: a.valueOf(), end: b.valueOf() })} />
          </FilterField>
        </FilterBar>
        <ListTable
          list={list}
          page={records}
          label={t('feedNow.table')}
          rowKey="commandId"
          columns={columns}
          emptyText={t('feedNow.empty')}
        />
      </div>
    </section>
  );
}
