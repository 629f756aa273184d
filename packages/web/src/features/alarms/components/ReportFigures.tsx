import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AlarmAnalysis } from '@farmsense/shared';
import { BarChart } from '../../../ui/charts';
import { EmptyBlock } from '../../../ui/QueryStates';
import { hoursText, minutesText } from './ReportPage';

/** The level series of the report charts, in the alarm tags' colours. */
export const LEVEL_SERIES = [
  { level: 1, field: 'high', color: '#f5222d' },
  { level: 2, field: 'medium', color: '#fa8c16' },
  { level: 3, field: 'low', color: '#1677ff' },
] as const;

type LevelCounts = Record<(typeof LEVEL_SERIES)[number]['field'], number>;

/** What a report counts for a shed, a gateway or a rule: alarms by level and in all, time in alarm, mean time to acknowledge. */
type LevelFigures = LevelCounts & { count: number; alarmSec: number; mttaSec: number | null };

/** The table columns of those figures; `countTestId` marks the count for tests. */
export function figureColumns<T extends LevelFigures>(t: TFunction, countTestId?: string): ColumnsType<T> {
  return [
    ...LEVEL_SERIES.map((l) => ({
      key: l.field,
      title: t(`levels.${l.level}`),
      align: 'right' as const,
      render: (_: unknown, x: T) => x[l.field],
    })),
    {
      key: 'count',
      title: t('reports.columns.count'),
      align: 'right',
      render: (_, x) => <strong data-testid={countTestId}>{x.count}</strong>,
    },
    { key: 'time', title: t('reports.columns.alarmTime'), align: 'right', render: (_, x) => hoursText(x.alarmSec) },
    {
      key: 'mtta',
      title: t('reports.columns.mtta'),
      align: 'right',
      render: (_, x) => minutesText(x.mttaSec),
    },
  ];
}

/** The alarms of some hours, sheds, gateways or rules as bars stacked by level ("none" when there are none). */
export function LevelBarChart({
  rows,
  categories,
  title,
  testId,
}: {
  rows: readonly LevelCounts[];
  categories: string[];
  title: string;
  testId: string;
}): ReactElement {
  const { t } = useTranslation('alarms');
  if (rows.length === 0) return <EmptyBlock title={t('reports.none')} />;
  return (
    <BarChart
      categories={categories}
      series={LEVEL_SERIES.map((l) => ({
        id: l.field,
        name: t(`levels.${l.level}`),
        values: rows.map((x) => x[l.field]),
        color: l.color,
        stack: 'n',
      }))}
      unit={t('reports.alarms')}
      decimals={0}
      ariaLabel={title}
      testId={testId}
    />
  );
}

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
