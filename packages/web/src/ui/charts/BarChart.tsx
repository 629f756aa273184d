import type { CSSProperties, ReactElement } from 'react';
import { formatDecimal } from '../../app/i18n/numbers';
import { axisTitle, hasValues } from './axisTitle';
import { seriesColor, type ChartTheme } from './chartTheme';
import './charts.css';

/**
 * A category bar chart (one row per gateway, shed, ...), grouped or stacked, drawn as page
 * elements rather than on a canvas: long names wrap instead of being cut, every value is
 * written beside its bar in the reader's number format, the text is selectable and read by
 * screen readers, and it costs no chart library. Rows run top to bottom, so fifty sheds read as
 * easily as five.
 */
export interface BarSeries {
  id: string;
  name: string;
  values: readonly (number | null)[];
  color?: string;
  /** Series with the same stack key are drawn end to end in one bar. */
  stack?: string;
}

export interface BarChartProps {
  categories: readonly string[];
  series: readonly BarSeries[];
  unit: string;
  /** What the values measure ("Offline time"); the axis title is it with the unit in brackets. */
  valueName?: string;
  ariaLabel: string;
  theme?: ChartTheme;
  decimals?: number;
  testId?: string;
}

interface Segment {
  series: BarSeries;
  color: string;
  from: number;
  to: number;
  value: number;
}

/** The bars of one category: one per series, or one per stack with its series end to end. */
function barsOf(series: readonly BarSeries[], colors: string[], index: number): Segment[][] {
  const bars = new Map<string, Segment[]>();
  series.forEach((s, i) => {
    const value = s.values[index];
    const key = s.stack ?? `__${s.id}`;
    const bar = bars.get(key) ?? [];
    bars.set(key, bar);
    if (value == null || !Number.isFinite(value)) return;
    const start = bar.filter((seg) => Math.sign(seg.value) === Math.sign(value)).reduce((sum, seg) => sum + seg.value, 0);
    bar.push({ series: s, color: colors[i]!, from: start, to: start + value, value });
  });
  return [...bars.values()];
}

export function BarChart({
  categories,
  series,
  unit,
  valueName,
  ariaLabel,
  theme = 'light',
  decimals = 1,
  testId,
}: BarChartProps): ReactElement {
  const colors = series.map((s, i) => s.color ?? seriesColor(theme, i));
  // A legend entry only for a series with a value somewhere: an entry for nothing drawn misleads.
  const legend = series.flatMap((s, i) => (hasValues(s.values) ? [{ s, color: colors[i]! }] : []));
  const rows = categories.map((name, i) => ({ name, bars: barsOf(series, colors, i) }));
  const ends = rows.flatMap((r) => r.bars.flat().flatMap((s) => [s.from, s.to]));
  const lo = Math.min(0, ...ends);
  const hi = Math.max(0, ...ends);
  const span = hi - lo || 1;
  const pct = (v: number): number => ((v - lo) / span) * 100;
  const fmt = (v: number): string => `${formatDecimal(v, decimals)}${unit ? ` ${unit}` : ''}`;
  const segmentStyle = (seg: Segment): CSSProperties => ({
    left: `${pct(Math.min(seg.from, seg.to))}%`,
    width: `${Math.max(Math.abs(pct(seg.to) - pct(seg.from)), 0.4)}%`,
    background: seg.color,
  });

  return (
    <figure className={`fs-bars fs-bars--${theme}`} data-testid={testId} aria-label={ariaLabel}>
      {legend.length > 1 && (
        <ul className="fs-bars__legend">
          {legend.map(({ s, color }) => (
            <li key={s.id}>
              <i style={{ background: color }} aria-hidden="true" />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <div className="fs-bars__axis">{axisTitle(valueName, unit)}</div>
      <ol className="fs-bars__rows">
        {rows.map((row) => (
          <li key={row.name} className="fs-bars__row" data-testid="bar-row">
            <span className="fs-bars__label">{row.name}</span>
            <span className="fs-bars__cell">
              {row.bars.map((bar, b) => {
                const total = bar.reduce((sum, seg) => sum + seg.value, 0);
                return (
                  <span key={b} className="fs-bars__bar">
                    <span className="fs-bars__track">
                      {bar.map((seg) => (
                        <span
                          key={seg.series.id}
                          className="fs-bars__seg"
                          style={segmentStyle(seg)}
                          title={`${seg.series.name}: ${fmt(seg.value)}`}
                        />
                      ))}
                    </span>
                    <span className="fs-bars__value">{bar.length ? fmt(total) : '–'}</span>
                  </span>
                );
              })}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
