import { useState, type ReactElement } from 'react';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FEED_NOW_LIMITS, FEEDER_DEFAULTS, feedNowGrams, type FeederRemoteRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { formatDateTime } from '../../../app/i18n/numbers';
import { NumberInput } from '../../../ui/NumberInput';
import { DeviceCommands } from '../components/RemoteParts';
import { isSettings, RemoteDeviceFrame } from '../components/RemoteDeviceFrame';
import { useFeederSend, useRemoteFeeders } from '../remoteApi';
import { onlineColumn } from '../components/onlineColumn';

type FeedNow = { action: 'feedNow'; grams: number };

/** Why the amount cannot be sent (the server's own rule), or null. */
function gramsProblem(grams: number | null): string | null {
  const r = feedNowGrams.safeParse(grams);
  return r.success ? null : tk(r.error.issues[0]!.message, { min: FEED_NOW_LIMITS.minGrams, max: FEED_NOW_LIMITS.maxGrams });
}

const STATE_COLORS = ['default', 'processing', 'red'] as const;

/**
 * /remote-control/feed-device/feeder: a house's feeders with their pen, their concentrator's link,
 * today's report (planned, dispensed, state) and stored parameters; to the selected feeders it
 * writes parameters, syncs the clock or feeds an amount now, each confirmed with the security or
 * an authorization code, and shows per feeder each action's outcome (synced, pending, failed,
 * expired), read again every 2 s while one waits.
 */
export function RemoteFeedersPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const sending = useFeederSend();
  const [grams, setGrams] = useState<number | null>(500);
  const gramsError = gramsProblem(grams);

  const columns: ColumnsType<FeederRemoteRow> = [
    { key: 'feeder', title: t('remote.fields.feeder'), width: 170, render: (_, r) => `${r.deviceNo} · ${r.name}` },
    {
      key: 'pen',
      title: t('remote.fields.pen'),
      width: 140,
      render: (_, r) => t('feedRecords.penLabel', { column: r.penColumn, row: r.penRow }),
    },
    onlineColumn(t),
    {
      key: 'today',
      title: t('remote.fields.today'),
      width: 200,
      render: (_, r) =>
        r.dispensed === null ? (
          '—'
        ) : (
          <>
            {t('remote.todayLine', { dispensed: r.dispensed, planned: r.planned ?? 0 })}{' '}
            {r.state !== null && <Tag color={STATE_COLORS[r.state] ?? 'default'}>{t(`remote.states.${r.state}`)}</Tag>}
          </>
        ),
    },
    {
      key: 'reportedAt',
      title: t('remote.fields.reportedAt'),
      width: 160,
      render: (_, r) => (r.reportedAt === null ? '—' : formatDateTime(r.reportedAt)),
    },
    {
      key: 'params',
      title: t('remote.fields.params'),
      width: 240,
      render: (_, r) =>
        r.params.amountPerFeed === null
          ? '—'
          : `${t('feedDevices.amountLine', { grams: r.params.amountPerFeed, minutes: r.params.intervalMinutes })}; ${t('feedDevices.screenLine', { brightness: r.params.brightness, seconds: r.params.lockSeconds })}`,
    },
    {
      key: 'commands',
      title: t('remote.fields.commands'),
      width: 260,
      render: (_, r) => <DeviceCommands commands={r.commands} online={r.online} actions={['params', 'timeSync', 'feedNow']} />,
    },
  ];

  return (
    <RemoteDeviceFrame<FeederRemoteRow, FeedNow>
      code="remote-control.feed-device.feeder"
      kind="feeder"
      useRows={useRemoteFeeders}
      columns={columns}
      scrollX={1300}
      settings={{
        kind: 'params',
        label: t('remote.writeParams'),
        initial: (chosen) =>
          Object.fromEntries(
            Object.entries(FEEDER_DEFAULTS).map(([k, v]) => [k, (chosen[0]?.params as Record<string, unknown> | undefined)?.[k] ?? v]),
          ),
      }}
      extraActions={(chosen, ask) => (
        <>
          <span className="fs-range">
            <NumberInput
              integer
              aria-label={t('remote.grams')}
              value={grams}
              onChange={setGrams}
              status={gramsError ? 'error' : undefined}
              style={{ width: 110 }}
            />
            {gramsError && (
              <span role="alert" className="fs-range__error">
                {gramsError}
              </span>
            )}
          </span>
          <Button
            type="primary"
            disabled={chosen.length === 0 || gramsError !== null || grams === null}
            onClick={() => grams !== null && ask({ action: 'feedNow', grams })}
          >
            {t('remote.feedNow')}
          </Button>
        </>
      )}
      summary={(asking, names) =>
        asking.action === 'feedNow'
          ? t('remote.feedNowSummary', { grams: asking.grams, feeders: names })
          : isSettings(asking)
            ? t('remote.paramsSummary', { feeders: names })
            : t('remote.timeSyncSummary', { devices: names })
      }
      send={(asking, shedId, chosen, c) => {
        const base = { shedId, feederIds: chosen.map((r) => r.id), ...c };
        return sending.mutateAsync(
          asking.action === 'feedNow'
            ? { ...base, action: 'feedNow', grams: asking.grams }
            : isSettings(asking) && asking.settings.kind === 'params'
              ? { ...base, action: 'params', params: asking.settings.values }
              : { ...base, action: 'timeSync' },
        );
      }}
    />
  );
}
