import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlanRow } from '@farmsense/shared';
import { errorMessage, tk } from '../../../app/i18n/i18n';
import { openDialog, pickOption } from '../../../test/dialogs';
import { mockApi, renderWithApp, SLOW, mockApiNoHouses } from '../../../test/mockApi';
import { PlanPage } from './PlanPage';
import { FEEDING_SHEDS, tf as t, signedInToFeedingFarm, fillMeal } from './feedingTestParts';

const PAGE = '/feeding/plan/page';

const plan: PlanRow = {
  id: 9,
  farmId: 5,
  farmName: 'Demo Pig Farm',
  shedId: 51,
  shedName: 'Farrowing 1',
  penIds: [],
  name: 'Lactating sows',
  totalDays: 28,
  splitPoints: [1, 7, 8, 28],
  stages: [
    { startDay: 1, endDay: 7, feedId: 3, feedName: 'Sow lactation 18 %', feedBatch: 'SL-1', dailyAmount: 3000 },
    { startDay: 8, endDay: 28, feedId: 3, feedName: 'Sow lactation 18 %', feedBatch: 'SL-1', dailyAmount: 6500 },
  ],
  meals: [
    { startMinute: 360, endMinute: 420, share: 50 },
    { startMinute: 1020, endMinute: 1080, share: 50 },
  ],
  maxStep: 1000,
  steps: [{ index: 1, step: 3500 }],
  // The lactation standard asks at least 3.5 kg from day 4: 3 kg to day 7 is below it.
  standardId: 4,
  standardName: 'Lactation · LW',
  belowMinimum: [{ index: 0, day: 4, minimum: 3500 }],
  dispatchMode: 'immediate',
  dispatchAt: null,
  dispatchStatus: 'dispatching',
  dispatch: { feeders: 4, notSent: 1, sending: 0, sent: 2, failed: 1 },
  remark: null,
  updatedAt: 0,
};

signedInToFeedingFarm();

describe('feeding plan page', { timeout: 60_000 }, () => {
  it('lists plans of the chosen farm with stages, meals and dispatch counts, and dispatches one', async () => {
    const calls = mockApiNoHouses({
      [`GET ${PAGE}`]: { data: { list: [plan], total: 1, pageNo: 1, pageSize: 20 } },
      'POST /feeding/plan/dispatch': { data: { dispatchStatus: 'dispatching' } },
      'POST /feeding/plan/dispatch/retry': { data: { dispatchStatus: 'dispatching', retried: 1 } },
    });
    renderWithApp(<PlanPage />, '/accurate-feeding/plan');
    expect(await screen.findByText('Lactating sows', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.path === PAGE)!.query).toMatchObject({ farmId: '5' });
    expect(screen.getByText(t('plan.counts', { sent: 2, pending: 1, failed: 1 }))).toBeTruthy();
    expect(screen.getByText(t('plan.stepTag'))).toBeTruthy();
    const below = screen.getByTestId('plan-below-minimum');
    expect(below.textContent).toBe(t('plan.belowTag'));
    const why = t('plan.belowOf', { standard: 'Lactation · LW', minimum: '3,500', day: 4 });
    expect(below.getAttribute('title')).toBe(why);
    expect(screen.getByText(why)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('plan.dispatchOf', { name: 'Lactating sows' }) }));
    // The confirmation's title also stands in its accessible name: take the last match.
    await screen.findAllByText(t('plan.dispatchTitle', { name: 'Lactating sows' }), {}, SLOW);
    fireEvent.click((await screen.findAllByRole('button', { name: t('plan.dispatchAction') }, SLOW)).at(-1)!);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ id: 9 }), SLOW);
    // One feeder failed: its copy can be sent again.
    fireEvent.click(screen.getByRole('button', { name: t('plan.retryOf', { name: 'Lactating sows' }) }));
    fireEvent.click((await screen.findAllByRole('button', { name: t('plan.retryAction') }, SLOW)).at(-1)!);
    await waitFor(() => expect(calls.find((c) => c.path === '/feeding/plan/dispatch/retry')?.body).toEqual({ id: 9 }), SLOW);
  });

  it('checks the plan dialog with the shared rules: stages generated from even split points, meal shares of 100 %', async () => {
    const calls = mockApi({
      [`GET ${PAGE}`]: { data: { list: [], total: 0, pageNo: 1, pageSize: 20 } },
      'GET /breedpigbuilding/shedInfo/list': FEEDING_SHEDS,
      'GET /breedpigbuilding/fieldLevel/shedInfo/authList': { data: [] },
      'GET /feeding/feedInfo/list': { data: [{ id: 3, name: 'Sow lactation 18 %', batch: 'SL-1', typeName: 'Sow feed', animalType: 1 }] },
      'GET /feeding/standard/list': { data: [{ id: 4, name: 'Lactation · LW', penFeedingType: 'breastfeed', breed: 'LW' }] },
      'POST /feeding/plan': { code: 20092, data: { field: 'name' } },
    });
    renderWithApp(<PlanPage />, '/accurate-feeding/plan');
    expect(await screen.findByText(t('plan.empty'), {}, SLOW)).toBeTruthy();
    const { dialog, field } = await openDialog(t('plan.add'), t('plan.addTitle'));
    fireEvent.change(field(t('plan.fields.name')), { target: { value: 'Lactating sows' } });
    await pickOption(field(t('plan.fields.shed')), 'Farrowing 1');
    await pickOption(field(t('plan.fields.standard')), 'Lactation · LW · LW');
    fireEvent.change(field(t('plan.fields.totalDays')), { target: { value: '28' } });
    fireEvent.change(field(t('plan.fields.splitPoints')), { target: { value: '1, 7, 8' } });
    fireEvent.click(within(dialog).getByTestId('generate-stages'));
    expect(await within(dialog).findByText(tk('validation.splitPointsEven'), {}, SLOW)).toBeTruthy();
    fireEvent.change(field(t('plan.fields.splitPoints')), { target: { value: '1, 7, 8, 28' } });
    fireEvent.click(within(dialog).getByTestId('generate-stages'));
    await waitFor(() => expect(within(dialog).getAllByTestId('plan-stage')).toHaveLength(2), SLOW);
    const stages = within(dialog).getAllByTestId('plan-stage');
    for (const [i, amount] of ['3000', '3600'].entries()) {
      await pickOption(within(stages[i]!).getByLabelText(t('plan.fields.feed')), 'Sow lactation 18 % · SL-1');
      fireEvent.change(within(stages[i]!).getByLabelText(t('plan.fields.dailyAmount')), { target: { value: amount } });
    }
    fillMeal(dialog, { start: '06:00', end: '07:00', share: '90' });
    const save = (): void => void fireEvent.click(within(dialog).getByRole('button', { name: tk('common.save') }));
    save();
    expect(await within(dialog).findByText(tk('validation.mealSharesTotal'), {}, SLOW)).toBeTruthy();
    fillMeal(dialog, { share: '100' });
    save();
    await waitFor(() => expect(within(dialog).getByText(errorMessage(20092))).toBeTruthy(), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      farmId: 5,
      shedId: 51,
      penIds: [],
      name: 'Lactating sows',
      totalDays: 28,
      splitPoints: [1, 7, 8, 28],
      stages: [
        { startDay: 1, endDay: 7, feedId: 3, dailyAmount: 3000 },
        { startDay: 8, endDay: 28, feedId: 3, dailyAmount: 3600 },
      ],
      meals: [{ startMinute: 360, endMinute: 420, share: 100 }],
      maxStep: null,
      standardId: 4,
      confirmStep: false,
      dispatchMode: 'immediate',
    });
  });
});
