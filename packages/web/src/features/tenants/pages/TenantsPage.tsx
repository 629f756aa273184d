import { useCallback, useMemo, useState, type ReactElement } from 'react';
import { Button, Drawer, Typography } from 'antd';
import { FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TenantRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { menuLabel } from '../../../app/i18n/i18n';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { StatusBatchBar, useRowSelection } from '../../../ui/list/selection';
import { oneOfFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { useScreenBand } from '../../../ui/useScreenBand';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { lazyPart } from '../../../ui/lazyPart';
import { PageSpin } from '../../../ui/PageSpin';
import { useTenantPage } from '../api';
import { tenantColumns } from '../components/tenantColumns';
import { useTenantStatus } from '../hooks/useTenantMutations';
import '../tenants.css';

// Dialogs and the log drawer's content load when opened (the list is the page's first view).
const TenantFormDialog = lazyPart(() => import('../components/TenantFormDialog').then((m) => m.TenantFormDialog));
const SystemAuthDialog = lazyPart(
  () => import('../components/SystemAuthDialog').then((m) => m.SystemAuthDialog),
  (p) => p.tenant !== null,
);
const ApiAuthDialog = lazyPart(
  () => import('../components/ApiAuthDialog').then((m) => m.ApiAuthDialog),
  (p) => p.tenant !== null,
);
const OperationLogView = lazyPart(() => import('../../oplog').then((m) => m.OperationLogView), undefined, <PageSpin />);

const FILTERS = { keyword: textFilter, status: oneOfFilter([0, 1] as const) };

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
  const list = useListPage(FILTERS);
  const page = useTenantPage(list.query);
  const statusChange = useTenantStatus();
  const selection = useRowSelection<TenantRow>();
  const { setSelected, rowSelection } = selection;
  const form = useRowDialog<TenantRow>();
  const [sysFor, setSysFor] = useState<TenantRow | null>(null);
  const [apiFor, setApiFor] = useState<TenantRow | null>(null);
  const [logFor, setLogFor] = useState<LogTarget | null>(null);

  const { mutateAsync: changeStatus } = statusChange;
  const { edit } = form;
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
    [changeStatus, confirm, t, setSelected],
  );

  const columns = useMemo(
    () =>
      tenantColumns(t, {
        edit,
        systemAuth: setSysFor,
        apiAuth: setApiFor,
        setStatus: confirmStatus,
        log: (tenant) => setLogFor({ tenantId: tenant.id }),
      }),
    [t, confirmStatus, edit],
  );

  return (
    <ListPage
      list={list}
      page={page}
      className="fs-tenants"
      head={
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
            <Button type="primary" icon={<PlusOutlined />} onClick={form.add}>
              {t('actions.add')}
            </Button>
          </div>
        </div>
      }
      filterLabel={t('filters.label')}
      filters={[
        { text: 'keyword', id: 'tenant-keyword', label: t('filters.keyword'), width: 260, placeholder: t('filters.keywordHint') },
        {
          status: { enabled: t('status.enabled'), disabled: t('status.disabled') },
          id: 'tenant-status',
          label: t('filters.status'),
          width: 150,
        },
      ]}
      above={<StatusBatchBar t={t} selection={selection} small onStatus={confirmStatus} />}
      table={{
        label: t('table.label'),
        className: undefined,
        columns,
        empty: t('table.empty'),
        noMatch: t('table.noMatch'),
        scroll: { x: 1148 },
        rowSelection: rowSelection({ columnWidth: 48 }),
      }}
    >
      {form.open && <TenantFormDialog open tenant={form.row} onClose={form.close} />}
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
    </ListPage>
  );
}
