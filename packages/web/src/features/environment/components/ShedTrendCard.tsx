import { useMemo, useState, type ReactElement } from 'react';
import { Button, Empty } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Panel } from '../../../ui/Panel';
import { useTranslation } from 'react-i18next';
import type { EnvStats, TrendAnswer, TrendShed } from '@farmsense/shared';
import { TimeSeriesChart } from '../../../ui/charts';
import { decimalsOf, fmtDuration, fmtNumber, fmtTime, kindLabel } from '../model/format';
import { lazyPart } from '../../../ui/lazyPart';
import { shedChartData } from '../model/trendSeries';

/**
 * One shed's trend of a kind: min / average / max over the period, the chart of every sensor
 * (with the outdoor temperature and the set-point for temperature), and on request the same
 * figures per sensor.
 */
export function StatsStrip({
  stats,
  kind,
  unit,
  outdoor,
}: {
  stats: EnvStats | null;
  kind: string;
  unit: string;
  outdoor?: EnvStats | null;
}): ReactElement {
  const { t } = useTranslation('environment');
  const cell = (label: string, value: number | null | undefined, mod: string): ReactElement => (
    <div className={`fs-stat fs-stat--${mod}`}>
      <div className="fs-stat__label">{label}</div>
      <div className="fs-stat__value">
        {fmtNumber(value, kind)}
        {value !== null && value !== undefined && <span className="fs-stat__unit">{unit}</span>}
      </div>
    </div>
  );
  return (
    <div className="fs-stats" data-testid="trend-stats">
      {cell(t('trend.min'), stats?.min, 'min')}
      {cell(t('trend.avg'), stats?.avg, 'avg')}
      {cell(t('trend.max'), stats?.max, 'max')}
      {outdoor !== undefined && cell(t('trend.outdoorAvg'), outdoor?.avg, 'out')}
    </div>
  );
}

// The per-sensor table opens on demand (the button under the chart): the trend page does not carry antd's Table.
const SensorTable = lazyPart(() => import('./SensorTable').then((m) => m.SensorTable));

export function ShedTrendCard({
  shed,
  answer,
  group,
  loading,
}: {
  shed: TrendShed;
  answer: TrendAnswer;
  group?: string;
  loading?: boolean;
}): ReactElement {
  const { t } = useTranslation('environment');
  const [showSensors, setShowSensors] = useState(false);
  const data = useMemo(() => shedChartData(shed, answer), [shed, answer]);
  const kind = kindLabel(answer.kind);
  const hasPoints = data.series.some((s) => s.points.length > 0);
  const range = useMemo(() => [answer.startTime, answer.endTime] as const, [answer.startTime, answer.endTime]);
  const resolution = answer.source === 'raw' ? t('trend.sourceRaw') : t('trend.sourceBucket', { size: fmtDuration(answer.bucketMs) });

  return (
    <Panel
      className="fs-trend-card"
      role="region"
      aria-label={shed.shedName}
      data-testid="trend-shed"
      title={<span className="fs-trend-card__title">{shed.shedName}</span>}
      extra={<span className="fs-muted fs-trend-card__range">{`${fmtTime(answer.startTime)} – ${fmtTime(answer.endTime)}`}</span>}
    >
      <StatsStrip
        stats={shed.stats}
        kind={answer.kind}
        unit={answer.unit}
        outdoor={answer.kind === 'temp' ? (shed.outdoor?.stats ?? null) : undefined}
      />
      {hasPoints ? (
        <>
          <TimeSeriesChart
            series={data.series}
            band={data.band}
            unit={answer.unit}
            yName={kind}
            gapMs={data.gapMs}
            range={range}
            group={group}
            loading={loading}
            decimals={decimalsOf(answer.kind)}
            ariaLabel={t('trend.chartLabel', { kind, shed: shed.shedName, from: fmtTime(answer.startTime), to: fmtTime(answer.endTime) })}
            height={340}
            testId="trend-chart"
          />
          <div className="fs-trend-card__foot">
            <span className="fs-muted">{resolution}</span>
            {shed.series.length > 0 && (
              <Button
                type="link"
                size="small"
                onClick={() => setShowSensors((v) => !v)}
                icon={showSensors ? <UpOutlined /> : <DownOutlined />}
                aria-expanded={showSensors}
              >
                {t('trend.sensors', { count: shed.series.length })}
              </Button>
            )}
          </div>
          {showSensors && <SensorTable series={shed.series} kind={answer.kind} unit={answer.unit} />}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trend.noData', { kind })} className="fs-trend-card__empty" />
      )}
    </Panel>
  );
}
