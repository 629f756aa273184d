import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SiloDailyRow, SiloDeliveryRow } from '@farmsense/shared';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { useAddressRange } from '../../../ui/list/useAddressRange';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { numberFilter, oneOfFilter, useListPage } from '../../../ui/list/useListPage';
import { ListTable } from '../../../ui/list/ListPage';
import { useDaily, useDeliveries, useSiloPage, type SiloRecordsQuery } from '../api';
import { fmtKg, fmtTime } from '../model/forecast';
import { SelectFilter } from '../../../ui/SelectFilter';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

const VIEWS = ['deliveries', 'daily'] as const;
const FILTERS = { view: oneOfFilter(VIEWS), siloId: numberFilter, start: numberFilter, end: numberFilter };
/** Without a chosen range the records of the last 30 days show. */
const DEFAULT_HOURS = 30 * 24;

/**
 * /weight/records: what the load cells told of a farm's silos (or one silo) in a time range: the
 * deliveries found (start, end of the rise, kg) or, per silo and day, the feed drawn, the feed
 * delivered and the weight at the day's end. View, silo and range are in the address.
 */
export function SiloRecordsPage(): ReactElement {
  const { t } = useTranslation(['silos', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const { filters } = list;
  const view = filters.view ?? 'deliveries';
  const { range, pick } = useAddressRange(list, DEFAULT_HOURS);
  const silos = useSiloPage({ pageNo: 1, pageSize: 1000, farmId: choice.farmId }, choice.farmId !== undefined);
  const query: SiloRecordsQuery = {
    pageNo: list.paging.pageNo,
    pageSize: list.paging.pageSize,
    farmId: choice.farmId ?? 0,
    siloId: filters.siloId,
    start: range[0].valueOf(),
    end: range[1].valueOf(),
  };
  const ready = choice.farmId !== undefined;
  const deliveries = useDeliveries(query, ready && view === 'deliveries');
  const daily = useDaily(query, ready && view === 'daily');

  const kg = (v: number): string => t('units.kg', { value: fmtKg(v) });
  const deliveryColumns: ColumnsType<SiloDeliveryRow> = [
    { key: 'silo', title: t('fields.name'), width: 160, render: (_, r) => r.siloName },
    { key: 'start', title: t('history.startedAt'), width: 170, render: (_, r) => fmtTime(r.startedAt) },
    { key: 'end', title: t('history.endedAt'), width: 170, render: (_, r) => fmtTime(r.ts) },
    { key: 'kg', title: t('history.deliveredKg'), width: 140, align: 'right', render: (_, r) => kg(r.kg) },
  ];
  const dailyColumns: ColumnsType<SiloDailyRow> = [
    { key: 'day', title: t('history.day'), width: 130, render: (_, r) => r.day },
    { key: 'silo', title: t('fields.name'), width: 160, render: (_, r) => r.siloName },
    { key: 'consumed', title: t('history.consumedKg'), width: 140, align: 'right', render: (_, r) => kg(r.consumedKg) },
    {
      key: 'delivered',
      title: t('history.deliveredKg'),
      width: 160,
      align: 'right',
      render: (_, r) => (r.deliveries === 0 ? '—' : t('history.deliveredCount', { kg: kg(r.deliveredKg), count: r.deliveries })),
    },
    {
      key: 'closing',
      title: t('history.closingKg'),
      width: 140,
      align: 'right',
      render: (_, r) => (r.closingKg === null ? '—' : kg(r.closingKg)),
    },
  ];
  if (!ready) return <NoFarm farmType={choice.farmType} />;

  return (
    <PageFrame head={{ title: menuLabel('weight.records'), subtitle: t('history.subtitle') }}>
      <FilterBar label={t('filters')}>
        <FarmField id="silo-farm" label={t('fields.farm')} width={200} choice={choice} onPicked={() => list.apply({ siloId: undefined })} />
        <SelectFilter<number>
          id="silo-pick"
          label={t('fields.silo')}
          width={180}
          value={filters.siloId}
          loading={silos.isPending}
          options={(silos.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(v) => list.apply({ siloId: v })}
        />
        <FilterField id="silo-range" label={t('history.range')}>
          <DateRangePicker id="silo-range" value={range} onChange={pick} />
        </FilterField>
        <SegmentedFilter<(typeof VIEWS)[number]>
          id="silo-view"
          label={t('history.view')}
          value={view}
          options={VIEWS.map((v) => ({ value: v, label: t(`history.views.${v}`) }))}
          onChange={(v) => list.apply({ view: v })}
        />
      </FilterBar>
      {view === 'deliveries' ? (
        <ListTable
          list={list}
          page={deliveries}
          label={t('history.views.deliveries')}
          columns={deliveryColumns}
          emptyText={t('history.noDeliveries')}
        />
      ) : (
        <ListTable
          list={list}
          page={daily}
          label={t('history.views.daily')}
          rowKey={(r) => `${r.siloId}-${r.day}`}
          columns={dailyColumns}
          emptyText={t('history.noDays')}
        />
      )}
    </PageFrame>
  );
}
