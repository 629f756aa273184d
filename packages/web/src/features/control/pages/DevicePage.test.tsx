import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeviceListAnswer, DeviceRow } from '@farmsense/shared';
import { formatDateTime } from '../../../app/i18n/numbers';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { houseRoutes } from '../../../test/settingGroup';
import { DevicePage } from './DevicePage';
import { tableRow } from '../../../test/table';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`control.${key}`, vars);
const keys = rsaKeysBeforeAll();
const LIST = '/remotecontrol/device/list';
const SWITCH = '/remotecontrol/device/switch';
const NOW = Date.UTC(2026, 10, 27, 9, 0);

const row = (key: string, value: number | null, variable: boolean, command: DeviceRow['command'] = null): DeviceRow => ({
  key,
  kind: key.split('.')[0] as DeviceRow['kind'],
  index: Number(key.split('.')[1]),
  variable,
  value,
  ts: NOW,
  command,
});
const command = (value: number | null, status: 'pending' | 'synced' | 'failed', ackMsg: string | null = null) => ({
  version: 3,
  value,
  status,
  ackMsg,
  returnAt: value === null ? null : NOW + 30 * 60_000,
  createdAt: NOW,
});

// As the server sorts them: by kind, then number.
const LIST_ANSWER: DeviceListAnswer = {
  shedId: 7,
  gatewayId: 4,
  online: true,
  devices: [
    row('curtain.1', 20, true),
    row('fan.1', 45, true, command(50, 'synced')),
    row('fan.2', 0, true),
    row('heater.1', 1, false, command(1, 'pending')),
    row('light.1', 18, true),
    row('pump.1', 0, false, command(1, 'failed', 'noSuchDevice')),
    row('window.1', 35, true, command(null, 'synced')),
  ],
};

function serve(): RecordedCall[] {
  return mockApi({
    ...houseRoutes(keys),
    [`GET ${LIST}`]: { data: LIST_ANSWER },
    [`POST ${SWITCH}`]: {
      data: { results: [{ shedId: 7, shedName: 'House 1', code: 1, version: 4, commandId: 'c4', status: 'pending', online: true }] },
    },
  });
}

const cells = (key: string): string[] => [...tableRow(key).querySelectorAll('td')].map((c) => c.textContent ?? '');
const minutesField = (): HTMLInputElement => screen.getByLabelText(t('device.returnMinutes')) as HTMLInputElement;
const switchButton = (key: string): HTMLButtonElement =>
  within(tableRow(key)).getByRole('button', { name: t('device.apply') }) as HTMLButtonElement;

async function confirmWithCode(code: string): Promise<void> {
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  fireEvent.change(within(dialog).getByLabelText(t('codeDialog.code')), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: t('codeDialog.confirm') }));
}

signedInEach({ farms: [PIG_FARM] });

