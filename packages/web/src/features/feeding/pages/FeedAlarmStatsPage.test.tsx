import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { FeedAlarmStatsPage } from './FeedAlarmStatsPage';
import { tf as t, signedInToFeedingFarm } from './feedingTestParts';

const place = { shedId: 51, shedName: 'Farrowing 1', penId: 7, penColumn: 2, penRow: 1, feederNo: '004', feederName: 'Crate 4' };

signedInToFeedingFarm();

describe('not-eaten statistics page', { timeout: 60_000 }, () => {
  it('counts the not-eaten days per day by kind, per house and for the feeders with the most', async () => {
    const calls = mockApiNoHouses({
      'GET /feeding/alarms/analysis': {
        data: {
          minShare: 80,
          total: { refused: 3, low: 1 },
          days: [
            { day: '2026-11-26', refused: 1, low: 1 },
            { day: '2026-11-27', refused: 2, low: 0 },
          ],
          sheds: [{ shedId: 51, shedName: 'Farrowing 1', refused: 3, low: 1 }],
          top: [{ ...place, feederId: 4, refused: 2, low: 1, total: 3 }],
        },
      },
    });
    renderWithApp(<FeedAlarmStatsPage />, '/accurate-feeding/feed-alarm/analysis');
    expect(await screen.findByText('004 · Crate 4', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/alarms/analysis')!.query).toMatchObject({ farmId: '5' });
    expect(screen.getByTestId('feed-alarm-total').textContent).toBe(
      `${t('alarmStats.total')}: ${t('alarmStats.kinds.refused')} 3 · ${t('alarmStats.kinds.low')} 1`,
    );
    expect(screen.getAllByTestId('bar-row')).toHaveLength(2);
    expect(screen.getByTestId('feed-alarm-chart').textContent).toContain(t('alarmStats.kinds.low'));
    expect(screen.getByText(t('alarmStats.byShed'))).toBeTruthy();
    expect(screen.getByText(t('feedRecords.penLabel', { column: 2, row: 1 }))).toBeTruthy();
  });

  it('draws no chart for a range without not-eaten days', async () => {
    mockApiNoHouses({
      'GET /feeding/alarms/analysis': {
        data: { minShare: 80, total: { refused: 0, low: 0 }, days: [{ day: '2026-11-27', refused: 0, low: 0 }], sheds: [], top: [] },
      },
    });
    renderWithApp(<FeedAlarmStatsPage />, '/accurate-feeding/feed-alarm/analysis');
    expect((await screen.findAllByText(t('alarmStats.empty'), {}, SLOW)).length).toBe(2);
    expect(screen.queryByTestId('feed-alarm-chart')).toBeNull();
  });
});
