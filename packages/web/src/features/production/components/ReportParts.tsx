import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../../../app/i18n/i18n';
import { FilterBar } from '../../../ui/FilterBar';
import type { ReportRow } from '../reportsApi';
import { formatNumber, METRICS, worseBy, type MetricKey } from '../model/metrics';
import { figure, standardOf } from '../model/series';
import type { KpiKey } from '../model/reports';
import '../../environment/environment.css';
import '../reports.css';
import { PageHead } from '../../../ui/PageParts';

/** The frame every poultry report shares: title from the menu, subtitle, filters, body. */
export function ReportFrame({
  code,
  subtitle,
  filters,
  actions,
  children,
}: {
  code: string;
  subtitle: string;
  filters: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation('poultry');
  return (
    <section className="fs-env-page fs-poultry-page" aria-labelledby="page-title" data-report={code}>
      <PageHead title={menuLabel(code)} subtitle={subtitle} />
      <div className="fs-panel fs-env-filters">
        <FilterBar label={t('filters.label')} actions={actions}>
          {filters}
        </FilterBar>
      </div>
      {children}
    </section>
  );
}

/** "12.3 kg", a unit-less figure alone; units come from the `poultry` namespace. */
export function useUnit(): (key: MetricKey) => string {
  const { t } = useTranslation('poultry');
  return (key) => (METRICS[key].unit ? t(`unit.${METRICS[key].unit}`) : '');
}

/** The figure of a cell: value, its standard under it, marked when worse than standard by >5 %. */
export function FigureCell({ row, metric, locale }: { row: ReportRow; metric: MetricKey; locale: string }): ReactElement {
  const { t } = useTranslation('poultry');
  const def = METRICS[metric];
  const value = figure(row, metric);
  const std = standardOf(row, metric);
  const worse = worseBy(value, std, def.better);
  const text = formatNumber(value, def.decimals, locale);
  return (
    <span className="fs-cell-stack fs-poultry-cell">
      <span
        className={`fs-num${worse !== null ? ' fs-text-bad' : ''}`}
        data-worse={worse !== null ? 'true' : undefined}
        title={worse !== null ? t('worse', { pct: Math.round(worse * 100) }) : undefined}
      >
        {text}
      </span>
      {std !== null && <span className="fs-cell-sub fs-muted fs-num">{t('std', { value: formatNumber(std, def.decimals, locale) })}</span>}
    </span>
  );
}

/** Small KPI cards over the period's totals (livability, FCR, EPEF, laying rate ...). */
export function KpiCards({
  totals,
  kpis,
  locale,
}: {
  totals: ReportRow | null;
  kpis: readonly KpiKey[];
  locale: string;
}): ReactElement | null {
  const { t } = useTranslation('poultry');
  const unit = useUnit();
  if (!totals || kpis.length === 0) return null;
  return (
    <div className="fs-poultry-kpis" role="list" aria-label={t('kpi.label')}>
      {kpis.map((k) => {
        const def = METRICS[k];
        const value = figure(totals, k);
        const std = standardOf(totals, k);
        const worse = worseBy(value, std, def.better);
        return (
          <div key={k} role="listitem" className="fs-poultry-kpi" data-testid="report-kpi" data-kpi={k}>
            <span className="fs-poultry-kpi__label">{t(`col.${k}`)}</span>
            <b className={worse !== null ? 'fs-text-bad' : undefined}>
              {formatNumber(value, def.decimals, locale)}
              {value !== null && unit(k) && <small> {unit(k)}</small>}
            </b>
            {std !== null && <span className="fs-poultry-kpi__std">{t('std', { value: formatNumber(std, def.decimals, locale) })}</span>}
          </div>
        );
      })}
    </div>
  );
}
