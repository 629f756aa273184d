import { lazyPart } from '../../../ui/lazyPart';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountRowWithScope } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { useFarms, useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { useAppStore } from '../../../app/stores/appStore';
import { farmOptions, ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { StatusBatchBar, useRowSelection } from '../../../ui/list/selection';
import { numberFilter, oneOfFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { useScreenBand } from '../../../ui/useScreenBand';
import { useAccountPage, useRoleOptions } from '../api';
import { accountColumns } from '../components/accountColumns';
import { useBanAccounts, useDeleteAccount } from '../hooks/useAccountMutations';
import { useConfirmAction, useConfirmDelete } from '../../../ui/useConfirmAction';

// Dialogs and drawers load when opened (the list is the page's first view).
const AccountFormDialog = lazyPart(() => import('../components/AccountFormDialog').then((m) => m.AccountFormDialog));
const AuthorizeDrawer = lazyPart(
  () => import('../components/AuthorizeDrawer').then((m) => m.AuthorizeDrawer),
  (p) => p.account !== null,
);

const FILTERS = { keyword: textFilter, roleId: numberFilter, status: oneOfFilter([0, 1] as const), farmId: numberFilter };

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
  const farms = useFarms();
  const roles = useRoleOptions();
  const list = useListPage(FILTERS);
  const page = useAccountPage(list.query);
  const ban = useBanAccounts();
  const remove = useDeleteAccount();
  const selection = useRowSelection<AccountRowWithScope>();
  const { setSelected, rowSelection } = selection;
  const form = useRowDialog<AccountRowWithScope>();
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }));
  const statusLabels = { enabled: t('status.enabled'), disabled: t('status.disabled') };
  const [authFor, setAuthFor] = useState<AccountRowWithScope | null>(null);

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
      after: selection.clear,
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
        edit: form.edit,
        authorize: setAuthFor,
        setStatus: confirmStatus,
        remove: confirmDelete,
      }),
    // The confirmations read state only through their arguments and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, selfId, compact],
  );
  return (
    <ListPage
      list={list}
      page={page}
      head={{ title: menuLabel('usermanagement.accountnumber'), subtitle: t('page.subtitle'), addLabel: t('actions.add'), onAdd: form.add }}
      filterLabel={t('filters.label')}
      filters={[
        { text: 'keyword', id: 'account-keyword', label: t('filters.keyword'), width: 240, placeholder: t('filters.keywordHint') },
        {
          select: 'roleId',
          id: 'account-role',
          label: t('filters.role'),
          width: 180,
          options: roleOptions,
          search: true,
          loading: roles.isPending,
        },
        { status: statusLabels, id: 'account-status', label: t('filters.status'), width: 140 },
        { select: 'farmId', id: 'account-farm', label: t('filters.farm'), width: 200, options: farmOptions(farms), search: true },
      ]}
      above={<StatusBatchBar t={t} selection={selection} disableKey="batch.ban" onStatus={confirmStatus} />}
      table={{
        label: t('table.label'),
        columns,
        empty: t('table.empty'),
        noMatch: t('table.noMatch'),
        scroll: { x: compact ? 1480 : 1600 },
        rowSelection: rowSelection({
          columnWidth: 52,
          getCheckboxProps: (r) => ({ disabled: r.id === selfId, 'aria-label': t('batch.select', { name: r.accountName }) }),
        }),
      }}
    >
      {form.open && <AccountFormDialog account={form.row} roles={roles.data ?? []} onClose={form.close} />}
      <AuthorizeDrawer account={authFor} onClose={() => setAuthFor(null)} />
    </ListPage>
  );
}
