import { useMemo, type ReactElement } from 'react';
import dayjs from 'dayjs';
import { EChart } from './EChart';
import type { ChartOption, LineSeriesOption } from './echarts';
import { PALETTES, seriesColor, TIME_AXIS_LABELS, type ChartTheme } from './chartTheme';

/**
 * A time-series line chart: one line per series, an optional min-max band drawn behind them,
 * horizontal reference lines (a set-point), wheel/drag zoom with a slider, and a tooltip that
 * gives every value with its unit. Lines are thinned with 'lttb' (largest-triangle) sampling,
 * which keeps peaks a plain average would hide; the server has already bucketed the data to a
 * few thousand points (DESIGN.md §2). A gap longer than `gapMs` breaks the line instead of
 * drawing a straight bridge across a time without readings.
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
  ariaLabel: string;
  height?: number | string;
  theme?: ChartTheme;
  group?: string;
  loading?: boolean;
  decimals?: number;
  /** Breaks lines across gaps longer than this (ms); no breaking when absent. */
  gapMs?: number;
  /** Shows the zoom slider under the chart (wheel and drag zoom work regardless). */
  slider?: boolean;
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

function fmt(v: unknown, decimals: number): string {
  return typeof v === 'number' && Number.isFinite(v) ? v.toFixed(decimals) : '–';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface TooltipItem {
  seriesId?: string;
  seriesName?: string;
  marker?: string;
  value?: unknown;
  axisValue?: number | string;
}

export function TimeSeriesChart({
  series,
  band,
  unit,
  secondUnit,
  ariaLabel,
  height = 320,
  theme = 'light',
  group,
  loading,
  decimals = 1,
  gapMs,
  slider = true,
  legend = true,
  range,
  testId,
}: TimeSeriesChartProps): ReactElement {
  const option = useMemo<ChartOption>(() => {
    const p = PALETTES[theme];
    const bandColor = band?.color ?? p.band;
    const lines: LineSeriesOption[] = series.map((s, i) => ({
      id: s.id,
      name: s.name,
      type: 'line',
      data: breakGaps(s.points, gapMs) as LineSeriesOption['data'],
      yAxisIndex: s.secondAxis ? 1 : 0,
      showSymbol: false,
      symbolSize: 5,
      sampling: 'lttb',
      connectNulls: false,
      step: s.step ? 'end' : false,
      color: s.color ?? seriesColor(theme, i),
      lineStyle: { width: s.width ?? 1.8, type: s.dashed ? 'dashed' : 'solid' },
      emphasis: { focus: 'series' },
      z: 3,
    }));
    // The band is a transparent base line at the minimum with the (max - min) span stacked on it.
    const bandSeries: LineSeriesOption[] = band
      ? [
          {
            id: '__band_min',
            name: band.name,
            type: 'line',
            data: band.points.map(([ts, min]) => [ts, min]),
            stack: '__band',
            stackStrategy: 'all',
            symbol: 'none',
            lineStyle: { opacity: 0 },
            sampling: 'lttb',
            silent: true,
            tooltip: { show: false },
            z: 1,
          },
          {
            id: '__band_span',
            name: band.name,
            type: 'line',
            data: band.points.map(([ts, min, max]) => [ts, max - min]),
            stack: '__band',
            stackStrategy: 'all',
            symbol: 'none',
            lineStyle: { opacity: 0 },
            areaStyle: { color: bandColor },
            color: bandColor,
            sampling: 'lttb',
            silent: true,
            z: 1,
          },
        ]
      : [];
    const bandAt = new Map(band?.points.map(([ts, min, max]) => [ts, [min, max] as const]));

    const tooltipFormatter = (raw: unknown): string => {
      const items = (Array.isArray(raw) ? raw : [raw]) as TooltipItem[];
      const ts = Number(items[0]?.axisValue);
      const head = Number.isFinite(ts) ? dayjs(ts).format('YYYY-MM-DD HH:mm') : '';
      const rows: string[] = [];
      for (const it of items) {
        if (it.seriesId === '__band_min') continue;
        const value = Array.isArray(it.value) ? (it.value as unknown[])[1] : it.value;
        if (it.seriesId === '__band_span') {
          const mm = bandAt.get(Number((it.value as unknown[])[0]));
          if (mm)
            rows.push(
              `${it.marker ?? ''}${escapeHtml(band!.name)}: <b>${fmt(mm[0], decimals)} – ${fmt(mm[1], decimals)}</b> ${escapeHtml(unit)}`,
            );
          continue;
        }
        if (value === null || value === undefined) continue;
        const own = series.find((s) => s.id === it.seriesId);
        const u = own?.secondAxis ? (secondUnit ?? '') : unit;
        rows.push(`${it.marker ?? ''}${escapeHtml(it.seriesName ?? '')}: <b>${fmt(value, decimals)}</b> ${escapeHtml(u)}`);
      }
      return `<div class="fs-chart-tip"><div class="fs-chart-tip__time">${head}</div>${rows.join('<br/>')}</div>`;
    };

    const axisLabel = { color: p.subtleText };
    const yAxis = (name: string): object => ({
      type: 'value',
      name,
      nameTextStyle: { color: p.subtleText, align: 'left' },
      scale: true,
      axisLabel,
      splitLine: { lineStyle: { color: p.splitLine } },
      axisLine: { show: false },
    });

    return {
      grid: { left: 8, right: secondUnit ? 8 : 20, top: legend ? 44 : 28, bottom: slider ? 58 : 16, containLabel: true },
      legend: legend
        ? {
            type: 'scroll',
            top: 0,
            left: 0,
            right: 0,
            textStyle: { color: p.text },
            pageTextStyle: { color: p.subtleText },
            data: [...series.map((s) => s.name), ...(band ? [band.name] : [])],
          }
        : { show: false },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'line', lineStyle: { color: p.axisLine } },
        backgroundColor: p.tooltipBg,
        borderColor: p.tooltipBorder,
        textStyle: { color: p.tooltipText, fontSize: 12 },
        confine: true,
        formatter: tooltipFormatter,
      },
      xAxis: {
        type: 'time',
        min: range?.[0],
        max: range?.[1],
        axisLabel: { ...axisLabel, hideOverlap: true, formatter: TIME_AXIS_LABELS },
        axisLine: { lineStyle: { color: p.axisLine } },
        splitLine: { show: false },
      },
      yAxis: secondUnit ? [yAxis(unit), yAxis(secondUnit)] : [yAxis(unit)],
      dataZoom: [
        { type: 'inside', throttle: 50, filterMode: 'none' },
        ...(slider
          ? [
              {
                type: 'slider' as const,
                height: 22,
                bottom: 10,
                filterMode: 'none' as const,
                borderColor: p.axisLine,
                fillerColor: p.zoomFill,
                handleStyle: { color: p.zoomHandle, borderColor: p.zoomHandle },
                moveHandleStyle: { color: p.zoomHandle },
                textStyle: { color: p.subtleText },
                labelFormatter: (v: number) => dayjs(v).format('MM-DD HH:mm'),
                dataBackground: { lineStyle: { color: p.axisLine }, areaStyle: { color: p.splitLine } },
              },
            ]
          : []),
      ],
      series: [...bandSeries, ...lines],
    };
  }, [series, band, unit, secondUnit, theme, decimals, gapMs, slider, legend, range]);

  return <EChart option={option} ariaLabel={ariaLabel} height={height} theme={theme} group={group} loading={loading} testId={testId} />;
}
