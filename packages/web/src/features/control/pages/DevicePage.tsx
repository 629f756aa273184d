import { useState, type ReactElement } from 'react';
import { Button, Select, Space, type TableColumnsType } from 'antd';
import { PagedTable } from '../../../ui/PagedTable';
import { useTranslation } from 'react-i18next';
import { DEVICE_RETURN_LIMITS, deviceReturnMinutes, type DeviceRow } from '@farmsense/shared';
import { useFarmChoice, useShedPick } from '../../../app/farm';
import { errorMessage, menuLabel, tk } from '../../../app/i18n/i18n';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { FarmShedFields } from '../../../ui/FarmShedFilters';
import { NumberInput } from '../../../ui/NumberInput';
import { PageHead } from '../../../ui/PageParts';
import { useDevices, useSwitchDevice } from '../api';
import type { ControlCode } from '../components/ControlCodeDialog';
import { LazyControlCodeDialog } from '../components/LazyControlCodeDialog';
import { deviceLive, deviceName, deviceValue } from '../components/deviceText';
import { StatusTag } from '../components/SyncState';
import { formatDateTime } from '../../../app/i18n/numbers';
import '../../../ui/admin.css';
import '../../../ui/ui.css';

interface Asking {
  key: string;
  value: number | null;
}

/** Why the minutes field cannot be sent (the server's own rule and message key), or null. */
function minutesProblem(minutes: number | null): string | null {
  const r = deviceReturnMinutes.safeParse(minutes);
  return r.success ? null : tk(r.error.issues[0]!.message);
}

/** A hand percentage is 0-100 (the server refuses the rest with 99996). */
const percentValid = (v: number | null): v is number => v !== null && Number.isFinite(v) && v >= 0 && v <= 100;

/**
 * /remote-control/device: every device of a house (fans, heaters, pumps, inlets, curtains, lighting
 * zones, as its controller reports them) with its live value (a lighting zone: the lux its sensor
 * reads) and its newest hand command (pending, synced, failed per device); a switch by hand (on/off,
 * or % of speed, opening or light output) goes back to automatic after the chosen minutes (checked
 * as typed by the server's rule), confirmed with the security or an authorization code.
 */
export function DevicePage(): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  const choice = useFarmChoice();
  const house = useShedPick(choice.farmId);
  const { shedId } = house;
  const list = useDevices(shedId);
  const switching = useSwitchDevice();
  const [values, setValues] = useState<Record<string, number | null>>({});
  const [minutes, setMinutes] = useState<number | null>(30);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const online = list.data?.online ?? false;
  // Checked as typed, before anything is sent; a hand value cannot be sent while it stands.
  const minutesError = minutesProblem(minutes);

  const run = async (code: ControlCode): Promise<void> => {
    if (!asking || shedId === undefined) return;
    const returnMinutes = asking.value === null ? null : minutes;
    const answer = await switching.mutateAsync({ shedId, key: asking.key, value: asking.value, returnMinutes, ...code });
    const r = answer.results[0];
    setResult(r && r.code !== 1 ? errorMessage(r.code) : null);
  };
  const columns: TableColumnsType<DeviceRow> = [
    { title: t('device.device'), key: 'device', render: (_, d) => deviceName(d.key, t) },
    { title: t('device.live'), key: 'live', render: (_, d) => (d.value === null ? '' : deviceLive(d.key, d.value, t)) },
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
        const badPercent = d.variable && v !== null && !percentValid(v);
        return (
          <Space wrap>
            {d.variable ? (
              <span className="fs-range">
                <NumberInput
                  aria-label={`${label} %`}
                  value={v}
                  onChange={(x) => setValues({ ...values, [d.key]: x })}
                  status={badPercent ? 'error' : undefined}
                  style={{ width: 90 }}
                />
                {badPercent && (
                  <span role="alert" className="fs-range__error">
                    {tk('validation.percent')}
                  </span>
                )}
              </span>
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
            <Button
              type="primary"
              disabled={(d.variable ? !percentValid(v) : v === null) || minutesError !== null}
              onClick={() => setAsking({ key: d.key, value: v })}
            >
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
          <FarmShedFields idPrefix="device" texts={{ farm: t('codes.farm'), shed: t('curve.house') }} choice={choice} house={house} />
          <FilterField id="device-minutes" label={t('device.returnMinutes')} width={220}>
            <div className="fs-range">
              <NumberInput
                id="device-minutes"
                integer
                value={minutes}
                onChange={setMinutes}
                aria-label={t('device.returnMinutes')}
                status={minutesError ? 'error' : undefined}
                aria-invalid={minutesError ? true : undefined}
                aria-describedby="device-minutes-rule"
              />
              {minutesError && (
                <div role="alert" className="fs-range__error" data-testid="device-minutes-error">
                  {minutesError}
                </div>
              )}
              <div id="device-minutes-rule" className="fs-range__hint">
                {t('device.returnRule', { min: DEVICE_RETURN_LIMITS.minMinutes, max: DEVICE_RETURN_LIMITS.maxMinutes })}
              </div>
            </div>
          </FilterField>
        </FilterBar>
      </div>
      <div className="fs-panel">
        {list.data && !list.data.online && list.data.gatewayId !== null && <p>{t('curve.offline')}</p>}
        {result && <p role="alert">{result}</p>}
        <PagedTable<DeviceRow>
          rowKey="key"
          label={t('device.table')}
          columns={columns}
          rows={list.data?.devices ?? []}
          loading={list.isPending && shedId !== undefined}
          emptyText={list.data?.gatewayId === null ? t('device.noController') : t('device.none')}
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
