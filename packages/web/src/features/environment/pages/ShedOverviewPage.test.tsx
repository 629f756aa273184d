import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { EnvMonitorAnswer, ShedMonitor, ShedOverviewRow } from '@farmsense/shared';
import { i18n } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { PoultryShedOverviewPage } from './ShedOverviewPage';
import { POULTRY_FARM, signedInEach } from '../../../test/session';
import { CLIMATE_GATEWAY, shedMonitor, shedRow } from '../../../test/fixtures';
import { fakeStream } from '../../../test/liveStream';

/**
 * The shed cards follow the live stream: the page loads the snapshot once, then every value
 * the stream brings replaces the shown one without another call.
 */
const NOW = Date.now();
const SHED: ShedOverviewRow = shedRow({ tid: 4, gateways: [CLIMATE_GATEWAY] });
function monitorAt(at: number): ShedMonitor {
  const v = (key: string, value: number): { key: string; value: number; ts: number; gatewayCode: string } => ({
    key,
    value,
    ts: at,
    gatewayCode: 'fs-demo04',
  });
  return shedMonitor(at, {
    kinds: {
      temp: { kind: 'temp', unit: '°C', values: [v('temp.1', 22.8), v('temp.2', 23.2)], min: 22.8, avg: 23, max: 23.2 },
      rh: { kind: 'rh', unit: '%', values: [v('rh.1', 56.6)], min: 56.6, avg: 56.6, max: 56.6 },
      co2: { kind: 'co2', unit: 'ppm', values: [v('co2.1', 1706)], min: 1706, avg: 1706, max: 1706 },
    },
    activeActuators: [v('fan.1', 60)],
    actuators: [v('fan.1', 60), v('fan.2', 0), v('heater.1', 0)],
  });
}

const MONITOR = monitorAt(NOW - 20_000);

function serve(stream: ReturnType<typeof fakeStream>): { streamUrls: string[]; streamHeaders: Record<string, string>[] } {
  mockApi({
    'POST /breedpigbuilding/shed/querySheds': { data: { list: [SHED], total: 1, pageNo: 1, pageSize: 100000 } },
    'POST /breedpigbuilding/pigFarmManagePlus/pigEnvMonitorPlus': {
      data: { farmId: 2, now: NOW, staleAfterMs: 900_000, sheds: [MONITOR] } satisfies EnvMonitorAnswer,
    },
  });
  const inner = globalThis.fetch;
  const seen = { streamUrls: [] as string[], streamHeaders: [] as Record<string, string>[] };
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    if (String(input).startsWith('/api/telemetry/stream')) {
      seen.streamUrls.push(String(input));
      seen.streamHeaders.push((init?.headers ?? {}) as Record<string, string>);
      return Promise.resolve(stream.response());
    }
    return inner(input, init);
  });
  return seen;
}

signedInEach({ farms: [POULTRY_FARM] });

describe('live shed overview', { timeout: 30_000 }, () => {
  it('shows the snapshot, then the values the stream brings, without reloading', async () => {
    const stream = fakeStream();
    const seen = serve(stream);
    renderWithApp(<PoultryShedOverviewPage />);
    const card = await screen.findByRole('article', { name: /Broiler House 1/ }, SLOW);
    await waitFor(() => expect(within(card).getByTestId('shed-temp').textContent).toContain('23.0'), SLOW);
    expect(within(card).getByTestId('shed-target').textContent).toContain('22.2');
    expect(within(card).getByTestId('shed-day-age').textContent).toBe(i18n.t('card.dayAge', { ns: 'environment', n: 30 }));
    expect(within(card).getByTestId('metric-rh').textContent).toContain('56.6');
    expect(within(card).getByTestId('shed-fans').textContent).toContain('1/2');

    // The stream is opened for this farm's sheds, with the session in a header (never in the URL).
    await waitFor(() => expect(seen.streamUrls).toEqual(['/api/telemetry/stream?shedIds=4']), SLOW);
    expect(seen.streamHeaders[0]!.token).toBe('tok');
    await waitFor(() => expect(screen.getByTestId('live-state').getAttribute('data-state')).toBe('live'), SLOW);

    stream.send('telemetry', {
      gatewayId: 4,
      shedId: 4,
      ts: Date.now(),
      values: { 'temp.1': 31.7, 'temp.2': 23.1, 'rh.1': 61.2, 'fan.2': 80 },
    });
    await waitFor(() => expect(within(card).getByTestId('shed-temp').textContent).toContain('31.7'), SLOW);
    // The average follows (31.7 and 23.1), the hot sensor is marked, humidity and fans too.
    expect(within(card).getByTestId('shed-temp').textContent).toContain('27.4');
    // Each sensor's reading carries its unit.
    expect(within(card).getByText('31.7 °C').closest('li')!.className).toContain('fs-sensors__hot');
    expect(within(card).getByTestId('metric-rh').textContent).toContain('61.2');
    expect(within(card).getByTestId('shed-fans').textContent).toContain('2/2');
    // 27.4 against a 22.2 set-point is more than 4 degrees off: the card looks like an alarm.
    expect(card.getAttribute('data-level')).toBe('alarm');

    stream.send('status', { gatewayId: 4, shedId: 4, online: false });
    await waitFor(() => expect(within(card).getByTestId('shed-offline')).toBeTruthy(), SLOW);
  });

  it('says when a shed has sent nothing for longer than the stale limit', async () => {
    const stream = fakeStream();
    mockApi({
      'POST /breedpigbuilding/shed/querySheds': { data: { list: [SHED], total: 1, pageNo: 1, pageSize: 100000 } },
      'POST /breedpigbuilding/pigFarmManagePlus/pigEnvMonitorPlus': {
        data: { farmId: 2, now: NOW, staleAfterMs: 900_000, sheds: [monitorAt(NOW - 40 * 60_000)] },
      },
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      String(input).startsWith('/api/telemetry/stream') ? Promise.resolve(stream.response()) : inner(input, init),
    );
    renderWithApp(<PoultryShedOverviewPage />);
    const warning = await screen.findByTestId('shed-stale', {}, SLOW);
    expect(warning.textContent).toContain(i18n.t('duration.m', { ns: 'environment', count: 40 }));
  });
});
