import type { ReactElement } from 'react';
import { drawnLines, type PlotSpec } from '../ui/charts/plotOptions';

/**
 * What component tests see of a chart (jsdom has no canvas, and drawing is not what they test):
 * an image element naming the chart and the lines it would draw (lines without data are not
 * drawn): their names (`data-series`, the band last), names with their line type
 * (`data-lines`), the first line's points (`data-points`) and each line's count of values
 * (`data-counts`). test/setup.ts mocks PlotCanvas with it for every component test.
 */
export function PlotCanvas({
  lines,
  band,
  x,
  yTitle,
  y2Title,
  ariaLabel,
  testId,
}: PlotSpec & { ariaLabel: string; testId?: string }): ReactElement {
  const drawn = drawnLines(lines);
  return (
    <div
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
      data-axes={[x.title ?? '', yTitle, y2Title ?? ''].join('|')}
      data-series={[...drawn.map((l) => l.name), ...(band ? [band.name] : [])].join('|')}
      data-lines={drawn.map((l) => `${l.name}:${l.dashed ? 'dashed' : 'solid'}`).join('|')}
      data-points={JSON.stringify(drawn[0]?.points ?? [])}
      data-counts={drawn.map((l) => l.points.filter(([, y]) => y !== null).length).join('|')}
    />
  );
}
