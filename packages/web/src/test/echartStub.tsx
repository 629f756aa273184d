import type { ReactElement } from 'react';

/**
 * What component tests see of a chart (jsdom has no canvas, and drawing is not what they test):
 * an image element naming the chart and showing the option it was given: the series names
 * (`data-series`), names with their line type (`data-lines`) and the first series' points
 * (`data-points`). Use: `vi.mock('…/ui/charts/EChart', () => import('…/test/echartStub'))`.
 */
export function EChart({
  option,
  ariaLabel,
  testId,
}: {
  option: { series?: { name?: string; data?: unknown[]; lineStyle?: { type?: string } }[] };
  ariaLabel: string;
  testId?: string;
}): ReactElement {
  const series = option.series ?? [];
  return (
    <div
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
      data-series={series.map((s) => s.name).join('|')}
      data-lines={series.map((s) => `${s.name}:${s.lineStyle?.type}`).join('|')}
      data-points={JSON.stringify(series[0]?.data ?? [])}
    />
  );
}

export const themedOption = (o: unknown): unknown => o;
