import type { ReactElement, ReactNode } from 'react';
import { Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../../../app/i18n/i18n';
import type { FarmChoice } from '../../../app/farm';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar } from '../../../ui/FilterBar';
import type { ReportRow } from '../reportsApi';
import { formatNumber, METRICS, worseBy, type MetricKey } from '../model/metrics';
import { figure, standardOf } from '../model/series';
import type { KpiKey } from '../model/reports';
import '../../../ui/report-page.css';
import '../reports.css';
import { PageHead, RefreshButton } from '../../../ui/PageParts';

/**
 * The frame every poultry report shares: title from the menu, subtitle, filters (the farm first,
 * `{code}-farm`), "Refresh" of the report's query (off until it can ask) before the page's own
 * actions, body.
 */
export function ReportFrame({
  code,
  subtitle,
  farm,
  onFarmChange,
  refresh,
  filters,
  actions,
  children,
}: {
  code: string;
  subtitle: string;
  farm: Pick<FarmChoice, 'farms' | 'farmId' | 'select'>;
  /** What a change of farm resets first (the picked sheds, the page). */
  onFarmChange?: () => void;
  refresh: { query: Pick<UseQueryResult, 'refetch' | 'isFetching'>; enabled: boolean };
  /** The report's own filters, after the farm. */
  filters: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation(['poultry', 'shell']);
  const farmId = `${code}-farm`;
  return (
    <section className="fs-env-page fs-poultry-page" aria-labelledby="page-title" data-report={code}>
      <PageHead title={menuLabel(code)} subtitle={subtitle} />
      <div className="fs-panel fs-env-filters">
        <FilterBar
          label={t('filters.label')}
          actions={
            <>
              <RefreshButton query={refresh.query} disabled={!refresh.enabled} />
              {actions}
            </>
          }
        >
          <FarmField
            id={farmId}
            label={t('shell:overview.farm')}
            choice={farm}
            onPicked={onFarmChange}
            placeholder={t('shell:overview.selectFarm')}
          />
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

/**
 * A figure's name (with its unit) and, where the figure has a definition (`poultry.def.<key>`:
 * formula and basis, docs/KPI.md), an info mark that shows it on hover, focus or tap.
 */
export function MetricLabel({ metric, withUnit = true }: { metric: MetricKey; withUnit?: boolean }): ReactElement {
  const { t, i18n } = useTranslation('poultry');
  const unit = useUnit()(metric);
  const name = t(`col.${metric}`);
  const hasDef = i18n.exists(`def.${metric}`, { ns: 'poultry' });
  return (
    <span className="fs-metric-label">
      {withUnit && unit ? `${name} (${unit})` : name}
      {hasDef && (
        <Tooltip title={t(`def.${metric}`)}>
          <InfoCircleOutlined
            className="fs-metric-label__info"
            role="img"
            tabIndex={0}
            aria-label={t('def.label', { name })}
            data-testid="metric-def"
            data-metric={metric}
            onClick={(e) => e.stopPropagation()}
          />
        </Tooltip>
      )}
    </span>
  );
}

/** The KPI cards of one totals row; a figure the row cannot have (laying rate of broilers) is left out when `skipEmpty`. */
function KpiRow({
  totals,
  kpis,
  locale,
  skipEmpty,
}: {
  totals: ReportRow;
  kpis: readonly KpiKey[];
  locale: string;
  skipEmpty: boolean;
}): ReactElement {
  const { t } = useTranslation('poultry');
  const unit = useUnit();
  return (
    <>
      {kpis.map((asked) => {
        // EPEF is a closing figure: while birds are still in, the card says "EPEF to date".
        const k: MetricKey =
          asked === 'epef' && figure(totals, 'epef') === null && figure(totals, 'epefToDate') !== null ? 'epefToDate' : asked;
        const def = METRICS[k];
        const value = figure(totals, k);
        if (skipEmpty && value === null) return null;
        const std = standardOf(totals, k);
        const worse = worseBy(value, std, def.better);
        return (
          <div key={k} role="listitem" className="fs-poultry-kpi" data-testid="report-kpi" data-kpi={k}>
            <span className="fs-poultry-kpi__label">
              <MetricLabel metric={k} withUnit={false} />
            </span>
            <b className={worse !== null ? 'fs-text-bad' : undefined}>
              {formatNumber(value, def.decimals, locale)}
              {value !== null && unit(k) && <small> {unit(k)}</small>}
            </b>
            {std !== null && <span className="fs-poultry-kpi__std">{t('std', { value: formatNumber(std, def.decimals, locale) })}</span>}
          </div>
        );
      })}
    </>
  );
}

/**
 * Small KPI cards over the period's totals (livability, FCR, EPEF, laying rate ...). When the
 * selection holds several production types, one group of cards per type, side by side: a
 * broiler FCR is never computed over layers (docs/KPI.md, "Production types").
 */
export function KpiCards({
  totals,
  byType,
  kpis,
  locale,
}: {
  totals: ReportRow | null;
  byType?: readonly ReportRow[];
  kpis: readonly KpiKey[];
  locale: string;
}): ReactElement | null {
  const { t } = useTranslation('poultry');
  if (!totals || kpis.length === 0) return null;
  if (byType && byType.length > 1) {
    return (
      <div className="fs-poultry-kpi-types" role="group" aria-label={t('type.title')}>
        {byType.map((row) => (
          <div
            key={String(row.productionType)}
            className="fs-poultry-kpis"
            role="list"
            aria-label={t(`type.${String(row.productionType)}`)}
            data-type={String(row.productionType)}
          >
            <span className="fs-poultry-kpi-types__name">{t(`type.${String(row.productionType)}`)}</span>
            <KpiRow totals={row} kpis={kpis} locale={locale} skipEmpty />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="fs-poultry-kpis" role="list" aria-label={t('kpi.label')}>
      <KpiRow totals={totals} kpis={kpis} locale={locale} skipEmpty={false} />
    </div>
  );
}
