import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DEFAULT_LOCALE } from '@farmsense/shared';
import { i18n } from '../../app/i18n/i18n';
import { axisTitle, hasValues } from './axisTitle';
import { TimeSeriesChart } from './TimeSeriesChart';

afterEach(() => i18n.changeLanguage(DEFAULT_LOCALE));

describe('axis titles', () => {
  it('name what is measured with its unit in brackets', () => {
    expect(axisTitle('Temperature', '°C')).toBe('Temperature (°C)');
    expect(axisTitle(undefined, 'ppm')).toBe('(ppm)');
    expect(axisTitle('FCR', '')).toBe('FCR');
    expect(axisTitle(' ', ' ')).toBe('');
    expect(hasValues([null, undefined, Number.NaN])).toBe(false);
    expect(hasValues([null, 0])).toBe(true);
  });

  it('give a time chart a time axis in the console language and a value axis with its unit', async () => {
    await i18n.changeLanguage('ru');
    render(
      <TimeSeriesChart series={[{ id: 'h', name: 'RH', points: [[1, 60]] }]} unit="%" yName="Влажность" ariaLabel="RH" testId="trend" />,
    );
    expect(screen.getByTestId('trend').dataset.axes).toBe('Время|Влажность (%)|');
  });
});
