import { useCallback, useState, type ReactElement } from 'react';
import { Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ALARM_LEVELS, type LiveAlarm } from '@farmsense/shared';
import { useFarms } from '../../../app/farm';
import { useAlarmEvents } from '../../environment';
import { ALARM_KEYS, useAlarmCount } from '../countApi';
import { desktopPermission, notifyRaised, switchDesktopAlerts, useDesktopAlerts } from '../model/desktopAlerts';
import './bell.css';

const LEVEL_FIELD = { 1: 'high', 2: 'medium', 3: 'low' } as const;
/** The badge takes the colour of the most urgent level waiting (the alarm tags' colours). */
const LEVEL_BADGE = { 1: '#f5222d', 2: '#fa8c16', 3: '#1677ff' } as const;

/**
 * The top bar's bell: the active, unacknowledged alarms of every farm the account sees, per level,
 * kept current by the live stream's `alarm` events; a click opens the alarm records filtered to
 * those. Its popover (the tooltip it already had, on hover or focus: no antd component the shell
 * lacks, since a top-bar widget counts in every page's weight) holds the switch for browser
 * notifications: with them on, a newly raised alarm is also a system notification, whose click
 * brings the console forward on the records of the alarm's shed (model/desktopAlerts.ts).
 * Registered in routes.ts (`TOP_BAR`), shown when the account holds the records page.
 */
export function AlarmBell({ path }: { path: string }): ReactElement {
  // Its texts are the shell's (loaded with every page): the bell costs each page no catalogue of its own.
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const count = useAlarmCount(undefined);
  const client = useQueryClient();
  const farms = useFarms();
  const enabled = useDesktopAlerts((s) => s.enabled);
  const [permission, setPermission] = useState(desktopPermission);
  const onAlarm = useCallback(
    (a?: LiveAlarm) => {
      void client.invalidateQueries({ queryKey: ALARM_KEYS.records });
      if (!a) return;
      notifyRaised(
        a,
        {
          title: t('alarmBell.notify.title', { level: t(`alarmBell.levels.${a.level}`) }),
          body: t('alarmBell.notify.body', {
            farm: farms.find((f) => f.id === a.farmId)?.farmName ?? '',
            key: a.key,
            value: a.value ?? '',
          }),
        },
        () => void navigate(`${path}?state=activeUnacknowledged&farmId=${a.farmId}&shedId=${a.shedId}`),
      );
    },
    [client, farms, navigate, path, t],
  );
  useAlarmEvents(onAlarm);

  const data = count.data;
  const total = data?.total ?? 0;
  const worst = ALARM_LEVELS.find((l) => (data?.[LEVEL_FIELD[l]] ?? 0) > 0);
  const perLevel = ALARM_LEVELS.map((l) => `${t(`alarmBell.levels.${l}`)} ${data?.[LEVEL_FIELD[l]] ?? 0}`).join(' · ');
  const label = data ? t('alarmBell.label', { n: total, levels: perLevel }) : t('alarmBell.title');
  const toggle = async (): Promise<void> => setPermission(await switchDesktopAlerts(!enabled));
  const popover = (
    <div className="fs-alarm-bell__pop">
      <div>{data ? `${t('alarmBell.title')}: ${perLevel}` : t('alarmBell.title')}</div>
      {permission !== 'unsupported' && (
        <Button
          size="small"
          type={enabled ? 'primary' : 'default'}
          aria-pressed={enabled}
          data-testid="alarm-notify-toggle"
          onClick={() => void toggle()}
        >
          {t(enabled ? 'alarmBell.notify.on' : 'alarmBell.notify.off')}
        </Button>
      )}
      {permission === 'denied' && <div className="fs-alarm-bell__hint">{t('alarmBell.notify.denied')}</div>}
    </div>
  );
  return (
    <Tooltip title={popover} trigger={['hover', 'focus']}>
      <Button
        type="text"
        className="fs-topbar-btn"
        aria-label={label}
        data-testid="alarm-bell"
        data-count={total}
        data-level={worst ?? ''}
        onClick={() => void navigate(`${path}?state=activeUnacknowledged`)}
      >
        <span className="fs-alarm-bell">
          <BellOutlined />
          {total > 0 && (
            <span className="fs-alarm-bell__count" style={{ background: LEVEL_BADGE[worst ?? 3] }} aria-hidden>
              {total > 99 ? '99+' : total}
            </span>
          )}
        </span>
      </Button>
    </Tooltip>
  );
}
