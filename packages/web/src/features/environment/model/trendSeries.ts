import { roundTo, type TrendAnswer, type TrendSeries, type TrendShed } from '@farmsense/shared';
import type { TimeBand, TimeSeries } from '../../../ui/charts';
import { tk } from '../../../app/i18n/i18n';
import { keyLabel } from './format';

/**
 * Turns a shed's trend answer into chart lines: one line per sensor (the bucket averages), the
 * spread between the lowest and the highest sensor as a band behind them, and for temperature
 * the outdoor temperature and the set-point beside the indoor lines.
 */
export interface ShedChartData {
  series: TimeSeries[];
  band?: TimeBand;
  gapMs: number | undefined;
}

function seriesName(s: TrendSeries, several: boolean): string {
  return several ? `${s.gatewayCode} ${keyLabel(s.key)}` : keyLabel(s.key);
}

/** The typical distance between points: gaps are judged against it, not against a fixed time. */
export function medianStep(points: readonly (readonly [number, ...unknown[]])[]): number {
  if (points.length < 2) return 0;
  const steps: number[] = [];
  for (let i = 1; i < points.length; i += 1) steps.push(points[i]![0] - points[i - 1]![0]);
  steps.sort((a, b) => a - b);
  return steps[Math.floor(steps.length / 2)]!;
}

/** Per time: the lowest minimum and the highest maximum over every sensor. */
export function spreadBand(series: readonly TrendSeries[]): [number, number, number][] {
  const at = new Map<number, [number, number]>();
  for (const s of series) {
    for (const [ts, , min, max] of s.points) {
      const cur = at.get(ts);
      at.set(ts, cur ? [Math.min(cur[0], min), Math.max(cur[1], max)] : [min, max]);
    }
  }
  return [...at.entries()].sort((a, b) => a[0] - b[0]).map(([ts, [min, max]]) => [ts, min, max]);
}

export function shedChartData(shed: TrendShed, answer: Pick<TrendAnswer, 'kind' | 'bucketMs'>): ShedChartData {
  const several = new Set(shed.series.map((s) => s.gatewayCode)).size > 1;
  const series: TimeSeries[] = shed.series.map((s) => ({
    id: `${s.gatewayCode}|${s.key}`,
    name: seriesName(s, several),
    points: s.points.map(([ts, avg]) => [ts, avg] as const),
  }));
  if (shed.outdoor && shed.outdoor.points.length > 0) {
    series.push({
      id: 'outdoor',
      name: keyLabel('outTemp.1'),
      points: shed.outdoor.points.map(([ts, avg]) => [ts, avg] as const),
      dashed: true,
      color: '#8c8c8c',
      width: 1.5,
    });
  }
  if (shed.target && shed.target.points.length > 0) {
    series.push({
      id: 'target',
      name: keyLabel('targetTemp.1'),
      points: shed.target.points.map(([ts, avg]) => [ts, avg] as const),
      dashed: true,
      step: true,
      color: '#cf1322',
      width: 1.5,
    });
  }
  const band =
    answer.kind !== 'vent' && shed.series.length > 1 ? { name: tk('environment.trend.band'), points: spreadBand(shed.series) } : undefined;
  const step = Math.max(...shed.series.map((s) => medianStep(s.points)), 0);
  const gapMs = step > 0 ? Math.max(step * 4, answer.bucketMs * 3) : undefined;
  return { series, band, gapMs };
}

/** The shed's mean over its sensors per time (for comparing sheds on one chart). */
export function shedMeanPoints(shed: TrendShed): [number, number][] {
  const at = new Map<number, { sum: number; n: number }>();
  for (const s of shed.series) {
    for (const [ts, avg] of s.points) {
      const cur = at.get(ts) ?? { sum: 0, n: 0 };
      cur.sum += avg;
      cur.n += 1;
      at.set(ts, cur);
    }
  }
  return [...at.entries()].sort((a, b) => a[0] - b[0]).map(([ts, { sum, n }]) => [ts, roundTo(sum / n, 2)]);
}
