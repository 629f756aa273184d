import { pad2 } from '@farmsense/shared';
import uPlot from 'uplot';
import { formatDecimal } from '../../app/i18n/numbers';
import type { ChartPalette } from './chartTheme';
import { tooltipPlugin } from './plotTooltip';

/**
 * What a chart shows, independent of the renderer: lines of [x, y] points (each line with its
 * own x values: sensors report at their own moments), an optional min-max band behind them, and
 * the x axis kind (time, a number such as day age, or categories such as weeks). `plotData`
 * aligns the lines on one x axis and `plotOptions` turns the rest into uPlot options.
 */
export type XY = readonly [x: number, y: number | null];

export interface PlotLine {
  id: string;
  name: string;
  points: readonly XY[];
  color?: string;
  dashed?: boolean;
  /** Holds its value until the next point (set-points, on/off states). */
  step?: boolean;
  width?: number;
  /** The second y axis (a percentage beside a temperature). */
  axis?: 1 | 2;
  showPoints?: boolean;
  /** Draws across missing points (weighings every few days) instead of breaking the line. */
  spanGaps?: boolean;
}

export interface PlotBand {
  name: string;
  /** [x, min, max] */
  points: readonly (readonly [number, number, number])[];
  color?: string;
}

export type PlotX =
  { kind: 'time'; title?: string } | { kind: 'number'; title: string } | { kind: 'category'; title: string; labels: readonly string[] };

export interface PlotSpec {
  lines: readonly PlotLine[];
  band?: PlotBand;
  x: PlotX;
  /** The y axis title: what is measured and its unit ("Temperature (°C)"). */
  yTitle: string;
  y2Title?: string;
  /** Written after every value of the legend. */
  unit: string;
  secondUnit?: string;
  decimals: number;
  /** x range to show even where there is no data (the time range the user asked for). */
  range?: readonly [number, number];
  legend?: boolean;
}

/** Lines with at least one value: a legend entry for a line without data would only mislead. */
export function drawnLines(lines: readonly PlotLine[]): PlotLine[] {
  return lines.filter((l) => l.points.some(([, y]) => y !== null && Number.isFinite(y)));
}

/**
 * One sorted x axis for every line, the band and the asked range. A point a line does not have
 * at some x is `undefined` (drawn across), a reading that is missing is `null` (a gap).
 */
export function plotData(spec: Pick<PlotSpec, 'lines' | 'band' | 'range'>): uPlot.AlignedData {
  const lines = drawnLines(spec.lines);
  const xs = new Set<number>();
  for (const l of lines) for (const [x] of l.points) xs.add(x);
  for (const [x] of spec.band?.points ?? []) xs.add(x);
  if (spec.range) for (const x of spec.range) xs.add(x);
  const axis = [...xs].sort((a, b) => a - b);
  const at = new Map(axis.map((x, i) => [x, i]));
  const column = (points: readonly (readonly [number, number | null])[]): (number | null | undefined)[] => {
    const out: (number | null | undefined)[] = new Array(axis.length).fill(undefined);
    for (const [x, y] of points) out[at.get(x)!] = y;
    return out;
  };
  const band = spec.band
    ? [column(spec.band.points.map(([x, min]) => [x, min])), column(spec.band.points.map(([x, , max]) => [x, max]))]
    : [];
  return [axis, ...band, ...lines.map((l) => column(l.points))] as uPlot.AlignedData;
}

export const CHART_FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans Thai', sans-serif";

const DAY = 86_400_000;

/** Time ticks in numbers only (they read the same in all five languages); a new day shows its date. */
export function timeTicks(splits: number[], incrMs: number): string[] {
  let lastDay = '';
  return splits.map((ts) => {
    const d = new Date(ts);
    const day = `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
    if (incrMs >= DAY) return day;
    const time = `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
    const label = day !== lastDay ? `${day}\n${time}` : time;
    lastDay = day;
    return label;
  });
}

