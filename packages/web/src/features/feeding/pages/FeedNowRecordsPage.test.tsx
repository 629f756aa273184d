import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { FeedNowRecordRow } from '@farmsense/shared';
import { formatDateTime } from '../../../app/i18n/numbers';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { FeedNowRecordsPage } from './FeedNowRecordsPage';
import { tf as t, signedInToFeedingFarm } from './feedingTestParts';

const NOW = Date.UTC(2026, 10, 27, 9, 0);
const PATH = '/feeding/remote/feedNow/page';

const record = (over: Partial<FeedNowRecordRow>): FeedNowRecordRow => ({
  commandId: 'c1',
  createdAt: NOW,
  accountName: 'Farm manager',
  codeKind: 'security',
  feederId: 1,
  feederNo: '001',
  feederName: 'Crate 1',
  penId: 7,
  penColumn: 3,
  penRow: 1,
  shedId: 51,
  shedName: 'Farrowing 1',
  grams: 400,
  status: 'synced',
  ackMsg: 'ok',
  ackedAt: NOW + 2000,
  ...over,
});

signedInToFeedingFarm();

describe('feed-now records page', { timeout: 60_000 }, () => {
  it('lists each feed-now with when, who, the feeder and pen, the amount and the feeders answer', async () => {
    const calls = mockApiNoHouses({
      [`GET ${PATH}`]: {
        data: {
          list: [
            record({ commandId: 'c2', feederNo: '002', feederName: 'Crate 2', grams: 250, status: 'failed', ackMsg: 'augerBlocked' }),
            record({ codeKind: 'authorization', status: 'expired', ackedAt: null }),
          ],
          total: 2,
          pageNo: 1,
          pageSize: 20,
        },
      },
    });
    renderWithApp(<FeedNowRecordsPage />, '/accurate-feeding/records/feed-immediate');
    expect(await screen.findByText('002 · Crate 2', {}, SLOW)).toBeTruthy();
    const q = calls.find((c) => c.path === PATH)!.query;
    expect(q).toMatchObject({ farmId: '5', pageNo: '1', pageSize: '20' });
    expect(Number(q.endTime)).toBeGreaterThan(Number(q.startTime));
    const rows = [...document.querySelectorAll('tr[data-row-key]')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows[0]).toEqual([
      formatDateTime(NOW),
      '002 · Crate 2',
      t('feedRecords.penLabel', { column: 3, row: 1 }),
      'Farrowing 1',
      '250',
      `Farm manager (${t('feedNow.codeKinds.security')})`,
      `${t('remote.status.failed')} augerBlocked`,
      formatDateTime(NOW + 2000),
    ]);
    expect(rows[1]![5]).toBe(`Farm manager (${t('feedNow.codeKinds.authorization')})`);
    expect(rows[1]![6]).toBe(`${t('remote.status.expired')} `);
    expect(rows[1]![7]).toBe('—');
  });

  it('sends the house, pen and outcome of the address, and says so when nothing was fed now', async () => {
    const calls = mockApiNoHouses({
      [`GET ${PATH}`]: { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/fieldLevel/shedInfo/authList': {
        data: [{ tid: 51, shedName: 'Farrowing 1', pens: [{ id: 7, fieldColumn: 2, field: 1 }] }],
      },
    });
    renderWithApp(<FeedNowRecordsPage />, '/accurate-feeding/records/feed-immediate?shedId=51&penId=7&status=pending');
    expect(await screen.findByText(t('feedNow.empty'), {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === PATH)!.query).toMatchObject({ farmId: '5', shedId: '51', penId: '7', status: 'pending' });
    expect(await screen.findByText(t('feedRecords.penLabel', { column: 2, row: 1 }), {}, SLOW)).toBeTruthy();
  });
});
