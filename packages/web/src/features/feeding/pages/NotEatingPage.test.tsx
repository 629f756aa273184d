import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { realWidthAfterEach, setWidth } from '../../../test/screenWidth';
import { NotEatingPage } from './NotEatingPage';
import { tf as t, signedInToFeedingFarm } from './feedingTestParts';

const ROW = {
  shedId: 51,
  shedName: 'Farrowing 1',
  penId: 7,
  penColumn: 2,
  penRow: 1,
  feederId: 9,
  feederNo: '009',
  feederName: 'Crate 9',
  today: { planned: 6500, dispensed: 200, ate: false },
  yesterday: { planned: 6500, dispensed: 6400, ate: true },
  since: '2026-11-28',
  days: 1,
  alarm: null,
  fault: null,
};

signedInToFeedingFarm();
realWidthAfterEach();

describe('not eating page', { timeout: 60_000 }, () => {
  it('lists the sows that did not eat today or yesterday with pen, feeder, both days, since when and their alarm', async () => {
    const calls = mockApiNoHouses({
      'GET /feeding/alarms/notEating': {
        data: {
          today: '2026-11-28',
          yesterday: '2026-11-27',
          minShare: 80,
          list: [{ ...ROW, alarm: { id: 31, state: 'activeUnacknowledged' }, fault: 'emptyHopper' }],
        },
      },
    });
    renderWithApp(<NotEatingPage />, '/accurate-feeding/feed-alarm/records');
    expect(await screen.findByText('009 · Crate 9', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/alarms/notEating')!.query).toMatchObject({ farmId: '5' });
    expect(screen.getByText(`Farrowing 1 · ${t('feedRecords.penLabel', { column: 2, row: 1 })}`)).toBeTruthy();
    expect(screen.getAllByText(t('refusals.fields.today', { day: '2026-11-28' })).length).toBeGreaterThan(0);
    expect(screen.getByText(t('refusals.figure', { dispensed: '6.4', planned: '6.5' }))).toBeTruthy();
    expect(screen.getByText(t('refusals.notEaten'))).toBeTruthy();
    expect(screen.getByText(t('refusals.since', { day: '2026-11-28', count: 1 }))).toBeTruthy();
    // Her alarm in the alarm records, and the fault her feeder reports.
    expect(screen.getByTestId('refusal-alarm').textContent).toBe(t('refusals.alarmStates.activeUnacknowledged'));
    expect(screen.getByText(t('refusals.faults.emptyHopper'))).toBeTruthy();
  });

  it('shows one card per sow below 768 px with the pen as heading and both days as lines', async () => {
    setWidth(390);
    mockApiNoHouses({
      'GET /feeding/alarms/notEating': { data: { today: '2026-11-28', yesterday: '2026-11-27', minShare: 80, list: [ROW] } },
    });
    renderWithApp(<NotEatingPage />, '/accurate-feeding/feed-alarm/records');
    const [card] = await screen.findAllByTestId('row-card', {}, SLOW);
    expect(screen.queryByRole('table')).toBeNull();
    expect(card!.querySelector('.fs-row-card-head')!.textContent).toBe(`Farrowing 1 · ${t('feedRecords.penLabel', { column: 2, row: 1 })}`);
    expect(within(card!).getByText(t('refusals.fields.yesterday', { day: '2026-11-27' }))).toBeTruthy();
    expect(within(card!).getByText(t('refusals.notEaten'))).toBeTruthy();
    expect(within(card!).getByText(t('refusals.since', { day: '2026-11-28', count: 1 }))).toBeTruthy();
  });

  it('says so when every sow ate', async () => {
    mockApiNoHouses({
      'GET /feeding/alarms/notEating': { data: { today: '2026-11-28', yesterday: '2026-11-27', minShare: 80, list: [] } },
    });
    renderWithApp(<NotEatingPage />, '/accurate-feeding/feed-alarm/records');
    expect(await screen.findByText(t('refusals.empty'), {}, SLOW)).toBeTruthy();
  });
});
