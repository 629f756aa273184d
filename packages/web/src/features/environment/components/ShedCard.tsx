import type { KeyboardEvent, ReactElement } from 'react';
import { Card, Tag, Tooltip } from 'antd';
import {
  AlertOutlined,
  ClockCircleOutlined,
  DisconnectOutlined,
  FireOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  SyncOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { renderLabel, shedLabel } from '@farmsense/shared';
import type { ShedOverviewRow } from '../../../app/api/types';
import type { ShedAlarm } from '../hooks/useShedAlarms';
import { shedTypeLabel, translateKnown } from '../../../ui/enumLabel';
import { gasLevel, rhLevel, tempComfort, worstLevel, type Level, type Species } from '../model/comfort';
import { channelOf, fmtAgo, fmtDuration, fmtNumber, fmtValue } from '../model/format';
import { actuatorSummary, type ShedState } from '../model/shedState';
import { MetricTile } from './MetricTile';
import '../overview.css';
import { CardOpenButton } from '../../../ui/CardOpenButton';

/**
 * One shed at a glance, for the person called out at night: the temperature large and coloured
 * against the set-point, every temperature sensor beside it, the air (humidity, gases,
 * pressure, outdoor), what the fans and heaters are doing, and whether the controller is online
 * and how fresh its figures are. Values leaving the comfort band (model/comfort.ts) turn the
 * tile and the card edge amber or red. Clicking opens the controller's full state.
 */
export interface ShedCardProps {
  shed: ShedOverviewRow;
  state?: ShedState;
  species: Species;
  /** Server-aligned current time, ms. */
  now: number;
  staleAfterMs: number;
  onOpen?: (shed: ShedOverviewRow) => void;
  /** The shed's active alarms: the card takes the colour of the most urgent level while there are any. */
  alarm?: ShedAlarm;
}

/** The alarm level colours of the alarm records: high red, medium orange, low blue. */
const ALARM_TAG: Readonly<Record<number, string>> = { 1: 'red', 2: 'orange', 3: 'blue' };

/** A sensor well above the shed average (a hot corner, a heater blowing on it) is marked. */
const HOT_SPOT_DEGREES = 1.5;
function hotSensor(value: number, avg: number, count: number): boolean {
  return count > 1 && value - avg >= HOT_SPOT_DEGREES;
}

export function ShedCard({ shed, state, species, now, staleAfterMs, onOpen, alarm }: ShedCardProps): ReactElement {
  const { t } = useTranslation(['environment', 'shell']);
  const typeName = shedTypeLabel(shed.shedType);
  const label = renderLabel(shedLabel(shed), translateKnown);
  const titleId = `shed-${shed.tid}-title`;
  const hasData = !!state?.hasData;

  const temp = state?.kinds.temp;
  const comfort = tempComfort(temp?.avg, state?.targetTemp);
  const rh = state?.kinds.rh;
  const levels: Record<'temp' | 'rh' | 'co2' | 'nh3' | 'h2s', Level> = {
    temp: comfort?.level ?? 'ok',
    rh: rhLevel(rh?.avg),
    co2: gasLevel('co2', state?.kinds.co2?.max, species),
    nh3: gasLevel('nh3', state?.kinds.nh3?.max, species),
    h2s: gasLevel('h2s', state?.kinds.h2s?.max, species),
  };
  const stale = hasData && state?.lastTs !== null && state?.lastTs !== undefined && now - state.lastTs > staleAfterMs;
  const online = !!state?.online;
  const overall = hasData && !stale && online ? worstLevel(Object.values(levels)) : 'ok';
  const { fans, heaters } = actuatorSummary(state?.actuators ?? []);

  const open = (): void => onOpen?.(shed);
  const onKey = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      open();
    }
  };

  const status = !state ? null : online ? (
    <Tag color="success" className="fs-shed-card__status" data-testid="shed-online">
      <span className="fs-dot fs-dot--on" aria-hidden /> {t('common:online')}
    </Tag>
  ) : (
    <Tag color="default" className="fs-shed-card__status" icon={<DisconnectOutlined />} data-testid="shed-offline">
      {t('common:offline')}
    </Tag>
  );

  return (
    <Card
      className={`fs-shed-card fs-shed-card--${overall}${!online && state ? ' fs-shed-card--offline' : ''}${onOpen ? ' fs-shed-card--clickable' : ''}${alarm ? ` fs-shed-card--alarm-${alarm.level}` : ''}`}
      size="small"
      role="article"
      aria-labelledby={titleId}
      data-testid="shed-card"
      data-level={overall}
      data-alarm-level={alarm?.level}
      tabIndex={onOpen ? 0 : undefined}
      onClick={onOpen ? open : undefined}
      onKeyDown={onOpen ? onKey : undefined}
      title={
        <div className="fs-shed-card__head">
          <span className="fs-shed-card__title" id={titleId}>
            <HomeOutlined aria-hidden /> {shed.shedName}
          </span>
          <span className="fs-shed-card__label" data-testid="shed-label">
            {label}
          </span>
        </div>
      }
      extra={
        <span className="fs-shed-card__extra">
          {alarm && (
            <Tag color={ALARM_TAG[alarm.level]} icon={<AlertOutlined />} data-testid="shed-alarms">
              {t('card.alarms', { level: t(`card.alarmLevel.${alarm.level}`), n: alarm.count })}
            </Tag>
          )}
          {typeName ? <Tag color="green">{typeName}</Tag> : null}
          {status}
          {onOpen && <CardOpenButton label={t('card.details', { name: shed.shedName })} onOpen={open} />}
        </span>
      }
    >
      {hasData && state ? (
        <>
          {stale && (
            <div className="fs-shed-card__stale" role="status" data-testid="shed-stale">
              <WarningOutlined aria-hidden /> {t('card.stale', { duration: fmtDuration(now - state.lastTs!) })}
            </div>
          )}
          <div className={`fs-temp fs-temp--${levels.temp}`} data-testid="shed-temp">
            <div className="fs-temp__main">
              <span className="fs-temp__value">{fmtNumber(temp?.avg, 'temp')}</span>
              <span className="fs-temp__unit">°C</span>
              {temp && temp.readings.length > 1 && (
                <span className="fs-temp__range" data-testid="shed-temp-range">
                  {fmtNumber(temp.min, 'temp')} – {fmtValue(temp.max, 'temp')}
                </span>
              )}
            </div>
            <div className="fs-temp__side">
              {state.targetTemp !== null && (
                <div className="fs-temp__target" data-testid="shed-target">
                  {t('card.target')} <b>{fmtNumber(state.targetTemp, 'temp')} °C</b>
                  {comfort && comfort.level !== 'ok' && (
                    <span className={`fs-temp__delta fs-temp__delta--${comfort.level}`}>
                      {comfort.delta > 0 ? '+' : ''}
                      {fmtValue(comfort.delta, 'temp')}
                    </span>
                  )}
                </div>
              )}
              {species === 'poultry' && state.dayAge !== null && (
                <div className="fs-temp__age" data-testid="shed-day-age">
                  {t('card.dayAge', { n: state.dayAge })}
                </div>
              )}
            </div>
          </div>
          {temp && (
            <ul className="fs-sensors" aria-label={t('card.tempSensors')}>
              {temp.readings.map((r) => (
                <li
                  key={`${r.gatewayCode}|${r.key}`}
                  className={hotSensor(r.value, temp.avg, temp.readings.length) ? 'fs-sensors__hot' : undefined}
                >
                  <span className="fs-sensors__name">T{channelOf(r.key)}</span>
                  <span className="fs-sensors__value">{fmtValue(r.value, 'temp')}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="fs-metrics">
            <MetricTile label={t('tile.rh')} kind="rh" value={rh?.avg} unit="%" level={levels.rh} />
            <MetricTile label={t('tile.co2')} kind="co2" value={state.kinds.co2?.max} unit="ppm" level={levels.co2} />
            <MetricTile label={t('tile.nh3')} kind="nh3" value={state.kinds.nh3?.max} unit="ppm" level={levels.nh3} />
            <MetricTile label={t('tile.pa')} kind="pa" value={state.kinds.pa?.avg} unit="Pa" level="ok" />
            <MetricTile label={t('tile.outTemp')} kind="outTemp" value={state.kinds.outTemp?.avg} unit="°C" level="ok" />
            {state.kinds.h2s ? (
              <MetricTile label={t('tile.h2s')} kind="h2s" value={state.kinds.h2s.max} unit="ppm" level={levels.h2s} />
            ) : (
              <MetricTile label={t('tile.wind')} kind="wind" value={state.kinds.wind?.avg} unit="m/s" level="ok" />
            )}
          </div>
          <div className="fs-actuators">
            <span className={fans.running > 0 ? 'fs-actuators__on' : undefined} data-testid="shed-fans">
              <SyncOutlined spin={fans.running > 0 && online && !stale} aria-hidden /> {t('card.fans')}{' '}
              <b>
                {fans.running}/{fans.total}
              </b>
              {fans.meanSpeed !== null && <span className="fs-muted"> · {fans.meanSpeed}%</span>}
            </span>
            <span className={heaters.on > 0 ? 'fs-actuators__heat' : undefined} data-testid="shed-heaters">
              <FireOutlined aria-hidden /> {t('card.heaters')}{' '}
              <b>
                {heaters.on}/{heaters.total}
              </b>
            </span>
          </div>
        </>
      ) : (
        <div className="fs-shed-card__live" data-testid="shed-no-live-data">
          <InfoCircleOutlined aria-hidden />
          <div>
            <div className="fs-shed-card__live-title">{t('shell:overview.noLiveData')}</div>
            <div className="fs-shed-card__live-hint">
              {shed.gateways.length > 0 ? t('shell:overview.noLiveDataHint') : t('shell:overview.noGateway')}
            </div>
          </div>
        </div>
      )}
      <div className="fs-shed-card__foot">
        <span>
          {t('card.pens')} <b data-testid="shed-pen-count">{shed.penCount}</b>
        </span>
        {shed.gateways.map((g) => (
          <Tooltip key={g.code} title={[g.name, g.model].filter(Boolean).join(' · ')}>
            <span className="fs-shed-card__code" data-testid="shed-gateway">
              {g.code}
            </span>
          </Tooltip>
        ))}
        {state && (
          <span className="fs-shed-card__seen" data-testid="shed-last-seen">
            <ClockCircleOutlined aria-hidden />{' '}
            {state.lastSeenAt ? t('card.lastSeen', { ago: fmtAgo(state.lastSeenAt, now) }) : t('card.neverSeen')}
          </span>
        )}
      </div>
    </Card>
  );
}
