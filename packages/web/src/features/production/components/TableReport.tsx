import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { FLOCK_TYPE_CODES, FLOCK_TYPES, type ReportPeriod } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { useAppStore } from '../../../app/stores/appStore';
import { FilterField } from '../../../ui/FilterBar';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { PagedTable } from '../../../ui/PagedTable';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { usePoultrySheds, useReport, type ReportRequest, type ReportRow } from '../reportsApi';
import { reportExport } from '../model/download';
import { ExportButton } from '../../../ui/ExportButton';
import { METRICS } from '../model/metrics';
import { defaultRange, resolveRange, type RangeState } from '../model/range';
import type { TableDef } from '../model/reports';
import { chartModel, columnSpecs, figure, totalsOf, withFigure, type ColumnSpec } from '../model/series';
import { RangeControl } from './RangeControl';
import { useFarmToday } from './useFarmToday';
import { FigureCell, KpiCards, MetricLabel, ReportFrame, useUnit } from './ReportParts';
import { ReportChart } from './ReportChart';
import { SelectFilter } from '../../../ui/SelectFilter';

/**
 * A summary report (daily, weekly, monthly, yearly; per flock or per farm): farm, houses and range,
 * KPI cards over the totals, a chart of the key figure against the breed standard, then the table
 * with its totals row, sortable and paged; every figure carries its standard and is marked when
 * more than 5 % worse. Export sends the same request to the server's xlsx export (every table screen,
 * health and field energy included).
 */
function periodText(row: ReportRow, period: ReportPeriod, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (period === 'week' && row.week != null) return t('period.weekOfAge', { n: row.week });
  return String(row.period ?? '');
}

function dayAgeText(row: ReportRow): string {
  const from = row.dayAgeFrom ?? (typeof row.dayAge === 'number' ? row.dayAge : null);
  const to = row.dayAgeTo ?? from;
  if (from == null) return '–';
  return from === to ? String(from) : `${from}–${to}`;
}

/** The last vaccination or medication of a health row: when, what, against which disease. */
type LastEventValue = { at: number; vaccineBrand?: string; drugName?: string; disease?: string };
function LastEvent({ event }: { event: LastEventValue | null }): ReactElement {
  if (!event) return <span className="fs-muted">–</span>;
  return (
    <span className="fs-cell-stack">
      <span className="fs-nowrap">{dayjs(event.at).format('YYYY-MM-DD')}</span>
      <span className="fs-cell-sub fs-muted">{[event.vaccineBrand ?? event.drugName, event.disease].filter(Boolean).join(' · ')}</span>
    </span>
  );
}

const cmp = (a: number | null, b: number | null): number => (a ?? -Infinity) - (b ?? -Infinity);

