import { useState, type ReactElement } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { RoleRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { textFilter, useListPage } from '../../../ui/list/useListPage';
import { useScreenBand } from '../../../ui/useScreenBand';
import { RowAction } from '../../../ui/RowAction';
import { EditDeleteActions } from '../../../ui/EditDeleteActions';
import { actionsColumn } from '../../../ui/actionsColumn';
import { useRolePage } from '../api';
import { PermissionDrawer } from '../components/PermissionDrawer';
import { RoleFormDialog } from '../components/RoleFormDialog';
import { useDeleteRole } from '../hooks/useRoleMutations';
import '../roles.css';

/**
 * /usermanagement/role: the tenant's roles with how many accounts hold them and how many functions
 * they bind; add, edit, delete (confirmed) and the permissions of each role.
 */
export function RolesPage(): ReactElement {
  const { t } = useTranslation(['roles', 'common']);
  const list = useListPage({ roleName: textFilter });
  const page = useRolePage(list.query);
  const remove = useDeleteRole();
  const compact = useScreenBand() !== 'large';
  const form = useRowDialog<RoleRow>();
  const [permFor, setPermFor] = useState<RoleRow | null>(null);

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
      <EditDeleteActions
        compact={compact}
        editLabel={t('actions.editOf', { name: r.roleName })}
        onEdit={() => form.edit(r)}
        deleteLabel={t('actions.deleteOf', { name: r.roleName })}
        confirm={{
          title: t('delete.title', { name: r.roleName }),
          content: r.accountCount > 0 ? t('delete.inUse', { count: r.accountCount }) : t('delete.text'),
          run: () => remove.mutateAsync(r.id),
        }}
      >
        <RowAction
          compact={compact}
          keepText
          primary
          icon={<SafetyOutlined />}
          text={t('actions.permissions')}
          label={t('actions.permissionsOf', { name: r.roleName })}
          onClick={() => setPermFor(r)}
        />
      </EditDeleteActions>
    )),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{ title: menuLabel('usermanagement.role'), subtitle: t('page.subtitle'), addLabel: t('actions.add'), onAdd: form.add }}
      filterLabel={t('filters.label')}
      filters={[{ text: 'roleName', id: 'role-name', label: t('filters.roleName'), width: 260 }]}
      table={{ label: t('table.label'), columns, empty: t('table.empty'), noMatch: t('table.noMatch'), scroll: { x: 1080 } }}
    >
      {form.open && <RoleFormDialog role={form.row} onClose={form.close} />}
      <PermissionDrawer role={permFor} onClose={() => setPermFor(null)} />
    </ListPage>
  );
}
