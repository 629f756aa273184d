import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ColumnAnswer } from '@farmsense/shared';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { FeederColumnsPage } from './FeederColumnsPage';
import { FEEDING_SHEDS, tf as t, signedInToFeedingFarm } from './feedingTestParts';

const feeder = (id: number, no: string) => ({ id, deviceNo: no, name: `Crate ${id}`, collectorName: 'Collector 01', penId: 8 });

const VIEW: ColumnAnswer = {
  shedId: 51,
  shedName: 'Farrowing 1',
  pens: [
    {
      penId: 8,
      penColumn: 1,
      penRow: 1,
      racks: [
        {
          id: 3,
          name: 'Row 1 crates',
          positions: [
            { id: 31, positionNo: 1, feeder: feeder(1, '001') },
            { id: 32, positionNo: 2, feeder: null },
          ],
        },
      ],
      unplaced: [feeder(2, '002')],
    },
    { penId: 9, penColumn: 2, penRow: 1, racks: [], unplaced: [] },
  ],
  positions: 2,
  bound: 1,
  unplaced: 1,
};

signedInToFeedingFarm();

describe('feeder column view page', { timeout: 60_000 }, () => {
  it('shows the first house pen by pen: each rack position with its feeder, empty ones, and feeders without a position', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      'GET /breedpigbuilding/fieldLevel/shedInfo/authList': { data: [] },
      'GET /feeding/position/columns': { data: VIEW },
    });
    renderWithApp(<FeederColumnsPage />, '/device-mng/feed/swq/column');
    const positions = await screen.findByRole('list', { name: t('columns.rackLabel', { name: 'Row 1 crates' }) }, SLOW);
    expect(calls.find((c) => c.path === '/feeding/position/columns')!.query).toMatchObject({ shedId: '51' });
    const tiles = within(positions).getAllByRole('listitem');
    expect(tiles.map((li) => li.textContent)).toEqual([
      `${t('relation.positionNo', { no: 1 })}Crate 1 (001)`,
      `${t('relation.positionNo', { no: 2 })}${t('relation.empty')}`,
    ]);
    expect(screen.getByText('Crate 2 (002)')).toBeTruthy();
    expect(screen.getByText(t('columns.noRacks'))).toBeTruthy();
    expect(screen.getByText(t('columns.totals', { positions: 2, bound: 1, unplaced: 1 }))).toBeTruthy();
  });
});
