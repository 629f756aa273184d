import { useMemo, useState, type ReactElement } from 'react';
import { Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SafetyOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { INPUT_MAX_LENGTH, type RoleRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { pageQueryProps, PagedTable, usePaging } from '../../../ui/PagedTable';
import { useScreenBand } from '../../../ui/useScreenBand';
import { DeleteAction, EditAction, RowAction } from '../../../ui/RowAction';
import { actionsColumn } from '../../../ui/actionsColumn';
import { useConfirmDelete } from '../../../ui/useConfirmAction';
import { useRolePage } from '../api';
import { PermissionDrawer } from '../components/PermissionDrawer';
import { RoleFormDialog } from '../components/RoleFormDialog';
import { useDeleteRole } from '../hooks/useRoleMutations';
import '../../../ui/admin.css';
import '../roles.css';
import { PageHead, FilterActions } from '../../../ui/PageParts';

/**
 * /usermanagement/role: the tenant's roles with how many accounts hold them and how many functions
 * they bind; add, edit, delete (confirmed) and the permissions of each role.
 */
export function RolesPage(): ReactElement {
  const { t } = useTranslation(['roles', 'common']);
  const confirmDeletion = useConfirmDelete();
  const { paging, setPaging, reset } = usePaging();
  const [draft, setDraft] = useState('');
  const [roleName, setRoleName] = useState<string | undefined>();
  const query = useMemo(() => ({ ...paging, ...(roleName ? { roleName } : {}) }), [paging, roleName]);
  const page = useRolePage(query);
  const remove = useDeleteRole();
  const compact = useScreenBand() !== 'large';
  const [formFor, setFormFor] = useState<{ role: RoleRow | null } | null>(null);
  const [permFor, setPermFor] = useState<RoleRow | null>(null);

  const search = (): void => {
    setRoleName(draft.trim() || undefined);
    reset();
  };
  const clear = (): void => {
    setDraft('');
    setRoleName(undefined);
    reset();
  };

  const confirmDelete = (role: RoleRow): void => {
    confirmDeletion({
      title: t('delete.title', { name: role.roleName }),
      content: role.accountCount > 0 ? t('delete.inUse', { count: role.accountCount }) : t('delete.text'),
      run: () => remove.mutateAsync(role.id),
    });
  };

  const columns: ColumnsType<RoleRow> = [
    {
      key: 'roleName',
      title: t('fields.roleName'),
      render: (_, r) => (
        <Typography.Text strong ellipsis={{ tooltip: r.roleName }}>
          {r.roleName}
        </Typography.Text>
      ),
    },
    {
      key: 'type',
      title: t('fields.type'),
      width: 150,
      render: (_, r) => (
        <Tag bordered={false} color={r.type === 'group' ? 'geekblue' : 'green'}>
          {t(`type.${r.type}`)}
        </Tag>
      ),
    },
    {
      key: 'accounts',
      title: t('fields.accountCount'),
      width: 120,
      align: 'right',
      render: (_, r) => <span className="fs-nowrap">{r.accountCount}</span>,
    },
    {
      key: 'apps',
      title: t('fields.applicationCount'),
      width: 140,
      align: 'right',
      render: (_, r) =>
        r.applicationCount > 0 ? (
          <span className="fs-nowrap">{r.applicationCount}</span>
        ) : (
          <Typography.Text type="warning">{t('table.noFunctions')}</Typography.Text>
        ),
    },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      width: 150,
      render: (_, r) => <span className="fs-nowrap">{dayjs(r.createdAt).format('YYYY-MM-DD HH:mm')}</span>,
    },
    actionsColumn<RoleRow>(t('common:actions'), compact ? 250 : 370, (r) => (
      <>
        <EditAction compact={compact} label={t('actions.editOf', { name: r.roleName })} onClick={() => setFormFor({ role: r })} />
        <RowAction
          compact={compact}
          keepText
          primary
          icon={<SafetyOutlined />}
          text={t('actions.permissions')}
          label={t('actions.permissionsOf', { name: r.roleName })}
          onClick={() => setPermFor(r)}
        />
        <DeleteAction compact={compact} label={t('actions.deleteOf', { name: r.roleName })} onClick={() => confirmDelete(r)} />
      </>
    )),
  ];

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead
        title={menuLabel('usermanagement.role')}
        subtitle={t('page.subtitle')}
        addLabel={t('actions.add')}
        onAdd={() => setFormFor({ role: null })}
      />
      <div className="fs-panel">
        <FilterBar label={t('filters.label')} actions={<FilterActions onReset={clear} onSearch={search} />}>
          <FilterField id="role-name" label={t('filters.roleName')} width={260}>
            <Input
              id="role-name"
              allowClear
              prefix={<SearchOutlined className="fs-muted" />}
              maxLength={INPUT_MAX_LENGTH}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onPressEnter={search}
            />
          </FilterField>
        </FilterBar>
        <PagedTable<RoleRow>
          label={t('table.label')}
          rowKey="id"
          className="fs-admin-table"
          columns={columns}
          {...pageQueryProps(page)}
          paging={paging}
          onPaging={setPaging}
          emptyText={roleName ? t('table.noMatch') : t('table.empty')}
          scroll={{ x: 1080 }}
        />
      </div>
      {formFor && <RoleFormDialog role={formFor.role} onClose={() => setFormFor(null)} />}
      <PermissionDrawer role={permFor} onClose={() => setPermFor(null)} />
    </section>
  );
}