export function TableReport({ code, def }: { code: string; def: TableDef }): ReactElement {
  const { t } = useTranslation(['poultry', 'shell']);
  const locale = useAppStore((s) => s.locale);
  const unit = useUnit();
  const { farms, farmId, select } = useFarmChoice(2);
  const sheds = usePoultrySheds(farmId);
  const [shedIds, setShedIds] = useState<number[]>([]);
  const [flockType, setFlockType] = useState<number | undefined>();
  const [period, setPeriod] = useState<ReportPeriod>(def.periods[0]!);
  // Ranges end on the farm's today, not the browser's (a farm at UTC+8 is a day ahead of Europe's evening).
  const { todayDay } = useFarmToday(farmId);
  const [range, setRange] = useState<RangeState>(() => defaultRange(todayDay));

  const shedKey = shedIds.join(',');
  const req = useMemo<ReportRequest | null>(() => {
    if (farmId === undefined) return null;
    return {
      farmId,
      ...(shedKey ? { shedIds: shedKey.split(',').map(Number) } : {}),
      ...(flockType ? { flockType } : {}),
      ...resolveRange(period, range, todayDay),
      period,
      groupBy: def.groupBy,
    };
  }, [farmId, shedKey, flockType, period, range, def.groupBy, todayDay]);
  const report = useReport(def.endpoint, req);
  const rows = useMemo(() => withFigure(report.data?.rows ?? [], def.groupBy, def.requires), [report.data, def.groupBy, def.requires]);
  const narrowed = rows.length !== (report.data?.rows.length ?? 0);
  const totals = useMemo(
    () => totalsOf(rows, report.data?.totals ?? null, def.metrics, narrowed),
    [rows, report.data, def.metrics, narrowed],
  );
  const specs = useMemo(() => columnSpecs(def), [def]);
  const chartMetric = def.chart?.[0];
  const chart = useMemo(
    () =>
      chartMetric && rows.length > 0
        ? chartModel(rows, chartMetric, period, def.groupBy, { standard: (n) => t('series.standard', { name: n }) })
        : null,
    [chartMetric, rows, period, def.groupBy, t],
  );

  const title = (s: ColumnSpec): ReactNode =>
    s.kind === 'metric' ? <MetricLabel metric={s.key} /> : t(`col.${s.key === 'shed' ? 'shed' : s.key}`);
  const columns: ColumnsType<ReportRow> = specs.map((s) => {
    if (s.kind === 'metric') {
      return {
        key: s.key,
        title: title(s),
        align: 'right' as const,
        sorter: (a: ReportRow, b: ReportRow) => cmp(figure(a, s.key), figure(b, s.key)),
        render: (_: unknown, r: ReportRow) => <FigureCell row={r} metric={s.key} locale={locale} />,
      };
    }
    if (s.kind === 'day')
      return { key: s.key, title: title(s), render: (_: unknown, r: ReportRow) => <LastEvent event={r[s.key] as LastEventValue | null} /> };
    const text = (r: ReportRow): string =>
      s.key === 'farm'
        ? (r.farmName ?? '')
        : s.key === 'shed'
          ? String(r.shedName ?? '')
          : s.key === 'groupNo'
            ? String(r.groupNo ?? '')
            : s.key === 'dayAge'
              ? dayAgeText(r)
              : periodText(r, period, t);
    const sortValue = (r: ReportRow): string => (s.key === 'period' && r.week != null ? String(r.week).padStart(4, '0') : text(r));
    return {
      key: s.key,
      title: title(s),
      fixed: s.key === 'shed' || s.key === 'farm' ? ('left' as const) : undefined,
      className: 'fs-nowrap',
      sorter: (a: ReportRow, b: ReportRow) => sortValue(a).localeCompare(sortValue(b), undefined, { numeric: true }),
      render: (_: unknown, r: ReportRow) => text(r),
    };
  });

  let body: ReactElement;
  if (farms.length === 0) body = <NoFarm farmType={2} />;
  else if (report.isPending) body = <LoadingBlock rows={2} label={t('loading')} />;
  else if (report.isError && !report.data) body = <ErrorBlock title={t('loadFailed')} onRetry={() => void report.refetch()} />;
  else if (rows.length === 0)
    body = <EmptyBlock title={t('empty.noData')} hint={t(def.groupBy === 'farm' ? 'empty.noDataFarmHint' : 'empty.noDataHint')} />;
  else {
    const dims = specs.filter((s) => s.kind !== 'metric').length;
    body = (
      <>
        <KpiCards totals={totals} byType={narrowed ? undefined : report.data?.totalsByType} kpis={def.kpis ?? []} locale={locale} />
        {chart && chartMetric && (
          <ReportChart
            lines={chart.lines.map((l) => ({ ...l, data: l.values }))}
            categories={chart.categories.map((c) => (c.startsWith('W') ? t('period.weekOfAge', { n: Number(c.slice(1)) }) : c))}
            xName={t(`period.${period}`)}
            yName={t(`col.${chartMetric}`)}
            unit={unit(chartMetric)}
            decimals={METRICS[chartMetric].decimals}
            ariaLabel={(std) => t(std ? 'chart.aria' : 'chart.ariaPlain', { figure: t(`col.${chartMetric}`) })}
            testId="report-chart"
            loading={report.isFetching}
          />
        )}
        <PagedTable<ReportRow>
          className="fs-panel fs-report-table fs-poultry-table"
          label={menuLabel(code)}
          data-testid="report-table"
          rowKey={(r) => `${r.flockId ?? r.farmId}-${r.period}-${r.week ?? ''}`}
          size="middle"
          columns={columns}
          rows={rows}
          rowsPerPage={20}
          loading={report.isFetching}
          scroll={{ x: 'max-content' }}
          summary={() =>
            totals ? (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row data-testid="report-totals">
                  <Table.Summary.Cell index={0} colSpan={dims - (def.endpoint === 'health' ? 2 : 0)}>
                    {t('totals')}
                  </Table.Summary.Cell>
                  {def.metrics.map((m, i) => (
                    <Table.Summary.Cell key={m} index={i + 1} align="right">
                      <FigureCell row={totals} metric={m} locale={locale} />
                    </Table.Summary.Cell>
                  ))}
                  {def.endpoint === 'health' && <Table.Summary.Cell index={def.metrics.length + 1} colSpan={2} />}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
        {def.metrics.some((m) => METRICS[m].std) && <div className="fs-poultry-legend__note">{t('worseNote')}</div>}
      </>
    );
  }

  const id = (k: string): string => `${code}-${k}`;
  return (
    <ReportFrame
      code={code}
      farm={{ farms, farmId, select }}
      onFarmChange={() => setShedIds([])}
      refresh={{ query: report, enabled: !!req }}
      subtitle={t(`subtitle.${def.endpoint === 'summary' ? def.groupBy : def.endpoint}`)}
      actions={<ExportButton type="primary" request={req && reportExport(code, req)} disabled={rows.length === 0} />}
      filters={
        <>
          {def.groupBy === 'flock' && (
            <FilterField id={id('sheds')} label={t('filters.sheds')}>
              <Select<number[]>
                id={id('sheds')}
                mode="multiple"
                value={shedIds}
                onChange={setShedIds}
                placeholder={t('filters.allSheds')}
                maxTagCount="responsive"
                showSearch={{ optionFilterProp: 'label' }}
                options={(sheds.data ?? []).map((s) => ({ value: s.tid, label: s.shedName }))}
                className="fs-shed-picker__select"
                popupMatchSelectWidth={false}
              />
            </FilterField>
          )}
          {def.endpoint === 'summary' && (
            <SelectFilter<number>
              id={id('type')}
              label={t('filters.flockType')}
              value={flockType}
              onChange={setFlockType}
              placeholder={t('filters.allFlockTypes')}
              options={FLOCK_TYPE_CODES.map((c) => ({ value: c, label: t(`enums:flockType.${FLOCK_TYPES[c - 1]}`) }))}
              className="fs-poultry-type-select"
              popupMatchSelectWidth={false}
            />
          )}
          {def.periods.length > 1 && (
            <SegmentedFilter<ReportPeriod>
              id={id('period')}
              label={t('filters.period')}
              value={period}
              onChange={setPeriod}
              options={def.periods.map((p) => ({ value: p, label: t(`period.${p}`) }))}
            />
          )}
          <RangeControl idPrefix={id('range')} period={period} value={range} onChange={setRange} today={todayDay} />
        </>
      }
    >
      {body}
    </ReportFrame>
  );
}
