import { useState, type ReactElement } from 'react';
import { Button, Select, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { errorMessage, menuLabel } from '../../../app/i18n/i18n';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { NumberInput } from '../../../ui/NumberInput';
import { PageHead } from '../../../ui/PageParts';
import { useDevices, useSwitchDevice } from '../api';
import type { ControlCode } from '../components/ControlCodeDialog';
import { LazyControlCodeDialog } from '../components/LazyControlCodeDialog';
import { deviceName, deviceValue } from '../components/deviceText';
import { StatusTag } from '../components/SyncState';
import '../../../ui/admin.css';
import { formatDateTime } from '../../../app/i18n/numbers';

interface Asking {
  key: string;
  value: number | null;
}

/**
 * /remote-control/device: every device of a house (fans, heaters, pumps, inlets, curtains, as its
 * controller reports them) with its live value and its newest hand command (pending, synced,
 * failed per device); a switch by hand (on/off or %) goes back to automatic after the chosen
 * minutes, confirmed with the security or an authorization code.
 */
export function DevicePage(): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  const choice = useFarmChoice();
  const sheds = useShedOptions(choice.farmId);
  const [picked, setPicked] = useState<number | undefined>();
  const shedId = picked ?? sheds.data?.[0]?.value;
  const list = useDevices(shedId);
  const switching = useSwitchDevice();
  const [values, setValues] = useState<Record<string, number | null>>({});
  const [minutes, setMinutes] = useState<number | null>(30);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const online = list.data?.online ?? false;

  const run = async (code: ControlCode): Promise<void> => {
    if (!asking || shedId === undefined) return;
    const answer = await switching.mutateAsync({ shedId, key: asking.key, value: asking.value, returnMinutes: minutes ?? 0, ...code });
    const r = answer.results[0];
    setResult(r && r.code !== 1 ? errorMessage(r.code) : null);
  };
  const columns: TableColumnsType<DeviceRow> = [
    { title: t('device.device'), key: 'device', render: (_, d) => deviceName(d.key, t) },
    { title: t('device.live'), key: 'live', render: (_, d) => (d.value === null ? '' : deviceValue(d.key, d.value, t)) },
    {
      title: t('device.hand'),
      key: 'hand',
      render: (_, d) =>
        d.command && (
          <>
            {deviceValue(d.key, d.command.value, t)} <StatusTag status={d.command.status} online={online} /> {d.command.ackMsg ?? ''}
          </>
        ),
    },
    {
      title: t('device.returnAt'),
      key: 'returnAt',
      render: (_, d) => (d.command?.returnAt && d.command.value !== null ? formatDateTime(d.command.returnAt) : ''),
    },
    {
      title: t('device.actions'),
      key: 'actions',
      render: (_, d) => {
        const label = t('device.switch', { device: deviceName(d.key, t) });
        const v = values[d.key] ?? null;
        return (
          <Space wrap>
            {d.variable ? (
              <NumberInput
                aria-label={`${label} %`}
                value={v}
                onChange={(x) => setValues({ ...values, [d.key]: x })}
                style={{ width: 90 }}
              />
            ) : (
              <Select
                aria-label={label}
                style={{ width: 90 }}
                value={v ?? undefined}
                onChange={(x: number) => setValues({ ...values, [d.key]: x })}
                options={[
                  { value: 1, label: t('device.on') },
                  { value: 0, label: t('device.off') },
                ]}
              />
            )}
            <Button type="primary" disabled={v === null || !Number.isFinite(v)} onClick={() => setAsking({ key: d.key, value: v })}>
              {t('device.apply')}
            </Button>
            <Button onClick={() => setAsking({ key: d.key, value: null })}>{t('device.auto')}</Button>
          </Space>
        );
      },
    },
  ];
  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead title={menuLabel('remote-control.device')} subtitle={t('device.subtitle')} />
      <div className="fs-panel">
        <FilterBar label={t('curve.house')}>
          <FilterField id="device-farm" label={t('codes.farm')} width={200}>
            <FarmSelect id="device-farm" choice={choice} onPicked={() => setPicked(undefined)} />
          </FilterField>
          <FilterField id="device-shed" label={t('curve.house')} width={200}>
            <Select
              id="device-shed"
              value={shedId}
              options={sheds.data ?? []}
              onChange={(v: number) => setPicked(v)}
              showSearch
              optionFilterProp="label"
            />
          </FilterField>
          <FilterField id="device-minutes" label={t('device.returnMinutes')} width={220}>
            <NumberInput id="device-minutes" integer value={minutes} onChange={setMinutes} aria-label={t('device.returnMinutes')} />
          </FilterField>
        </FilterBar>
      </div>
      <div className="fs-panel">
        {list.data && !list.data.online && list.data.gatewayId !== null && <p>{t('curve.offline')}</p>}
        {result && <p role="alert">{result}</p>}
        <Table<DeviceRow>
          rowKey="key"
          aria-label={t('device.table')}
          columns={columns}
          dataSource={list.data?.devices ?? []}
          loading={list.isPending && shedId !== undefined}
          pagination={false}
          locale={{ emptyText: list.data?.gatewayId === null ? t('device.noController') : t('device.none') }}
        />
      </div>
      <LazyControlCodeDialog
        open={asking !== null}
        title={asking ? t('device.switch', { device: deviceName(asking.key, t) }) : ''}
        onClose={() => setAsking(null)}
        run={run}
      />
    </section>
  );
}
