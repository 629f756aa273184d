import type { ReactElement } from 'react';
import type { TableColumnsType } from 'antd';
import { PagedTable } from '../../../ui/PagedTable';
import { useTranslation } from 'react-i18next';
import type { OverviewShed } from '@farmsense/shared';
import { climateColumns, GroupList } from '../components/ClimateColumns';
import { OverviewFrame } from '../components/OverviewFrame';
import { menuLabel } from '../../../app/i18n/i18n';

const APP = 'remote-control.env-control.shed';

/**
 * Climate control per house (/remote-control/env-control/shed): each house's controller, its mode
 * and live values beside the values set from the platform (today's curve target, RH target), and
 * under it every climate group with its sync state, set values and a link to its page.
 */
export function EnvShedPage(): ReactElement {
  const { t } = useTranslation('control');
  const columns: TableColumnsType<OverviewShed> = [
    { title: t('curve.house'), dataIndex: 'shedName' },
    { title: t('curve.day'), key: 'dayAge', render: (_, s) => s.dayAge ?? '–' },
    ...climateColumns<OverviewShed>(t, (s) => s),
  ];
  return (
    <OverviewFrame app={APP} subtitle={t('overview.shedSubtitle')}>
      {(data) => (
        <PagedTable<OverviewShed>
          key={data.farmId}
          rowKey="shedId"
          size="small"
          columns={columns}
          rows={data.sheds}
          scroll={{ x: 'max-content' }}
          label={menuLabel(APP)}
          expandable={{ expandedRowRender: (s) => <GroupList shed={s} />, defaultExpandAllRows: true }}
        />
      )}
    </OverviewFrame>
  );
}
