import type { ReactElement } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OptionLogRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { PagedTable, usePaging } from '../../../ui/PagedTable';
import { useOptionLogs } from '../api';
import { settingText } from '../components/settingText';
import { StatusTag } from '../components/SyncState';
import { PageFrame } from '../../../ui/PageParts';
import { formatDateTime } from '../../../app/i18n/numbers';
import '../../../ui/admin.css';

/**
 * The option log (/remote-control/option-logs): every remote change, newest first, with who made it, from which value to
 * which, how it was confirmed (never the code), and the controller's answer.
 */
export function OptionLogsPage(): ReactElement {
  const { t } = useTranslation('control');
  const { paging, table } = usePaging();
  const page = useOptionLogs(paging);
  const columns: TableColumnsType<OptionLogRow> = [
    { title: t('logs.at'), key: 'at', width: 170, render: (_, r) => formatDateTime(r.createdAt) },
    { title: t('logs.house'), key: 'house', render: (_, r) => `${r.farmName ?? ''} / ${r.shedName ?? ''}` },
    { title: t('logs.setting'), key: 'setting', render: (_, r) => `${t(`groups.${r.group}`)} v${r.version}` },
    { title: t('logs.action'), key: 'action', render: (_, r) => t(`logs.actions.${r.action}`) },
    { title: t('logs.from'), key: 'from', render: (_, r) => settingText(r.fromValue, t, r.group) },
    { title: t('logs.to'), key: 'to', render: (_, r) => settingText(r.toValue, t, r.group) },
    {
      title: t('logs.code'),
      key: 'code',
      render: (_, r) => (
        <>
          {t(`codeDialog.${r.codeKind}`)}
          {r.confirmedOffComfort && <Tag color="orange">{t('logs.offComfort')}</Tag>}
        </>
      ),
    },
    { title: t('logs.account'), dataIndex: 'accountName' },
    {
      title: t('logs.answer'),
      key: 'answer',
      render: (_, r) => (
        <>
          <StatusTag status={r.status} online /> {r.ackMsg ?? ''}
        </>
      ),
    },
  ];
  const code = 'remote-control.option-logs';
  return (
    <PageFrame head={{ title: menuLabel(code), subtitle: t('logs.subtitle') }}>
      <PagedTable<OptionLogRow> rowKey="id" label={t('logs.table')} columns={columns} emptyText={t('logs.empty')} {...table(page)} />
    </PageFrame>
  );
}
