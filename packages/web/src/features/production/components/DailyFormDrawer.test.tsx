import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { i18n, tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW } from '../../../test/mockApi';
import { DailyFormDrawer } from './DailyFormDrawer';
import { signedInEach } from '../../../test/session';

const today = dayjs().format('YYYY-MM-DD');
const daysAgo = (n: number): string => dayjs().subtract(n, 'day').format('YYYY-MM-DD');
// Hatched 30 days ago, placed 28 days ago; the farm keeps the test machine's calendar.
const OPTION = {
  id: 5,
  groupNo: 'G5',
  shedId: 7,
  shedName: 'House 1',
  flockType: 2,
  sex: 3,
  dayAge: 30,
  present: 990,
  startDate: daysAgo(28),
  stopDate: null,
  status: 1,
};
const farm = {
  id: 3,
  farmId: 3,
  farmName: 'Demo Poultry Farm',
  type: 2,
  scale: null,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
};
const item = (label: string): string => screen.getByLabelText(label, { selector: 'input' }).closest('.ant-form-item')!.textContent ?? '';

signedInEach({ farms: [farm] as never });

describe('daily record form', { timeout: 120_000 }, () => {
  it('shows the day age of the chosen day, and a day already recorded (20078) or a removal above the birds present (20068) on its field', async () => {
    let answer: { code: number; data?: unknown } = { code: 20078, data: { field: 'day' } };
    const calls = mockApi({
      'GET /breedpigbuilding/flock/options': (c) => ({ data: c.query.status === '2' ? [] : [OPTION] }),
      'POST /breedpigbuilding/flockDaily/stock': () => answer,
    });
    renderWithApp(<DailyFormDrawer kind="stock" farmId={3} row={null} flockId={5} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('day-age').textContent).toContain('30'), SLOW);
    fireEvent.change(screen.getByLabelText(tk('records.stock.dead')), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(item(tk('records.stock.day'))).toContain(tk('errors.20078')), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ flockId: 5, day: today, dead: 4 });

    answer = { code: 20068, data: { field: 'dead' } };
    fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(item(tk('records.stock.dead'))).toContain(tk('errors.20068')), SLOW);
  });

  it('offers only days of the flock life, back-fills a past day with its day age, and sends it', async () => {
    const calls = mockApi({
      'GET /breedpigbuilding/flock/options': (c) => ({ data: c.query.status === '2' ? [] : [OPTION] }),
      'POST /breedpigbuilding/flockDaily/feed': { data: { id: 9 } },
    });
    const onClose = vi.fn();
    renderWithApp(<DailyFormDrawer kind="feed" farmId={3} row={null} flockId={5} onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId('day-age').textContent).toContain('30'), SLOW);
    const day = screen.getByLabelText(tk('records.feed.day'), { selector: 'input' });
    const typeDay = (value: string): void => {
      fireEvent.mouseDown(day);
      fireEvent.change(day, { target: { value } });
      fireEvent.keyDown(day, { key: 'Enter' });
    };
    // Before placement: the picker does not take it.
    typeDay(daysAgo(29));
    fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(item(tk('records.feed.feedKg'))).toContain(tk('validation.required')), SLOW);
    expect(screen.getByTestId('day-age').textContent).toContain('30');
    // Three days ago: day age 27.
    typeDay(daysAgo(3));
    await waitFor(() => expect(screen.getByTestId('day-age').textContent).toContain('27'), SLOW);
    fireEvent.change(screen.getByLabelText(tk('records.feed.feedKg')), { target: { value: '120.5' } });
    fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ flockId: 5, day: daysAgo(3), feedKg: 120.5 });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
  });

  it('reads "12,5" on a Russian page as 12.5 kg, and keeps "lots" and "-5" on the field with an error instead of sending them', async () => {
    await i18n.changeLanguage('ru');
    try {
      const calls = mockApi({
        'GET /breedpigbuilding/flock/options': (c) => ({ data: c.query.status === '2' ? [] : [OPTION] }),
        'POST /breedpigbuilding/flockDaily/feed': { data: { id: 9 } },
      });
      renderWithApp(<DailyFormDrawer kind="feed" farmId={3} row={null} flockId={5} onClose={vi.fn()} />);
      await waitFor(() => expect(screen.getByTestId('day-age').textContent).toContain('30'), SLOW);
      const feed = screen.getByLabelText(tk('records.feed.feedKg'));
      const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
      fireEvent.change(feed, { target: { value: 'lots' } });
      save();
      await waitFor(() => expect(item(tk('records.feed.feedKg'))).toContain(tk('validation.number')), SLOW);
      expect((feed as HTMLInputElement).value).toBe('lots');
      fireEvent.change(feed, { target: { value: '-5' } });
      save();
      await waitFor(() => expect(item(tk('records.feed.feedKg'))).toContain(tk('validation.nonNegative')), SLOW);
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      fireEvent.change(feed, { target: { value: '12,5' } });
      save();
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), SLOW);
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ flockId: 5, feedKg: 12.5 });
    } finally {
      await i18n.changeLanguage('en-us');
    }
  });
});
