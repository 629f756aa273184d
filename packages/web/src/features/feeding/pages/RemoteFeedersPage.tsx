import { useState, type ReactElement } from 'react';
import { Button, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FEED_NOW_LIMITS, FEEDER_DEFAULTS, feedNowGrams, type FeederRemoteRow, type FeedSendAnswer } from '@farmsense/shared';
import { NoFarm, useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel, tk } from '../../../app/i18n/i18n';
import { formatDateTime } from '../../../app/i18n/numbers';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { NumberInput } from '../../../ui/NumberInput';
import { PagedTable } from '../../../ui/PagedTable';
import { PageHead } from '../../../ui/PageParts';
import { lazyPart } from '../../../ui/lazyPart';
import type { RemoteSettings } from '../components/RemoteSettingsDialog';
import { DeviceCommands, LazyCodeDialog, SendResults } from '../components/RemoteParts';
import { useFeederSend, useRemoteFeeders } from '../remoteApi';
import '../../../ui/admin.css';
import '../../../ui/ui.css';

const LazySettingsDialog = lazyPart(
  () => import('../components/RemoteSettingsDialog').then((m) => m.RemoteSettingsDialog),
  (props) => props.open,
);

type Asking = { action: 'timeSync' } | { action: 'feedNow'; grams: number } | { action: 'params'; settings: RemoteSettings };

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
  const choice = useFarmChoice();
  const sheds = useShedOptions(choice.farmId);
  const [picked, setPicked] = useState<number | undefined>();
  const shedId = picked ?? sheds.data?.[0]?.value;
  const list = useRemoteFeeders(shedId);
  const sending = useFeederSend();
  const [selected, setSelected] = useState<number[]>([]);
  const [grams, setGrams] = useState<number | null>(500);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [answer, setAnswer] = useState<FeedSendAnswer | null>(null);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;

  const rows = list.data ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const gramsError = gramsProblem(grams);
  const run = async (code: { codeKind: 'security' | 'authorization'; code: string }): Promise<void> => {
    if (!asking || shedId === undefined) return;
    const base = { shedId, feederIds: chosen.map((r) => r.id), ...code };
    const body =
      asking.action === 'params' && asking.settings.kind === 'params'
        ? { ...base, action: 'params' as const, params: asking.settings.values }
        : asking.action === 'feedNow'
          ? { ...base, action: 'feedNow' as const, grams: asking.grams }
          : { ...base, action: 'timeSync' as const };
    setAnswer(await sending.mutateAsync(body));
  };
  const first = chosen[0]?.params;
  const initial = Object.fromEntries(
    Object.entries(FEEDER_DEFAULTS).map(([k, v]) => [k, (first as Record<string, unknown> | undefined)?.[k] ?? v]),
  );
  const names = chosen.map((r) => `${r.deviceNo} ${r.name}`).join(', ');
  const summary =
    asking?.action === 'feedNow'
      ? t('remote.feedNowSummary', { grams: asking.grams, feeders: names })
      : asking?.action === 'params'
        ? t('remote.paramsSummary', { feeders: names })
        : t('remote.timeSyncSummary', { devices: names });

  const columns: ColumnsType<FeederRemoteRow> = [
    { key: 'feeder', title: t('remote.fields.feeder'), width: 170, render: (_, r) => `${r.deviceNo} · ${r.name}` },
    {
      key: 'pen',
      title: t('remote.fields.pen'),
      width: 140,
      render: (_, r) => t('feedRecords.penLabel', { column: r.penColumn, row: r.penRow }),
    },
    {
      key: 'online',
      title: t('feedDevices.fields.online'),
      width: 100,
      render: (_, r) => <Tag color={r.online ? 'green' : 'default'}>{r.online ? t('feedDevices.online') : t('feedDevices.offline')}</Tag>,
    },
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
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel('remote-control.feed-device.feeder')} subtitle={t('remote.subtitles.feeder')} />
      <div className="fs-panel">
        <FilterBar label={t('filters.label')}>
          <FilterField id="remote-farm" label={t('feedRecords.fields.farm')} width={220}>
            <FarmSelect
              id="remote-farm"
              choice={choice}
              onPicked={() => {
                setPicked(undefined);
                setSelected([]);
              }}
            />
          </FilterField>
          <FilterField id="remote-shed" label={t('feedRecords.fields.shed')} width={200}>
            <Select<number>
              id="remote-shed"
              value={shedId}
              options={sheds.data ?? []}
              onChange={(v) => {
                setPicked(v);
                setSelected([]);
              }}
            />
          </FilterField>
        </FilterBar>
      </div>
      <div className="fs-panel">
        <Space wrap className="fs-toolbar" aria-label={t('remote.actionsLabel')}>
          <span>{t('remote.selected', { n: chosen.length })}</span>
          <Button disabled={chosen.length === 0} onClick={() => setEditing(true)}>
            {t('remote.writeParams')}
          </Button>
          <Button disabled={chosen.length === 0} onClick={() => setAsking({ action: 'timeSync' })}>
            {t('remote.syncTime')}
          </Button>
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
            onClick={() => grams !== null && setAsking({ action: 'feedNow', grams })}
          >
            {t('remote.feedNow')}
          </Button>
        </Space>
        {answer && <SendResults results={answer.results} />}
        <PagedTable<FeederRemoteRow>
          rowKey="id"
          label={t('remote.tables.feeder')}
          columns={columns}
          rows={rows}
          loading={list.isFetching && rows.length === 0}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('remote.empty.feeder')}
          scroll={{ x: 1300 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        />
      </div>
      <LazySettingsDialog
        open={editing}
        kind="params"
        title={t('remote.writeParams')}
        initial={initial}
        onClose={() => setEditing(false)}
        onDone={(settings) => {
          setEditing(false);
          setAsking({ action: 'params', settings });
        }}
      />
      <LazyCodeDialog
        open={asking !== null}
        title={asking ? t(`remote.actions.${asking.action}`) : ''}
        summary={summary}
        onClose={() => setAsking(null)}
        run={run}
      />
    </section>
  );
}
