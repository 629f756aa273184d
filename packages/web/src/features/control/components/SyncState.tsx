import type { ReactElement } from 'react';
import { Button, Tag, type TableColumnsType } from 'antd';
import { PagedTable } from '../../../ui/PagedTable';
import { useTranslation } from 'react-i18next';
import type { CommandStatus, SettingStateAnswer, SettingVersionRow } from '@farmsense/shared';
import { formatDateTime } from '../../../app/i18n/numbers';

const COLORS: Record<CommandStatus, string> = { pending: 'processing', synced: 'success', failed: 'error', expired: 'default' };

/** A version's status; a pending one for an offline controller says it applies once back online. */
export function StatusTag({ status, online }: { status: CommandStatus; online: boolean }): ReactElement {
  const { t } = useTranslation('control');
  return (
    <Tag color={COLORS[status]} data-testid="sync-status">
      {status === 'pending' && !online ? t('curve.whenOnline') : t(`status.${status}`)}
    </Tag>
  );
}

/** The group's desired and reported versions, its status, and the earlier versions with "restore". */
export function SyncState({ state, onRestore }: { state: SettingStateAnswer; onRestore: (version: number) => void }): ReactElement {
  const { t } = useTranslation('control');
  const columns: TableColumnsType<SettingVersionRow> = [
    { title: t('versions.version'), dataIndex: 'version', width: 80 },
    { title: t('versions.status'), key: 'status', render: (_, r) => <StatusTag status={r.status} online={state.online} /> },
    { title: t('versions.by'), dataIndex: 'createdByName' },
    { title: t('versions.at'), key: 'at', render: (_, r) => formatDateTime(r.createdAt) },
    { title: t('versions.answer'), dataIndex: 'ackMsg' },
    {
      title: t('versions.restore'),
      key: 'restore',
      render: (_, r) =>
        r.version === state.desiredVersion ? null : (
          <Button size="small" onClick={() => onRestore(r.version)} aria-label={t('versions.restoreVersion', { version: r.version })}>
            {t('versions.restore')}
          </Button>
        ),
    },
  ];
  return (
    <div className="fs-panel">
      <p data-testid="group-status">
        {state.status && <StatusTag status={state.status} online={state.online} />}{' '}
        {t('versions.summary', { desired: state.desiredVersion ?? '-', reported: state.reportedVersion ?? '-' })}{' '}
        {!state.online && <Tag>{t('curve.offline')}</Tag>}
      </p>
      <PagedTable<SettingVersionRow>
        columnsKey="control.versions"
        rowKey="version"
        size="small"
        columns={columns}
        rows={state.versions}
        label={t('versions.table')}
      />
    </div>
  );
}
