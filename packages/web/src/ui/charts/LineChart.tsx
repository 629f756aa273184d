import { useMemo, type ReactElement } from 'react';
import { PlotCanvas } from './PlotCanvas';
import type { PlotLine, XY } from './plotOptions';

/**
 * A line chart over a number (day age) or over categories (weeks, months): breed standards
 * dashed beside the actual figures, points shown where there are few of them, lines drawn
 * across missing values (weighings are every few days). Both axes carry their titles.
 */
export interface ValueLine {
  id: string;
  name: string;
  /** [x, y]; for categories x is the category's index. */
  points: readonly XY[];
  color?: string;
  dashed?: boolean;
  width?: number;
}

export interface LineChartProps {
  lines: readonly ValueLine[];
  /** Category labels; a numeric x axis when absent. */
  categories?: readonly string[];
  xTitle: string;
  yTitle: string;
  unit: string;
  decimals: number;
  ariaLabel: string;
  height?: number;
  loading?: boolean;
  /** The legend under the chart; off where the page draws its own. */
  legend?: boolean;
  testId?: string;
}

export function LineChart({
  lines,
  categories,
  xTitle,
  yTitle,
  unit,
  decimals,
  ariaLabel,
  height = 320,
  loading,
  legend = true,
  testId,
}: LineChartProps): ReactElement {
  const plotLines = useMemo<PlotLine[]>(
    () => lines.map((l) => ({ ...l, spanGaps: true, showPoints: !l.dashed && l.points.length <= 40 })),
    [lines],
  );
  return (
    <PlotCanvas
      lines={plotLines}
      x={categories ? { kind: 'category', title: xTitle, labels: categories } : { kind: 'number', title: xTitle }}
      yTitle={yTitle}
      unit={unit}
      decimals={decimals}
      legend={legend}
      ariaLabel={ariaLabel}
      height={height}
      loading={loading}
      testId={testId}
    />
  );
}
