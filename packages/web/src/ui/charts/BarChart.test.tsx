import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n } from '../../app/i18n/i18n';
import { BarChart } from './BarChart';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('bar chart', () => {
  it('writes one row per category with its value in the reader’s format and the axis title with its unit', async () => {
    await i18n.changeLanguage('ru');
    render(
      <BarChart
        categories={['House 1', 'House 2']}
        series={[{ id: 'h', name: 'Offline', values: [1234.5, null] }]}
        unit="h"
        ariaLabel="Offline time"
        testId="bars"
      />,
    );
    const rows = screen.getAllByTestId('bar-row');
    expect(rows.map((r) => r.textContent)).toEqual(['House 11\u00a0234,5 h', 'House 2–']);
    expect(within(screen.getByTestId('bars')).getByText('(h)')).toBeTruthy();
  });

  it('draws stacked series end to end and grouped series side by side, with a legend for more than one', () => {
    const { container } = render(
      <BarChart
        categories={['A']}
        series={[
          { id: 'x', name: 'X', values: [2], stack: 's' },
          { id: 'y', name: 'Y', values: [6], stack: 's' },
          { id: 'z', name: 'Z', values: [4] },
        ]}
        unit=""
        decimals={0}
        ariaLabel="bars"
      />,
    );
    const bars = container.querySelectorAll('.fs-bars__bar');
    expect(bars).toHaveLength(2);
    const segs = [...bars[0]!.querySelectorAll<HTMLElement>('.fs-bars__seg')].map((s) => [s.style.left, s.style.width]);
    expect(segs).toEqual([
      ['0%', '25%'],
      ['25%', '75%'],
    ]);
    expect(bars[0]!.querySelector('.fs-bars__value')!.textContent).toBe('8');
    expect(bars[1]!.querySelector('.fs-bars__value')!.textContent).toBe('4');
    expect([...container.querySelectorAll('.fs-bars__legend li')].map((l) => l.textContent)).toEqual(['X', 'Y', 'Z']);
  });

  it('lists in its legend only the series that have a value, and titles the value axis with name and unit', () => {
    const { container } = render(
      <BarChart
        categories={['A', 'B']}
        series={[
          { id: 'min', name: 'Min', values: [18, 19] },
          { id: 'avg', name: 'Avg', values: [null, null] },
          { id: 'max', name: 'Max', values: [24, null] },
        ]}
        unit="°C"
        valueName="Temperature"
        ariaLabel="bars"
        testId="bars"
      />,
    );
    expect([...container.querySelectorAll('.fs-bars__legend li')].map((l) => l.textContent)).toEqual(['Min', 'Max']);
    expect(within(screen.getByTestId('bars')).getByText('Temperature (°C)')).toBeTruthy();
  });
});
