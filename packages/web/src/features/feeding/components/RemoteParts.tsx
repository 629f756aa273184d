import type { ReactElement } from 'react';
import { Alert, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandStatus, FeedRemoteAction, FeedRemoteCommand, FeedSendResult } from '@farmsense/shared';
import { errorMessage } from '../../../app/i18n/i18n';
import { lazyPart } from '../../../ui/lazyPart';

const COLORS: Record<CommandStatus, string> = { pending: 'processing', synced: 'success', failed: 'error', expired: 'default' };

/**
 * The code dialog every remote action opens (remote control's own), loaded the first time an
 * action is confirmed rather than with the page.
 */
export const LazyCodeDialog = lazyPart(
  () => import('../../control').then((m) => m.ControlCodeDialog),
  (props) => props.open,
);

/** A command's outcome; a pending one for an offline concentrator applies once it is back. */
export function CommandTag({ status, online }: { status: CommandStatus; online: boolean }): ReactElement {
  const { t } = useTranslation('feeding');
  return (
    <Tag color={COLORS[status]} data-testid="remote-status">
      {status === 'pending' && !online ? t('remote.whenOnline') : t(`remote.status.${status}`)}
    </Tag>
  );
}

/** Each action's newest command of a device: the action, its outcome and the device's answer. */
export function DeviceCommands({
  commands,
  online,
  actions,
}: {
  commands: FeedRemoteCommand[];
  online: boolean;
  actions: readonly FeedRemoteAction[];
}): ReactElement {
  const { t } = useTranslation('feeding');
  return (
    <Space direction="vertical" size={2}>
      {actions.map((a) => {
        const c = commands.find((x) => x.action === a);
        if (!c) return null;
        return (
          <span key={a} data-testid={`remote-${a}`}>
            {a === 'feedNow' ? t('remote.feedNowOf', { grams: c.grams ?? 0 }) : t(`remote.actions.${a}`)} v{c.version}{' '}
            <CommandTag status={c.status} online={online} /> {c.status === 'failed' && c.ackMsg ? c.ackMsg : ''}
          </span>
        );
      })}
    </Space>
  );
}

/** What an action did: how many devices got it, how many wait for their concentrator, and any refusal per device. */
export function SendResults({ results }: { results: FeedSendResult[] }): ReactElement {
  const { t } = useTranslation('feeding');
  const sent = results.filter((r) => r.code === 1);
  const waiting = sent.filter((r) => !r.online).length;
  const refused = results.filter((r) => r.code !== 1);
  return (
    <Alert
      role="status"
      type={refused.length > 0 ? 'warning' : 'success'}
      showIcon
      title={t('remote.sent', { count: sent.length })}
      description={
        <>
          {waiting > 0 && <div>{t('remote.waiting', { count: waiting })}</div>}
          {refused.map((r) => (
            <div key={r.deviceId}>
              {r.deviceName}: {errorMessage(r.code)}
            </div>
          ))}
        </>
      }
    />
  );
}
