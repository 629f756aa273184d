import { useMemo, type ReactElement } from 'react';
import { Descriptions, Drawer, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlockRow } from '@farmsense/shared';
import { CancelledError } from '../../../app/api/client';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { enumLabel } from '../../../ui/enumLabel';
import { useFlockSummary, useWeightTrend, type ReportQuery } from '../flocksApi';
import { flockTypeLabel, fmt, indicatorUnit } from '../model/flocks';
import { DayAgeChart, type DayAgeSeries } from './DayAgeChart';

/**
 * One flock in detail: who it is (house, group, type, dates), its totals over its whole life so
 * far (the production report's totals row) and its weight against the farm's standard curve by
 * day age. Works for current and closed flocks alike.
 */
export function FlockDrawer({ flock, today, onClose }: { flock: FlockRow; today: string; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['flocks', 'records', 'poultry']);
  const query = useMemo<ReportQuery>(
    () => ({
      farmId: flock.farmId,
      flockIds: [flock.id],
      start: flock.startDate,
      end: flock.stopDate ?? (today < flock.startDate ? flock.startDate : today),
      period: 'week',
      groupBy: 'flock',
      includeClosed: true,
    }),
    [flock, today],
  );
  const summary = useFlockSummary(query);
  const trend = useWeightTrend(flock.id);
  const totals = summary.data?.totals ?? null;
  const placed = flock.maleCount + flock.femaleCount;
  const closed = flock.status === 2;

  const series = useMemo<DayAgeSeries[]>(() => {
    const s = trend.data?.series.find((x) => x.indicator === '02') ?? trend.data?.series[0];
    if (!s || s.points.length === 0) return [];
    const actual = s.points.filter((p) => p.actual !== null).map((p) => [p.dayAge, p.actual] as const);
    const standard = s.points.filter((p) => p.standard !== null).map((p) => [p.dayAge, p.standard] as const);
    const out: DayAgeSeries[] = [];
    if (actual.length > 0) out.push({ id: 'actual', name: t('drawer.actual'), points: actual });
    if (standard.length > 0) out.push({ id: 'standard', name: t('drawer.standard'), points: standard, dashed: true });
    return out;
  }, [trend.data, t]);

  const figure = (key: string, value: string, testId?: string): ReactElement => (
    <Statistic title={t(`drawer.${key}`)} value={value} data-testid={testId} />
  );

  return (
    <Drawer
      open
      onClose={onClose}
      size={720}
      title={t('drawer.title', { shed: flock.shedName, groupNo: flock.groupNo })}
      destroyOnHidden
      data-testid="flock-drawer"
    >
      <div className="fs-flock-head">
        <Tag color={closed ? 'default' : 'green'}>{closed ? t('status.closed') : t('status.inHouse')}</Tag>
        <Typography.Text strong>{t('card.dayAge', { age: flock.dayAge })}</Typography.Text>
        <Typography.Text type="secondary">{flock.farmName}</Typography.Text>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="fs-flock-desc">
        <Descriptions.Item label={t('records:flock.flockType')}>{flockTypeLabel(flock.flockType)}</Descriptions.Item>
        <Descriptions.Item label={t('records:flock.sex')}>{enumLabel('flockSex', flock.sex)}</Descriptions.Item>
        <Descriptions.Item label={t('records:flock.breed')}>{flock.breed || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('records:flock.birthDate')}>{flock.birthDate}</Descriptions.Item>
        <Descriptions.Item label={t('records:flock.startDate')}>{flock.startDate}</Descriptions.Item>
        <Descriptions.Item label={t('records:flock.stopDate')}>{flock.stopDate ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('records:flock.maleCount')}>{fmt(flock.maleCount)}</Descriptions.Item>
        <Descriptions.Item label={t('records:flock.femaleCount')}>{fmt(flock.femaleCount)}</Descriptions.Item>
      </Descriptions>

      <Typography.Title level={5} className="fs-section-title">
        {t('drawer.figures')}
      </Typography.Title>
      {summary.isPending ? (
        <LoadingBlock rows={1} />
      ) : summary.isError && !(summary.error instanceof CancelledError) ? (
        <ErrorBlock title={t('page.loadFailed')} onRetry={() => void summary.refetch()} />
      ) : (
        <div className="fs-flock-figures" data-testid="flock-figures">
          {figure('birds', `${fmt(flock.present)} / ${fmt(placed)}`)}
          {figure('livability', totals?.livability != null ? `${fmt(totals.livability, 2)} ${t('poultry:unit.pct')}` : '—')}
          {figure('dead', fmt(totals?.dead))}
          {figure('culled', fmt(totals?.culled))}
          {figure('mortality', fmt(totals?.mortalityPer10k, 1))}
          {figure('feed', totals?.feedKg != null ? `${fmt(totals.feedKg, 1)} ${t('poultry:unit.kg')}` : '—')}
          {figure('water', totals?.waterL != null ? `${fmt(totals.waterL, 1)} ${t('poultry:unit.l')}` : '—')}
          {figure('fcr', fmt(totals?.fcr, 2))}
          {totals?.eggCount ? figure('eggs', fmt(totals.eggCount)) : null}
          {figure('epef', fmt(totals?.epef, 0))}
        </div>
      )}

      <Typography.Title level={5} className="fs-section-title">
        {t('drawer.weightChart')}
      </Typography.Title>
      {trend.isPending ? (
        <LoadingBlock rows={1} />
      ) : trend.isError && !(trend.error instanceof CancelledError) ? (
        <ErrorBlock title={t('page.loadFailed')} onRetry={() => void trend.refetch()} />
      ) : series.length === 0 ? (
        <EmptyBlock title={t('drawer.noWeights')} hint={t('drawer.noWeightsHint')} />
      ) : (
        <DayAgeChart
          series={series}
          unit={indicatorUnit('02')}
          ariaLabel={t('drawer.weightChart')}
          height={260}
          testId="flock-weight-chart"
        />
      )}
    </Drawer>
  );
}
