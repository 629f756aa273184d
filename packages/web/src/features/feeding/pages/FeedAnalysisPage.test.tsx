import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { FeedAnalysisPage } from './FeedAnalysisPage';
import { tf as t, signedInToFeedingFarm } from './feedingTestParts';

const row = { day: null, penColumn: null, penRow: null, records: 14 };

signedInToFeedingFarm();

describe('feed analysis page', { timeout: 60_000 }, () => {
  it('sums planned against dispensed kg per house with leftover and deviation, as bars with a legend and a table', async () => {
    const calls = mockApiNoHouses({
      'GET /feeding/analysis/feed': {
        data: {
          list: [
            { ...row, key: '51', shedName: 'Farrowing 1', planned: 91000, dispensed: 88500, leftover: 2600, deviation: -2.7 },
            { ...row, key: '52', shedName: 'Gestation 2', planned: 42000, dispensed: 42400, leftover: 0, deviation: 1 },
          ],
          total: { planned: 133000, dispensed: 130900, leftover: 2600, deviation: -1.6 },
        },
      },
      'GET /feeding/analysis/reconcile': { data: { tolerancePct: 5, list: [] } },
    });
    renderWithApp(<FeedAnalysisPage />, '/accurate-feeding/feed-analysis/analysis?groupBy=shed');
    expect(await screen.findByText('88.5', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/analysis/feed')!.query).toMatchObject({ farmId: '5', groupBy: 'shed' });
    const chart = screen.getByTestId('feed-analysis-chart');
    expect(chart.textContent).toContain(`${t('feedAnalysis.amount')} (kg)`);
    expect(chart.textContent).toContain(t('feedAnalysis.series.planned'));
    expect(chart.textContent).toContain('88.5 kg');
    expect(screen.getByText('-2.7')).toBeTruthy();
    expect(screen.getByTestId('feed-analysis-total').textContent).toContain('-1.6');
    expect(screen.getAllByText(t('feedAnalysis.groups.shed')).length).toBeGreaterThan(0);
  });

  it('shows no chart and says so when the feeders stored nothing', async () => {
    mockApiNoHouses({
      'GET /feeding/analysis/feed': { data: { list: [], total: { planned: 0, dispensed: 0, leftover: 0, deviation: null } } },
      'GET /feeding/analysis/reconcile': { data: { tolerancePct: 5, list: [] } },
    });
    renderWithApp(<FeedAnalysisPage />, '/accurate-feeding/feed-analysis/analysis');
    expect(await screen.findByText(t('feedAnalysis.empty'), {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('feed-analysis-chart')).toBeNull();
  });

  it('reconciles each house silo draw against its feeders in kg, flagging gaps beyond the tolerance', async () => {
    const rec = { shedId: 51, shedName: 'Farrowing 1', silos: ['Silo A', 'Silo B'], plannedKg: 120, metered: true };
    const calls = mockApiNoHouses({
      'GET /feeding/analysis/feed': { data: { list: [], total: { planned: 0, dispensed: 0, leftover: 0, deviation: null } } },
      'GET /feeding/analysis/reconcile': {
        data: {
          tolerancePct: 5,
          list: [
            {
              ...rec,
              day: '2026-11-26',
              consumedKg: 123.4,
              deliveredKg: 6000,
              dispensedKg: 120.2,
              gapKg: 3.2,
              gapPct: 2.7,
              flagged: false,
            },
            { ...rec, day: '2026-11-27', consumedKg: 141.5, deliveredKg: 0, dispensedKg: 118.9, gapKg: 22.6, gapPct: 19, flagged: true },
            {
              ...rec,
              shedId: 52,
              shedName: 'Gestation 2',
              day: '2026-11-27',
              consumedKg: 700,
              deliveredKg: 0,
              dispensedKg: 0,
              gapKg: null,
              gapPct: null,
              flagged: false,
              metered: false,
            },
          ],
        },
      },
    });
    renderWithApp(<FeedAnalysisPage />, '/accurate-feeding/feed-analysis/analysis');
    expect(await screen.findByText('141.5', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/analysis/reconcile')!.query).toMatchObject({ farmId: '5' });
    const section = screen.getByTestId('feed-reconcile');
    expect(section.textContent).toContain(t('feedReconcile.rule', { pct: 5 }));
    expect(section.textContent).toContain(t('feedReconcile.fields.consumed'));
    expect(section.textContent).toContain('Silo A, Silo B');
    expect(section.textContent).toContain('6,000.0');
    expect(screen.getAllByTestId('reconcile-gap')).toHaveLength(1);
    expect(screen.getAllByText(t('feedReconcile.ok')).length).toBeGreaterThan(0);
    expect(screen.getByText('19.0')).toBeTruthy();
    expect(screen.getAllByText(t('feedReconcile.unmetered')).length).toBeGreaterThan(0);
  });
});
