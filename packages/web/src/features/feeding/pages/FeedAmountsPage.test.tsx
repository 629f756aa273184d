import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { FeedAmountsPage } from './FeedAmountsPage';
import { feederDay, tf as t, signedInToFeedingFarm } from './feedingTestParts';

signedInToFeedingFarm();

describe('feed amount records page', { timeout: 60_000 }, () => {
  it('lists per feeder and day the farm, planned and dispensed grams and the meals done, paged by the server', async () => {
    const calls = mockApiNoHouses({
      'GET /feeding/records/amount': {
        data: {
          list: [feederDay(1, { mealsDone: 3, meals: 3 }), feederDay(2, { mealsDone: null, meals: null })],
          total: 41,
          pageNo: 2,
          pageSize: 20,
        },
      },
    });
    renderWithApp(<FeedAmountsPage />, '/accurate-feeding/records/amount?shedId=51&pageNo=2');
    expect(await screen.findByText('001 · Crate 1', {}, SLOW)).toBeTruthy();
    const q = calls.find((c) => c.path === '/feeding/records/amount')!.query;
    expect(q).toMatchObject({ farmId: '5', shedId: '51', pageNo: '2', pageSize: '20' });
    expect(Number(q.endTime) - Number(q.startTime)).toBeLessThanOrEqual(7 * 86_400_000);
    expect(screen.getAllByText('Demo Pig Farm').length).toBeGreaterThan(1);
    expect(screen.getByText('6,480')).toBeTruthy();
    expect(screen.getByText(t('feedAmounts.mealsOf', { done: 3, meals: 3 }))).toBeTruthy();
    expect(screen.getByText(t('feedAmounts.noPlan'))).toBeTruthy();
    expect(screen.getByText(tk('common.export'))).toBeTruthy();
  });

  it('says so when the feeders stored nothing in the range', async () => {
    mockApiNoHouses({
      'GET /feeding/records/amount': { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
    });
    renderWithApp(<FeedAmountsPage />, '/accurate-feeding/records/amount');
    expect(await screen.findByText(t('feedAmounts.empty'), {}, SLOW)).toBeTruthy();
  });
});
