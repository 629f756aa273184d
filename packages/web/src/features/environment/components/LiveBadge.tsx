import type { ReactElement } from 'react';
import { Tooltip } from 'antd';
import { LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LiveConnection } from '../live/types';
import '../../../ui/report-page.css';
import '../environment.css';

/** Says whether the page is receiving live values, so a frozen screen never passes for a calm shed. */
export function LiveBadge({ connection, className }: { connection: LiveConnection; className?: string }): ReactElement {
  const { t } = useTranslation('environment');
  const icon =
    connection === 'live' ? (
      <span className="fs-dot fs-dot--on" aria-hidden />
    ) : connection === 'stopped' ? (
      <WarningOutlined aria-hidden />
    ) : (
      <LoadingOutlined aria-hidden />
    );
  return (
    <Tooltip title={t(`live.${connection}Hint`)}>
      <span
        className={['fs-live-badge', `fs-live-badge--${connection}`, className].filter(Boolean).join(' ')}
        role="status"
        aria-live="polite"
        data-testid="live-state"
        data-state={connection}
      >
        {icon}
        {t(`live.${connection}`)}
      </span>
    </Tooltip>
  );
}
