import type { ReactElement } from 'react';
import { Button, Dropdown, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, SafetyCertificateOutlined, MoreOutlined, StopOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { AccountType, type AccountRowWithScope } from '@farmsense/shared';
import { enumLabel } from '../../../ui/enumLabel';
import { EditAction, RowAction } from '../../../ui/RowAction';
import { actionsColumn } from '../../../ui/actionsColumn';
import { nameColumn, StackCell } from '../../../ui/list/nameColumn';

/** What a row's actions open; the page owns the dialogs and confirmations. */
export interface AccountActions {
  edit: (a: AccountRowWithScope) => void;
  authorize: (a: AccountRowWithScope) => void;
  setStatus: (rows: AccountRowWithScope[], status: 0 | 1) => void;
  remove: (a: AccountRowWithScope) => void;
}

const TYPE_COLOR: Record<number, string> = { [AccountType.TENANT_ADMIN]: 'purple', [AccountType.FARM_SUPER_ADMIN]: 'blue' };
const MAX_TAGS = 3;

function Tags({ items, empty }: { items: { key: number; text: string; color?: string; hint?: string }[]; empty: string }): ReactElement {
  if (items.length === 0) return <span className="fs-muted">{empty}</span>;
  const shown = items.slice(0, MAX_TAGS);
  const rest = items.slice(MAX_TAGS);
  return (
    <span className="fs-tags">
      {shown.map((i) => (
        <Tooltip key={i.key} title={i.hint}>
          <Tag bordered={false} color={i.color}>
            {i.text}
          </Tag>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((i) => i.text).join(', ')}>
          <Tag bordered={false}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** The farms of a row: an administrator sees them all; a farm narrowed to sheds or pens says so. */
function FarmsCell({ row, t }: { row: AccountRowWithScope; t: TFunction }): ReactElement {
  if (row.accountType === AccountType.TENANT_ADMIN)
    return (
      <Tag color="green" bordered={false}>
        {t('table.allFarms')}
      </Tag>
    );
  const items = row.authorization.map((a) => {
    const partial = a.shedIds.length > 0 || a.penIds.length > 0;
    return {
      key: a.farmId,
      text: partial ? `${a.farmName} · ${t('table.partial')}` : a.farmName,
      color: partial ? 'gold' : undefined,
      hint: partial ? t('table.partialHint', { count: a.shedIds.length, pens: a.penIds.length }) : undefined,
    };
  });
  return <Tags items={items} empty={t('table.noFarm')} />;
}

export function accountColumns(
  t: TFunction,
  selfId: number | undefined,
  compact: boolean,
  actions: AccountActions,
): ColumnsType<AccountRowWithScope> {
  return [
    nameColumn<AccountRowWithScope>({
      key: 'accountCode',
      title: t('table.account'),
      width: 170,
      name: (r) => r.accountCode,
      sub: (r) => r.accountName,
      mono: true,
      plainSub: true,
    }),
    {
      key: 'name',
      title: t('fields.name'),
      width: 130,
      render: (_, r) =>
        r.name || r.jobNo ? <StackCell main={<span>{r.name ?? '—'}</span>} sub={r.jobNo} /> : <span className="fs-muted">—</span>,
    },
    {
      key: 'phone',
      title: t('table.phoneEmail'),
      width: 190,
      render: (_, r) => (
        <StackCell
          main={<span className="fs-nowrap">{r.phoneNo ? [r.areaCode, r.phoneNo].filter(Boolean).join(' ') : '—'}</span>}
          sub={r.email}
          tooltip
        />
      ),
    },
    {
      key: 'type',
      title: t('fields.accountType'),
      width: 150,
      render: (_, r) => (
        <Tag bordered={false} color={TYPE_COLOR[r.accountType]}>
          {enumLabel('accountType', r.accountType)}
        </Tag>
      ),
    },
    {
      key: 'roles',
      title: t('fields.roles'),
      width: 170,
      render: (_, r) =>
        r.accountType === AccountType.TENANT_ADMIN ? (
          <Tag color="purple" bordered={false}>
            {t('table.allFunctions')}
          </Tag>
        ) : (
          <Tags items={r.roles.map((x) => ({ key: x.id, text: x.roleName }))} empty={t('table.noRole')} />
        ),
    },
    { key: 'farms', title: t('fields.farms'), width: 190, render: (_, r) => <FarmsCell row={r} t={t} /> },
    {
      key: 'status',
      title: t('fields.status'),
      width: 110,
      render: (_, r) => (
        <div className="fs-cell-stack">
          <Tag bordered={false} color={r.status === 1 ? 'success' : 'error'} data-testid="account-status" className="fs-status-tag">
            {r.status === 1 ? t('status.enabled') : t('status.disabled')}
          </Tag>
          {r.mustChangePassword && (
            <Typography.Text type="warning" className="fs-cell-sub">
              {t('table.mustChange')}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'lastLogin',
      title: t('fields.lastLoginAt'),
      width: 140,
      render: (_, r) => (
        <span className="fs-nowrap">
          {r.lastLoginAt ? dayjs(r.lastLoginAt).format('YYYY-MM-DD HH:mm') : <span className="fs-muted">{t('table.never')}</span>}
        </span>
      ),
    },
    actionsColumn<AccountRowWithScope>(t('common:actions'), compact ? 235 : 290, (r) => {
      const self = r.id === selfId;
      const admin = r.accountType === AccountType.TENANT_ADMIN;
      return (
        <>
          <EditAction compact={compact} label={t('actions.editOf', { name: r.accountName })} onClick={() => actions.edit(r)} />
          <RowAction
            compact={compact}
            keepText
            icon={<SafetyCertificateOutlined />}
            text={t('actions.authorize')}
            label={t('actions.authorizeOf', { name: r.accountName })}
            disabled={admin}
            hint={admin ? t('actions.adminSeesAll') : undefined}
            onClick={() => actions.authorize(r)}
          />
          <Dropdown
            trigger={['click']}
            disabled={self}
            menu={{
              items: [
                r.status === 1
                  ? { key: 'disable', icon: <StopOutlined />, danger: true, label: t('actions.ban') }
                  : { key: 'enable', icon: <CheckCircleOutlined />, label: t('actions.enable') },
                { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('common:delete') },
              ],
              onClick: ({ key }) => (key === 'delete' ? actions.remove(r) : actions.setStatus([r], key === 'enable' ? 1 : 0)),
            }}
          >
            <Button
              icon={<MoreOutlined />}
              aria-label={t('actions.moreOf', { name: r.accountName })}
              title={self ? t('actions.notSelf') : undefined}
            />
          </Dropdown>
        </>
      );
    }),
  ];
}
