import { useMemo, useRef, type ReactElement } from 'react';
import { Button, Select, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { menuLabel } from '../../../app/i18n/i18n';
import { TimeSeriesChart, seriesColor } from '../../../ui/charts';
import { EmptyBlock } from '../../../ui/QueryStates';
import { useMonitorStatistics, useTrend } from '../api';
import { LiveBadge } from '../components/LiveBadge';
import { useFarmChoice } from '../../../app/farm';
import { useLiveSheds } from '../hooks/useLiveSheds';
import { useNow } from '../hooks/useNow';
import { gasLevel, rhLevel, tempComfort, worstLevel } from '../model/comfort';
import { fmtValue } from '../model/format';
import { formatDateTime, formatDecimal } from '../../../app/i18n/numbers';
import { shedMeanPoints } from '../model/trendSeries';
import { ScreenTile } from '../components/ScreenTile';
import { useFullscreen } from '../hooks/useFullscreen';
import '../datascreen.css';

/**
 * /ci18/overview/datascreen/index: the wall display of a poultry farm. Dark, large type, readable
 * from across a room: the farm's counts (controllers online, sheds reporting, readings today),
 * a tile per house with its live temperature against the set-point, humidity and CO2, and the
 * last 24 hours of each house's mean temperature. Values follow the live stream; a button puts
 * the screen into the browser's full-screen mode.
 */
const TREND_SHEDS = 6;

/** The wall clock, ticking on its own so the rest of the screen does not redraw every second. */
function Clock(): ReactElement {
  const clock = useNow(1_000);
  return (
    <time className="fs-screen__clock" dateTime={dayjs(clock).toISOString()}>
      {formatDateTime(clock, { seconds: true })}
    </time>
  );
}

export function DataScreenPage(): ReactElement {
  const { t } = useTranslation(['environment', 'shell']);
  const { farms, farmId, farm, select } = useFarmChoice(2);
  const live = useLiveSheds(farmId);
  const stats = useMonitorStatistics(farmId);
  const now = live.serverNow(useNow(5_000));
  const box = useRef<HTMLElement>(null);
  const { active: full, toggle } = useFullscreen(box);

  const sheds = useMemo(() => live.monitor.data?.sheds ?? [], [live.monitor.data]);
  const trendIds = useMemo(() => sheds.slice(0, TREND_SHEDS).map((s) => s.shedId), [sheds]);
  const trend = useTrend(trendIds.length > 0 ? { shedIds: trendIds, kind: 'temp', preset: '24h' } : null);

  const summary = useMemo(() => {
    let sum = 0;
    let n = 0;
    let attention = 0;
    for (const s of live.states.values()) {
      const avg = s.kinds.temp?.avg;
      if (avg !== undefined && s.online) {
        sum += avg;
        n += 1;
      }
      const level = worstLevel([
        tempComfort(avg, s.targetTemp)?.level ?? 'ok',
        rhLevel(s.kinds.rh?.avg),
        gasLevel('co2', s.kinds.co2?.max, 'poultry'),
        gasLevel('nh3', s.kinds.nh3?.max, 'poultry'),
      ]);
      if (s.online && level !== 'ok') attention += 1;
    }
    return { meanTemp: n > 0 ? sum / n : null, attention };
  }, [live.states]);

  const range = useMemo(() => (trend.data ? ([trend.data.startTime, trend.data.endTime] as const) : undefined), [trend.data]);
  const chartSeries = useMemo(
    () =>
      (trend.data?.sheds ?? []).map((s, i) => ({
        id: String(s.shedId),
        name: s.shedName,
        points: shedMeanPoints(s),
        color: seriesColor('dark', i),
        width: 2,
      })),
    [trend.data],
  );

  const kpis: { id: string; label: string; value: string; sub?: string; tone?: 'good' | 'bad' }[] = [
    {
      id: 'online',
      label: t('screen.controllersOnline'),
      value: stats.data ? `${stats.data.online}/${stats.data.gateways}` : '–',
      tone: stats.data && stats.data.offline > 0 ? 'bad' : 'good',
      sub: stats.data && stats.data.offline > 0 ? t('screen.offlineCount', { count: stats.data.offline }) : undefined,
    },
    { id: 'reporting', label: t('screen.shedsReporting'), value: stats.data ? `${stats.data.shedsWithData}/${stats.data.sheds}` : '–' },
    { id: 'readings', label: t('screen.readingsToday'), value: stats.data ? formatDecimal(stats.data.readingsToday, 0) : '–' },
    { id: 'meanTemp', label: t('screen.meanTemp'), value: fmtValue(summary.meanTemp, 'temp') },
    { id: 'attention', label: t('screen.attention'), value: String(summary.attention), tone: summary.attention > 0 ? 'bad' : 'good' },
  ];

  return (
    <section ref={box} className={`fs-screen${full ? ' fs-screen--full' : ''}`} aria-labelledby="screen-title" data-testid="data-screen">
      <header className="fs-screen__head">
        <div className="fs-screen__titles">
          <h2 id="screen-title" className="fs-screen__title">
            {farm?.farmName ?? menuLabel('ci18.overview.datascreen')}
          </h2>
          <span className="fs-screen__subtitle">{menuLabel('ci18.overview.datascreen')}</span>
        </div>
        <div className="fs-screen__tools">
          {live.states.size > 0 && <LiveBadge connection={live.connection} className="fs-screen__live" />}
          <Clock />
          {farms.length > 1 && (
            <Select<number>
              className="fs-screen__farm"
              aria-label={t('shell:overview.farm')}
              value={farmId}
              onChange={select}
              options={farms.map((f) => ({ value: f.id, label: f.farmName }))}
              popupMatchSelectWidth={false}
            />
          )}
          <Tooltip title={full ? t('screen.exitFull') : t('screen.enterFull')}>
            <Button
              type="text"
              className="fs-screen__btn"
              icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              aria-label={full ? t('screen.exitFull') : t('screen.enterFull')}
              onClick={() => void toggle()}
            />
          </Tooltip>
        </div>
      </header>

      {farms.length === 0 ? (
        <EmptyBlock
          title={t('shell:overview.noFarm', { kind: t('shell:overview.farmKind.poultry') })}
          hint={t('shell:overview.noFarmHint')}
        />
      ) : (
        <>
          <ul className="fs-screen__kpis" aria-label={t('screen.kpis')}>
            {kpis.map((k) => (
              <li key={k.id} className={`fs-kpi${k.tone ? ` fs-kpi--${k.tone}` : ''}`} data-testid={`kpi-${k.id}`}>
                <span className="fs-kpi__label">{k.label}</span>
                <span className="fs-kpi__value">{k.value}</span>
                {k.sub && <span className="fs-kpi__sub">{k.sub}</span>}
              </li>
            ))}
          </ul>
          <ul className="fs-screen__tiles" aria-label={t('shell:overview.shedList')}>
            {sheds.map((s) => (
              <ScreenTile key={s.shedId} name={s.shedName} state={live.states.get(s.shedId)} now={now} staleAfterMs={live.staleAfterMs} />
            ))}
          </ul>
          <div className="fs-screen__chart">
            <div className="fs-screen__chart-title">{t('screen.chartTitle')}</div>
            {chartSeries.length > 0 ? (
              <TimeSeriesChart
                series={chartSeries}
                unit="°C"
                yName={t('kind.temp')}
                theme="dark"
                height={full ? 300 : 260}
                range={range}
                ariaLabel={t('screen.chartTitle')}
                testId="screen-chart"
              />
            ) : (
              <div className="fs-screen__chart-empty">
                {trend.isPending && trendIds.length > 0 ? t('trend.loading') : t('trend.noData', { kind: t('kind.temp') })}
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
