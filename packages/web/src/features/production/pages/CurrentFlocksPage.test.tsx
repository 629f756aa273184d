import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, type FlockRow } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { todayIn } from '../model/flocks';
import { CurrentFlocksPage } from './CurrentFlocksPage';
import { POULTRY_FARM, signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`flocks.${key}`, vars);
const farm = POULTRY_FARM;
const today = todayIn(farm.timeZone);

function flock(over: Partial<FlockRow>): FlockRow {
  return {
    id: 1,
    farmId: 2,
    farmName: 'Demo Poultry Farm',
    shedId: 40,
    shedName: 'House 1',
    groupNo: 'B-01',
    flockType: 2,
    sex: 3,
    breed: 'Ross 308',
    birthDate: addDays(today, -35),
    layingDate: null,
    startDate: addDays(today, -35),
    endDate: null,
    stopDate: null,
    origin: null,
    maleCount: 5000,
    femaleCount: 5000,
    maleAvgWeight: null,
    femaleAvgWeight: null,
    deviceId: null,
    deviceCode: null,
    status: 1,
    remark: null,
    dayAge: 35,
    present: 9850,
    presentMale: 4920,
    ...over,
  };
}

const CURRENT = [
  flock({}),
  flock({
    id: 2,
    shedId: 41,
    shedName: 'House 2',
    groupNo: 'B-02',
    breed: null,
    dayAge: 12,
    present: 7990,
    maleCount: 0,
    femaleCount: 8000,
  }),
];
const CLOSED = flock({ id: 9, shedName: 'House 3', groupNo: 'A-17', status: 2, stopDate: addDays(today, -20), dayAge: 42, present: 9610 });

function report(flockId: number, day: string, over: Record<string, unknown>): Record<string, unknown> {
  return {
    flockId,
    period: day,
    dayAgeFrom: null,
    dayAgeTo: null,
    opening: null,
    closing: null,
    dead: null,
    culled: null,
    livability: null,
    mortalityPer10k: null,
    avgWeight: null,
    feedKg: null,
    waterL: null,
    fcr: null,
    eggCount: null,
    layingRate: null,
    epef: null,
    std: {},
    ...over,
  };
}

function serve(): RecordedCall[] {
  return mockApi({
    'POST /breedpigbuilding/flock/page': (call) => {
      const status = (call.body as { status: number }).status;
      const list = status === 2 ? [CLOSED] : CURRENT;
      return { data: { list, total: list.length, pageNo: 1, pageSize: 20 } };
    },
    'POST /breedpigbuilding/flockReport/summary': (call) => {
      const body = call.body as { flockIds?: number[] };
      if (body.flockIds) {
        return {
          data: {
            rows: [],
            totals: report(9, '', { dead: 320, culled: 70, livability: 96.1, feedKg: 41234.5, waterL: 80211, fcr: 1.62, epef: 402 }),
          },
        };
      }
      return {
        data: {
          rows: [
            report(1, addDays(today, -3), {
              avgWeight: 1850,
              dayAgeTo: 32,
              std: { avgWeigh: 2000, fcr: 1.42 },
              livability: 98.6,
              fcr: 1.45,
              fcrCorrected: 1.58,
            }),
            report(1, today, { feedKg: 1234.5, livability: 98.5 }),
            report(2, today, { livability: 99.88, waterL: 640 }),
          ],
          totals: null,
        },
      };
    },
    'POST /breedpigbuilding/flockReport/trend': {
      data: {
        series: [
          {
            flockId: 9,
            groupNo: 'A-17',
            shedName: 'House 3',
            indicator: '02',
            points: [
              { dayAge: 7, day: '', actual: 190, standard: 205 },
              { dayAge: 14, day: '', actual: 480, standard: 512 },
            ],
          },
        ],
      },
    },
  });
}

signedInEach({ farms: [farm] });

