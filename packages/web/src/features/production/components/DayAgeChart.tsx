import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart, type ValueLine } from '../../../ui/charts';

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

/** As many decimals as the figures have (weights in whole grams, FCR to three places), at most 3. */
function decimalsOf(series: readonly DayAgeSeries[]): number {
  let most = 0;
  for (const s of series) for (const [, v] of s.points) if (v !== null) most = Math.max(most, String(v).split('.')[1]?.length ?? 0);
  return Math.min(most, 3);
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
  const lines = useMemo<ValueLine[]>(() => series.map((s) => ({ id: s.id, name: s.name, points: s.points, dashed: s.dashed })), [series]);
  return (
    <LineChart
      lines={lines}
      xTitle={t('fields.dayAge')}
      yTitle={unit ? `(${unit})` : ''}
      unit={unit}
      decimals={decimalsOf(series)}
      ariaLabel={ariaLabel}
      height={height}
      legend={series.length > 1}
      testId={testId}
    />
  );
}
