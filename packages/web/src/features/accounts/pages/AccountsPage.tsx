import { useMemo, useState, type ReactElement } from 'react';
import { Button, Input, Select } from 'antd';
import { CheckCircleOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INPUT_MAX_LENGTH, type AccountRowWithScope } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { useAppStore } from '../../../app/stores/appStore';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { pageQueryProps, PagedTable, usePaging } from '../../../ui/PagedTable';
import { useScreenBand } from '../../../ui/useScreenBand';
import { useAccountPage, useRoleOptions, type AccountQuery } from '../api';
import { AccountFormDialog } from '../components/AccountFormDialog';
import { AuthorizeDrawer } from '../components/AuthorizeDrawer';
import { accountColumns } from '../components/accountColumns';
import { useBanAccounts, useDeleteAccount } from '../hooks/useAccountMutations';
import { useConfirmAction, useConfirmDelete } from '../../../ui/useConfirmAction';
import '../../../ui/admin.css';
import { PageHead, FilterActions } from '../../../ui/PageParts';

type StatusFilter = 'all' | '1' | '0';
type Filters = Omit<AccountQuery, 'pageNo' | 'pageSize'>;

/**
 * /usermanagement/accountnumber: the tenant's accounts with their roles, farms and status; add,
 * edit, ban / enable (one or many, confirmed), delete (confirmed), and the farm, shed and pen
 * authorization of an account.
 */
