import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import type { CurveRow } from '../flocksApi';
import { CurveFormDrawer } from './CurveFormDrawer';
import { POULTRY_FARM, signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`flocks.${key}`, vars);
const field = (key: string): HTMLElement => screen.getByLabelText(t(`fields.${key}`));
const item = (key: string): string => field(key).closest('.ant-form-item')!.textContent ?? '';
const type = (key: string, value: string): void => void fireEvent.change(field(key), { target: { value } });
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
const farm = POULTRY_FARM;
const adds = (calls: RecordedCall[]): RecordedCall[] =>
  calls.filter((c) => c.method === 'POST' && c.path === '/breedpigbuilding/standardCurve');

async function choose(key: string, label: string): Promise<void> {
  fireEvent.mouseDown(field(key));
  fireEvent.click(await screen.findByTitle(label, {}, SLOW));
}

/** Opens the add drawer and picks a feeding flock's average weight, the curve the refusal tests write. */
async function openNewWeightCurve(onClose: () => void): Promise<void> {
  renderWithApp(<CurveFormDrawer row={null} farmId={2} farms={[farm]} onClose={onClose} />);
  await screen.findByText(t('curves.addTitle'), {}, SLOW);
  await choose('flockType', tk('enums.flockType.feeding'));
  await choose('indicator', 'Average weight (g)');
}

signedInEach({ farms: [farm] });

describe('standard curve form', { timeout: 90_000 }, () => {
  it('reads comma-separated values, previews them by day age and sends numbers', async () => {
    const calls = mockApi({ 'POST /breedpigbuilding/standardCurve': { data: { id: 11 } } });
    const onClose = vi.fn();
    renderWithApp(<CurveFormDrawer row={null} farmId={2} farms={[farm]} onClose={onClose} />);
    await screen.findByText(t('curves.addTitle'), {}, SLOW);
    expect(screen.getByTestId('curve-count').textContent).toBe(t('curves.noPreview'));
    await choose('flockType', tk('enums.flockType.feeding'));
    await choose('indicator', 'Average weight (g)');
    type('name', 'Ross 308 weight');
    fireEvent.change(field('startDay'), { target: { value: '7' } });
    type('values', '180, 205，232,260');
    await waitFor(() => expect(screen.getByTestId('curve-count').textContent).toBe(t('curves.count', { count: 4, from: 7, to: 10 })), SLOW);
    expect(JSON.parse(screen.getByTestId('curve-preview').getAttribute('data-points')!)).toEqual([
      [7, 180],
      [8, 205],
      [9, 232],
      [10, 260],
    ]);
    save();
    await waitFor(() => expect(adds(calls)).toHaveLength(1), SLOW);
    expect(adds(calls)[0]!.body).toEqual({
      farmId: 2,
      flockType: 2,
      indicator: '02',
      name: 'Ross 308 weight',
      startDay: 7,
      values: [180, 205, 232, 260],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
  });

  it('says so under the field when a value is not a number, and sends nothing', async () => {
    const calls = mockApi({ 'POST /breedpigbuilding/standardCurve': { data: { id: 11 } } });
    await openNewWeightCurve(vi.fn());
    type('name', 'Broken');
    type('values', '44, 62, abc');
    await waitFor(() => expect(item('values')).toContain(tk('validation.curveValues')), SLOW);
    expect(screen.getByTestId('curve-count').textContent).toBe(t('curves.noPreview'));
    type('values', '44,,62');
    save();
    await waitFor(() => expect(item('values')).toContain(tk('validation.curveValues')), SLOW);
    expect(adds(calls)).toHaveLength(0);
  });

  it('shows a duplicate curve (20064) under the indicator', async () => {
    mockApi({ 'POST /breedpigbuilding/standardCurve': { code: 20064 } });
    await openNewWeightCurve(vi.fn());
    type('name', 'Second weight curve');
    type('values', '44, 62');
    save();
    await waitFor(() => expect(item('indicator')).toContain(tk('errors.20064')), SLOW);
  });

  it('opens a stored curve with its values as text and saves it with its id', async () => {
    const calls = mockApi({ 'PUT /breedpigbuilding/standardCurve': { data: { id: 5 } } });
    const row: CurveRow = {
      id: 5,
      farmId: 2,
      farmName: 'Demo Poultry Farm',
      flockType: 2,
      indicator: '05',
      name: 'Feed',
      startDay: 0,
      values: [12, 16.5, 20],
      source: 'Aviagen Ross 308 (2022)',
      builtinId: 'ross308-feed',
    };
    renderWithApp(<CurveFormDrawer row={row} farms={[farm]} onClose={vi.fn()} />);
    await screen.findByText(t('curves.editTitle', { name: 'Feed' }), {}, SLOW);
    expect((field('values') as HTMLTextAreaElement).value).toBe('12, 16.5, 20');
    expect(screen.getByTestId('curve-count').textContent).toBe(t('curves.count', { count: 3, from: 0, to: 2 }));
    type('values', '12, 16.5, 20, 24');
    save();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), SLOW);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      id: 5,
      farmId: 2,
      flockType: 2,
      indicator: '05',
      name: 'Feed',
      startDay: 0,
      values: [12, 16.5, 20, 24],
    });
  });
});