describe('devices by hand page', { timeout: 90_000 }, () => {
  it('lists every device by kind with its live value and the state of its newest hand command', async () => {
    const calls = serve();
    renderWithApp(<DevicePage />, '/remote-control/device');
    await screen.findByText(t('device.kinds.fan', { n: 2 }), {}, SLOW);
    expect(calls.find((c) => c.path === LIST)!.query).toEqual({ shedId: '7' });
    const names = [...document.querySelectorAll('tr[data-row-key]')].map((r) => r.querySelector('td')!.textContent);
    expect(names).toEqual([
      t('device.kinds.curtain', { n: 1 }),
      t('device.kinds.fan', { n: 1 }),
      t('device.kinds.fan', { n: 2 }),
      t('device.kinds.heater', { n: 1 }),
      t('device.kinds.light', { n: 1 }),
      t('device.kinds.pump', { n: 1 }),
      t('device.kinds.window', { n: 1 }),
    ]);
    // Live value, hand command with its state, return time.
    expect(cells('fan.1').slice(1, 4)).toEqual(['45 %', `50 % ${t('status.synced')} `, formatDateTime(NOW + 30 * 60_000)]);
    expect(cells('fan.2').slice(1, 4)).toEqual(['0 %', '', '']);
    expect(cells('heater.1').slice(1, 3)).toEqual([t('device.on'), `${t('device.on')} ${t('status.pending')} `]);
    // A lighting zone: the lux its sensor reads, dimmed by a percentage.
    expect(cells('light.1').slice(1, 3)).toEqual(['18 lux', '']);
    expect(cells('pump.1').slice(1, 3)).toEqual([t('device.off'), `${t('device.on')} ${t('status.failed')} noSuchDevice`]);
    expect(cells('window.1').slice(1, 4)).toEqual(['35 %', `${t('device.automatic')} ${t('status.synced')} `, '']);
    // On/off devices offer on and off; the others a percentage.
    expect(within(tableRow('heater.1')).getByRole('combobox')).toBeTruthy();
    expect(within(tableRow('fan.2')).getByLabelText(`${t('device.switch', { device: t('device.kinds.fan', { n: 2 }) })} %`)).toBeTruthy();
  });

  it('switches a fan to a percentage and a heater on with the code', async () => {
    const calls = serve();
    renderWithApp(<DevicePage />, '/remote-control/device');
    await screen.findByText(t('device.kinds.fan', { n: 2 }), {}, SLOW);
    expect(switchButton('fan.2').disabled).toBe(true);
    fireEvent.change(within(tableRow('fan.2')).getByRole('textbox'), { target: { value: '60' } });
    fireEvent.change(minutesField(), { target: { value: '15' } });
    fireEvent.click(switchButton('fan.2'));
    await confirmWithCode('246810');
    await waitFor(() => expect(calls.filter((c) => c.path === SWITCH)).toHaveLength(1), SLOW);
    const sent = calls.find((c) => c.path === SWITCH)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ shedId: 7, key: 'fan.2', value: 60, returnMinutes: 15, codeKind: 'security' });
    expect(await keys.decrypt(sent.code as string)).toBe('246810');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);

    fireEvent.mouseDown(within(tableRow('heater.1')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(t('device.on'), {}, SLOW));
    fireEvent.click(switchButton('heater.1'));
    await confirmWithCode('135790');
    await waitFor(() => expect(calls.filter((c) => c.path === SWITCH)).toHaveLength(2), SLOW);
    expect(calls.filter((c) => c.path === SWITCH)[1]!.body).toMatchObject({ key: 'heater.1', value: 1, returnMinutes: 15 });
  });

  it('dims the lights with the code, and sends a device back to automatic now without minutes', async () => {
    const calls = serve();
    renderWithApp(<DevicePage />, '/remote-control/device');
    await screen.findByText(t('device.kinds.light', { n: 1 }), {}, SLOW);
    fireEvent.change(minutesField(), { target: { value: '15' } });
    const lights = `${t('device.switch', { device: t('device.kinds.light', { n: 1 }) })} %`;
    fireEvent.change(within(tableRow('light.1')).getByLabelText(lights), { target: { value: '40' } });
    fireEvent.click(switchButton('light.1'));
    await confirmWithCode('246810');
    await waitFor(() => expect(calls.filter((c) => c.path === SWITCH)).toHaveLength(1), SLOW);
    expect(calls.find((c) => c.path === SWITCH)!.body).toMatchObject({ key: 'light.1', value: 40, returnMinutes: 15 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);

    // Back to automatic needs no minutes: it goes even while the field is empty, and carries none.
    fireEvent.change(minutesField(), { target: { value: '' } });
    fireEvent.click(within(tableRow('fan.1')).getByRole('button', { name: t('device.auto') }));
    await confirmWithCode('246810');
    await waitFor(() => expect(calls.filter((c) => c.path === SWITCH)).toHaveLength(2), SLOW);
    expect(calls.filter((c) => c.path === SWITCH)[1]!.body).toMatchObject({ key: 'fan.1', value: null, returnMinutes: null });
  });

  it('refuses return minutes the server would refuse, and a percentage over 100, before anything is sent', async () => {
    const calls = serve();
    renderWithApp(<DevicePage />, '/remote-control/device');
    await screen.findByText(t('device.kinds.fan', { n: 2 }), {}, SLOW);
    expect(screen.getByText(t('device.returnRule', { min: 1, max: 1440 }))).toBeTruthy();
    fireEvent.change(within(tableRow('fan.2')).getByRole('textbox'), { target: { value: '40' } });
    expect(switchButton('fan.2').disabled).toBe(false);
    const refused: [string, string][] = [
      ['', 'validation.required'],
      ['0', 'validation.positiveInteger'],
      ['-5', 'validation.positiveInteger'],
      ['2.5', 'validation.integer'],
      ['1441', 'validation.tooLarge'],
      ['abc', 'validation.number'],
    ];
    for (const [typed, key] of refused) {
      fireEvent.change(minutesField(), { target: { value: typed } });
      expect(screen.getByTestId('device-minutes-error').textContent).toBe(tk(key));
      expect(minutesField().getAttribute('aria-invalid')).toBe('true');
      expect(switchButton('fan.2').disabled).toBe(true);
      fireEvent.click(switchButton('fan.2'));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    fireEvent.change(minutesField(), { target: { value: '1440' } });
    expect(screen.queryByTestId('device-minutes-error')).toBeNull();
    expect(switchButton('fan.2').disabled).toBe(false);
    // A percentage over 100 is refused under its field.
    fireEvent.change(within(tableRow('fan.2')).getByRole('textbox'), { target: { value: '120' } });
    expect(within(tableRow('fan.2')).getByRole('alert').textContent).toBe(tk('validation.percent'));
    expect(switchButton('fan.2').disabled).toBe(true);
    expect(calls.filter((c) => c.path === SWITCH)).toHaveLength(0);
  });
});
