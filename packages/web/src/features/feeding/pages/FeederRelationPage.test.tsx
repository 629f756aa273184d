import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PositionRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { findDialog } from '../../../test/dialogs';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { FeederRelationPage } from './FeederRelationPage';
import { FEEDING_SHEDS, tf as t, signedInToFeedingFarm } from './feedingTestParts';

const position = (over: Partial<PositionRow>): PositionRow => ({
  id: 31,
  positionNo: 1,
  rackId: 3,
  rackName: 'Row 1 crates',
  penId: 8,
  penColumn: 1,
  penRow: 1,
  feeder: { id: 1, deviceNo: '001', name: 'Crate 1', collectorName: 'Collector 01', penId: 8 },
  ...over,
});
const PAGE = { data: { list: [position({}), position({ id: 32, positionNo: 2, feeder: null })], total: 2, pageNo: 1, pageSize: 20 } };

signedInToFeedingFarm();

describe('feeder relation page', { timeout: 60_000 }, () => {
  it('lists the first house positions with their feeder and unbinds the shown feeder after a confirmation', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      'GET /feeding/position/page': PAGE,
      'POST /feeding/position/unbind': { data: null },
    });
    renderWithApp(<FeederRelationPage />, '/device-mng/feed/swq/relation');
    expect(await screen.findByText('Crate 1', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/position/page')!.query).toMatchObject({ shedId: '51', state: 'all' });
    expect(screen.getByText(t('relation.empty'))).toBeTruthy();
    // The house shown is named in its picker.
    expect(screen.getByTitle('Farrowing 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('relation.actionOf.unbind', { no: 1 }) }));
    expect(await screen.findByText(t('relation.unbindWarning'), {}, SLOW)).toBeTruthy();
    const modal = screen.getByText(t('relation.unbindWarning')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(modal).getByRole('button', { name: t('relation.actions.unbind') }));
    await waitFor(
      () => expect(calls.find((c) => c.path === '/feeding/position/unbind')?.body).toEqual({ positionId: 31, feederId: 1 }),
      SLOW,
    );
  });

  it('binds a feeder of the house to an empty position; feeders placed elsewhere cannot be picked and a taken one shows its refusal', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      'GET /feeding/position/page': PAGE,
      'GET /feeding/position/feeders': {
        data: [
          { id: 1, deviceNo: '001', name: 'Crate 1', collectorName: 'Collector 01', penId: 8, positionId: 31, positionNo: 1 },
          { id: 2, deviceNo: '002', name: 'Crate 2', collectorName: 'Collector 01', penId: 8, positionId: null, positionNo: null },
        ],
      },
      'POST /feeding/position/bind': { code: 20091, data: { field: 'feederId' } },
    });
    renderWithApp(<FeederRelationPage />, '/device-mng/feed/swq/relation');
    fireEvent.click(await screen.findByRole('button', { name: t('relation.actionOf.bind', { no: 2 }) }, SLOW));
    const { dialog } = await findDialog(t('relation.titles.bind', { no: 2 }));
    fireEvent.mouseDown(within(dialog).getByLabelText(t('relation.fields.feeder')));
    const placed = await screen.findByText(t('relation.feederAt', { name: 'Crate 1', no: '001', position: 1 }), {}, SLOW);
    expect(placed.closest('.ant-select-item-option-disabled')).toBeTruthy();
    fireEvent.click(screen.getByText(t('relation.feederLine', { name: 'Crate 2', no: '002' })));
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(within(dialog).getByText(errorMessage(20091))).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ positionId: 32, feederId: 2 });
  });
});
