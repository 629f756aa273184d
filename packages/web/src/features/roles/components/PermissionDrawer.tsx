import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Checkbox, Drawer, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { APP_OPERATIONS, type BindableApp, type FunType, type RoleAppOps, type RoleRow } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { menuLabel } from '../../../app/i18n/i18n';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useScreenBand } from '../../../ui/useScreenBand';
import { useApplications, useRoleBindings } from '../api';
import { useBindRole } from '../hooks/useRoleMutations';
import {
  bind,
  bindAll,
  bindBody,
  bindingsFrom,
  coveringAncestor,
  indexApps,
  rowsOf,
  setOp,
  unbind,
  type Bindings,
  type PermRow,
} from './permissionModel';
import { DrawerFooter } from '../../../ui/DrawerFooter';

const FUN_COLOR: Record<FunType, string> = { pig: 'magenta', chicken: 'gold', common: 'default' };

export function FunTag({ funType }: { funType: FunType }): ReactElement {
  const { t } = useTranslation('roles');
  return (
    <Tag bordered={false} color={FUN_COLOR[funType]} className="fs-fun-tag">
      {t(`funType.${funType}`)}
    </Tag>
  );
}

function allCodes(rows: PermRow[]): string[] {
  return rows.flatMap((r) => (r.children ? [r.key, ...allCodes(r.children)] : []));
}

function PermissionTable({
  role,
  apps,
  saved,
  onClose,
}: {
  role: RoleRow;
  apps: BindableApp[];
  saved: RoleAppOps[];
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['roles', 'common']);
  const index = useMemo(() => indexApps(apps), [apps]);
  const rows = useMemo(() => rowsOf(apps), [apps]);
  const [bindings, setBindings] = useState<Bindings>(() => bindingsFrom(saved, index));
  const [expanded, setExpanded] = useState<string[]>(() => rows.map((r) => r.key));
  const save = useBindRole();
  const covered = (code: string): string | null => coveringAncestor(code, bindings, index);
  const selectedKeys = index.order.filter((c) => bindings[c] || covered(c));
  const boundCount = Object.keys(bindings).length;

  const submit = async (): Promise<void> => {
    try {
      await save.mutateAsync({ roleId: role.id, applications: bindBody(bindings, index) });
      toast.success(t('common:savedSuccessfully'));
      onClose();
    } catch {
      // The API client has shown the reason.
    }
  };

  const columns: ColumnsType<PermRow> = [
    {
      key: 'app',
      title: t('perm.function'),
      render: (_, r) => {
        const by = covered(r.key);
        return (
          <span className="fs-perm-app">
            <span className={r.children ? 'fs-perm-app__group' : undefined}>{menuLabel(r.key)}</span>
            <FunTag funType={r.funType} />
            {by && <span className="fs-muted fs-perm-app__by">{t('perm.includedWith', { name: menuLabel(by) })}</span>}
          </span>
        );
      },
    },
    ...APP_OPERATIONS.map((op) => ({
      key: op,
      title: t(`ops.${op}`),
      width: 76,
      align: 'center' as const,
      render: (_: unknown, r: PermRow) => {
        const by = covered(r.key);
        const ops = by ? bindings[by]! : (bindings[r.key] ?? []);
        return (
          <Checkbox
            className="fs-perm-op"
            checked={ops.includes(op)}
            disabled={by !== null}
            aria-label={t('perm.opOf', { op: t(`ops.${op}`), name: menuLabel(r.key) })}
            onChange={(e) => setBindings((b) => setOp(b, r.key, op, e.target.checked, index))}
          />
        );
      },
    })),
  ];

  return (
    <div className="fs-perm">
      <Alert type="info" showIcon className="fs-dialog-note" title={t(role.type === 'group' ? 'perm.hintGroup' : 'perm.hintFarm')} />
      <div className="fs-perm__bar">
        <Typography.Text data-testid="perm-count">{t('perm.count', { count: boundCount })}</Typography.Text>
        <Space wrap>
          <Button onClick={() => setExpanded(allCodes(rows))}>{t('perm.expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('perm.collapseAll')}</Button>
          <Button onClick={() => setBindings(bindAll(apps, index))}>{t('perm.all')}</Button>
          <Button onClick={() => setBindings({})}>{t('perm.none')}</Button>
        </Space>
      </div>
      <Table<PermRow>
        className="fs-perm-table"
        aria-label={t('perm.tableLabel')}
        rowKey="key"
        size="middle"
        pagination={false}
        sticky
        columns={columns}
        dataSource={rows}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)), indentSize: 20 }}
        rowSelection={{
          checkStrictly: true,
          hideSelectAll: true,
          columnWidth: 52,
          selectedRowKeys: selectedKeys,
          getCheckboxProps: (r) => ({ disabled: covered(r.key) !== null, 'aria-label': t('perm.bindOf', { name: menuLabel(r.key) }) }),
          onSelect: (r, on) => setBindings((b) => (on ? bind(b, r.key, index) : unbind(b, r.key))),
        }}
      />
      <DrawerFooter onCancel={onClose} onSave={() => void submit()} busy={save.isPending} />
    </div>
  );
}

/**
 * "Permissions" of a role: the tenant's applications of the role's level (farm or group), each
 * with a checkbox and its operation rights, saved with operateAuth/bind (replacing all bindings).
 */
export function PermissionDrawer({ role, onClose }: { role: RoleRow | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['roles', 'common']);
  const band = useScreenBand();
  const apps = useApplications(role?.type);
  const saved = useRoleBindings(role?.id);
  let body: ReactElement | null = null;
  if (role) {
    if (apps.isPending || saved.isPending) body = <LoadingBlock rows={3} />;
    else if (apps.isError || saved.isError) {
      body = <ErrorBlock title={t('perm.loadFailed')} onRetry={() => void Promise.all([apps.refetch(), saved.refetch()])} />;
    } else if (apps.data.length === 0) body = <EmptyBlock title={t('perm.noApps')} hint={t('perm.noAppsHint')} />;
    else body = <PermissionTable key={role.id} role={role} apps={apps.data} saved={saved.data} onClose={onClose} />;
  }
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      title={role ? t('perm.title', { name: role.roleName }) : ''}
      size={band === 'small' ? '100%' : 'min(900px, 94vw)'}
      destroyOnHidden
      closable={{ 'aria-label': t('common:close') }}
      className="fs-perm-drawer"
    >
      {body}
    </Drawer>
  );
}
