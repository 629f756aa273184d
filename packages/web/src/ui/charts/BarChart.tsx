import { useMemo, type ReactElement } from 'react';
import { EChart } from './EChart';
import type { BarSeriesOption, ChartOption } from './echarts';
import { PALETTES, seriesColor, type ChartTheme } from './chartTheme';

/**
 * A category bar chart (one bar per gateway, shed, ...), grouped or stacked, with values and
 * units in the tooltip. With many categories it turns horizontal so long names stay readable.
 */
export interface BarSeries {
  id: string;
  name: string;
  values: readonly (number | null)[];
  color?: string;
  /** Series with the same stack key are drawn on top of each other. */
  stack?: string;
}

export interface BarChartProps {
  categories: readonly string[];
  series: readonly BarSeries[];
  unit: string;
  ariaLabel: string;
  height?: number | string;
  theme?: ChartTheme;
  decimals?: number;
  /** Horizontal bars; by default when there are more than 8 categories. */
  horizontal?: boolean;
  testId?: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface TooltipItem {
  seriesName?: string;
  marker?: string;
  value?: unknown;
  name?: string;
}

export function BarChart({
  categories,
  series,
  unit,
  ariaLabel,
  height = 300,
  theme = 'light',
  decimals = 1,
  horizontal,
  testId,
}: BarChartProps): ReactElement {
  const flat = horizontal ?? categories.length > 8;
  const option = useMemo<ChartOption>(() => {
    const p = PALETTES[theme];
    const categoryAxis = {
      type: 'category' as const,
      data: [...categories],
      axisLabel: {
        color: p.subtleText,
        hideOverlap: !flat,
        width: flat ? 160 : 150,
        overflow: 'truncate' as const,
        interval: 0,
        lineHeight: 16,
      },
      axisLine: { lineStyle: { color: p.axisLine } },
      axisTick: { show: false },
    };
    const valueAxis = {
      type: 'value' as const,
      name: unit,
      nameTextStyle: { color: p.subtleText },
      axisLabel: { color: p.subtleText },
      splitLine: { lineStyle: { color: p.splitLine } },
    };
    const bars: BarSeriesOption[] = series.map((s, i) => ({
      id: s.id,
      name: s.name,
      type: 'bar',
      data: [...s.values],
      stack: s.stack,
      color: s.color ?? seriesColor(theme, i),
      barMaxWidth: 36,
      emphasis: { focus: 'series' },
      itemStyle: { borderRadius: s.stack ? 0 : flat ? [0, 3, 3, 0] : [3, 3, 0, 0] },
    }));
    return {
      grid: { left: 8, right: 24, top: series.length > 1 ? 58 : 34, bottom: 8, containLabel: true },
      legend: series.length > 1 ? { top: 0, left: 0, textStyle: { color: p.text } } : { show: false },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        backgroundColor: p.tooltipBg,
        borderColor: p.tooltipBorder,
        textStyle: { color: p.tooltipText, fontSize: 12 },
        confine: true,
        formatter: (raw: unknown) => {
          const items = (Array.isArray(raw) ? raw : [raw]) as TooltipItem[];
          const rows = items.map((it) => {
            const v = typeof it.value === 'number' ? it.value.toFixed(decimals) : '–';
            return `${it.marker ?? ''}${escapeHtml(it.seriesName ?? '')}: <b>${v}</b> ${escapeHtml(unit)}`;
          });
          return `<div class="fs-chart-tip"><div class="fs-chart-tip__time">${escapeHtml((items[0]?.name ?? '').replace(/\n/g, ' · '))}</div>${rows.join('<br/>')}</div>`;
        },
      },
      xAxis: flat ? valueAxis : categoryAxis,
      yAxis: flat ? { ...categoryAxis, inverse: true } : valueAxis,
      series: bars,
    };
  }, [categories, series, unit, theme, decimals, flat]);

  const autoHeight = flat ? Math.max(220, categories.length * 34 + 60) : height;
  return <EChart option={option} ariaLabel={ariaLabel} height={flat ? autoHeight : height} theme={theme} testId={testId} />;
}
