import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { PIG_FARM, signedInEach } from '../../../test/session';
import { statusRow } from '../test/fixtures';
import { SiloMonitoringPage } from './SiloMonitoringPage';
import { SiloStatusPage } from './SiloStatusPage';
import { tableRow } from '../../../test/table';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`silos.${key}`, vars);
const STATUS = '/breedpigbuilding/breedWeightFodder/silo/status';

const ROWS = [
  statusRow(),
  statusRow({ id: 2, name: 'Silo 2', weightKg: 900, fillPct: 7.5, level: 'empty', forecast: null, lastDelivery: null }),
  statusRow({
    id: 3,
    name: 'Silo 3',
    gatewayId: null,
    gatewayCode: null,
    gatewayName: null,
    channel: null,
    weightKg: null,
    fillPct: null,
    level: null,
    weightState: null,
    action: null,
    lastTs: null,
    forecast: null,
    lastDelivery: null,
    todayConsumedKg: 0,
  }),
];

function serve(): ReturnType<typeof mockApi> {
  return mockApi({
    [`GET ${STATUS}`]: { data: ROWS },
    'GET /breedpigbuilding/shedInfo/list': {
      data: [{ tid: 7, shedName: 'Finisher A', shedType: 4, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: 1 }],
    },
  });
}

const card = (name: string): HTMLElement => screen.getByRole('article', { name });

signedInEach({ farms: [PIG_FARM] });

describe('silo status and monitoring', { timeout: 40_000 }, () => {
  it("shows each silo's weight, level, states and the empty-by forecast with the reorder warning", async () => {
    const calls = serve();
    renderWithApp(<SiloStatusPage />, '/weight/status');
    await screen.findByRole('article', { name: 'Silo 1' }, SLOW);
    expect(calls.find((c) => c.path === STATUS)!.query).toMatchObject({ farmId: '1' });

    const one = card('Silo 1');
    expect(within(one).getByTestId('silo-forecast').textContent).toContain(t('forecast.range', { from: 3, to: 4 }));
    expect(within(one).getByTestId('silo-reorder').textContent).toBe(t('forecast.reorder'));
    expect(within(one).getByTestId('silo-level').textContent).toBe(t('level.normal'));
    expect(within(one).getByText(t('weightState.stable'))).toBeTruthy();
    expect(within(one).getByText(t('action.unloading'))).toBeTruthy();

    const two = card('Silo 2');
    expect(within(two).getByTestId('silo-level').textContent).toBe(t('level.empty'));
    expect(within(two).getByTestId('silo-forecast').textContent).toBe(t('forecast.none'));
    expect(within(two).queryByTestId('silo-reorder')).toBeNull();

    expect(within(card('Silo 3')).getByTestId('silo-no-reading').textContent).toBe(t('status.unbound'));
  });

  it('lists every silo of the farm in the monitoring table', async () => {
    serve();
    renderWithApp(<SiloMonitoringPage />, '/weight/monitoring');
    await screen.findByText('Silo 2', {}, SLOW);
    expect(tableRow(1).textContent).toContain(t('forecast.range', { from: 3, to: 4 }));
    expect(tableRow(1).textContent).toContain(t('forecast.reorder'));
    expect(tableRow(2).textContent).toContain(t('level.empty'));
    expect(tableRow(3).textContent).toContain('—');
    expect(screen.getAllByRole('button', { name: tk('common.columns.choose') })).toHaveLength(1);
  });
});
