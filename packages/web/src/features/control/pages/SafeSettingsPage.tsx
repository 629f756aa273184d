import { useState, type ReactElement } from 'react';
import { Switch, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuthCodeRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { lazyPart } from '../../../ui/lazyPart';
import { PagedTable, usePaging } from '../../../ui/PagedTable';
import { useAuthCodes, useEnableAuthCode } from '../api';
import { PageFrame } from '../../../ui/PageParts';
import { formatDateTime } from '../../../app/i18n/numbers';
import '../../../ui/admin.css';

const GenerateCodeDialog = lazyPart(
  () => import('../components/GenerateCodeDialog').then((m) => m.GenerateCodeDialog),
  () => true,
);

/**
 * /safe-control/settings: the authorization codes that confirm remote actions besides each
 * account's own security code (SPEC §6). An administrator generates one for some houses (and
 * optionally some setting groups) with a validity in minutes, sees each with its uses, and
 * disables or re-enables it. The code itself is shown only when generated.
 */
export function SafeSettingsPage(): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  const { paging, table } = usePaging();
  const codes = useAuthCodes(paging);
  const enable = useEnableAuthCode();
  const [generating, setGenerating] = useState(false);

  const columns: TableColumnsType<AuthCodeRow> = [
    { title: t('codes.columns.sheds'), key: 'sheds', render: (_, r) => r.shedNames.join(', ') },
    {
      title: t('codes.columns.actions'),
      key: 'actions',
      render: (_, r) => (r.actions === null ? t('codes.allActions') : r.actions.map((g) => t(`groups.${g}`)).join(', ')),
    },
    { title: t('codes.columns.validMinutes'), dataIndex: 'validMinutes', width: 110 },
    { title: t('codes.columns.expiresAt'), key: 'expiresAt', render: (_, r) => formatDateTime(r.expiresAt) },
    {
      title: t('codes.columns.state'),
      key: 'state',
      width: 110,
      render: (_, r) =>
        r.expired ? (
          <Tag>{t('codes.states.expired')}</Tag>
        ) : r.enabled ? (
          <Tag color="green">{t('codes.states.enabled')}</Tag>
        ) : (
          <Tag color="red">{t('codes.states.disabled')}</Tag>
        ),
    },
    { title: t('codes.columns.uses'), dataIndex: 'uses', width: 90 },
    { title: t('codes.columns.lastUsedAt'), key: 'lastUsedAt', render: (_, r) => formatDateTime(r.lastUsedAt) },
    { title: t('codes.columns.remark'), dataIndex: 'remark' },
    { title: t('codes.columns.createdBy'), dataIndex: 'createdByName' },
    {
      title: t('codes.columns.enabled'),
      key: 'enabled',
      width: 100,
      render: (_, r) => (
        <Switch
          checked={r.enabled}
          aria-label={t(r.enabled ? 'common:disable' : 'common:enable')}
          loading={enable.isPending && enable.variables?.id === r.id}
          onChange={(enabled) => void enable.mutateAsync({ id: r.id, enabled }).catch(() => undefined)}
        />
      ),
    },
  ];

  return (
    <PageFrame
      head={{
        title: menuLabel('safe-control.settings'),
        subtitle: t('codes.subtitle'),
        addLabel: t('codes.generate'),
        onAdd: () => setGenerating(true),
      }}
      after={generating && <GenerateCodeDialog onClose={() => setGenerating(false)} />}
    >
      <PagedTable<AuthCodeRow> rowKey="id" label={t('codes.table')} columns={columns} emptyText={t('codes.empty')} {...table(codes)} />
    </PageFrame>
  );
}
