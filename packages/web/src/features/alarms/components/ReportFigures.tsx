import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmAnalysis } from '@farmsense/shared';
import { hoursText, minutesText } from './ReportPage';

/** The level series of the report charts, in the alarm tags' colours. */
export const LEVEL_SERIES = [
  { level: 1, field: 'high', color: '#f5222d' },
  { level: 2, field: 'medium', color: '#fa8c16' },
  { level: 3, field: 'low', color: '#1677ff' },
] as const;

/** The headline figures of a period: alarms by level, acknowledged, time in alarm, mean time to acknowledge. */
export function ReportFigures({ figures: a }: { figures: AlarmAnalysis }): ReactElement {
  const { t } = useTranslation('alarms');
  const tiles: { id: string; label: string; value: string | number }[] = [
    { id: 'count', label: t('reports.alarms'), value: a.count },
    ...LEVEL_SERIES.map((l) => ({ id: l.field, label: t(`levels.${l.level}`), value: a[l.field] })),
    { id: 'acknowledged', label: t('reports.acknowledged'), value: a.acknowledged },
    { id: 'alarmTime', label: t('reports.columns.alarmTime'), value: hoursText(a.alarmSec) },
    { id: 'mtta', label: t('reports.columns.mtta'), value: minutesText(a.mttaSec) },
  ];
  return (
    <ul className="fs-alarm-figures" aria-label={t('reports.figures')}>
      {tiles.map((f) => (
        <li key={f.id} className="fs-alarm-figure" data-testid="report-figure" data-figure={f.id}>
          <span className="fs-alarm-figure__value">{f.value}</span>
          <span className="fs-alarm-figure__label">{f.label}</span>
        </li>
      ))}
    </ul>
  );
}
