import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { DailyPage } from './DailyPage';
import { signedInEach } from '../../../test/session';

const farm = { id: 3, farmId: 3, farmName: 'Demo Poultry Farm', type: 2, scale: null, timeZone: 'Asia/Shanghai' };
const place = { groupNo: 'G1', shedId: 11, shedName: 'House 1', farmId: 3, farmName: 'Demo Poultry Farm' };
const LIST = [
  {
    id: 3,
    flockId: 1,
    ...place,
    day: '2026-11-21',
    dayAge: 30,
    feedKg: 410,
    feedType: null,
    remark: null,
    measured: true,
    measuredValue: 410,
  },
  {
    id: 2,
    flockId: 1,
    ...place,
    day: '2026-11-20',
    dayAge: 29,
    feedKg: 400,
    feedType: 'Grower',
    remark: null,
    measured: false,
    measuredValue: 388.5,
  },
  {
    id: 1,
    flockId: 1,
    ...place,
    day: '2026-11-19',
    dayAge: 28,
    feedKg: 395,
    feedType: null,
    remark: null,
    measured: false,
    measuredValue: null,
  },
];

signedInEach({ farms: [farm] as never });

describe('daily feed page', { timeout: 60_000 }, () => {
  it('lists the farm’s records newest first, tags metered days and shows the meter figure of a corrected one', async () => {
    const calls = mockApiNoHouses({
      'GET /breedpigbuilding/flock/options': { data: [] },
      'POST /breedpigbuilding/flockDaily/feed/page': { data: { list: LIST, total: 3, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/flockDaily/quick': {
        data: [{ flockId: 1, groupNo: 'G1', shedId: 11, shedName: 'House 1', dayAge: 30, present: 9000, feed: LIST[0] }],
      },
    });
    renderWithApp(<DailyPage kind="feed" />);
    const table = await screen.findByRole('table', { name: tk('production.daily.tableLabel', { kind: tk('records.sheet.feed') }) }, SLOW);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4), SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByTestId('measured-tag').textContent).toBe(tk('production.daily.measured'));
    expect(rows[1]!.textContent).toContain(tk('production.daily.meterValue', { value: 388.5 }));
    expect(within(rows[2]!).queryByTestId('measured-tag')).toBeNull();
    expect(calls.find((c) => c.path.endsWith('/feed/page'))!.body).toMatchObject({ farmId: 3, pageNo: 1, pageSize: 20 });

    // Quick entry: the day's metered figure is shown for the house, ready to be corrected.
    fireEvent.click(screen.getByText(tk('production.daily.modeQuick')));
    const grid = await screen.findByTestId('quick-entry', {}, SLOW);
    await waitFor(() => expect(within(grid).getByTestId('quick-result').textContent).toBe(tk('production.daily.measured')), SLOW);
    expect((within(grid).getByLabelText(`${tk('records.feed.feedKg')} House 1 G1`) as HTMLInputElement).value).toBe('410');
  });
});
