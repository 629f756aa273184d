import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StandardRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, lastQuery } from '../../../test/mockApi';
import { signedInEach } from '../../../test/session';
import { StandardsPage } from './StandardsPage';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`feeding.standard.${key}`, vars);
const PAGE = '/feeding/standard/page';
const page = <T,>(list: T[]): { data: { list: T[]; total: number; pageNo: number; pageSize: number } } => ({
  data: { list, total: list.length, pageNo: 1, pageSize: 20 },
});

const lactation: StandardRow = {
  id: 4,
  name: 'Lactation · LW',
  penFeedingType: 'breastfeed',
  breed: 'Landrace x Large White',
  excessRatio: 15,
  ages: [
    { startDay: 1, endDay: 3, minAmount: 2500, dailyAmount: 3000, maxAmount: 3500 },
    { startDay: 4, endDay: 28, minAmount: 3500, dailyAmount: 5500, maxAmount: 7500 },
  ],
  adjustments: [
    { factor: 'parity', from: 1, to: 1, percent: -10 },
    { factor: 'litterSize', from: 13, to: 18, percent: 10 },
    { factor: 'parity', from: 7, to: 15, percent: -5 },
  ],
  remark: null,
  planUses: 2,
  updatedAt: 0,
};

const drawer = (): HTMLElement =>
  screen.getByText(t('addTitle'), { selector: '.ant-drawer-title' }).closest('[role="dialog"]') as HTMLElement;
const type = (label: string, value: string): void => void fireEvent.change(within(drawer()).getByLabelText(label), { target: { value } });

signedInEach();

describe('feeding standards page (/std/mgn)', { timeout: 90_000 }, () => {
  it('lists standards with day ages, amounts, excess and factors, filters by pen feeding type in the address, and warns that a used one cannot go', async () => {
    const calls = mockApi({ [`GET ${PAGE}`]: page([lactation]) });
    renderWithApp(<StandardsPage />, '/std/mgn?penFeedingType=breastfeed');
    expect(await screen.findByText('Lactation · LW', {}, SLOW)).toBeTruthy();
    expect(lastQuery(calls, PAGE)).toEqual({ pageNo: '1', pageSize: '20', penFeedingType: 'breastfeed' });
    expect(screen.getByText('Landrace x Large White')).toBeTruthy();
    expect(screen.getByText(t('dayRange', { start: 1, end: 28 }))).toBeTruthy();
    expect(screen.getByText(t('amountRange', { min: '2,500', max: '7,500' }))).toBeTruthy();
    expect(screen.getByText('15 %')).toBeTruthy();
    expect(screen.getByText(`${t('factors.parity')}, ${t('factors.litterSize')}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('deleteOf', { name: lactation.name }) }));
    expect(await screen.findByText(t('inUse', { count: 2 }), {}, SLOW)).toBeTruthy();
  });

  it('adds a standard in the drawer checked by the shared rules as typed; a used name (10010) shows under the name', async () => {
    const calls = mockApi({ [`GET ${PAGE}`]: page([]), 'POST /feeding/standard': { code: 10010, data: { field: 'name' } } });
    renderWithApp(<StandardsPage />, '/std/mgn');
    expect(await screen.findByText(t('empty'), {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t('add')) }));
    await screen.findByText(t('addTitle'), { selector: '.ant-drawer-title' }, SLOW);
    const save = (): void => void fireEvent.click(within(drawer()).getByRole('button', { name: tk('common.save') }));
    save();
    await waitFor(() => expect(within(drawer()).getAllByText(tk('validation.required')).length).toBeGreaterThanOrEqual(5), SLOW);

    type(t('fields.name'), ' Gestation · LW ');
    type(t('fields.breed'), 'Landrace x Large White');
    fireEvent.mouseDown(within(drawer()).getByLabelText(t('fields.penFeedingType')));
    const box = await screen.findAllByRole('listbox', {}, SLOW);
    fireEvent.click(within(box.at(-1)!.parentElement!).getByText(tk('enums.pigPenFeedingType.pregnant')));
    // Row 1: the minimum above the standard is refused on the minimum; text that is not a number on its field.
    type(t('age.endDayOf', { n: 1 }), '114');
    type(t('age.minAmountOf', { n: 1 }), '2600');
    type(t('age.dailyAmountOf', { n: 1 }), 'lots');
    type(t('age.maxAmountOf', { n: 1 }), '3200');
    await waitFor(() => expect(within(drawer()).getByText(tk('validation.number'))).toBeTruthy(), SLOW);
    type(t('age.dailyAmountOf', { n: 1 }), '2400');

    // An adjustment with a season that does not exist is refused as typed, then winter.
    fireEvent.click(within(drawer()).getByRole('button', { name: new RegExp(t('addAdjustment')) }));
    fireEvent.mouseDown(await within(drawer()).findByLabelText(t('adjustment.factorOf', { n: 1 }), {}, SLOW));
    const factors = await screen.findAllByRole('listbox', {}, SLOW);
    fireEvent.click(within(factors.at(-1)!.parentElement!).getByText(t('factors.season')));
    type(t('adjustment.fromOf', { n: 1 }), '5');
    await waitFor(() => expect(within(drawer()).getByText(tk('validation.factorValue'))).toBeTruthy(), SLOW);
    type(t('adjustment.fromOf', { n: 1 }), '4');
    type(t('adjustment.toOf', { n: 1 }), '4');
    type(t('adjustment.percentOf', { n: 1 }), '10');
    // The row's bounds are checked together once it is filled: a minimum above the standard.
    save();
    await waitFor(() => expect(within(drawer()).getByText(tk('validation.standardMinAbove'))).toBeTruthy(), SLOW);
    type(t('age.minAmountOf', { n: 1 }), '1800');
    save();
    await waitFor(() => expect(within(drawer()).getByText(errorMessage(10010))).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Gestation · LW',
      penFeedingType: 'pregnant',
      breed: 'Landrace x Large White',
      excessRatio: 0,
      ages: [{ startDay: 1, endDay: 114, minAmount: 1800, dailyAmount: 2400, maxAmount: 3200 }],
      adjustments: [{ factor: 'season', from: 4, to: 4, percent: 10 }],
    });
  });
});
