import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import type { QuickRow } from '../api';
import { QuickEntry } from './QuickEntry';
import { signedInEach } from '../../../test/session';

const ROWS: QuickRow[] = [
  { flockId: 1, groupNo: 'G1', shedId: 11, shedName: 'House 1', dayAge: 20, present: 9800 },
  { flockId: 2, groupNo: 'G2', shedId: 12, shedName: 'House 2', dayAge: 21, present: 120 },
  {
    flockId: 3,
    groupNo: 'G3',
    shedId: 13,
    shedName: 'House 3',
    dayAge: 22,
    present: 5000,
    stock: { id: 70, day: '2026-01-10', dayAge: 22, dead: 4, culled: 1, transferIn: 0, transferOut: 0 },
  },
  { flockId: 4, groupNo: 'G4', shedId: 14, shedName: 'House 4', dayAge: 19, present: 4000 },
];
const dead = (shed: string, group: string): HTMLElement => screen.getByLabelText(`${tk('records.stock.dead')} ${shed} ${group}`);
const result = (flockId: number): HTMLElement =>
  within(document.querySelector(`tr[data-row-key="${flockId}"]`) as HTMLElement).getByTestId('quick-result');

signedInEach();

describe('quick entry', { timeout: 40_000 }, () => {
  it('sends the new houses together and corrections one by one, confirms the saved ones and keeps the refused ones highlighted', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/flockDaily/quick': { data: ROWS },
      'PUT /breedpigbuilding/flockDaily/stock': { data: { id: 70 } },
      'POST /breedpigbuilding/flockDaily/stock/batch': {
        data: {
          saved: 1,
          errors: [{ row: 2, field: 'dead', code: 20068, msg: 'The current flock size is greater than the incoming quantity' }],
        },
      },
    });
    renderWithApp(<QuickEntry kind="stock" farmId={3} />);
    await waitFor(() => expect(dead('House 1', 'G1')).toBeTruthy(), SLOW);
    // A house already recorded that day shows its figures, ready to be corrected.
    expect((dead('House 3', 'G3') as HTMLInputElement).value).toBe('4');
    expect(result(3).textContent).toBe(tk('production.quick.recorded'));
    expect(screen.getAllByRole('button', { name: tk('common.columns.choose') })).toHaveLength(1);

    fireEvent.change(dead('House 1', 'G1'), { target: { value: '3' } });
    fireEvent.change(dead('House 2', 'G2'), { target: { value: '500' } });
    fireEvent.change(dead('House 3', 'G3'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(tk('production.quick.save')) }));

    await waitFor(() => expect(result(2).textContent).toContain(tk('errors.20068')), SLOW);
    expect(result(2).textContent).toContain(tk('records.stock.dead'));
    expect(document.querySelector('tr[data-row-key="2"]')!.className).toContain('fs-prod-row--error');
    expect(result(1).textContent).toBe(tk('production.quick.savedRow'));
    expect(result(3).textContent).toBe(tk('production.quick.savedRow'));
    expect(result(4).textContent).toBe(tk('production.quick.new'));

    const body = calls.find((c) => c.path.endsWith('/batch'))!.body as { farmId: number; day: string; rows: Record<string, unknown>[] };
    expect(body.farmId).toBe(3);
    expect(body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The two new houses together, each with its flock and the day; the empty one is not sent.
    expect(body.rows).toEqual([
      { flockId: 1, day: body.day, dead: 3 },
      { flockId: 2, day: body.day, dead: 500 },
    ]);
    // The corrected house is sent whole, its other figures kept.
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      id: 70,
      flockId: 3,
      day: body.day,
      dead: 5,
      culled: 1,
      transferIn: 0,
      transferOut: 0,
    });
  });

  it('refuses a row the shared schema refuses without sending it', async () => {
    const calls = mockApi({ 'GET /breedpigbuilding/flockDaily/quick': { data: ROWS } });
    renderWithApp(<QuickEntry kind="grow" farmId={3} />);
    const uniformity = await screen.findByLabelText(`${tk('records.grow.uniformity')} House 1 G1`, {}, SLOW);
    // Uniformity alone: the growth record needs a weight.
    fireEvent.change(uniformity, { target: { value: '85' } });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(tk('production.quick.save')) }));
    await waitFor(() => expect(result(1).textContent).toContain(tk('validation.selectAtLeastOne')), SLOW);
    expect(calls.some((c) => c.path.endsWith('/batch'))).toBe(false);
  });

  it('says the flocks could not be loaded, with a retry, instead of "no current flocks"', async () => {
    let fail = true;
    mockApi({ 'GET /breedpigbuilding/flockDaily/quick': () => (fail ? { code: 10001 } : { data: ROWS }) });
    renderWithApp(<QuickEntry kind="stock" farmId={3} />);
    await screen.findByText(tk('production.quick.loadFailed'), {}, SLOW);
    expect(screen.queryByText(tk('production.quick.empty'))).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: new RegExp(tk('shell.actions.retry')) }));
    await waitFor(() => expect(dead('House 1', 'G1')).toBeTruthy(), SLOW);
  });

  it('sends one save however often the button is clicked while saving', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/flockDaily/quick': { data: ROWS },
      'POST /breedpigbuilding/flockDaily/stock/batch': { data: { saved: 1, errors: [] } },
    });
    renderWithApp(<QuickEntry kind="stock" farmId={3} />);
    await waitFor(() => expect(dead('House 1', 'G1')).toBeTruthy(), SLOW);
    fireEvent.change(dead('House 1', 'G1'), { target: { value: '3' } });
    const save = screen.getByRole('button', { name: new RegExp(tk('production.quick.save')) });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(result(1).textContent).toBe(tk('production.quick.savedRow')), SLOW);
    expect(calls.filter((c) => c.path.endsWith('/batch'))).toHaveLength(1);
  });
});
