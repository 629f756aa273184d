import type { ReactElement } from 'react';
import { Progress, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SiloStatusRow } from '@farmsense/shared';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar } from '../../../ui/FilterBar';
import { PagedTable } from '../../../ui/PagedTable';
import { ErrorBlock } from '../../../ui/QueryStates';
import { useSiloStatus } from '../api';
import { ACTION_COLOR, fmtKg, fmtTime, forecastText, LEVEL_COLOR, WEIGHT_COLOR } from '../model/forecast';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

/** The monitoring table follows the scales closely: read again every 10 seconds. */
const REFRESH_MS = 10_000;

/**
 * /weight/monitoring: every silo of the farm in one table, read again every few seconds: live
 * weight and fill, level, weight state, loading or unloading, today's consumption and the
 * forecast, with the time of the reading shown.
 */
export function SiloMonitoringPage(): ReactElement {
  const { t } = useTranslation(['silos', 'common']);
  const choice = useFarmChoice();
  const status = useSiloStatus(choice.farmId, REFRESH_MS);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;

  const tag = (colors: Record<string, string>, group: string, value: string | null): ReactElement | string =>
    value === null ? (
      '—'
    ) : (
      <Tag bordered={false} color={colors[value]}>
        {t(`${group}.${value}`)}
      </Tag>
    );
  const columns: ColumnsType<SiloStatusRow> = [
    { key: 'name', title: t('fields.name'), width: 140, fixed: 'left', render: (_, r) => <strong>{r.name}</strong> },
    {
      key: 'weight',
      title: t('fields.weight'),
      width: 130,
      align: 'right',
      render: (_, r) => (r.weightKg === null ? '—' : t('units.kg', { value: fmtKg(r.weightKg) })),
    },
    {
      key: 'fill',
      title: t('fields.fill'),
      width: 160,
      render: (_, r) => (r.fillPct === null ? '—' : <Progress size="small" percent={Math.max(0, Math.min(100, r.fillPct))} />),
    },
    { key: 'level', title: t('fields.level'), width: 120, render: (_, r) => tag(LEVEL_COLOR, 'level', r.level) },
    { key: 'weightState', title: t('fields.weightState'), width: 120, render: (_, r) => tag(WEIGHT_COLOR, 'weightState', r.weightState) },
    { key: 'action', title: t('fields.action'), width: 120, render: (_, r) => tag(ACTION_COLOR, 'action', r.action) },
    {
      key: 'today',
      title: t('status.today'),
      width: 130,
      align: 'right',
      render: (_, r) => t('units.kg', { value: fmtKg(r.todayConsumedKg) }),
    },
    {
      key: 'forecast',
      title: t('fields.forecast'),
      width: 200,
      render: (_, r) => (
        <span>
          {forecastText(t, r.forecast)}
          {r.forecast?.reorder && (
            <Tag color="red" className="fs-silo-reorder">
              {t('forecast.reorder')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'ts', title: t('status.lastReading'), width: 160, render: (_, r) => (r.lastTs === null ? '—' : fmtTime(r.lastTs)) },
  ];

  return (
    <PageFrame head={{ title: menuLabel('weight.monitoring'), subtitle: t('monitoring.subtitle') }}>
      <FilterBar label={t('filters')}>
        <FarmField id="silo-farm" label={t('fields.farm')} width={220} choice={choice} />
      </FilterBar>
      {status.isError ? (
        <ErrorBlock title={t('status.failed')} onRetry={() => void status.refetch()} />
      ) : (
        <PagedTable<SiloStatusRow>
          rowKey="id"
          className="fs-admin-table"
          label={menuLabel('weight.monitoring')}
          loading={status.isPending}
          rows={status.data}
          columns={columns}
          emptyText={t('status.empty')}
          scroll={{ x: 1300 }}
        />
      )}
    </PageFrame>
  );
}
