import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FeedInfoRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { openDialog, pickOption } from '../../../test/dialogs';
import { mockApi, renderWithApp, SLOW, lastQuery } from '../../../test/mockApi';
import { signedInEach } from '../../../test/session';
import { FeedInfoPage } from './FeedInfoPage';
import { FeedTypesPage } from './FeedTypesPage';
import { tf as t } from './feedingTestParts';

const PAGE = '/feeding/feedInfo/page';
const page = <T,>(list: T[]): { data: { list: T[]; total: number; pageNo: number; pageSize: number } } => ({
  data: { list, total: list.length, pageNo: 1, pageSize: 20 },
});

const gestation: FeedInfoRow = {
  id: 7,
  typeId: 3,
  typeName: 'Sow feed',
  name: 'Sow gestation 14 %',
  batch: 'SG-2611-07',
  formulaRatio: 'corn 58 %, bran 20 %',
  weight: 40,
  unit: 'kg',
  price: 118,
  priceUnit: 'CNY/bag',
  animalType: 1,
  remark: null,
  planUses: 2,
  updatedAt: 0,
};

/** The open modal (an earlier test's confirmation may linger, closing, in antd's own root). */
const dialog = (): HTMLElement => screen.getAllByRole('dialog').at(-1)!;

const pick = (label: string, option: string): Promise<void> => pickOption(within(dialog()).getByLabelText(label), option);

signedInEach();

describe('feed catalogue pages', { timeout: 40_000 }, () => {
  it('lists feeds with batch, weight and price, filters by type in the address, and warns that a used feed cannot go', async () => {
    const calls = mockApi({
      [`GET ${PAGE}`]: page([gestation]),
      'GET /feeding/feedType/list': { data: [{ id: 3, name: 'Sow feed' }] },
    });
    renderWithApp(<FeedInfoPage />, '/accurate-feeding/info/info?typeId=3');
    expect(await screen.findByText('Sow gestation 14 %', {}, SLOW)).toBeTruthy();
    expect(lastQuery(calls, PAGE)).toEqual({ pageNo: '1', pageSize: '20', typeId: '3' });
    expect(screen.getByText(t('info.batchOf', { batch: 'SG-2611-07' }))).toBeTruthy();
    expect(screen.getByText(`40 ${t('units.kg')}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('info.deleteOf', { name: gestation.name }) }));
    expect(await screen.findByText(t('info.inUse', { count: 2 }), {}, SLOW)).toBeTruthy();
  });

  it('adds a feed checked by the shared rules; a used batch (20035) shows under the batch', async () => {
    const calls = mockApi({
      [`GET ${PAGE}`]: page([]),
      'GET /feeding/feedType/list': { data: [{ id: 3, name: 'Sow feed' }] },
      'POST /feeding/feedInfo': { code: 20035, data: { field: 'batch' } },
    });
    renderWithApp(<FeedInfoPage />, '/accurate-feeding/info/info');
    expect(await screen.findByText(t('info.empty'), {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t('info.add')) }));
    await screen.findByText(t('info.addTitle'), { selector: '.ant-modal-title' }, SLOW);
    const dialog = (): HTMLElement =>
      screen.getByText(t('info.addTitle'), { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;
    const save = (): void => void fireEvent.click(within(dialog()).getByRole('button', { name: tk('common.save') }));
    save();
    await waitFor(() => expect(screen.getAllByText(tk('validation.required')).length).toBeGreaterThanOrEqual(4), SLOW);
    await pick(t('info.fields.typeId'), 'Sow feed');
    await pick(t('info.fields.animalType'), tk('enums.farmType.1'));
    fireEvent.change(within(dialog()).getByLabelText(t('info.fields.name')), { target: { value: ' Sow lactation 18 % ' } });
    fireEvent.change(within(dialog()).getByLabelText(t('info.fields.batch')), { target: { value: 'SL-1' } });
    fireEvent.change(within(dialog()).getByLabelText(t('info.fields.weight')), { target: { value: '0' } });
    save();
    await waitFor(() => expect(screen.getByText(tk('validation.aboveZero'))).toBeTruthy(), SLOW);
    fireEvent.change(within(dialog()).getByLabelText(t('info.fields.weight')), { target: { value: '40' } });
    save();
    await waitFor(() => expect(screen.getByText(errorMessage(20035))).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      typeId: 3,
      name: 'Sow lactation 18 %',
      batch: 'SL-1',
      weight: 40,
      unit: 'kg',
      price: null,
      animalType: 1,
    });
  });

  it('lists feed types with their feed counts and adds one; a used name (20034) shows under the name', async () => {
    const calls = mockApi({
      'GET /feeding/feedType/page': page([{ id: 3, name: 'Sow feed', remark: null, infoCount: 2, updatedAt: 0 }]),
      'POST /feeding/feedType': { code: 20034, data: { field: 'name' } },
    });
    renderWithApp(<FeedTypesPage />, '/accurate-feeding/info/type');
    expect(await screen.findByText('Sow feed', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('types.deleteOf', { name: 'Sow feed' }) }));
    expect(await screen.findByText(t('types.inUse', { count: 2 }), {}, SLOW)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: tk('common.cancel') }));
    const { dialog: form } = await openDialog(t('types.add'), t('types.addTitle'));
    fireEvent.change(within(form).getByLabelText(t('types.fields.name')), { target: { value: 'Sow feed' } });
    fireEvent.click(within(form).getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(screen.getByText(errorMessage(20034))).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Sow feed' });
  });
});
