import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { IntakeTrendPage } from './IntakeTrendPage';
import { tf as t, signedInToFeedingFarm } from './feedingTestParts';

const feeder = {
  shedId: 51,
  shedName: 'Farrowing 1',
  penId: 7,
  penColumn: 1,
  penRow: 1,
  feederId: 3,
  feederNo: '003',
  feederName: 'Crate 3',
};

signedInToFeedingFarm();

describe('intake trend page', { timeout: 60_000 }, () => {
  it('draws the chosen feeder against its plan and flags the days under the share', async () => {
    const calls = mockApiNoHouses({
      'GET /feeding/analysis/intake': {
        data: {
          minShare: 80,
          feeders: [feeder],
          days: [
            { day: '2026-11-25', planned: 6000, dispensed: 5900, share: 98.3, low: false, feeders: 1 },
            { day: '2026-11-26', planned: 6000, dispensed: 1200, share: 20, low: true, feeders: 1 },
          ],
        },
      },
    });
    renderWithApp(<IntakeTrendPage />, '/accurate-feeding/slb-analysis/index?feederId=3');
    expect(await screen.findByText('5,900', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/analysis/intake')!.query).toMatchObject({ farmId: '5', feederId: '3' });
    const chart = screen.getByTestId('intake-chart');
    expect(chart.getAttribute('data-axes')).toBe(`${t('intake.fields.day')}|${t('intake.amount')}|`);
    expect(chart.getAttribute('data-lines')).toBe(`${t('feedAnalysis.series.planned')}:dashed|${t('feedAnalysis.series.dispensed')}:solid`);
    expect(screen.getByText(t('intake.low'))).toBeTruthy();
    expect(screen.getByText(t('intake.lowDays', { count: 1 }))).toBeTruthy();
    expect(screen.getByText(t('intake.subtitle', { share: 80 }))).toBeTruthy();
  });

  it('leaves a series without data out of the chart', async () => {
    mockApiNoHouses({
      'GET /feeding/analysis/intake': {
        data: {
          minShare: 80,
          feeders: [feeder],
          days: [{ day: '2026-11-26', planned: 0, dispensed: 800, share: null, low: false, feeders: 1 }],
        },
      },
    });
    renderWithApp(<IntakeTrendPage />, '/accurate-feeding/slb-analysis/index');
    expect(await screen.findByText('800', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('intake-chart').getAttribute('data-series')).toBe(t('feedAnalysis.series.dispensed'));
  });
});
