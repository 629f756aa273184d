import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MealAdjustRow, MealFeederRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { openDialog, pickOption } from '../../../test/dialogs';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { configRoute, rsaKeysBeforeAll } from '../../../test/rsaKeys';
import { MealFieldPage, MealShedPage } from './MealAdjustPage';
import { FEEDING_SHEDS, tf as t, signedInToFeedingFarm, fillMeal } from './feedingTestParts';

const keys = rsaKeysBeforeAll();
const PAGE = '/feeding/meal/page';

const house: MealAdjustRow = {
  id: 3,
  kind: 'shed',
  farmId: 5,
  farmName: 'Demo Pig Farm',
  shedId: 51,
  shedName: 'Farrowing 1',
  penId: null,
  penName: null,
  penColumn: null,
  penRow: null,
  meals: [
    { startMinute: 330, endMinute: 390, share: 40 },
    { startMinute: 1140, endMinute: 1200, share: 60 },
  ],
  ration: { unit: 'percent', value: 5 },
  remark: 'Summer hours',
  feeders: 2,
  confirmed: 1,
  updatedAt: 0,
};

const feeder = (id: number, over: Partial<MealFeederRow>): MealFeederRow => ({
  feederId: id,
  feederNo: `00${id}`,
  feederName: `Crate ${id}`,
  penId: 7,
  penColumn: 1,
  penRow: 1,
  gatewayCode: 'fs-demofeed1',
  version: 4,
  status: 'sent',
  result: 1,
  attempts: 1,
  sentAt: Date.UTC(2026, 10, 27, 9, 0),
  updatedAt: 0,
  planId: 9,
  planName: 'Lactating sows',
  adjusted: true,
  ...over,
});

signedInToFeedingFarm();

describe('meal adjustment pages', { timeout: 90_000 }, () => {
  it('lists the house adjustments with the feeders that confirmed them and sends a house again with the code', async () => {
    const calls = mockApi({
      [`GET ${PAGE}`]: { data: { list: [house], total: 1, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      ...configRoute(keys),
      'GET /feeding/meal/feeders/3': { data: [feeder(1, {}), feeder(2, { status: 'sending', result: null, adjusted: false })] },
      'POST /feeding/meal/dispatch': { data: { feeders: 2, plans: 1 } },
    });
    renderWithApp(<MealShedPage />, '/accurate-feeding/meal/shed');
    expect(await screen.findByText('Farrowing 1', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === PAGE)!.query).toMatchObject({ kind: 'shed', farmId: '5' });
    expect(screen.getByText('05:30–06:30 40 %, 19:00–20:00 60 %')).toBeTruthy();
    expect(screen.getByText(t('meal.rationOf.percent', { value: '+5' }))).toBeTruthy();
    expect(screen.getByTestId('meal-confirmed').textContent).toBe(t('meal.confirmedOf', { confirmed: 1, feeders: 2 }));
    fireEvent.click(document.querySelector<HTMLElement>('.ant-table-row-expand-icon')!);
    const rows = await screen.findAllByTestId('meal-feeder', {}, SLOW);
    expect(rows.map((r) => within(r).getByText(/^(?!\d)/, { selector: '.ant-tag' }).textContent)).toEqual([
      t('meal.states.confirmed'),
      t('meal.states.notSent'),
    ]);
    expect(rows[0]!.textContent).toContain(t('meal.copyLine', { plan: 'Lactating sows', attempts: 1 }));
    fireEvent.click(screen.getByRole('button', { name: t('meal.dispatchOf', { target: 'Farrowing 1' }) }));
    fireEvent.change(await screen.findByLabelText(tk('control.codeDialog.code'), {}, SLOW), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: tk('control.codeDialog.confirm') }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/feeding/meal/dispatch')).toHaveLength(1), SLOW);
    const sent = calls.find((c) => c.path === '/feeding/meal/dispatch')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 3, codeKind: 'security' });
    expect(await keys.decrypt(sent.code as string)).toBe('246810');
    expect(await screen.findByText(t('meal.dispatched', { n: 2 }), {}, SLOW)).toBeTruthy();
  });

  it('adds a pen adjustment checked by the plan meal rules and shows 203337 under the pen', async () => {
    const calls = mockApi({
      [`GET ${PAGE}`]: { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      'GET /breedpigbuilding/fieldLevel/shedInfo/authList': {
        data: [{ ...FEEDING_SHEDS.data[0], pens: [{ id: 7, fieldColumn: 1, field: 1 }] }],
      },
      'POST /feeding/meal': { code: 203337, data: { field: 'penId' } },
    });
    renderWithApp(<MealFieldPage />, '/accurate-feeding/meal/field');
    expect(await screen.findByText(t('meal.empty.field'), {}, SLOW)).toBeTruthy();
    const { dialog, field } = await openDialog(t('meal.add.field'), t('meal.addTitle.field'));
    await pickOption(field(t('meal.fields.shed')), 'Farrowing 1');
    // The pen list follows the house (its pens load with the farm's tree).
    const pen = t('plan.penLabel', { column: 1, row: 1 });
    await waitFor(() => {
      fireEvent.mouseDown(field(t('meal.fields.pen')));
      expect(screen.getAllByText(pen, { selector: '.ant-select-item-option-content' }).length).toBeGreaterThan(0);
    }, SLOW);
    fireEvent.click(screen.getAllByText(pen, { selector: '.ant-select-item-option-content' }).at(-1)!);
    fillMeal(dialog, { start: '06:00', end: '05:00', share: '100' });
    const save = (): void => void fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    save();
    expect(await within(dialog).findByText(tk('validation.startAfterEnd'), {}, SLOW)).toBeTruthy();
    fillMeal(dialog, { end: '07:00' });
    fireEvent.click(field(t('meal.fields.changeRation')));
    fireEvent.click(await within(dialog).findByText(t('meal.units.kg'), {}, SLOW));
    fireEvent.change(field(t('meal.fields.rationValue')), { target: { value: '-4' } });
    save();
    expect(await within(dialog).findByText(tk('validation.rationAdjustRange'), {}, SLOW)).toBeTruthy();
    fireEvent.change(field(t('meal.fields.rationValue')), { target: { value: '-0.5' } });
    save();
    await waitFor(() => expect(within(dialog).getByText(errorMessage(203337))).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      farmId: 5,
      shedId: 51,
      penId: 7,
      meals: [{ startMinute: 360, endMinute: 420, share: 100 }],
      ration: { unit: 'kg', value: -0.5 },
    });
  });
});