export function AccountsPage(): ReactElement {
  const { t } = useTranslation(['accounts', 'common']);
  const confirm = useConfirmAction();
  const confirmDeletion = useConfirmDelete();
  useSessionLists();
  const selfId = useAppStore((s) => s.userInfo?.id);
  const compact = useScreenBand() !== 'large';
  const farms = useAppStore((s) => s.farms);
  const roles = useRoleOptions();
  const { paging, setPaging, reset } = usePaging();
  const [keyword, setKeyword] = useState('');
  const [roleId, setRoleId] = useState<number | undefined>();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [farmId, setFarmId] = useState<number | undefined>();
  const [applied, setApplied] = useState<Filters>({});
  const query = useMemo(() => ({ ...paging, ...applied }), [paging, applied]);
  const page = useAccountPage(query);
  const ban = useBanAccounts();
  const remove = useDeleteAccount();
  const [selected, setSelected] = useState<AccountRowWithScope[]>([]);
  const [formFor, setFormFor] = useState<{ account: AccountRowWithScope | null } | null>(null);
  const [authFor, setAuthFor] = useState<AccountRowWithScope | null>(null);

  const search = (): void => {
    const k = keyword.trim();
    setApplied({
      ...(k ? { keyword: k } : {}),
      ...(roleId !== undefined ? { roleId } : {}),
      ...(status === 'all' ? {} : { status: Number(status) as 0 | 1 }),
      ...(farmId !== undefined ? { farmId } : {}),
    });
    reset();
  };
  const clear = (): void => {
    setKeyword('');
    setRoleId(undefined);
    setStatus('all');
    setFarmId(undefined);
    setApplied({});
    reset();
  };

  const confirmStatus = (rows: AccountRowWithScope[], next: 0 | 1): void => {
    const targets = rows.filter((r) => r.status !== next && r.id !== selfId);
    if (targets.length === 0) {
      toast.info(t(next === 1 ? 'status.alreadyEnabled' : 'status.alreadyDisabled'));
      return;
    }
    const one = targets.length === 1 ? targets[0]!.accountName : null;
    confirm({
      title: one
        ? t(next === 1 ? 'status.enableOne' : 'status.banOne', { name: one })
        : t(next === 1 ? 'status.enableMany' : 'status.banMany', { count: targets.length }),
      content: t(next === 1 ? 'status.enableText' : 'status.banText'),
      okText: t(next === 1 ? 'actions.enable' : 'actions.ban'),
      danger: next === 0,
      run: () => ban.mutateAsync({ ids: targets.map((r) => r.id), status: next }),
      done: t(next === 1 ? 'status.enabledDone' : 'status.bannedDone', { count: targets.length }),
      after: () => setSelected([]),
    });
  };

  const confirmDelete = (row: AccountRowWithScope): void => {
    confirmDeletion({
      title: t('delete.title', { name: row.accountName }),
      content: t('delete.text', { account: row.accountCode }),
      run: () => remove.mutateAsync(row.id),
      after: () => setSelected((s) => s.filter((x) => x.id !== row.id)),
    });
  };

  const columns = useMemo(
    () =>
      accountColumns(t, selfId, compact, {
        edit: (account) => setFormFor({ account }),
        authorize: setAuthFor,
        setStatus: confirmStatus,
        remove: confirmDelete,
      }),
    // The confirmations read state only through their arguments and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, selfId, compact],
  );
  const filtered = Object.keys(applied).length > 0;

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead
        title={menuLabel('usermanagement.accountnumber')}
        subtitle={t('page.subtitle')}
        addLabel={t('actions.add')}
        onAdd={() => setFormFor({ account: null })}
      />

      <div className="fs-panel">
        <FilterBar label={t('filters.label')} actions={<FilterActions onReset={clear} onSearch={search} />}>
          <FilterField id="account-keyword" label={t('filters.keyword')} width={240}>
            <Input
              id="account-keyword"
              allowClear
              prefix={<SearchOutlined className="fs-muted" />}
              placeholder={t('filters.keywordHint')}
              maxLength={INPUT_MAX_LENGTH}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onPressEnter={search}
            />
          </FilterField>
          <FilterField id="account-role" label={t('filters.role')} width={180}>
            <Select<number>
              id="account-role"
              allowClear
              placeholder={t('common:all')}
              value={roleId}
              onChange={setRoleId}
              loading={roles.isPending}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </FilterField>
          <FilterField id="account-status" label={t('filters.status')} width={140}>
            <Select<StatusFilter>
              id="account-status"
              value={status}
              onChange={setStatus}
              options={[
                { value: 'all', label: t('common:all') },
                { value: '1', label: t('status.enabled') },
                { value: '0', label: t('status.disabled') },
              ]}
            />
          </FilterField>
          <FilterField id="account-farm" label={t('filters.farm')} width={200}>
            <Select<number>
              id="account-farm"
              allowClear
              placeholder={t('common:all')}
              value={farmId}
              onChange={setFarmId}
              options={farms.map((f) => ({ value: f.id, label: f.farmName }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </FilterField>
        </FilterBar>

        {selected.length > 0 && (
          <div className="fs-batchbar" role="region" aria-label={t('batch.label')}>
            <span className="fs-batchbar__count">{t('batch.selected', { count: selected.length })}</span>
            <Button icon={<CheckCircleOutlined />} onClick={() => confirmStatus(selected, 1)}>
              {t('batch.enable')}
            </Button>
            <Button danger icon={<StopOutlined />} onClick={() => confirmStatus(selected, 0)}>
              {t('batch.ban')}
            </Button>
            <Button type="link" onClick={() => setSelected([])}>
              {t('batch.clear')}
            </Button>
          </div>
        )}

        <PagedTable<AccountRowWithScope>
          label={t('table.label')}
          rowKey="id"
          className="fs-admin-table"
          columns={columns}
          {...pageQueryProps(page)}
          paging={paging}
          onPaging={setPaging}
          emptyText={filtered ? t('table.noMatch') : t('table.empty')}
          scroll={{ x: compact ? 1480 : 1600 }}
          rowSelection={{
            selectedRowKeys: selected.map((r) => r.id),
            preserveSelectedRowKeys: true,
            // Rows chosen on other pages are not in `rows`: keep them from the previous selection.
            onChange: (keys, rows) =>
              setSelected((prev) => keys.flatMap((k) => rows.find((r) => r?.id === k) ?? prev.find((r) => r.id === k) ?? [])),
            getCheckboxProps: (r) => ({ disabled: r.id === selfId, 'aria-label': t('batch.select', { name: r.accountName }) }),
            columnWidth: 52,
            fixed: true,
          }}
        />
      </div>

      {formFor && <AccountFormDialog account={formFor.account} roles={roles.data ?? []} onClose={() => setFormFor(null)} />}
      <AuthorizeDrawer account={authFor} onClose={() => setAuthFor(null)} />
    </section>
  );
}
