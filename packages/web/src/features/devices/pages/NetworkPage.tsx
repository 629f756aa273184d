import { useMemo, useState, type ReactElement } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INPUT_MAX_LENGTH, type NetworkRow } from '@farmsense/shared';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { pageQueryProps, PagedTable, usePaging } from '../../../ui/PagedTable';
import { devicesApi, useDeviceMutation, useNetworkPage } from '../api';
import { NetworkFormDialog } from '../components/NetworkFormDialog';
import { useConfirmDelete } from '../../../ui/useConfirmAction';
import '../../../ui/admin.css';
import { PageHead, FilterActions } from '../../../ui/PageParts';

/** /device-mng/network: network devices and switches of the caller's farms. */
export function NetworkPage(): ReactElement {
  const { t } = useTranslation(['devices', 'common']);
  const confirmDeletion = useConfirmDelete();
  useSessionLists();
  const { paging, setPaging, reset } = usePaging();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState<string | undefined>();
  const query = useMemo(() => ({ ...paging, ...(keyword ? { keyword } : {}) }), [paging, keyword]);
  const page = useNetworkPage(query);
  const remove = useDeviceMutation(devicesApi.networkRemove);
  const [formFor, setFormFor] = useState<{ row: NetworkRow | null } | null>(null);

  const search = (): void => {
    setKeyword(draft.trim() || undefined);
    reset();
  };
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
      key: 'actions',
      title: t('common:actions'),
      fixed: 'right',
      width: 200,
      render: (_, r) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setFormFor({ row: r })}
            aria-label={t('actions.editOf', { name: r.name })}
          >
            {t('common:edit')}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirmDelete(r)}
            aria-label={t('actions.deleteOf', { name: r.name })}
          >
            {t('common:delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead
        title={menuLabel('device-mng.network')}
        subtitle={t('network.subtitle')}
        addLabel={t('network.add')}
        onAdd={() => setFormFor({ row: null })}
      />
      <div className="fs-panel">
        <FilterBar
          label={t('filters.label')}
          actions={
            <FilterActions
              onReset={() => {
                setDraft('');
                setKeyword(undefined);
                reset();
              }}
              onSearch={search}
            />
          }
        >
          <FilterField id="network-keyword-filter" label={t('filters.keyword')} width={260}>
            <Input
              id="network-keyword-filter"
              allowClear
              maxLength={INPUT_MAX_LENGTH}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onPressEnter={search}
            />
          </FilterField>
        </FilterBar>
        <PagedTable<NetworkRow>
          label={t('network.tableLabel')}
          rowKey="id"
          className="fs-admin-table"
          columns={columns}
          {...pageQueryProps(page)}
          paging={paging}
          onPaging={setPaging}
          emptyText={t('network.empty')}
          scroll={{ x: 1020 }}
        />
      </div>
      {formFor && <NetworkFormDialog row={formFor.row} onClose={() => setFormFor(null)} />}
    </section>
  );
}