describe('current flocks page', { timeout: 60_000 }, () => {
  it("shows each current flock as a card with day age, birds, weight against standard and today's feed and water", async () => {
    const calls = serve();
    renderWithApp(<CurrentFlocksPage />);
    const cards = await screen.findAllByTestId('flock-card', {}, SLOW);
    expect(cards).toHaveLength(2);
    expect(calls.find((c) => c.path.endsWith('/flock/page'))!.body).toMatchObject({ farmId: 2, status: 1 });
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText('House 1')).toBeTruthy();
    expect(within(first).getByText(t('card.group', { groupNo: 'B-01' }))).toBeTruthy();
    expect(within(first).getByTestId('flock-day-age').textContent).toBe(t('card.dayAge', { age: 35 }));
    expect(within(first).getByTestId('flock-birds').textContent).toBe(`${(9850).toLocaleString()} / ${(10000).toLocaleString()}`);
    await waitFor(
      () =>
        expect(within(first).getByTestId('flock-weight').textContent).toContain(t('card.vsStandard', { value: (2000).toLocaleString() })),
      SLOW,
    );
    expect(within(first).getByTestId('flock-weight').className).toContain('fs-flock-weight--low');
    expect(within(first).getByText(t('card.weightAt', { age: 32 }))).toBeTruthy();
    expect(within(first).getByText('98.50 %')).toBeTruthy();
    expect(within(first).getByText(`${(1234.5).toLocaleString(undefined, { minimumFractionDigits: 1 })} kg`)).toBeTruthy();
    expect(within(first).getByText(t('card.notEntered'))).toBeTruthy();
    expect(within(second).getByTestId('flock-day-age').textContent).toBe(t('card.dayAge', { age: 12 }));
    // The latest FCR point, corrected to 2.5 kg, against its standard; a flock without one shows none.
    expect(within(first).getByText(t('card.fcrAt', { age: 32 }))).toBeTruthy();
    expect(within(first).getByTestId('flock-fcr').textContent).toBe(
      `1.45${t('card.fcrCorrected', { value: '1.58' })} · ${t('card.fcrStandard', { value: '1.42' })}`,
    );
    expect(within(second).queryByTestId('flock-fcr')).toBeNull();
    expect(within(second).getByText(t('card.notWeighed'))).toBeTruthy();
    expect(within(second).getByText('640.0 L')).toBeTruthy();
    const summary = calls.find((c) => c.path.endsWith('/flockReport/summary'))!.body;
    expect(summary).toEqual({ farmId: 2, start: addDays(today, -30), end: today, period: 'day', groupBy: 'flock', includeClosed: false });
  });

  it('filters the cards by house, group number or breed', async () => {
    serve();
    renderWithApp(<CurrentFlocksPage />);
    await screen.findAllByTestId('flock-card', {}, SLOW);
    fireEvent.change(screen.getByLabelText(t('page.search')), { target: { value: 'b-02' } });
    await waitFor(() => expect(screen.getAllByTestId('flock-card')).toHaveLength(1), SLOW);
    expect(screen.getByText('House 2')).toBeTruthy();
  });

  it('switches to history and opens a closed flock with its totals and weight chart', async () => {
    const calls = serve();
    renderWithApp(<CurrentFlocksPage />);
    await screen.findAllByTestId('flock-card', {}, SLOW);
    fireEvent.click(screen.getByText(t('status.history')));
    const row = (await screen.findByText('A-17', {}, SLOW)).closest('tr')!;
    expect(calls.some((c) => c.path.endsWith('/flock/page') && (c.body as { status: number }).status === 2)).toBe(true);
    expect(within(row).getByText(CLOSED.stopDate!)).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText((9610).toLocaleString())).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: t('card.details', { groupNo: 'A-17' }) }));
    const figures = await screen.findByTestId('flock-figures', {}, SLOW);
    expect(within(figures).getByText('96.10 %')).toBeTruthy();
    expect(within(figures).getByText('320')).toBeTruthy();
    const chart = await screen.findByTestId('flock-weight-chart', {}, SLOW);
    expect(chart.getAttribute('data-series')).toBe(`${t('drawer.actual')}|${t('drawer.standard')}`);
    expect(calls.find((c) => c.path.endsWith('/flockReport/trend'))!.body).toEqual({ flockIds: [9], indicators: ['02'], period: 'day' });
    expect(calls.filter((c) => c.path.endsWith('/flockReport/summary')).at(-1)!.body).toMatchObject({
      flockIds: [9],
      start: CLOSED.startDate,
      end: CLOSED.stopDate,
      includeClosed: true,
    });
  });

  it('says the figures could not be loaded, with a retry, rather than "not entered"', async () => {
    mockApi({
      'POST /breedpigbuilding/flock/page': { data: { list: CURRENT, total: CURRENT.length, pageNo: 1, pageSize: 20 } },
      'POST /breedpigbuilding/flockReport/summary': { code: 10001 },
      'POST /breedpigbuilding/flockReport/trend': { code: 10001 },
    });
    renderWithApp(<CurrentFlocksPage />);
    const cards = await screen.findAllByTestId('flock-card', {}, SLOW);
    await screen.findByText(t('page.loadFailed'), {}, SLOW);
    expect(within(cards[0]!).queryByText(t('card.notEntered'))).toBeNull();
    expect(within(cards[0]!).getByTestId('flock-weight').textContent).toBe('—');
    fireEvent.click(within(cards[0]!).getByRole('button', { name: t('card.details', { groupNo: 'B-01' }) }));
    const drawer = await screen.findByTestId('flock-drawer', {}, SLOW);
    await waitFor(() => expect(within(drawer).getAllByText(t('page.loadFailed'))).toHaveLength(2), SLOW);
    expect(within(drawer).queryByTestId('flock-figures')).toBeNull();
  });
});
