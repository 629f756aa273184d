import type { ReactElement } from 'react';
import { Badge, Button, Dropdown, Space, Tag, Tooltip, Typography } from 'antd';
import {
  ApiOutlined,
  CheckCircleOutlined,
  DownOutlined,
  EditOutlined,
  FileSearchOutlined,
  MoreOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TenantRow } from '@farmsense/shared';
import { ModuleTags } from '../modules';
import { validityState } from '../validity';
import { nameColumn, StackCell } from '../../../ui/list/nameColumn';

/** What a row's actions open; the page owns the dialogs. */
export interface TenantActions {
  edit: (t: TenantRow) => void;
  systemAuth: (t: TenantRow) => void;
  apiAuth: (t: TenantRow) => void;
  setStatus: (rows: TenantRow[], status: 0 | 1) => void;
  log: (t: TenantRow) => void;
}

/** "used / cap"; at or over the cap in red, an absent cap as unlimited. */
export function UsageCell({ used, cap, t }: { used: number; cap: number | null; t: TFunction }): ReactElement {
  if (cap === null) {
    return (
      <Tooltip title={t('usage.unlimited', { used })}>
        <span className="fs-usage-cell" aria-label={t('usage.unlimited', { used })}>
          {used} <span className="fs-muted">/ ∞</span>
        </span>
      </Tooltip>
    );
  }
  const full = used >= cap;
  return (
    <Tooltip title={t('usage.of', { used, cap })}>
      <span className={full ? 'fs-usage-cell fs-usage-cell--full' : 'fs-usage-cell'} aria-label={t('usage.of', { used, cap })}>
        {used} <span className={full ? undefined : 'fs-muted'}>/ {cap}</span>
      </span>
    </Tooltip>
  );
}

export function ValidityCell({ row, t }: { row: TenantRow; t: TFunction }): ReactElement {
  const s = validityState(row.systemAuth, row.createdAt);
  const day = (d: { format: (f: string) => string }): string => d.format('YYYY-MM-DD');
  switch (s.kind) {
    case 'permanent':
      return <Tag color="green">{t('validity.permanent')}</Tag>;
    case 'expired':
      return (
        <Typography.Text type="danger" className="fs-validity-expired">
          {t('validity.expired', { date: day(s.end) })}
        </Typography.Text>
      );
    case 'notStarted':
      return <Typography.Text type="warning">{t('validity.from', { date: day(s.start) })}</Typography.Text>;
    case 'fromOnly':
      return <span>{t('validity.from', { date: day(s.start) })}</span>;
    default:
      return <span>{t('validity.until', { date: day(s.end) })}</span>;
  }
}

export function tenantColumns(t: TFunction, actions: TenantActions): ColumnsType<TenantRow> {
  return [
    nameColumn<TenantRow>({ key: 'name', title: t('fields.name'), width: 160, name: (r) => r.name, sub: (r) => r.address }),
    {
      key: 'contact',
      title: t('fields.contactPhone'),
      width: 120,
      render: (_, r) => <StackCell main={<span>{r.contact ?? '—'}</span>} sub={r.phone} nowrap />,
    },
    { key: 'modules', title: t('fields.modules'), width: 150, render: (_, r) => <ModuleTags modules={r.modules} /> },
    {
      key: 'admin',
      title: t('fields.admin'),
      width: 120,
      render: (_, r) => (r.adminAccountCode ? <StackCell main={<span>{r.adminAccountName}</span>} sub={r.adminAccountCode} /> : '—'),
    },
    {
      key: 'usage',
      title: t('fields.usage'),
      width: 130,
      render: (_, r) => (
        <dl className="fs-usage-grid">
          <dt>{t('fields.users')}</dt>
          <dd data-testid="tenant-users">
            <UsageCell used={r.userCount} cap={r.systemAuth.userNum} t={t} />
          </dd>
          <dt>{t('fields.farms')}</dt>
          <dd data-testid="tenant-farms">
            <UsageCell used={r.farmCount} cap={r.systemAuth.farmNum} t={t} />
          </dd>
          <dt>{t('fields.devices')}</dt>
          <dd data-testid="tenant-devices">
            <UsageCell used={r.deviceCount} cap={r.systemAuth.deviceNum} t={t} />
          </dd>
        </dl>
      ),
    },
    { key: 'validity', title: t('fields.validity'), width: 125, render: (_, r) => <ValidityCell row={r} t={t} /> },
    {
      key: 'status',
      title: t('fields.status'),
      width: 80,
      render: (_, r) => (
        <Badge
          status={r.status === 1 ? 'success' : 'default'}
          text={r.status === 1 ? t('status.enabled') : t('status.disabled')}
          data-testid="tenant-status"
          className="fs-nowrap"
        />
      ),
    },
    {
      key: 'actions',
      title: t('common:actions'),
      fixed: 'right',
      width: 215,
      render: (_, r) => (
        <Space size={0} className="fs-row-actions">
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => actions.edit(r)}
            aria-label={t('actions.editOf', { name: r.name })}
          >
            {t('common:edit')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'system', icon: <SafetyCertificateOutlined />, label: t('actions.systemAuth') },
                { key: 'api', icon: <ApiOutlined />, label: t('actions.apiAuth') },
              ],
              onClick: ({ key }) => (key === 'system' ? actions.systemAuth(r) : actions.apiAuth(r)),
            }}
          >
            <Button type="link" size="small" icon={<SafetyCertificateOutlined />} aria-label={t('actions.authorizeOf', { name: r.name })}>
              {t('actions.authorize')} <DownOutlined className="fs-caret" />
            </Button>
          </Dropdown>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                r.status === 1
                  ? { key: 'disable', icon: <StopOutlined />, danger: true, label: t('common:disable') }
                  : { key: 'enable', icon: <CheckCircleOutlined />, label: t('common:enable') },
                { key: 'log', icon: <FileSearchOutlined />, label: t('actions.log') },
              ],
              onClick: ({ key }) => {
                if (key === 'log') actions.log(r);
                else actions.setStatus([r], key === 'enable' ? 1 : 0);
              },
            }}
          >
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('actions.moreOf', { name: r.name })} />
          </Dropdown>
        </Space>
      ),
    },
  ];
}
