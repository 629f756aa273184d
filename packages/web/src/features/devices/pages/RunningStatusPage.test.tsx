import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ChannelRow, HkqDetail } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { RunningStatusPage } from './RunningStatusPage';
import { signedInEach } from '../../../test/session';
import { fakeStream } from '../../../test/liveStream';

/**
 * The embeddable running-status page: one controller by code from the address, its values and
 * channel states, kept current by the live stream of its shed (values and link state).
 */
const NOW = Date.now();
const DETAIL: HkqDetail = {
  gatewayCode: 'fs-demo04',
  gatewayName: 'Climate 4',
  gatewayType: 101,
  deviceCategory: 200,
  model: 'FS-4008',
  serialNo: 'SN-4',
  farmId: 2,
  farmName: 'Demo Poultry Farm',
  shedId: 4,
  shedName: 'Broiler House 1',
  online: true,
  since: NOW - 3_600_000,
  lastSeenAt: NOW - 10_000,
  values: [
    { key: 'temp.1', value: 22.8, ts: NOW - 10_000, unit: '°C', stale: false },
    { key: 'fan.1', value: 60, ts: NOW - 10_000, unit: '%', stale: false },
    { key: 'heater.1', value: 0, ts: NOW - 10_000, unit: '', stale: false },
  ],
} as HkqDetail;
const CHANNELS: ChannelRow[] = [
  { key: 'fan.1', subDevice: 14, name: 'Tunnel fan', fanType: 2, curtainType: null, heatType: null },
  { key: 'heater.1', subDevice: 3, name: 'Brooder heater', fanType: null, curtainType: null, heatType: 1 },
];

function serve(stream: ReturnType<typeof fakeStream>): RecordedCall[] {
  const calls = mockApi({
    'POST /breedpigbuilding/remoteHkqController/hkqDetail': { data: DETAIL },
    'GET /breedpigdevice/controller/channels': { data: CHANNELS },
    'GET /telemetry/latest': { data: { shedId: 4, gateways: [{ gatewayId: 44, code: 'fs-demo04' }] } },
  });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    String(input).startsWith('/api/telemetry/stream') ? Promise.resolve(stream.response()) : inner(input, init),
  );
  return calls;
}

signedInEach();

describe('controller running status (iframe)', { timeout: 30_000 }, () => {
  it('shows the controller named in the address with its channel states, then what the stream brings', async () => {
    const stream = fakeStream();
    const calls = serve(stream);
    renderWithApp(<RunningStatusPage />, '/device-running-status/controller/iframe?code=fs-demo04');
    await screen.findByText(tk('devices.running.title', { name: 'Climate 4' }), {}, SLOW);
    expect(calls.find((c) => c.path.endsWith('/hkqDetail'))!.body).toEqual({ gatewayCode: 'fs-demo04' });
    expect(calls.find((c) => c.path.endsWith('/channels'))!.query).toEqual({ code: 'fs-demo04' });
    const table = await screen.findByTestId('running-channels', {}, SLOW);
    await within(table).findByText('Tunnel fan', {}, SLOW);
    const fanRow = within(table).getByText('Tunnel fan').closest('tr')!;
    // A channel's state carries its unit (a fan's output in %).
    expect(fanRow.textContent).toContain('60\u2009%');
    expect(within(table).getByText('Brooder heater').closest('tr')!.textContent).toContain(tk('environment.detail.off'));
    await waitFor(() => expect(screen.getByTestId('live-state').getAttribute('data-state')).toBe('live'), SLOW);

    stream.send('telemetry', { gatewayId: 44, shedId: 4, ts: Date.now(), values: { 'fan.1': 85, 'heater.1': 1 } });
    await waitFor(() => expect(within(table).getByText('Tunnel fan').closest('tr')!.textContent).toContain('85\u2009%'), SLOW);
    expect(within(table).getByText('Brooder heater').closest('tr')!.textContent).toContain(tk('environment.detail.on'));
    expect(screen.getByTestId('controller-detail').textContent).toContain(tk('common.online'));

    stream.send('status', { gatewayId: 44, shedId: 4, online: false });
    await waitFor(() => expect(screen.getByTestId('controller-detail').textContent).toContain(tk('common.offline')), SLOW);
  });

  it('asks for a controller when the address names none', async () => {
    const calls = serve(fakeStream());
    renderWithApp(<RunningStatusPage />, '/device-running-status/controller/iframe?code=bad code');
    expect(await screen.findByText(tk('devices.running.missing'), {}, SLOW)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
