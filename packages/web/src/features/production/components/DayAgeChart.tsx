import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, PALETTES, seriesColor } from '../../../ui/charts';
import type { ChartOption, LineSeriesOption } from '../../../ui/charts/echarts';

/**
 * A small line chart over day age (not time): curve previews, built-in standards and a flock's
 * weight against its standard. Standards are drawn dashed so the actual figures stand out.
 */
export interface DayAgeSeries {
  id: string;
  name: string;
  /** [dayAge, value] */
  points: readonly (readonly [number, number | null])[];
  dashed?: boolean;
}

export function DayAgeChart({
  series,
  unit,
  ariaLabel,
  height = 220,
  testId,
}: {
  series: readonly DayAgeSeries[];
  unit: string;
  ariaLabel: string;
  height?: number;
  testId?: string;
}): ReactElement {
  const { t } = useTranslation('flocks');
  const dayAge = t('fields.dayAge');
  const option = useMemo<ChartOption>(() => {
    const p = PALETTES.light;
    const lines: LineSeriesOption[] = series.map((s, i) => ({
      id: s.id,
      name: s.name,
      type: 'line',
      data: s.points.map(([x, y]) => [x, y]) as LineSeriesOption['data'],
      showSymbol: s.points.length <= 20,
      symbolSize: 4,
      connectNulls: true,
      color: seriesColor('light', i),
      lineStyle: { width: 1.8, type: s.dashed ? 'dashed' : 'solid' },
    }));
    return {
      // The bottom margin leaves room for the x axis name, which containLabel does not count.
      grid: { left: 8, right: 16, top: series.length > 1 ? 36 : 24, bottom: 26, containLabel: true },
      legend: series.length > 1 ? { top: 0, left: 0, textStyle: { color: p.text } } : { show: false },
      tooltip: {
        trigger: 'axis',
        confine: true,
        backgroundColor: p.tooltipBg,
        borderColor: p.tooltipBorder,
        textStyle: { color: p.tooltipText, fontSize: 12 },
        valueFormatter: (v) => (typeof v === 'number' ? `${v}${unit ? ` ${unit}` : ''}` : '–'),
      },
      xAxis: {
        type: 'value',
        name: dayAge,
        nameLocation: 'middle',
        nameGap: 24,
        minInterval: 1,
        scale: true,
        axisLabel: { color: p.subtleText },
        axisLine: { lineStyle: { color: p.axisLine } },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        name: unit,
        scale: true,
        nameTextStyle: { color: p.subtleText, align: 'left' },
        axisLabel: { color: p.subtleText },
        splitLine: { lineStyle: { color: p.splitLine } },
      },
      series: lines,
    };
  }, [series, unit, dayAge]);
  return <EChart option={option} ariaLabel={ariaLabel} height={height} testId={testId} />;
}
