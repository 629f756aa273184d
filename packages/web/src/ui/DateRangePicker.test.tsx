import { useState, type ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { QUERY_RANGE_MAX_DAYS } from '@farmsense/shared';
import { AppProviders } from '../app/providers';
import { i18n, tk } from '../app/i18n/i18n';
import { useAppStore } from '../app/stores/appStore';
import { DateRangePicker, dateRangeRule, lastHours, rangeMessage, rangeProblem, type DateRange } from './DateRangePicker';
import { typeRange } from '../test/dateRange';

const SLOW = { timeout: 10_000 };
const base = dayjs('2026-03-31T10:00:00');

beforeEach(async () => {
  useAppStore.setState({ locale: 'en-us' });
  await i18n.changeLanguage('en-us');
});

describe('the 30-day query rule (SPEC §5, §9)', () => {
  it('accepts up to exactly 30 days and refuses anything longer with validation.rangeMaxDays', () => {
    expect(QUERY_RANGE_MAX_DAYS).toBe(30);
    expect(rangeProblem([base.subtract(30, 'day'), base])).toBeNull();
    expect(rangeProblem([base.subtract(30, 'day').subtract(1, 'minute'), base])).toBe('validation.rangeMaxDays');
    expect(rangeProblem([base.subtract(45, 'day'), base])).toBe('validation.rangeMaxDays');
    expect(rangeMessage([base.subtract(31, 'day'), base])).toBe(tk('validation.rangeMaxDays', { days: 30 }));
    expect(rangeMessage([base.subtract(31, 'day'), base])).toContain('30');
  });

  it('refuses an end before the start and a missing end', () => {
    expect(rangeProblem([base, base.subtract(1, 'hour')])).toBe('validation.startAfterEnd');
    expect(rangeProblem([base, null])).toBe('validation.required');
    expect(rangeProblem(null)).toBe('validation.required');
  });

  it('honours a page-specific limit', () => {
    expect(rangeProblem([base.subtract(8, 'day'), base], 7)).toBe('validation.rangeMaxDays');
    expect(rangeMessage([base.subtract(8, 'day'), base], 7)).toBe(tk('validation.rangeMaxDays', { days: 7 }));
  });

  it('works as a form rule', async () => {
    const rule = dateRangeRule() as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(rule.validator({}, [base.subtract(2, 'day'), base])).resolves.toBeUndefined();
    await expect(rule.validator({}, [base.subtract(40, 'day'), base])).rejects.toThrow(tk('validation.rangeMaxDays', { days: 30 }));
  });

  it('lastHours ends now and spans the hours asked', () => {
    const [s, e] = lastHours(24, base);
    expect(e.valueOf()).toBe(base.valueOf());
    expect(e.diff(s, 'hour')).toBe(24);
  });
});

function Harness({ onChange, initial }: { onChange: (r: DateRange) => void; initial: DateRange }): ReactElement {
  const [value, setValue] = useState<DateRange>(initial);
  return (
    <AppProviders>
      <DateRangePicker
        aria-label="Range"
        value={value}
        onChange={(r) => {
          setValue(r);
          onChange(r);
        }}
      />
    </AppProviders>
  );
}

describe('DateRangePicker', { timeout: 30_000 }, () => {
  const initial: DateRange = [dayjs('2026-03-01T00:00'), dayjs('2026-03-02T00:00')];

  it('states the rule beside the picker before it is broken, and names it as the picker’s description', () => {
    render(<Harness initial={initial} onChange={vi.fn()} />);
    const rule = screen.getByTestId('range-rule');
    expect(rule.textContent).toBe(tk('validation.rangeMaxDays', { days: 30 }));
    const [start] = screen.getAllByRole('textbox');
    expect(start!.closest('[aria-describedby]')?.getAttribute('aria-describedby') ?? start!.getAttribute('aria-describedby')).toBe(rule.id);
  });

  it('refuses a range longer than 30 days: the previous range stays and the shared message shows', async () => {
    const onChange = vi.fn();
    render(<Harness initial={initial} onChange={onChange} />);
    // Whole days 30 apart pass the calendar, but the times make it longer than 30 days.
    await typeRange('2026-01-30 10:00', '2026-03-01 11:00');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(tk('validation.rangeMaxDays', { days: 30 }));
    expect(onChange).not.toHaveBeenCalled();
    const [start] = screen.getAllByRole('textbox') as HTMLInputElement[];
    await waitFor(() => expect(start!.value).toBe('2026-03-01 00:00'));
  });

  it('does not take a typed end day beyond the limit', async () => {
    const onChange = vi.fn();
    render(<Harness initial={initial} onChange={onChange} />);
    await typeRange('2026-01-01 00:00', '2026-03-01 00:00');
    await new Promise((r) => setTimeout(r, 300));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('passes a range within 30 days on and clears the message', async () => {
    const onChange = vi.fn();
    render(<Harness initial={initial} onChange={onChange} />);
    await typeRange('2026-02-10 08:00', '2026-03-01 18:30');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1), SLOW);
    const [range] = onChange.mock.calls[0]! as [DateRange];
    expect(range[0].format('YYYY-MM-DD HH:mm')).toBe('2026-02-10 08:00');
    expect(range[1].format('YYYY-MM-DD HH:mm')).toBe('2026-03-01 18:30');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('greys out days more than 30 days from the first day picked, and says why', async () => {
    render(<Harness initial={initial} onChange={vi.fn()} />);
    const input = screen.getAllByRole('textbox')[0]!;
    fireEvent.focus(input);
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    const first = await screen.findByTitle('2026-03-02', {}, SLOW);
    fireEvent.click(first);
    // With a time part, the start counts once it is confirmed; then the end is being chosen.
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTitle('2026-04-05').className).toContain('ant-picker-cell-disabled'));
    expect(screen.getByTitle('2026-03-30').className).not.toContain('ant-picker-cell-disabled');
    // In the calendar's footer, and beside the picker.
    expect(screen.getAllByText(tk('validation.rangeMaxDays', { days: 30 }))).toHaveLength(2);
  });
});
