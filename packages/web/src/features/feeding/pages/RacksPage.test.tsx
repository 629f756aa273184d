import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RackRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { openDialog, pickOption } from '../../../test/dialogs';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { RacksPage } from './RacksPage';
import { FEEDING_SHEDS, tf as t, signedInToFeedingFarm } from './feedingTestParts';

const TREE = { data: [{ tid: 51, shedName: 'Farrowing 1', pens: [{ id: 8, fieldColumn: 1, field: 1 }] }] };

const rack = (over: Partial<RackRow>): RackRow => ({
  id: 1,
  farmId: 5,
  farmName: 'Demo Pig Farm',
  shedId: 51,
  shedName: 'Farrowing 1',
  penId: 8,
  penColumn: 1,
  penRow: 1,
  name: 'Row 1 crates',
  startNo: 1,
  endNo: 6,
  positions: 6,
  bound: 6,
  remark: null,
  updatedAt: 0,
  ...over,
});

signedInToFeedingFarm();

describe('feeding racks page', { timeout: 60_000 }, () => {
  it('lists the racks with their pen, run and bound positions, and warns that deleting leaves feeders unplaced', async () => {
    const calls = mockApi({
      'GET /feeding/rack/page': { data: { list: [rack({})], total: 1, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      'DELETE /feeding/rack/1': { data: null },
    });
    renderWithApp(<RacksPage />, '/accurate-feeding/column');
    expect(await screen.findByText('Row 1 crates', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === '/feeding/rack/page')!.query).toMatchObject({ farmId: '5' });
    expect(screen.getByText(t('plan.penLabel', { column: 1, row: 1 }))).toBeTruthy();
    expect(screen.getByText(t('racks.runLine', { start: 1, end: 6 }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('racks.deleteOf', { name: 'Row 1 crates' }) }));
    expect(await screen.findByText(t('racks.deleteBound', { count: 6 }), {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: tk('common.delete') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/feeding/rack/1')).toBe(true), SLOW);
  });

  it('adds a rack with its run; a taken position number shows under the first number', async () => {
    const calls = mockApi({
      'GET /feeding/rack/page': { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      'GET /breedpigbuilding/fieldLevel/shedInfo/authList': TREE,
      'POST /feeding/rack': { code: 20031, data: { field: 'startNo', positionNo: 3 } },
    });
    renderWithApp(<RacksPage />, '/accurate-feeding/column');
    expect(await screen.findByText(t('racks.empty'), {}, SLOW)).toBeTruthy();
    const { dialog, field } = await openDialog(t('racks.add'), t('racks.add'));
    await pickOption(field(t('racks.fields.shedId')), 'Farrowing 1');
    fireEvent.mouseDown(field(t('racks.fields.penId')));
    fireEvent.click(
      await screen.findByText(t('plan.penLabel', { column: 1, row: 1 }), { selector: '.ant-select-item-option-content' }, SLOW),
    );
    fireEvent.change(field(t('racks.fields.name')), { target: { value: 'Row 1 crates' } });
    fireEvent.change(field(t('racks.fields.startNo')), { target: { value: '1' } });
    fireEvent.change(field(t('racks.fields.endNo')), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(within(dialog).getByText(errorMessage(20031))).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ shedId: 51, penId: 8, name: 'Row 1 crates', startNo: 1, endNo: 6 });
  });
});
