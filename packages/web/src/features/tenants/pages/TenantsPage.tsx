import { useCallback, useMemo, useState, type ReactElement } from 'react';
import { Button, Drawer, Input, Select, Typography } from 'antd';
import { CheckCircleOutlined, FileSearchOutlined, PlusOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INPUT_MAX_LENGTH, type TenantRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { menuLabel } from '../../../app/i18n/i18n';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { pageQueryProps, PagedTable, usePaging } from '../../../ui/PagedTable';
import { useScreenBand } from '../../../ui/useScreenBand';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { OperationLogView } from '../../oplog/components/OperationLogView';
import { useTenantPage } from '../api';
import { ApiAuthDialog } from '../components/ApiAuthDialog';
import { SystemAuthDialog } from '../components/SystemAuthDialog';
import { TenantFormDialog } from '../components/TenantFormDialog';
import { tenantColumns } from '../components/tenantColumns';
import { useTenantStatus } from '../hooks/useTenantMutations';
import '../tenants.css';
import { FilterActions } from '../../../ui/PageParts';

type StatusFilter = 'all' | '1' | '0';

/** The operation log drawer: the platform's own entries, or one tenant's. */
interface LogTarget {
  tenantId?: number;
}

/**
 * /platform/tenants (platform back office, application code `platform.tenants`): the tenants with
 * their usage against their caps and their validity; add, edit, enable / disable (one or many),
 * system and API authorization per tenant, and the operation log of the platform or a tenant.
 */
export function TenantsPage(): ReactElement {
  const { t } = useTranslation(['tenants', 'common']);
  const confirm = useConfirmAction();
  const band = useScreenBand();
  const { paging, setPaging, reset } = usePaging();
  const [keywordDraft, setKeywordDraft] = useState('');
  const [statusDraft, setStatusDraft] = useState<StatusFilter>('all');
  const [applied, setApplied] = useState<{ keyword?: string; status?: 0 | 1 }>({});
  const query = useMemo(() => ({ ...paging, ...applied }), [paging, applied]);
  const page = useTenantPage(query);
  const statusChange = useTenantStatus();
  const [selected, setSelected] = useState<TenantRow[]>([]);
  const [formFor, setFormFor] = useState<{ tenant: TenantRow | null } | null>(null);
  const [sysFor, setSysFor] = useState<TenantRow | null>(null);
  const [apiFor, setApiFor] = useState<TenantRow | null>(null);
  const [logFor, setLogFor] = useState<LogTarget | null>(null);

  const search = (): void => {
    const keyword = keywordDraft.trim();
    setApplied({ ...(keyword ? { keyword } : {}), ...(statusDraft === 'all' ? {} : { status: Number(statusDraft) as 0 | 1 }) });
    reset();
  };
  const clear = (): void => {
    setKeywordDraft('');
    setStatusDraft('all');
    setApplied({});
    reset();
  };

  const { mutateAsync: changeStatus } = statusChange;
  const confirmStatus = useCallback(
    (rows: TenantRow[], status: 0 | 1): void => {
      const targets = rows.filter((r) => r.status !== status);
      if (targets.length === 0) {
        toast.info(t(status === 1 ? 'status.alreadyEnabled' : 'status.alreadyDisabled'));
        return;
      }
      const one = targets.length === 1 ? targets[0]!.name : null;
      confirm({
        title: one
          ? t(status === 1 ? 'status.enableOne' : 'status.disableOne', { name: one })
          : t(status === 1 ? 'status.enableMany' : 'status.disableMany', { count: targets.length }),
        content: t(status === 1 ? 'status.enableText' : 'status.disableText'),
        okText: t(status === 1 ? 'common:enable' : 'common:disable'),
        danger: status === 0,
        run: () => changeStatus({ ids: targets.map((r) => r.id), status }),
        done: (res) => t(status === 1 ? 'status.enabledDone' : 'status.disabledDone', { count: res.updated }),
        after: () => setSelected([]),
      });
    },
    [changeStatus, confirm, t],
  );

  const columns = useMemo(
    () =>
      tenantColumns(t, {
        edit: (tenant) => setFormFor({ tenant }),
        systemAuth: setSysFor,
        apiAuth: setApiFor,
        setStatus: confirmStatus,
        log: (tenant) => setLogFor({ tenantId: tenant.id }),
      }),
    [t, confirmStatus],
  );

  return (
    <section className="fs-tenants" aria-labelledby="page-title">
      <div className="fs-page-head">
        <div>
          <Typography.Title level={3} id="page-title" className="fs-page-head__title">
            {menuLabel('platform.tenants')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('page.subtitle')}</Typography.Text>
        </div>
        <div className="fs-toolbar">
          <Button icon={<FileSearchOutlined />} onClick={() => setLogFor({})}>
            {t('actions.platformLog')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormFor({ tenant: null })}>
            {t('actions.add')}
          </Button>
        </div>
      </div>

      <div className="fs-panel">
        <FilterBar label={t('filters.label')} actions={<FilterActions onReset={clear} onSearch={search} />}>
          <FilterField id="tenant-keyword" label={t('filters.keyword')} width={260}>
            <Input
              id="tenant-keyword"
              allowClear
              prefix={<SearchOutlined className="fs-muted" />}
              placeholder={t('filters.keywordHint')}
              maxLength={INPUT_MAX_LENGTH}
              value={keywordDraft}
              onChange={(e) => setKeywordDraft(e.target.value)}
              onPressEnter={search}
            />
          </FilterField>
          <FilterField id="tenant-status" label={t('filters.status')} width={150}>
            <Select<StatusFilter>
              id="tenant-status"
              value={statusDraft}
              onChange={setStatusDraft}
              options={[
                { value: 'all', label: t('common:all') },
                { value: '1', label: t('status.enabled') },
                { value: '0', label: t('status.disabled') },
              ]}
            />
          </FilterField>
        </FilterBar>

        {selected.length > 0 && (
          <div className="fs-batchbar" role="region" aria-label={t('batch.label')}>
            <span className="fs-batchbar__count">{t('batch.selected', { count: selected.length })}</span>
            <Button size="small" icon={<CheckCircleOutlined />} onClick={() => confirmStatus(selected, 1)}>
              {t('batch.enable')}
            </Button>
            <Button size="small" danger icon={<StopOutlined />} onClick={() => confirmStatus(selected, 0)}>
              {t('batch.disable')}
            </Button>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t('batch.clear')}
            </Button>
          </div>
        )}

        <PagedTable<TenantRow>
          label={t('table.label')}
          rowKey="id"
          columns={columns}
          {...pageQueryProps(page)}
          paging={paging}
          onPaging={setPaging}
          emptyText={applied.keyword || applied.status !== undefined ? t('table.noMatch') : t('table.empty')}
          scroll={{ x: 1148 }}
          rowSelection={{
            selectedRowKeys: selected.map((r) => r.id),
            preserveSelectedRowKeys: true,
            // Rows chosen on other pages are not in `rows`: keep them from the previous selection.
            onChange: (keys, rows) =>
              setSelected((prev) => keys.flatMap((k) => rows.find((r) => r?.id === k) ?? prev.find((r) => r.id === k) ?? [])),
            columnWidth: 48,
            fixed: true,
          }}
        />
      </div>

      {formFor && <TenantFormDialog open tenant={formFor.tenant} onClose={() => setFormFor(null)} />}
      <SystemAuthDialog tenant={sysFor} onClose={() => setSysFor(null)} />
      <ApiAuthDialog tenant={apiFor} onClose={() => setApiFor(null)} />
      <Drawer
        open={logFor !== null}
        onClose={() => setLogFor(null)}
        title={t('log.title')}
        size={band === 'small' ? '100%' : 'min(1280px, 92vw)'}
        destroyOnHidden
        closable={{ 'aria-label': t('common:close') }}
        className="fs-log-drawer"
      >
        {logFor && <OperationLogView platform tenantId={logFor.tenantId} idPrefix="platform-oplog" />}
      </Drawer>
    </section>
  );
}
