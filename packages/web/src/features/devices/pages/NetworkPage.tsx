import { lazyPart } from '../../../ui/lazyPart';
import type { ReactElement } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NetworkRow } from '@farmsense/shared';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { actionsColumn } from '../../../ui/actionsColumn';
import { SmallAction } from '../../../ui/RowAction';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { textFilter, useListPage } from '../../../ui/list/useListPage';
import { devicesApi, useDeviceMutation, useNetworkPage } from '../api';
import { useConfirmDelete } from '../../../ui/useConfirmAction';

// Dialogs and drawers load when opened (the list is the page's first view).
const NetworkFormDialog = lazyPart(() => import('../components/NetworkFormDialog').then((m) => m.NetworkFormDialog));

/** /device-mng/network: network devices and switches of the caller's farms. */
export function NetworkPage(): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  const confirmDeletion = useConfirmDelete();
  useSessionLists();
  const list = useListPage({ keyword: textFilter });
  const page = useNetworkPage(list.query);
  const remove = useDeviceMutation(devicesApi.networkRemove);
  const form = useRowDialog<NetworkRow>();

  const confirmDelete = (r: NetworkRow): void => {
    confirmDeletion({ title: t('delete.title', { name: r.name }), run: () => remove.mutateAsync(r.id) });
  };

  const columns: ColumnsType<NetworkRow> = [
    { key: 'name', title: t('network.name'), width: 200, render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text> },
    { key: 'ip', title: t('network.ip'), width: 200, render: (_, r) => <span className="fs-nowrap">{r.ip}</span> },
    { key: 'port', title: t('network.serverPort'), width: 110, align: 'right', render: (_, r) => r.serverPort },
    { key: 'mode', title: t('network.connectionMode'), width: 150, render: (_, r) => <Tag>{t(`network.modes.${r.connectionMode}`)}</Tag> },
    { key: 'farm', title: t('fields.farm'), width: 160, render: (_, r) => r.farmName ?? '—' },
    {
      key: 'status',
      title: t('network.status'),
      width: 170,
      // What is wired to it answers for it: all online, some down, or nothing wired yet.
      render: (_, r) =>
        r.gateways === 0 ? (
          <Tag>{t('network.statusNone')}</Tag>
        ) : (
          <Tag
            color={r.gatewaysOnline === r.gateways ? 'success' : r.gatewaysOnline === 0 ? 'error' : 'warning'}
            data-testid="network-status"
          >
            {t('network.statusCount', { online: r.gatewaysOnline, total: r.gateways })}
          </Tag>
        ),
    },
    actionsColumn<NetworkRow>(
      t('common:actions'),
      200,
      (r) => (
        <>
          <SmallAction
            icon={<EditOutlined />}
            text={t('common:edit')}
            label={t('actions.editOf', { name: r.name })}
            onClick={() => form.edit(r)}
          />
          <SmallAction
            danger
            icon={<DeleteOutlined />}
            text={t('common:delete')}
            label={t('actions.deleteOf', { name: r.name })}
            onClick={() => confirmDelete(r)}
          />
        </>
      ),
      { touch: false },
    ),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{ title: menuLabel('device-mng.network'), subtitle: t('network.subtitle'), addLabel: t('network.add'), onAdd: form.add }}
      filterLabel={t('filters.label')}
      filters={[{ text: 'keyword', id: 'network-keyword-filter', label: t('filters.keyword'), width: 260, icon: false }]}
      table={{ label: t('network.tableLabel'), columns, empty: t('network.empty'), scroll: { x: 1020 } }}
    >
      {form.open && <NetworkFormDialog row={form.row} onClose={form.close} />}
    </ListPage>
  );
}