/** "2026-11-27 08:15", the cursor's moment in the legend. */
export function timeLabel(ts: number): string {
  const d = new Date(ts);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** Decimals a tick step needs: 0.25 -> 2, 5 -> 0. */
function stepDecimals(incr: number): number {
  const s = String(incr);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : Math.min(4, s.length - dot - 1);
}

export interface PlotEnv {
  width: number;
  height: number;
  palette: ChartPalette;
  color: (index: number) => string;
  group?: string;
}

export function plotOptions(spec: PlotSpec, env: PlotEnv): uPlot.Options {
  const { palette: p, color } = env;
  const lines = drawnLines(spec.lines);
  const font = `12px ${CHART_FONT}`;
  const fmt = (v: number | null | undefined, unit: string): string =>
    v == null ? '–' : `${formatDecimal(v, spec.decimals)}${unit ? ` ${unit}` : ''}`;
  const axis = (over: Partial<uPlot.Axis>): uPlot.Axis => ({
    stroke: p.subtleText,
    font,
    labelFont: font,
    grid: { stroke: p.splitLine, width: 1 },
    ticks: { stroke: p.axisLine, width: 1, size: 4 },
    ...over,
  });
  const yAxis = (scale: string, title: string, side: 1 | 3): uPlot.Axis =>
    axis({
      scale,
      side,
      label: title,
      labelSize: 20,
      grid: side === 3 ? { stroke: p.splitLine, width: 1 } : { show: false },
      values: (_u, splits, _i, _space, incr) => splits.map((v) => formatDecimal(v, stepDecimals(incr))),
      size: (_u, values) => 14 + Math.max(2, ...(values ?? []).map((v) => v.length)) * 7,
    });

  const x = spec.x;
  const xAxis: uPlot.Axis =
    x.kind === 'time'
      ? axis({
          grid: { show: false },
          label: x.title,
          labelSize: x.title ? 20 : 0,
          size: 44,
          values: (_u, splits, _i, _space, incr) => timeTicks(splits, incr),
        })
      : x.kind === 'number'
        ? axis({
            grid: { show: false },
            label: x.title,
            labelSize: 20,
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
          })
        : axis({
            grid: { show: false },
            label: x.title,
            labelSize: 20,
            splits: () => x.labels.map((_, i) => i),
            values: (_u, splits) => splits.map((i) => x.labels[i] ?? ''),
          });
  const xValue = (_u: uPlot, v: number | null): string =>
    v == null ? '–' : x.kind === 'time' ? timeLabel(v) : x.kind === 'category' ? (x.labels[v] ?? '') : `${x.title} ${v}`;

  const bandColor = spec.band?.color ?? p.band;
  const bandSeries: uPlot.Series[] = spec.band
    ? [
        {
          label: spec.band.name,
          stroke: bandColor,
          width: 0,
          points: { show: false },
          value: (u, v, _s, idx) => (v == null || idx == null ? '–' : `${fmt(v, '')} – ${fmt(u.data[2]?.[idx] ?? null, spec.unit)}`),
        },
        // The band's upper edge: one legend entry and one tooltip row are the band's (above).
        { label: spec.band.name, stroke: bandColor, width: 0, points: { show: false } },
      ]
    : [];
  const series: uPlot.Series[] = [
    { value: xValue },
    ...bandSeries,
    ...lines.map((l, i): uPlot.Series => ({
      label: l.name,
      stroke: l.color ?? color(i),
      width: l.width ?? 1.8,
      dash: l.dashed ? [6, 4] : undefined,
      spanGaps: l.spanGaps ?? false,
      scale: l.axis === 2 ? 'y2' : 'y',
      paths: l.step ? uPlot.paths.stepped!({ align: 1 }) : undefined,
      points: { show: l.showPoints ?? false, size: 5 },
      value: (_u, v) => fmt(v, l.axis === 2 ? (spec.secondUnit ?? '') : spec.unit),
    })),
  ];
  const second = lines.some((l) => l.axis === 2);
  const categories = x.kind === 'category' ? x.labels.length : 0;

  return {
    width: env.width,
    height: env.height,
    ms: 1,
    padding: [12, second ? 8 : 16, 0, 0],
    legend: { show: spec.legend !== false, live: false },
    plugins: [tooltipPlugin(spec.band ? [2] : [])],
    focus: { alpha: 0.35 },
    cursor: { focus: { prox: 16 }, drag: { x: true, y: false }, sync: env.group ? { key: env.group } : undefined },
    scales: {
      x:
        x.kind === 'time'
          ? { time: true }
          : x.kind === 'category'
            ? { time: false, range: () => [-0.4, Math.max(categories - 0.6, 0.6)] }
            : { time: false },
      y: { auto: true },
      ...(second ? { y2: { auto: true } } : {}),
    },
    axes: [xAxis, yAxis('y', spec.yTitle, 3), ...(second ? [yAxis('y2', spec.y2Title ?? '', 1)] : [])],
    series,
    bands: spec.band ? [{ series: [2, 1], fill: bandColor }] : undefined,
    hooks: spec.band
      ? {
          // The band is one legend entry ("min – max"); its upper edge needs none of its own.
          init: [
            (u) => {
              // The legend lists the x series too only when it is live.
              const rows = u.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
              rows[2 - (u.series.length - rows.length)]?.style.setProperty('display', 'none');
            },
          ],
        }
      : undefined,
  };
}
