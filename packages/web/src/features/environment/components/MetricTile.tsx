import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Level } from '../model/comfort';
import { fmtNumber } from '../model/format';

/** One measured value on a shed card: label, number, unit; tinted and marked when out of band. */
export function MetricTile({
  label,
  kind,
  value,
  unit,
  level,
}: {
  label: string;
  kind: string;
  value: number | null | undefined;
  unit: string;
  level: Level;
}): ReactElement {
  const { t } = useTranslation('environment');
  const missing = value === null || value === undefined;
  return (
    <div className={`fs-metric fs-metric--${level}${missing ? ' fs-metric--none' : ''}`} data-testid={`metric-${kind}`}>
      <div className="fs-metric__label">{label}</div>
      <div className="fs-metric__value">
        {fmtNumber(value, kind)}
        {!missing && <span className="fs-metric__unit">{unit}</span>}
      </div>
      {level !== 'ok' && <span className="fs-visually-hidden">{t(`level.${level}`)}</span>}
    </div>
  );
}
