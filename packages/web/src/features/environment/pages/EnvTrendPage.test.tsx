import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrendAnswer, TrendBody } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { EnvTrendPage } from './EnvTrendPage';
import { POULTRY_FARM, signedInEach } from '../../../test/session';
import { typeRange } from '../../../test/dateRange';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`environment.${key}`, vars);
const SHEDS = Array.from({ length: 8 }, (_, i) => ({
  tid: 40 + i,
  shedName: `House ${i + 1}`,
  shedType: 1001,
  areaNum: 1,
  buildingNum: 1,
  shedNum: i + 1,
  farmId: 2,
}));
const HOUR = 3_600_000;

function answer(body: Partial<TrendBody> & { shedIds: number[] }): TrendAnswer {
  const end = 1_790_000_000_000;
  const points = (base: number): [number, number, number, number][] =>
    Array.from({ length: 12 }, (_, i) => [end - (12 - i) * HOUR, base + i / 10, base - 0.5, base + 0.5]);
  return {
    kind: 'temp',
    unit: '°C',
    startTime: end - 12 * HOUR,
    endTime: end,
    source: 'raw',
    bucketMs: HOUR,
    sheds: body.shedIds.map((id) => ({
      shedId: id,
      shedName: SHEDS.find((s) => s.tid === id)?.shedName ?? String(id),
      series: [
        { gatewayCode: 'fs-demo04', key: 'temp.1', unit: '°C', points: points(22), stats: { min: 21.5, max: 23.6, avg: 22.5, count: 12 } },
        { gatewayCode: 'fs-demo04', key: 'temp.2', unit: '°C', points: points(23), stats: { min: 22.5, max: 24.6, avg: 23.5, count: 12 } },
      ],
      stats: { min: 21.5, max: 24.6, avg: 23, count: 24 },
      outdoor: {
        gatewayCode: 'fs-demo04',
        key: 'outTemp.1',
        unit: '°C',
        points: points(11),
        stats: { min: 10.5, max: 12.6, avg: 11.5, count: 12 },
      },
      target: { gatewayCode: 'fs-demo04', key: 'targetTemp.1', unit: '°C', points: points(22.2), stats: null },
    })),
  };
}

function serve(): RecordedCall[] {
  return mockApi({
    'GET /breedpigbuilding/shedInfo/list': { data: SHEDS },
    'POST /environment/trend': (call) => ({ data: answer(call.body as TrendBody) }),
  });
}

/** Serves the calls, opens the temperature trend of the poultry farm and waits for its first chart. */
async function openTempTrend(): Promise<RecordedCall[]> {
  const calls = serve();
  renderWithApp(<EnvTrendPage kind="temp" farmType={2} />);
  await screen.findByTestId('trend-chart', {}, SLOW);
  return calls;
}

/** Picks an entry of the time control's list by its title. */
async function pickTime(title: string): Promise<void> {
  fireEvent.mouseDown(screen.getByLabelText(t('trend.time')));
  fireEvent.click(await screen.findByTitle(title, {}, SLOW));
}

const trendBodies = (calls: RecordedCall[]): TrendBody[] =>
  calls.filter((c) => c.path === '/environment/trend').map((c) => c.body as TrendBody);

signedInEach({ farms: [POULTRY_FARM] });

describe('environment trend page', { timeout: 90_000 }, () => {
  it('charts the first shed for the last 24 hours, with every sensor, the outdoor temperature and the set-point', async () => {
    const calls = serve();
    renderWithApp(<EnvTrendPage kind="temp" farmType={2} />);
    const chart = await screen.findByTestId('trend-chart', {}, SLOW);
    expect(trendBodies(calls)[0]).toEqual({ shedIds: [40], kind: 'temp', preset: '24h' });
    const series = chart.getAttribute('data-series')!.split('|');
    for (const name of ['Temperature 1', 'Temperature 2', 'Outdoor temperature', 'Target temperature', t('trend.band')])
      expect(series).toContain(name);
    const stats = screen.getByTestId('trend-stats');
    expect(within(stats).getByText('21.5')).toBeTruthy();
    expect(within(stats).getByText('23.0')).toBeTruthy();
    expect(within(stats).getByText('24.6')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(t('trend.title', { kind: t('kind.temp') }));
  });

  it('sends the chosen preset as is and lets the server resolve it', async () => {
    const calls = await openTempTrend();
    await pickTime(tk('enums.queryPreset.7d'));
    await waitFor(() => expect(trendBodies(calls).at(-1)).toEqual({ shedIds: [40], kind: 'temp', preset: '7d' }), SLOW);
    await pickTime(tk('enums.queryPreset.latestDay'));
    await waitFor(() => expect(trendBodies(calls).at(-1)).toEqual({ shedIds: [40], kind: 'temp', preset: 'latestDay' }), SLOW);
  });

  it('takes at most 6 sheds: the others are greyed out and the rule is said', async () => {
    const calls = await openTempTrend();
    fireEvent.mouseDown(screen.getByLabelText(t('trend.sheds')));
    for (const n of [2, 3, 4, 5, 6]) fireEvent.click(await screen.findByTitle(`House ${n}`, {}, SLOW));
    await waitFor(() => expect(trendBodies(calls).at(-1)!.shedIds).toEqual([40, 41, 42, 43, 44, 45]), SLOW);
    expect(screen.getByText(tk('validation.selectAtMost', { count: 6 }))).toBeTruthy();
    const seventh = (await screen.findByTitle('House 7', {}, SLOW)).closest('.ant-select-item-option')!;
    expect(seventh.getAttribute('aria-disabled') ?? String(seventh.className.includes('disabled'))).toBe('true');
    fireEvent.click(seventh);
    await new Promise((r) => setTimeout(r, 300));
    expect(trendBodies(calls).every((b) => b.shedIds.length <= 6)).toBe(true);
    expect(await screen.findAllByTestId('trend-shed', {}, SLOW)).toHaveLength(6);
  });

  it('applies the 30-day rule to a custom range before anything is asked', async () => {
    const calls = await openTempTrend();
    await pickTime(t('trend.custom'));
    // Switching to a custom range starts from the last 7 days, sent as explicit times.
    await waitFor(() => expect(trendBodies(calls).at(-1)).toHaveProperty('startTime'), SLOW);
    const custom = trendBodies(calls).at(-1)!;
    expect(custom).not.toHaveProperty('preset');
    expect(Number(custom.endTime) - Number(custom.startTime)).toBe(7 * 24 * HOUR);
    const before = trendBodies(calls).length;

    // A day far beyond the limit cannot even be picked; whole days 30 apart with a later time are refused with the rule.
    await typeRange('2026-01-01 00:00', '2026-02-10 00:00');
    await new Promise((r) => setTimeout(r, 300));
    expect(trendBodies(calls)).toHaveLength(before);
    await typeRange('2026-01-01 10:00', '2026-01-31 11:00');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(tk('validation.rangeMaxDays', { days: 30 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(trendBodies(calls)).toHaveLength(before);

    await typeRange('2026-01-01 00:00', '2026-01-20 12:00');
    await waitFor(() => expect(trendBodies(calls).length).toBeGreaterThan(before), SLOW);
    const sent = trendBodies(calls).at(-1)!;
    expect(new Date(Number(sent.startTime)).getDate()).toBe(1);
    expect(Number(sent.endTime) - Number(sent.startTime)).toBe(19.5 * 24 * HOUR);
  });
});
