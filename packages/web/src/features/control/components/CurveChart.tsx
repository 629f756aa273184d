import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurvePoint, SettingStateAnswer } from '@farmsense/shared';
import { LineChart, type ValueLine } from '../../../ui/charts';

/**
 * The curve being edited against what the controller acknowledged, the breed's comfort curve
 * (dashed) and the flock's current day age (a vertical mark), over day age.
 */
export function CurveChart({
  points,
  reported,
  state,
}: {
  points: readonly CurvePoint[];
  reported: readonly CurvePoint[] | null;
  state: SettingStateAnswer | undefined;
}): ReactElement {
  const { t } = useTranslation('control');
  const lines = useMemo<ValueLine[]>(() => {
    const out: ValueLine[] = [{ id: 'edited', name: t('curve.edited'), points: points.map((p) => [p.day, p.target] as const) }];
    if (reported) out.push({ id: 'reported', name: t('curve.reported'), points: reported.map((p) => [p.day, p.target] as const) });
    const comfort = state?.comfort;
    if (comfort) {
      const last = Math.max(...points.map((p) => p.day), comfort.startDay);
      const comfortPoints = comfort.values
        .map((v, i) => [comfort.startDay + i, v] as const)
        .filter((xy): xy is readonly [number, number] => xy[1] !== null && xy[0] <= last);
      out.push({ id: 'comfort', name: t('curve.comfort'), points: comfortPoints, dashed: true });
    }
    const all = out.flatMap((l) => l.points.flatMap((xy) => (xy[1] === null ? [] : [xy[1]])));
    if (state?.dayAge !== null && state?.dayAge !== undefined && all.length > 0) {
      out.push({
        id: 'today',
        name: t('curve.today', { day: state.dayAge }),
        points: [
          [state.dayAge, Math.min(...all)],
          [state.dayAge, Math.max(...all)],
        ],
        dashed: true,
      });
    }
    return out;
  }, [points, reported, state, t]);
  return (
    <LineChart
      lines={lines}
      xTitle={t('curve.day')}
      yTitle={t('curve.fields.target')}
      unit="°C"
      decimals={1}
      ariaLabel={t('curve.chart')}
      height={260}
      testId="curve-chart"
    />
  );
}
