import { useMemo, useState, type ReactElement } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { STANDARD_CURVE_INDICATORS, TREND_WINDOWS_DAYS, type CurveIndicator } from '@farmsense/shared';
import { FilterField } from '../../../ui/FilterBar';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { useFlockOptions, useFlockTrend, type TrendRequest } from '../reportsApi';
import { INDICATOR_METRIC } from '../model/metrics';
import { trendWindow } from '../model/range';
import type { TrendDef } from '../model/reports';
import { pointCount, trendLines } from '../model/series';
import { FlockPicker } from './FlockPicker';
import { ReportChart } from './ReportChart';
import { ReportFrame } from './ReportParts';

/**
 * A flock trend (growth, FCR, feed, water, eggs): up to six flocks, current or history, one
 * indicator, by day or by week of age, over the whole life or the last 7/15/30/60 days. Each flock
 * is a solid line, its breed standard the dashed line of the same colour.
 */
type Window = number | 'all';

/** The flocks picked, remembered per farm; the first current flock until the user picks. */
function usePickedFlocks(farmId: number | undefined, fallback: number | undefined): [number[], (ids: number[]) => void] {
  const [picked, setPicked] = useState<{ farmId: number | undefined; ids: number[] } | null>(null);
  const ids = picked && picked.farmId === farmId ? picked.ids : fallback !== undefined ? [fallback] : [];
  return [ids, (next) => setPicked({ farmId, ids: next })];
}

export function TrendReport({ code, def }: { code: string; def: TrendDef }): ReactElement {
  const { t } = useTranslation(['poultry', 'shell']);
  const { farms, farmId, select } = useFarmChoice(2);
  const options = useFlockOptions(farmId);
  const current = options.data?.current ?? [];
  const history = options.data?.history ?? [];
  const preferred = def.prefer ? current.find((f) => def.prefer!.includes(f.flockType)) : undefined;
  const [flockIds, setFlockIds] = usePickedFlocks(farmId, (preferred ?? current[0] ?? history[0])?.id);
  const [indicator, setIndicator] = useState<CurveIndicator>(def.indicators[0]!);
  const [period, setPeriod] = useState<'day' | 'week'>('day');
  const [span, setSpan] = useState<Window>('all');

  const flockKey = flockIds.join(',');
  const req = useMemo<TrendRequest | null>(
    () => (flockKey ? { flockIds: flockKey.split(',').map(Number), indicators: [indicator], period, ...trendWindow(span) } : null),
    [flockKey, indicator, period, span],
  );
  const trend = useFlockTrend(req);
  const field = STANDARD_CURVE_INDICATORS[indicator];
  const indicatorName = t(`indicator.${field}`);
  const lines = useMemo(
    () =>
      trendLines(trend.data, period, {
        actual: (name) => name,
        standard: (name) => t('series.standard', { name }),
      }),
    [trend.data, period, t],
  );
  const spec = INDICATOR_METRIC[field];
  const unit = spec.unit ? t(`unit.${spec.unit}`) : '';

  let body: ReactElement;
  if (farms.length === 0) body = <NoFarm farmType={2} />;
  else if (options.isPending) body = <LoadingBlock rows={1} label={t('loading')} />;
  else if (options.isError) body = <ErrorBlock title={t('loadFailed')} onRetry={() => void options.refetch()} />;
  else if (current.length + history.length === 0) body = <EmptyBlock title={t('empty.noFlocks')} hint={t('empty.noFlocksHint')} />;
  else if (!req) body = <EmptyBlock title={t('empty.pickFlock')} />;
  else if (trend.isPending) body = <LoadingBlock rows={1} label={t('loading')} />;
  else if (trend.isError && !trend.data) body = <ErrorBlock title={t('loadFailed')} onRetry={() => void trend.refetch()} />;
  else if (!lines.some((l) => l.kind === 'actual' && pointCount(l.points) > 0)) {
    body = <EmptyBlock title={t('empty.noData')} hint={t('empty.noDataHint')} />;
  } else {
    body = (
      <>
        <ReportChart
          lines={lines.map((l) => ({ id: l.id, name: l.name, entity: String(l.flockId), kind: l.kind, data: l.points }))}
          xName={t(period === 'week' ? 'axis.weekAge' : 'axis.dayAge')}
          yName={indicatorName}
          unit={unit}
          decimals={spec.decimals}
          ariaLabel={(std) => t(std ? 'chart.trendAria' : 'chart.trendAriaPlain', { indicator: indicatorName })}
          noStandardNote={t('empty.noStandard')}
          testId="trend-chart"
          loading={trend.isFetching}
        />
      </>
    );
  }

  const id = (k: string): string => `${code}-${k}`;
  return (
    <ReportFrame
      code={code}
      farm={{ farms, farmId, select }}
      refresh={{ query: trend, enabled: !!req }}
      subtitle={t('subtitle.trend')}
      filters={
        <>
          <FilterField id={id('flocks')} label={t('filters.flocks')}>
            <FlockPicker
              id={id('flocks')}
              current={current}
              history={history}
              value={flockIds}
              onChange={setFlockIds}
              loading={options.isPending && farmId !== undefined}
            />
          </FilterField>
          {def.indicators.length > 1 && (
            <SegmentedFilter<CurveIndicator>
              id={id('indicator')}
              label={t('filters.indicator')}
              value={indicator}
              onChange={setIndicator}
              options={def.indicators.map((i) => ({ value: i, label: t(`indicator.${STANDARD_CURVE_INDICATORS[i]}`) }))}
            />
          )}
          <SegmentedFilter<'day' | 'week'>
            id={id('period')}
            label={t('filters.period')}
            value={period}
            onChange={setPeriod}
            options={[
              { value: 'day', label: t('axis.dayAge') },
              { value: 'week', label: t('axis.weekAge') },
            ]}
          />
          <FilterField id={id('window')} label={t('filters.window')}>
            <Select<Window>
              id={id('window')}
              value={span}
              onChange={setSpan}
              className="fs-time-control__preset"
              options={[
                { value: 'all' as Window, label: t('window.all') },
                ...TREND_WINDOWS_DAYS.map((d) => ({ value: d as Window, label: t('window.days', { count: d }) })),
              ]}
            />
          </FilterField>
        </>
      }
    >
      {body}
    </ReportFrame>
  );
}
