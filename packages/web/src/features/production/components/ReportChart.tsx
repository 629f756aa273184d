import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart, seriesColor, type ValueLine, type XY } from '../../../ui/charts';
import { pointCount } from '../model/series';

/**
 * A production chart: per flock (or farm) its actual figure as a solid line and the breed
 * standard as a dashed line of the same colour, so each flock reads against its standard at a
 * glance; a legend entry and the dashed-line note only for lines that have figures. The legend is drawn as page text (not on the canvas): readable, translatable, and it
 * says how many points each line has; the values at the cursor show beside it.
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
  /** What the y axis measures ("Average weight"); the unit follows in brackets. */
  yName: string;
  unit: string;
  decimals: number;
  /** The chart's name for assistive technology; it speaks of the standard only when one is drawn. */
  ariaLabel: (withStandard: boolean) => string;
  /** What to say when no standard line is drawn (the trend pages say where to add a curve). */
  noStandardNote?: string;
  testId: string;
  loading?: boolean;
}

/** [x, y] pairs; a category line's values get their category index as x. */
function toPoints(data: ReportLine['data']): XY[] {
  const out: XY[] = [];
  for (let i = 0; i < data.length; i += 1) {
    const p = data[i]!;
    out.push(typeof p === 'number' || p === null ? [i, p] : p);
  }
  return out;
}

export function ReportChart({
  lines,
  categories,
  xName,
  yName,
  unit,
  decimals,
  ariaLabel,
  noStandardNote,
  testId,
  loading,
}: ReportChartProps): ReactElement {
  const { t } = useTranslation('poultry');
  // Only lines with a figure: a legend entry for an empty line would only mislead.
  const shown = useMemo(() => lines.filter((l) => pointCount(l.data) > 0), [lines]);
  // The legend note promises a dashed standard only where one is drawn (farm rows mix ages and
  // carry none; survival and livability have no breed standard).
  const withStandard = shown.some((l) => l.kind === 'standard');
  const entities = useMemo(() => [...new Set(shown.map((l) => l.entity))], [shown]);
  const colorOf = (entity: string): string => seriesColor('light', Math.max(0, entities.indexOf(entity)));
  const chartLines = useMemo<ValueLine[]>(
    () =>
      shown.map((l) => ({
        id: l.id,
        name: l.name,
        points: toPoints(l.data),
        color: seriesColor('light', Math.max(0, entities.indexOf(l.entity))),
        dashed: l.kind === 'standard',
        width: l.kind === 'actual' ? 2 : 1.5,
      })),
    [shown, entities],
  );

  return (
    <div className="fs-poultry-chart">
      <LineChart
        lines={chartLines}
        categories={categories}
        xTitle={xName}
        yTitle={unit ? `${yName} (${unit})` : yName}
        unit={unit}
        decimals={decimals}
        ariaLabel={ariaLabel(withStandard)}
        loading={loading}
        legend={false}
        testId={testId}
      />
      <ul className="fs-poultry-legend" aria-label={t('chart.legend')}>
        {shown.map((l) => (
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
      <div className="fs-poultry-legend__note" data-testid="report-chart-note">
        {withStandard ? t('chart.note') : (noStandardNote ?? t('chart.noStandard'))}
      </div>
    </div>
  );
}
