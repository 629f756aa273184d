import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { FeedRecordsPage } from './FeedRecordsPage';
import { feederDay, tf as t, signedInToFeedingFarm } from './feedingTestParts';

signedInToFeedingFarm();

describe('feeding records page', { timeout: 60_000 }, () => {
  it('lists per feeder and day the planned and dispensed grams, the share and whether the sow ate, for the last seven days', async () => {
    const calls = mockApiNoHouses({
      'GET /feeding/records/feeding': {
        data: {
          list: [feederDay(1, { share: 99.7, ate: true }), feederDay(2, { share: 4.6, ate: false })],
          total: 2,
          pageNo: 1,
          pageSize: 20,
        },
      },
    });
    renderWithApp(<FeedRecordsPage />, '/accurate-feeding/records/feeding');
    expect(await screen.findByText('001 · Crate 1', {}, SLOW)).toBeTruthy();
    const q = calls.find((c) => c.path === '/feeding/records/feeding')!.query;
    expect(q).toMatchObject({ farmId: '5', pageNo: '1' });
    const days = (Number(q.endTime) - Number(q.startTime)) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThanOrEqual(7);
    expect(screen.getByText('6,480')).toBeTruthy();
    expect(screen.getByText('99.7')).toBeTruthy();
    expect(screen.getByText(t('feedRecords.ate'))).toBeTruthy();
    expect(screen.getByText(t('feedRecords.notEaten'))).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(tk('common.export')) })).toBeTruthy();
  });

  it('says so when the feeders stored nothing in the range', async () => {
    mockApiNoHouses({
      'GET /feeding/records/feeding': { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
    });
    renderWithApp(<FeedRecordsPage />, '/accurate-feeding/records/feeding');
    expect(await screen.findByText(t('feedRecords.empty'), {}, SLOW)).toBeTruthy();
  });

  it('sends the house and pen of the address and offers the pens of that house', async () => {
    const calls = mockApiNoHouses({
      'GET /feeding/records/feeding': { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/fieldLevel/shedInfo/authList': {
        data: [{ tid: 51, shedName: 'Farrowing 1', pens: [{ id: 7, fieldColumn: 2, field: 1 }] }],
      },
    });
    renderWithApp(<FeedRecordsPage />, '/accurate-feeding/records/feeding?shedId=51&penId=7');
    expect(await screen.findByText(t('feedRecords.penLabel', { column: 2, row: 1 }), {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/records/feeding')!.query).toMatchObject({ farmId: '5', shedId: '51', penId: '7' });
  });
});
