import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { realWidthAfterEach, setWidth } from '../../../test/screenWidth';
import { FeedMonitorPage } from './FeedMonitorPage';
import { tf as t, signedInToFeedingFarm } from './feedingTestParts';

const pen = { shedId: 51, shedName: 'Farrowing 1', penColumn: 1, penRow: 1, lastReport: null };

signedInToFeedingFarm();
realWidthAfterEach();

describe('feeding monitor page', { timeout: 60_000 }, () => {
  it('shows per pen the planned and dispensed kilograms, the feeders reporting and the sows that did not eat', async () => {
    const calls = mockApiNoHouses({
      'GET /feeding/monitor/pens': {
        data: {
          day: '2026-11-28',
          pens: [
            {
              ...pen,
              penId: 1,
              feeders: 6,
              reporting: 6,
              planned: 30000,
              dispensed: 15000,
              feeding: 2,
              notEating: 1,
              lastReport: Date.now(),
            },
            { ...pen, penId: 2, penColumn: 2, feeders: 6, reporting: 0, planned: 0, dispensed: 0, feeding: 0, notEating: 0 },
          ],
        },
      },
    });
    renderWithApp(<FeedMonitorPage />, '/accurate-feeding/mornitoring');
    expect(await screen.findByText(t('monitor.reporting', { count: 6, of: 6 }), {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/monitor/pens')!.query).toMatchObject({ farmId: '5' });
    expect(screen.getByText('30')).toBeTruthy();
    expect(screen.getByText('15')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByTestId('pen-not-eating').textContent).toBe(t('monitor.notEating', { count: 1 }));
    expect(screen.getByText(t('monitor.feeding', { count: 2 }))).toBeTruthy();
    expect(screen.getByText(t('monitor.reporting', { count: 0, of: 6 }))).toBeTruthy();
  });

  it('shows one card per pen below 768 px with the pen as heading and the sows that did not eat', async () => {
    setWidth(390);
    mockApiNoHouses({
      'GET /feeding/monitor/pens': {
        data: {
          day: '2026-11-28',
          pens: [{ ...pen, penId: 1, feeders: 6, reporting: 5, planned: 30000, dispensed: 15000, feeding: 0, notEating: 3 }],
        },
      },
    });
    renderWithApp(<FeedMonitorPage />, '/accurate-feeding/mornitoring');
    const [card] = await screen.findAllByTestId('row-card', {}, SLOW);
    expect(screen.queryByRole('table')).toBeNull();
    expect(card!.querySelector('.fs-row-card-head')!.textContent).toBe(`Farrowing 1 · ${t('plan.penLabel', { column: 1, row: 1 })}`);
    expect(within(card!).getByText(t('monitor.reporting', { count: 5, of: 6 }))).toBeTruthy();
    expect(within(card!).getByTestId('pen-not-eating').textContent).toBe(t('monitor.notEating', { count: 3 }));
    expect(t('monitor.notEating', { count: 3 })).not.toBe(t('monitor.notEating', { count: 1 }).replace('1', '3'));
  });

  it('says what to do when the farm has no feeders', async () => {
    mockApiNoHouses({
      'GET /feeding/monitor/pens': { data: { day: '2026-11-28', pens: [] } },
    });
    renderWithApp(<FeedMonitorPage />, '/accurate-feeding/mornitoring');
    expect(await screen.findByText(t('monitor.empty'), {}, SLOW)).toBeTruthy();
    expect(screen.getByText(t('monitor.emptyHint'))).toBeTruthy();
  });
});
