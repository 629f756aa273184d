import { useMemo, useState, type ReactElement } from 'react';
import { Empty, Select } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { Panel } from '../../../ui/Panel';
import { useTranslation } from 'react-i18next';
import { ENV_KINDS, ENV_UNITS, type EnvKind, type TrendAnswer } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { TimeSeriesChart, seriesColor, type TimeSeries } from '../../../ui/charts';
import { FilterField } from '../../../ui/FilterBar';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useFarmSheds, useTrends } from '../api';
import { ReportFrame, shedReportGate } from '../components/ReportFrame';
import { ShedPicker } from '../components/ShedPicker';
import { useFarmChoice } from '../../../app/farm';
import { usePickedSheds } from '../hooks/usePickedSheds';
import { decimalsOf, fmtTime, fmtValue, keyLabel, kindLabel } from '../model/format';
import { timeParams, type TimeChoice } from '../model/timeRange';
import { shedMeanPoints } from '../model/trendSeries';
import '../../../ui/report-page.css';
import '../environment.css';
import '../reports.css';

/**
 * /reports/env-trends: several kinds side by side for one or several sheds (up to six). Each kind
 * has its chart with one line per shed (the mean of its sensors); the charts share the time axis,
 * so hovering or zooming one moves them all and a rise in temperature can be read against the
 * humidity and CO2 of the same hour.
 */
const DEFAULT_KINDS: EnvKind[] = ['temp', 'rh', 'co2'];

function kindSeries(answer: TrendAnswer): TimeSeries[] {
  const lines: TimeSeries[] = answer.sheds.map((s, i) => ({
    id: String(s.shedId),
    name: s.shedName,
    points: shedMeanPoints(s),
    color: seriesColor('light', i),
  }));
  const outdoor = answer.sheds.find((s) => s.outdoor && s.outdoor.points.length > 0)?.outdoor;
  if (outdoor) {
    lines.push({
      id: 'outdoor',
      name: keyLabel('outTemp.1'),
      points: outdoor.points.map(([ts, avg]) => [ts, avg] as const),
      dashed: true,
      color: '#8c8c8c',
      width: 1.5,
    });
  }
  return lines;
}

/** One kind of the comparison: a line per shed, the period average of each shed in the header. */
function KindCard({ kind, result, last }: { kind: EnvKind; result: UseQueryResult<TrendAnswer>; last: boolean }): ReactElement {
  const { t } = useTranslation('environment');
  const unit = ENV_UNITS[kind];
  const data = result.data;
  const series = useMemo(() => (data ? kindSeries(data) : []), [data]);
  const range = useMemo(() => (data ? ([data.startTime, data.endTime] as const) : undefined), [data]);
  let content: ReactElement;
  if (result.isPending) content = <LoadingBlock rows={1} />;
  else if (result.isError && !data) content = <ErrorBlock title={t('trend.loadFailed')} onRetry={() => void result.refetch()} />;
  else if (data && data.sheds.some((s) => s.series.length > 0)) {
    content = (
      <TimeSeriesChart
        series={series}
        unit={unit}
        yName={kindLabel(kind)}
        group="env-trends-report"
        decimals={decimalsOf(kind)}
        range={range}
        height={last ? 300 : 250}
        ariaLabel={t('report.chartLabel', { kind: kindLabel(kind), from: fmtTime(data.startTime), to: fmtTime(data.endTime) })}
        testId="report-chart"
      />
    );
  } else content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trend.noData', { kind: kindLabel(kind) })} />;
  return (
    <Panel
      className="fs-env-card"
      title={`${kindLabel(kind)} (${unit})`}
      data-testid="report-kind"
      extra={
        data && (
          <span className="fs-report-avgs">
            {data.sheds.map((s, j) => (
              <span key={s.shedId} className="fs-report-avg">
                <i style={{ background: seriesColor('light', j) }} aria-hidden />
                {s.shedName} <b>{fmtValue(s.stats?.avg, kind, unit)}</b>
              </span>
            ))}
          </span>
        )
      }
    >
      {content}
    </Panel>
  );
}

export function EnvTrendsReportPage(): ReactElement {
  const { t } = useTranslation(['environment', 'shell']);
  const farm = useFarmChoice();
  const sheds = useFarmSheds(farm.farmId);
  const available = useMemo(() => (sheds.data ?? []).map((s) => s.tid), [sheds.data]);
  const [shedIds, setShedIds] = usePickedSheds(farm.farmId, available, 3);
  const [kinds, setKinds] = useState<EnvKind[]>(DEFAULT_KINDS);
  const [time, setTime] = useState<TimeChoice>({ mode: 'preset', preset: '24h' });

  const shedKey = shedIds.join(',');
  const jobs = useMemo(
    () => (shedKey ? kinds.map((kind) => ({ kind, shedIds: shedKey.split(',').map(Number), ...timeParams(time) })) : []),
    [kinds, shedKey, time],
  );
  const results = useTrends(jobs);
  const ids = { sheds: 'env-trends-sheds', kinds: 'env-trends-kinds' };

  const picking = shedIds.length === 0 || kinds.length === 0;
  const body = shedReportGate(farm.farms, farm.farmType, sheds.data) ?? (
    <>
      {picking && (sheds.isPending ? <LoadingBlock rows={1} /> : <EmptyBlock title={t('report.pickBoth')} />)}
      {!picking && (
        <div className="fs-report-stack">
          {jobs.map((job, i) => (
            <KindCard key={job.kind} kind={job.kind} result={results[i]!} last={i === jobs.length - 1} />
          ))}
        </div>
      )}
    </>
  );

  return (
    <ReportFrame
      title={menuLabel('reports.env-trends')}
      subtitle={t('report.subtitle')}
      filtersLabel={t('trend.filters')}
      idPrefix="env-trends"
      farm={farm}
      queries={results}
      period={{ kind: 'time', value: time, onChange: setTime }}
      filters={
        <>
          <FilterField id={ids.sheds} label={t('trend.sheds')}>
            <ShedPicker id={ids.sheds} sheds={sheds.data ?? []} value={shedIds} onChange={setShedIds} />
          </FilterField>
          <FilterField id={ids.kinds} label={t('report.kinds')}>
            <Select<EnvKind[]>
              id={ids.kinds}
              mode="multiple"
              className="fs-report-kinds"
              value={kinds}
              onChange={(next) => setKinds(ENV_KINDS.filter((k) => next.includes(k)))}
              options={ENV_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
              maxTagCount="responsive"
              placeholder={t('report.pickKinds')}
            />
          </FilterField>
        </>
      }
    >
      {body}
    </ReportFrame>
  );
}
