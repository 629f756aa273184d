import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AppCode, FeedDeviceKind, FeedDeviceRow } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { FarmSelect } from '../../../ui/FarmSelect';
import { lazyPart } from '../../../ui/lazyPart';
import { StackCell } from '../../../ui/list/nameColumn';
import { houseFilter } from '../components/houseFilter';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { useDeleteFeedDevice, useFeedDevicePage } from '../api';
import { onlineColumn } from '../components/onlineColumn';

const FeedDeviceFormDialog = lazyPart(() => import('../components/FeedDeviceFormDialog').then((m) => m.FeedDeviceFormDialog));

const FILTERS = { shedId: numberFilter, name: textFilter };
const APP_OF: Record<FeedDeviceKind, AppCode> = {
  concentrator: 'device-mng.feed.jzq',
  collector: 'device-mng.feed.cjq',
  feeder: 'device-mng.feed.swq',
};

/** What a row shows besides its name: the link, the bus settings, or the pen and feeding parameters. */
function detailColumns(kind: FeedDeviceKind, t: (k: string, o?: Record<string, unknown>) => string): ColumnsType<FeedDeviceRow> {
  const serial = {
    key: 'serial',
    title: t('feedDevices.fields.serial'),
    width: 180,
    render: (_: unknown, r: FeedDeviceRow) =>
      t('feedDevices.serialLine', {
        baud: r.baudRate,
        data: r.dataBits,
        stop: r.stopBits,
        parity: t(`feedDevices.parities.${r.parity ?? 'none'}`),
      }),
  };
  const parent = {
    key: 'parent',
    title: t(`feedDevices.parentOf.${kind}`),
    width: 180,
    render: (_: unknown, r: FeedDeviceRow) => r.parentName ?? '—',
  };
  const children = {
    key: 'children',
    title: t(`feedDevices.childrenOf.${kind}`),
    width: 110,
    align: 'right' as const,
    render: (_: unknown, r: FeedDeviceRow) => r.childCount,
  };
  if (kind === 'concentrator')
    return [
      { key: 'gateway', title: t('feedDevices.fields.gatewayId'), width: 160, render: (_, r) => r.gatewayCode ?? '—' },
      serial,
      children,
    ];
  if (kind === 'collector') return [parent, serial, children];
  return [
    parent,
    {
      key: 'pen',
      title: t('feedDevices.fields.penId'),
      width: 140,
      render: (_, r) => t('plan.penLabel', { column: r.penColumn, row: r.penRow }),
    },
    {
      key: 'amount',
      title: t('feedDevices.fields.amountPerFeed'),
      width: 170,
      render: (_, r) => t('feedDevices.amountLine', { grams: r.amountPerFeed, minutes: r.intervalMinutes }),
    },
    {
      key: 'temp',
      title: t('feedDevices.fields.tempLimits'),
      width: 130,
      render: (_, r) => `${r.tempLow ?? '—'} – ${r.tempHigh ?? '—'} °C`,
    },
    {
      key: 'screen',
      title: t('feedDevices.fields.screen'),
      width: 170,
      render: (_, r) => t('feedDevices.screenLine', { brightness: r.brightness, seconds: r.lockSeconds }),
    },
  ];
}

/**
 * /device-mng/feed/jzq, /cjq and /swq: the chosen farm's concentrators (each on a feeder main
 * gateway, online as its gateway is), collectors on their bus and feeders on their pens, with
 * the house, parent and settings; add, edit, delete. A concentrator with collectors (20041) or a
 * collector with feeders (20050) cannot be deleted: the confirmation says so before asking.
 */
export function FeedDevicesPage({ kind }: { kind: FeedDeviceKind }): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const page = useFeedDevicePage(kind, { ...list.query, farmId: choice.farmId }, choice.farmId !== undefined);
  const sheds = useShedOptions(choice.farmId);
  const remove = useDeleteFeedDevice();
  const form = useRowDialog<FeedDeviceRow>();

  const columns: ColumnsType<FeedDeviceRow> = [
    {
      key: 'name',
      title: t('feedDevices.fields.name'),
      width: 220,
      fixed: 'left',
      render: (_, r) => (
        <StackCell main={<strong>{r.name}</strong>} sub={`${t('feedDevices.noOf', { no: r.deviceNo })}${r.model ? ` · ${r.model}` : ''}`} />
      ),
    },
    { key: 'shed', title: t('feedDevices.fields.shedId'), width: 160, render: (_, r) => r.shedName },
    onlineColumn(t, 110),
    ...detailColumns(kind, t),
    editDeleteColumn<FeedDeviceRow>(t, 'feedDevices', 200, {
      names: (r) => ({ name: r.name }),
      edit: form.edit,
      remove: (r) => remove.mutateAsync({ kind, id: r.id }),
      content: (r) => (r.childCount > 0 ? t(`feedDevices.bound.${kind}`, { count: r.childCount }) : t('feedDevices.deleteWarning')),
    }),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{
        title: menuLabel(APP_OF[kind]),
        subtitle: t(`feedDevices.subtitles.${kind}`),
        addLabel: t(`feedDevices.add.${kind}`),
        onAdd: form.add,
        addDisabled: choice.farmId === undefined,
        actions: <FarmSelect id={`${kind}-farm`} choice={choice} onPicked={() => list.apply({ shedId: undefined })} />,
      }}
      filterLabel={t('filters.label')}
      filters={[
        houseFilter(sheds, `${kind}-shed`, t('feedDevices.fields.shedId')),
        { text: 'name', id: `${kind}-name`, label: t('feedDevices.filters.name'), width: 220 },
      ]}
      table={{
        label: t(`feedDevices.tables.${kind}`),
        columns,
        empty: t(`feedDevices.empty.${kind}`),
        noMatch: t('filters.noMatch'),
        scroll: { x: 1300 },
      }}
    >
      {form.open && choice.farmId !== undefined && (
        <FeedDeviceFormDialog kind={kind} device={form.row} farmId={choice.farmId} onClose={form.close} />
      )}
    </ListPage>
  );
}

export const ConcentratorsPage = (): ReactElement => <FeedDevicesPage kind="concentrator" />;
export const CollectorsPage = (): ReactElement => <FeedDevicesPage kind="collector" />;
export const FeedersPage = (): ReactElement => <FeedDevicesPage kind="feeder" />;
