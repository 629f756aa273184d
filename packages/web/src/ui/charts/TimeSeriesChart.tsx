import { useMemo, type ReactElement } from 'react';
import { i18n } from '../../app/i18n/i18n';
import { axisTitle } from './axisTitle';
import { PlotCanvas } from './PlotCanvas';
import type { ChartTheme } from './chartTheme';
import type { PlotLine } from './plotOptions';

/**
 * A time-series line chart: one line per series, an optional min-max band drawn behind them,
 * set-points as step lines, drag to zoom (double click shows all again), and a legend giving
 * every value at the cursor with its unit. The server has already bucketed the data to a few
 * thousand points (DESIGN.md §2). A gap longer than `gapMs` breaks the line instead of drawing a
 * straight bridge across a time without readings.
 */
export type TimePoint = readonly [ts: number, value: number | null];

export interface TimeSeries {
  id: string;
  name: string;
  points: readonly TimePoint[];
  color?: string;
  dashed?: boolean;
  /** Holds its value until the next point (set-points, on/off states). */
  step?: boolean;
  width?: number;
  /** Drawn on the second y axis (e.g. a percentage beside a temperature). */
  secondAxis?: boolean;
}

export interface TimeBand {
  name: string;
  /** [ts, min, max] */
  points: readonly (readonly [number, number, number])[];
  color?: string;
}

export interface TimeSeriesChartProps {
  series: readonly TimeSeries[];
  band?: TimeBand;
  unit: string;
  secondUnit?: string;
  /** What the y axis measures ("Temperature"); its title is this with the unit in brackets. */
  yName?: string;
  y2Name?: string;
  /** The time axis title; "Time" in the console language when absent. */
  xTitle?: string;
  ariaLabel: string;
  height?: number;
  theme?: ChartTheme;
  group?: string;
  loading?: boolean;
  decimals?: number;
  /** Breaks lines across gaps longer than this (ms); no breaking when absent. */
  gapMs?: number;
  legend?: boolean;
  /** x range to show even where there is no data (the range the user asked for). */
  range?: readonly [number, number];
  testId?: string;
}

/** Inserts a null after every point followed by a gap longer than `gapMs`. */
export function breakGaps(points: readonly TimePoint[], gapMs: number | undefined): TimePoint[] {
  if (!gapMs || points.length < 2) return [...points];
  const out: TimePoint[] = [];
  for (let i = 0; i < points.length; i += 1) {
    const p = points[i]!;
    out.push(p);
    const next = points[i + 1];
    if (next && next[0] - p[0] > gapMs) out.push([p[0] + 1, null]);
  }
  return out;
}

export function TimeSeriesChart({
  series,
  band,
  unit,
  secondUnit,
  yName,
  y2Name,
  xTitle,
  ariaLabel,
  height = 320,
  theme = 'light',
  group,
  loading,
  decimals = 1,
  gapMs,
  legend = true,
  range,
  testId,
}: TimeSeriesChartProps): ReactElement {
  const lines = useMemo<PlotLine[]>(
    () =>
      series.map((s) => ({
        id: s.id,
        name: s.name,
        points: breakGaps(s.points, gapMs),
        color: s.color,
        dashed: s.dashed,
        step: s.step,
        width: s.width,
        axis: s.secondAxis ? 2 : 1,
      })),
    [series, gapMs],
  );
  return (
    <PlotCanvas
      lines={lines}
      band={band}
      x={{ kind: 'time', title: xTitle ?? i18n.t('time', { ns: 'common' }) }}
      yTitle={axisTitle(yName, unit)}
      y2Title={axisTitle(y2Name, secondUnit)}
      unit={unit}
      secondUnit={secondUnit}
      decimals={decimals}
      range={range}
      legend={legend}
      ariaLabel={ariaLabel}
      height={height}
      theme={theme}
      group={group}
      loading={loading}
      testId={testId}
    />
  );
}
