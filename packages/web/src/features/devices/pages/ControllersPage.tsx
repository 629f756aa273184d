import { lazyPart } from '../../../ui/lazyPart';
import type { ControllerPreset } from '../components/ControllerFormDialog';
import { useState, type ReactElement } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ApiOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  KeyOutlined,
  LinkOutlined,
  PoweroffOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONTROLLER_4008_CATEGORIES, CONTROLLER_4008_FAMILY, GATEWAY_TYPES, type ControllerRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { useFarms, useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';
import { actionsColumn } from '../../../ui/actionsColumn';
import { SmallAction } from '../../../ui/RowAction';
import { farmOptions, ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { devicesApi, useControllerPage, useDeviceMutation, useFarmSheds } from '../api';
import { useConfirmAction, useConfirmDelete } from '../../../ui/useConfirmAction';

// Dialogs and drawers load when opened (the list is the page's first view).
const BindShedDialog = lazyPart(() => import('../components/BindShedDialog').then((m) => m.BindShedDialog));
const CheckCodeDialog = lazyPart(() => import('../components/CheckCodeDialog').then((m) => m.CheckCodeDialog));
const ChannelsDrawer = lazyPart(() => import('../components/ChannelsDrawer').then((m) => m.ChannelsDrawer));
const ControllerFormDialog = lazyPart(() => import('../components/ControllerFormDialog').then((m) => m.ControllerFormDialog));

const FILTERS = { farmId: numberFilter, shedId: numberFilter, gatewayType: numberFilter, keyword: textFilter };

/**
 * A page cut to one family: /device-mng/controller4008 lists the climate controllers (categories
 * 200, 201) of the 4008 model family with their bus location, and adds new ones with that model.
 */
interface Variant {
  code: string;
  subtitleKey: string;
  emptyKey: string;
  filter: { deviceCategories?: number[]; modelFamily?: string };
  preset?: ControllerPreset;
  busColumns: boolean;
}

const VARIANTS: Record<'all' | '4008', Variant> = {
  all: { code: 'device-mng.controller', subtitleKey: 'page.subtitle', emptyKey: 'table.empty', filter: {}, busColumns: false },
  '4008': {
    code: 'device-mng.controller4008',
    subtitleKey: 'page4008.subtitle',
    emptyKey: 'page4008.empty',
    filter: { deviceCategories: [...CONTROLLER_4008_CATEGORIES], modelFamily: CONTROLLER_4008_FAMILY },
    preset: { model: `FS-${CONTROLLER_4008_FAMILY}`, deviceCategory: CONTROLLER_4008_CATEGORIES[1] },
    busColumns: true,
  },
};

/**
 * /device-mng/controller: the gateways of the caller's farms with their link state; add, edit,
 * bind to or unbind from a shed, enable or disable (a disabled gateway is refused by the broker
 * and its live session closed), configure its sub-device channels, sync its clock, delete (only
 * when unbound).
 */
export function ControllersPage({ family = 'all' }: { family?: 'all' | '4008' }): ReactElement {
  const variant = VARIANTS[family];
  const { t } = useTranslation(['devices', 'common']);
  useSessionLists();
  const farms = useFarms();
  const list = useListPage(FILTERS);
  const { draft, setDraft } = list;
  const page = useControllerPage({ ...list.query, ...variant.filter });
  const filterSheds = useFarmSheds(draft.farmId);
  const form = useRowDialog<ControllerRow>();
  const pickFarm = (farmId: number | undefined): void => setDraft({ farmId, shedId: undefined });
  const gatewayOptions = GATEWAY_TYPES.map((v) => ({ value: v, label: enumLabel('gatewayType', v) }));
  const [bindFor, setBindFor] = useState<ControllerRow | null>(null);
  const [channelsFor, setChannelsFor] = useState<ControllerRow | null>(null);
  const [shownCode, setShownCode] = useState<{ name: string; code: string } | null>(null);
  const regenerate = useDeviceMutation(devicesApi.regenerateCheckCode);
  const remove = useDeviceMutation(devicesApi.remove);
  const unbind = useDeviceMutation(devicesApi.unbind);
  const enable = useDeviceMutation(devicesApi.enable);
  const confirm = useConfirmAction();
  const confirmDeletion = useConfirmDelete();
  const syncTime = async (r: ControllerRow): Promise<void> => {
    try {
      await devicesApi.command({ id: r.id, op: 'time.sync' });
      toast.success(t('syncTime.done', { name: r.name }));
    } catch {
      // The API client has shown the refusal (offline, disabled, refused).
    }
  };

  const columns: ColumnsType<ControllerRow> = [
    {
      key: 'name',
      title: t('fields.name'),
      fixed: 'left',
      width: 200,
      render: (_, r) => (
        <div className="fs-cell-stack">
          <Typography.Text strong>{r.name}</Typography.Text>
          <Typography.Text type="secondary" className="fs-cell-sub" copyable={{ text: r.code }}>
            {r.code}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'online',
      title: t('fields.online'),
      width: 100,
      render: (_, r) => (
        <Tag color={r.online ? 'green' : 'default'} data-testid="device-online">
          {r.online ? t('common:online') : t('common:offline')}
        </Tag>
      ),
    },
    { key: 'gatewayType', title: t('fields.gatewayType'), width: 150, render: (_, r) => enumLabel('gatewayType', r.gatewayType) },
    {
      key: 'deviceCategory',
      title: t('fields.deviceCategory'),
      width: 180,
      render: (_, r) => (r.deviceCategory ? enumLabel('deviceCategory', r.deviceCategory) : '—'),
    },
    { key: 'farm', title: t('fields.farm'), width: 150, render: (_, r) => r.farmName ?? '—' },
    {
      key: 'shed',
      title: t('fields.shed'),
      width: 150,
      render: (_, r) => (r.shedName ? r.shedName : <span className="fs-muted">{t('table.unbound')}</span>),
    },
    { key: 'model', title: t('fields.model'), width: 120, render: (_, r) => r.model ?? '—' },
    ...(variant.busColumns
      ? ([
          {
            key: 'commPointNo',
            title: t('fields.commPointNo'),
            width: 130,
            render: (_, r) => <span data-testid="comm-point">{r.commPointNo ?? '—'}</span>,
          },
          { key: 'port', title: t('fields.port'), width: 90, render: (_, r) => r.port ?? '—' },
          { key: 'network', title: t('fields.network'), width: 180, render: (_, r) => r.networkName ?? '—' },
        ] satisfies ColumnsType<ControllerRow>)
      : []),
    {
      key: 'enabled',
      title: t('fields.enabled'),
      width: 100,
      render: (_, r) => <Tag color={r.enabled ? 'blue' : 'red'}>{r.enabled ? t('common:enabled') : t('common:disabled')}</Tag>,
    },
    actionsColumn<ControllerRow>(
      t('common:actions'),
      520,
      (r) => (
        <>
          <SmallAction
            icon={<EditOutlined />}
            onClick={() => form.edit(r)}
            label={t('actions.editOf', { name: r.name })}
            text={t('common:edit')}
          />
          {r.shedId === null ? (
            <SmallAction
              icon={<LinkOutlined />}
              onClick={() => setBindFor(r)}
              label={t('actions.bindOf', { name: r.name })}
              text={t('actions.bind')}
            />
          ) : (
            <SmallAction
              icon={<DisconnectOutlined />}
              label={t('actions.unbindOf', { name: r.name })}
              onClick={() =>
                confirm({
                  title: t('unbind.title', { name: r.name }),
                  content: t('unbind.content', { shed: r.shedName ?? '' }),
                  okText: t('actions.unbind'),
                  run: () => unbind.mutateAsync(r.id),
                  done: t('unbind.done'),
                })
              }
              text={t('actions.unbind')}
            />
          )}
          <SmallAction
            icon={<ApiOutlined />}
            onClick={() => setChannelsFor(r)}
            label={t('actions.channelsOf', { name: r.name })}
            text={t('actions.channels')}
          />
          <SmallAction
            icon={<KeyOutlined />}
            label={t('actions.regenerateOf', { name: r.name })}
            onClick={() =>
              confirm({
                title: t('checkCode.regenerateTitle', { name: r.name }),
                content: t('checkCode.regenerateContent'),
                okText: t('actions.regenerate'),
                danger: true,
                run: async () => {
                  const answer = await regenerate.mutateAsync(r.id);
                  setShownCode({ name: r.name, code: answer.checkCode });
                  return answer;
                },
                done: t('checkCode.regenerated'),
              })
            }
            text={t('actions.regenerate')}
          />
          <SmallAction
            icon={<ClockCircleOutlined />}
            onClick={() => void syncTime(r)}
            label={t('actions.syncTimeOf', { name: r.name })}
            text={t('actions.syncTime')}
          />
          <SmallAction
            icon={<PoweroffOutlined />}
            label={t(r.enabled ? 'actions.disableOf' : 'actions.enableOf', { name: r.name })}
            onClick={() =>
              confirm({
                title: t(r.enabled ? 'enable.disableTitle' : 'enable.enableTitle', { name: r.name }),
                content: t(r.enabled ? 'enable.disableContent' : 'enable.enableContent'),
                okText: r.enabled ? t('common:disable') : t('common:enable'),
                danger: r.enabled,
                run: () => enable.mutateAsync({ ids: [r.id], enabled: !r.enabled }),
                done: t('common:modifiedSuccessfully'),
              })
            }
            text={r.enabled ? t('common:disable') : t('common:enable')}
          />
          <SmallAction
            danger
            icon={<DeleteOutlined />}
            label={t('actions.deleteOf', { name: r.name })}
            onClick={() =>
              confirmDeletion({
                title: t('delete.title', { name: r.name }),
                content: t('delete.content'),
                run: () => remove.mutateAsync(r.id),
              })
            }
            text={t('common:delete')}
          />
        </>
      ),
      { wrap: true },
    ),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{ title: menuLabel(variant.code), subtitle: t(variant.subtitleKey), addLabel: t('actions.add'), onAdd: form.add }}
      filterLabel={t('filters.label')}
      filters={[
        { select: 'farmId', id: 'device-farm-filter', label: t('fields.farm'), width: 200, options: farmOptions(farms), onPick: pickFarm },
        {
          select: 'shedId',
          id: 'device-shed-filter',
          label: t('fields.shed'),
          width: 200,
          options: filterSheds.data ?? [],
          disabled: !draft.farmId,
        },
        {
          select: 'gatewayType',
          id: 'device-type-filter',
          label: t('fields.gatewayType'),
          width: 220,
          options: gatewayOptions,
          search: true,
        },
        { text: 'keyword', id: 'device-keyword-filter', label: t('filters.keyword'), width: 240, icon: false },
      ]}
      table={{ label: t('table.label'), columns, empty: t(variant.emptyKey), scroll: { x: variant.busColumns ? 2100 : 1700 } }}
    >
      {form.open && (
        <ControllerFormDialog
          row={form.row}
          farmId={list.filters.farmId}
          preset={variant.preset}
          onClose={form.close}
          onAdded={setShownCode}
        />
      )}
      {bindFor && <BindShedDialog row={bindFor} onClose={() => setBindFor(null)} />}
      {channelsFor && <ChannelsDrawer row={channelsFor} onClose={() => setChannelsFor(null)} />}
      {shownCode && <CheckCodeDialog name={shownCode.name} code={shownCode.code} onClose={() => setShownCode(null)} />}
    </ListPage>
  );
}

/** /device-mng/controller4008: the controller page cut to the 4008 family. */
export function Controller4008Page(): ReactElement {
  return <ControllersPage family="4008" />;
}
