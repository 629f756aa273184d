import type { ReactElement } from 'react';
import { PagedTable } from '../../../ui/PagedTable';
import { useTranslation } from 'react-i18next';
import type { TrendSeries } from '@farmsense/shared';
import { fmtNumber, keyLabel } from '../model/format';

/** Min / average / max / count of every sensor of one shed's trend (ShedTrendCard opens it). */
export function SensorTable({ series, kind, unit }: { series: readonly TrendSeries[]; kind: string; unit: string }): ReactElement {
  const { t } = useTranslation('environment');
  const several = new Set(series.map((s) => s.gatewayCode)).size > 1;
  const num = (v: number | undefined): string => fmtNumber(v, kind);
  return (
    <PagedTable<TrendSeries>
      label={t('trend.sensors', { count: series.length })}
      columnsKey="environment.trend.sensors"
      size="small"
      className="fs-sensor-table"
      rowKey={(s) => `${s.gatewayCode}|${s.key}`}
      rows={[...series]}
      columns={[
        { title: t('trend.sensor'), key: 'sensor', render: (_, s) => (several ? `${s.gatewayCode} ${keyLabel(s.key)}` : keyLabel(s.key)) },
        { title: `${t('trend.min')} (${unit})`, key: 'min', align: 'right', render: (_, s) => num(s.stats?.min) },
        { title: `${t('trend.avg')} (${unit})`, key: 'avg', align: 'right', render: (_, s) => num(s.stats?.avg) },
        { title: `${t('trend.max')} (${unit})`, key: 'max', align: 'right', render: (_, s) => num(s.stats?.max) },
        { title: t('trend.count'), key: 'count', align: 'right', render: (_, s) => s.stats?.count ?? 0 },
      ]}
    />
  );
}
