import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { i18n } from '../../../app/i18n/i18n';
import { ReportChart, type ReportLine } from './ReportChart';

const t = i18n.getFixedT(null, 'poultry');
const aria = (std: boolean): string => (std ? 'Weight against the breed standard' : 'Weight');

function chart(lines: ReportLine[]): HTMLElement {
  render(
    <ReportChart
      lines={lines}
      categories={['W1', 'W2']}
      xName="Week"
      yName="Average weight"
      unit="g"
      decimals={0}
      ariaLabel={aria}
      testId="report-chart"
    />,
  );
  return screen.getByTestId('report-chart');
}

describe('report chart', () => {
  it('draws and lists the breed standard where it has figures, and titles both axes with the unit', () => {
    const c = chart([
      { id: 'a', name: 'House 1', entity: 'f1', kind: 'actual', data: [410, 880] },
      { id: 's', name: 'House 1 standard', entity: 'f1', kind: 'standard', data: [400, null] },
      { id: 'b', name: 'House 2', entity: 'f2', kind: 'actual', data: [null, null] },
      { id: 'bs', name: 'House 2 standard', entity: 'f2', kind: 'standard', data: [null, null] },
    ]);
    expect(c.dataset.lines).toBe('House 1:solid|House 1 standard:dashed');
    expect(c.dataset.axes).toBe('Week|Average weight (g)|');
    expect(c.getAttribute('aria-label')).toBe('Weight against the breed standard');
    expect(screen.getAllByTestId('report-series').map((l) => l.textContent)).toEqual(['House 1', 'House 1 standard']);
    expect(screen.getByTestId('report-chart-note').textContent).toBe(t('chart.note'));
  });

  it('does not promise a dashed standard when no line of it has a figure', () => {
    const c = chart([
      { id: 'a', name: 'Farm A', entity: 'm1', kind: 'actual', data: [97.5, 96.1] },
      { id: 's', name: 'Farm A standard', entity: 'm1', kind: 'standard', data: [null, null] },
    ]);
    expect(c.dataset.lines).toBe('Farm A:solid');
    expect(c.getAttribute('aria-label')).toBe('Weight');
    expect(screen.getAllByTestId('report-series')).toHaveLength(1);
    expect(screen.getByTestId('report-chart-note').textContent).toBe(t('chart.noStandard'));
    expect(t('chart.noStandard')).not.toBe(t('chart.note'));
  });
});
