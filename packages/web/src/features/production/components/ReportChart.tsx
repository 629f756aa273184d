import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, PALETTES, seriesColor } from '../../../ui/charts';
import type { ChartOption, LineSeriesOption } from '../../../ui/charts/echarts';
import { formatNumber } from '../model/metrics';
import { pointCount } from '../model/series';

/**
 * A production chart: per flock (or farm) its actual figure as a solid line and the breed
 * standard as a dashed line of the same colour, so each flock reads against its standard at a
 * glance. The legend is drawn as page text (not on the canvas): readable, translatable, and it
 * says how many points each line has.
 */
export interface ReportLine {
  id: string;
  name: string;
  /** Lines of one entity share a colour. */
  entity: string;
  kind: 'actual' | 'standard';
  /** [x, y] on a value axis, or y per category. */
  data: readonly (readonly [number, number | null])[] | readonly (number | null)[];
}

export interface ReportChartProps {
  lines: readonly ReportLine[];
  /** Category labels (periods); absent for a numeric day-age axis. */
  categories?: readonly string[];
  xName: string;
  unit: string;
  decimals: number;
  ariaLabel: string;
  testId: string;
  loading?: boolean;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface TipItem {
  seriesName?: string;
  marker?: string;
  value?: unknown;
  axisValueLabel?: string;
}

export function ReportChart({ lines, categories, xName, unit, decimals, ariaLabel, testId, loading }: ReportChartProps): ReactElement {
  const { t } = useTranslation('poultry');
  const entities = useMemo(() => [...new Set(lines.map((l) => l.entity))], [lines]);
  const colorOf = (entity: string): string => seriesColor('light', Math.max(0, entities.indexOf(entity)));

  const option = useMemo<ChartOption>(() => {
    const p = PALETTES.light;
    const series: LineSeriesOption[] = lines.map((l) => ({
      id: l.id,
      name: l.name,
      type: 'line',
      data: l.data as LineSeriesOption['data'],
      showSymbol: l.kind === 'actual' && (categories?.length ?? l.data.length) <= 40,
      symbolSize: 5,
      // Weighings are every few days: a flock's line runs from one figure to the next.
      connectNulls: true,
      color: seriesColor('light', Math.max(0, entities.indexOf(l.entity))),
      lineStyle: {
        width: l.kind === 'actual' ? 2 : 1.5,
        type: l.kind === 'standard' ? 'dashed' : 'solid',
        opacity: l.kind === 'standard' ? 0.8 : 1,
      },
      emphasis: { focus: 'series' },
      z: l.kind === 'actual' ? 3 : 2,
    }));
    const axisLabel = { color: p.subtleText };
    return {
      grid: { left: 8, right: 24, top: 32, bottom: 40, containLabel: true },
      legend: { show: false },
      tooltip: {
        trigger: 'axis',
        backgroundColor: p.tooltipBg,
        borderColor: p.tooltipBorder,
        textStyle: { color: p.tooltipText, fontSize: 12 },
        confine: true,
        formatter: (raw: unknown) => {
          const items = (Array.isArray(raw) ? raw : [raw]) as TipItem[];
          const rows = items
            .map((it) => {
              const v = Array.isArray(it.value) ? (it.value as unknown[])[1] : it.value;
              if (typeof v !== 'number') return null;
              return `${it.marker ?? ''}${escapeHtml(it.seriesName ?? '')}: <b>${formatNumber(v, decimals)}</b> ${escapeHtml(unit)}`;
            })
            .filter(Boolean);
          return `<div class="fs-chart-tip"><div class="fs-chart-tip__time">${escapeHtml(xName)} ${escapeHtml(items[0]?.axisValueLabel ?? '')}</div>${rows.join('<br/>')}</div>`;
        },
      },
      xAxis: categories
        ? {
            type: 'category',
            data: [...categories],
            name: xName,
            nameLocation: 'middle',
            nameGap: 28,
            axisLabel,
            axisLine: { lineStyle: { color: p.axisLine } },
          }
        : {
            type: 'value',
            name: xName,
            nameLocation: 'middle',
            nameGap: 28,
            scale: true,
            minInterval: 1,
            axisLabel,
            axisLine: { lineStyle: { color: p.axisLine } },
            splitLine: { show: false },
          },
      yAxis: {
        type: 'value',
        name: unit,
        scale: true,
        nameTextStyle: { color: p.subtleText, align: 'left' },
        axisLabel,
        splitLine: { lineStyle: { color: p.splitLine } },
      },
      dataZoom: [{ type: 'inside', filterMode: 'none' }],
      series,
    };
  }, [lines, categories, entities, xName, unit, decimals]);

  return (
    <div className="fs-poultry-chart">
      <EChart option={option} ariaLabel={ariaLabel} height={320} loading={loading} testId={testId} />
      <ul className="fs-poultry-legend" aria-label={t('chart.legend')}>
        {lines.map((l) => (
          <li
            key={l.id}
            data-testid="report-series"
            data-kind={l.kind}
            data-points={pointCount(l.data)}
            className={`fs-poultry-legend__item fs-poultry-legend__item--${l.kind}`}
          >
            <i style={{ borderTopColor: colorOf(l.entity) }} aria-hidden="true" />
            <span>{l.name}</span>
          </li>
        ))}
      </ul>
      <div className="fs-poultry-legend__note">{t('chart.note')}</div>
    </div>
  );
}
