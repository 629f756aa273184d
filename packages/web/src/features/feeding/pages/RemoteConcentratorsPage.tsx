import { useState, type ReactElement } from 'react';
import { Button, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AppCode, ConcentratorRemoteRow, FeedSendAnswer } from '@farmsense/shared';
import { NoFarm, useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { PagedTable } from '../../../ui/PagedTable';
import { PageHead } from '../../../ui/PageParts';
import { lazyPart } from '../../../ui/lazyPart';
import type { RemoteSettings } from '../components/RemoteSettingsDialog';
import { DeviceCommands, LazyCodeDialog, SendResults } from '../components/RemoteParts';
import { useConcentratorSend, useRemoteConcentrators } from '../remoteApi';
import '../../../ui/admin.css';
import '../../../ui/ui.css';

const LazySettingsDialog = lazyPart(
  () => import('../components/RemoteSettingsDialog').then((m) => m.RemoteSettingsDialog),
  (props) => props.open,
);

type Asking = { action: 'timeSync' } | { action: 'serial'; settings: RemoteSettings };

/**
 * /remote-control/feed-device/concentrator (and the poultry farm's /remotecontrolfowl/feed-device/
 * concentrator): a house's concentrators with their gateway's link, their collectors and feeders
 * and their bus settings; to the selected ones it writes the bus settings or syncs the clock,
 * confirmed with the security or an authorization code, with each action's outcome per device.
 */
export function RemoteConcentratorsPage(): ReactElement {
  return <Concentrators code="remote-control.feed-device.concentrator" />;
}

/** The poultry menu's entry: the same page over the chosen poultry farm. */
export function PoultryConcentratorsPage(): ReactElement {
  return <Concentrators code="remotecontrolfowl.concentrator" />;
}

function Concentrators({ code }: { code: AppCode }): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice();
  const sheds = useShedOptions(choice.farmId);
  const [picked, setPicked] = useState<number | undefined>();
  const shedId = picked ?? sheds.data?.[0]?.value;
  const list = useRemoteConcentrators(shedId);
  const sending = useConcentratorSend();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [answer, setAnswer] = useState<FeedSendAnswer | null>(null);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;

  const rows = list.data ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const run = async (c: { codeKind: 'security' | 'authorization'; code: string }): Promise<void> => {
    if (!asking || shedId === undefined) return;
    const base = { shedId, concentratorIds: chosen.map((r) => r.id), ...c };
    const body =
      asking.action === 'serial' && asking.settings.kind === 'serial'
        ? { ...base, action: 'serial' as const, serial: asking.settings.values }
        : { ...base, action: 'timeSync' as const };
    setAnswer(await sending.mutateAsync(body));
  };
  const first = chosen[0]?.serial;
  const initial = {
    baudRate: first?.baudRate ?? 9600,
    dataBits: first?.dataBits ?? 8,
    stopBits: first?.stopBits ?? 1,
    parity: first?.parity ?? 'none',
  };
  const names = chosen.map((r) => `${r.deviceNo} ${r.name}`).join(', ');

  const columns: ColumnsType<ConcentratorRemoteRow> = [
    { key: 'name', title: t('remote.fields.concentrator'), width: 180, render: (_, r) => `${r.deviceNo} · ${r.name}` },
    { key: 'gateway', title: t('remote.fields.gateway'), width: 150, render: (_, r) => r.gatewayCode },
    {
      key: 'online',
      title: t('feedDevices.fields.online'),
      width: 100,
      render: (_, r) => <Tag color={r.online ? 'green' : 'default'}>{r.online ? t('feedDevices.online') : t('feedDevices.offline')}</Tag>,
    },
    {
      key: 'children',
      title: t('remote.fields.children'),
      width: 180,
      render: (_, r) => t('remote.childrenLine', { collectors: r.collectors, feeders: r.feeders }),
    },
    {
      key: 'serial',
      title: t('feedDevices.fields.serial'),
      width: 160,
      render: (_, r) =>
        r.serial.baudRate === null
          ? '—'
          : t('feedDevices.serialLine', {
              baud: r.serial.baudRate,
              data: r.serial.dataBits,
              parity: t(`feedDevices.parities.${r.serial.parity ?? 'none'}`),
              stop: r.serial.stopBits,
            }),
    },
    {
      key: 'commands',
      title: t('remote.fields.commands'),
      width: 260,
      render: (_, r) => <DeviceCommands commands={r.commands} online={r.online} actions={['serial', 'timeSync']} />,
    },
  ];

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel(code)} subtitle={t('remote.subtitles.concentrator')} />
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
            {t('remote.writeSerial')}
          </Button>
          <Button disabled={chosen.length === 0} onClick={() => setAsking({ action: 'timeSync' })}>
            {t('remote.syncTime')}
          </Button>
        </Space>
        {answer && <SendResults results={answer.results} />}
        <PagedTable<ConcentratorRemoteRow>
          rowKey="id"
          label={t('remote.tables.concentrator')}
          columns={columns}
          rows={rows}
          loading={list.isFetching && rows.length === 0}
          error={list.error}
          onRetry={() => void list.refetch()}
          emptyText={t('remote.empty.concentrator')}
          scroll={{ x: 1000 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        />
      </div>
      <LazySettingsDialog
        open={editing}
        kind="serial"
        title={t('remote.writeSerial')}
        initial={initial}
        onClose={() => setEditing(false)}
        onDone={(settings) => {
          setEditing(false);
          setAsking({ action: 'serial', settings });
        }}
      />
      <LazyCodeDialog
        open={asking !== null}
        title={asking ? t(`remote.actions.${asking.action}`) : ''}
        summary={
          asking?.action === 'serial' ? t('remote.serialSummary', { devices: names }) : t('remote.timeSyncSummary', { devices: names })
        }
        onClose={() => setAsking(null)}
        run={run}
      />
    </section>
  );
}
