import { useCallback, type ReactElement } from 'react';
import { Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ALARM_LEVELS } from '@farmsense/shared';
import { useAlarmEvents } from '../../environment';
import { ALARM_KEYS, useAlarmCount } from '../countApi';
import './bell.css';

const LEVEL_FIELD = { 1: 'high', 2: 'medium', 3: 'low' } as const;
/** The badge takes the colour of the most urgent level waiting (the alarm tags' colours). */
const LEVEL_BADGE = { 1: '#f5222d', 2: '#fa8c16', 3: '#1677ff' } as const;

/**
 * The top bar's bell: the active, unacknowledged alarms of every farm the account sees, per level,
 * kept current by the live stream's `alarm` events; a click opens the alarm records filtered to
 * those. Registered in routes.ts (`TOP_BAR`), shown when the account holds the records page.
 */
export function AlarmBell({ path }: { path: string }): ReactElement {
  // Its texts are the shell's (loaded with every page): the bell costs each page no catalogue of its own.
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const count = useAlarmCount(undefined);
  const client = useQueryClient();
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: ALARM_KEYS.records }), [client]);
  useAlarmEvents(reload);

  const data = count.data;
  const total = data?.total ?? 0;
  const worst = ALARM_LEVELS.find((l) => (data?.[LEVEL_FIELD[l]] ?? 0) > 0);
  const perLevel = ALARM_LEVELS.map((l) => `${t(`alarmBell.levels.${l}`)} ${data?.[LEVEL_FIELD[l]] ?? 0}`).join(' · ');
  const label = data ? t('alarmBell.label', { n: total, levels: perLevel }) : t('alarmBell.title');
  return (
    <Tooltip title={data ? `${t('alarmBell.title')}: ${perLevel}` : t('alarmBell.title')}>
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
