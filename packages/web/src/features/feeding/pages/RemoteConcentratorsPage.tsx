import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AppCode, ConcentratorRemoteRow } from '@farmsense/shared';
import { DeviceCommands } from '../components/RemoteParts';
import { isSettings, RemoteDeviceFrame } from '../components/RemoteDeviceFrame';
import { useConcentratorSend, useRemoteConcentrators } from '../remoteApi';
import { onlineColumn } from '../components/onlineColumn';

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
  const sending = useConcentratorSend();
  const columns: ColumnsType<ConcentratorRemoteRow> = [
    { key: 'name', title: t('remote.fields.concentrator'), width: 180, render: (_, r) => `${r.deviceNo} · ${r.name}` },
    { key: 'gateway', title: t('remote.fields.gateway'), width: 150, render: (_, r) => r.gatewayCode },
    onlineColumn(t),
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
    <RemoteDeviceFrame<ConcentratorRemoteRow>
      code={code}
      kind="concentrator"
      useRows={useRemoteConcentrators}
      columns={columns}
      scrollX={1000}
      settings={{
        kind: 'serial',
        label: t('remote.writeSerial'),
        initial: (chosen) => ({
          baudRate: chosen[0]?.serial.baudRate ?? 9600,
          dataBits: chosen[0]?.serial.dataBits ?? 8,
          stopBits: chosen[0]?.serial.stopBits ?? 1,
          parity: chosen[0]?.serial.parity ?? 'none',
        }),
      }}
      summary={(asking, names) =>
        isSettings(asking) ? t('remote.serialSummary', { devices: names }) : t('remote.timeSyncSummary', { devices: names })
      }
      send={(asking, shedId, chosen, c) => {
        const base = { shedId, concentratorIds: chosen.map((r) => r.id), ...c };
        return sending.mutateAsync(
          isSettings(asking) && asking.settings.kind === 'serial'
            ? { ...base, action: 'serial', serial: asking.settings.values }
            : { ...base, action: 'timeSync' },
        );
      }}
    />
  );
}
