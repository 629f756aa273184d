import { useState, type ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SILO_REPORT_YEARS, type SiloReportPeriod, type SiloReportRow } from '@farmsense/shared';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { ExportButton } from '../../../ui/ExportButton';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar } from '../../../ui/FilterBar';
import { PagedTable } from '../../../ui/PagedTable';
import { ErrorBlock } from '../../../ui/QueryStates';
import { fmtKg } from '../model/forecast';
import { siloReportExport, useSiloReport } from '../reportsApi';
import { SelectFilter } from '../../../ui/SelectFilter';
import { countOptions, numberOptions } from '../../../ui/numberOptions';
import { PageFrame } from '../../../ui/PageParts';
import '../../../ui/admin.css';

const CODE = { day: 'weight.ddreports', month: 'weight.mmreports', year: 'weight.yyreports' } as const;

/**
 * /weight/ddreports, /weight/mmreports, /weight/yyreports: per silo of the farm and per day of a
 * month, month of a year or year of the last ten, the feed drawn and delivered and the weight at
 * the period's end, with the Excel file of the same.
 */
function SiloReportPage({ period }: { period: SiloReportPeriod }): ReactElement {
  const { t } = useTranslation(['silos', 'common']);
  const choice = useFarmChoice();
  const now = new Date();
  const [year, setYear] = useState(now.getFullYear());
  const [month, setMonth] = useState(now.getMonth() + 1);
  const ask = {
    farmId: choice.farmId ?? 0,
    period,
    ...(period === 'year' ? {} : { year }),
    ...(period === 'day' ? { month } : {}),
  };
  const report = useSiloReport(ask, choice.farmId !== undefined);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;

  const kg = (v: number | null): string => (v === null ? '—' : t('units.kg', { value: fmtKg(v) }));
  const columns: ColumnsType<SiloReportRow> = [
    { key: 'bucket', title: t(`report.bucket.${period}`), width: 120, render: (_, r) => r.bucket },
    { key: 'silo', title: t('report.silo'), width: 140, render: (_, r) => r.siloName },
    { key: 'consumed', title: t('report.consumedKg'), width: 140, align: 'right', render: (_, r) => kg(r.consumedKg) },
    { key: 'delivered', title: t('report.deliveredKg'), width: 140, align: 'right', render: (_, r) => kg(r.deliveredKg) },
    { key: 'deliveries', title: t('report.deliveries'), width: 110, align: 'right', render: (_, r) => r.deliveries },
    { key: 'closing', title: t('report.closingKg'), width: 160, align: 'right', render: (_, r) => kg(r.closingKg) },
  ];
  const years = Array.from({ length: SILO_REPORT_YEARS }, (_, i) => now.getFullYear() - i);
  const total = (report.data ?? []).reduce((a, r) => ({ consumed: a.consumed + r.consumedKg, delivered: a.delivered + r.deliveredKg }), {
    consumed: 0,
    delivered: 0,
  });

  return (
    <PageFrame head={{ title: menuLabel(CODE[period]), subtitle: t(`report.subtitle.${period}`) }}>
      <FilterBar label={t('filters')} actions={<ExportButton request={siloReportExport(ask)} />}>
        <FarmField id="silo-farm" label={t('fields.farm')} width={200} choice={choice} />
        {period !== 'year' && (
          <SelectFilter<number>
            id="silo-year"
            label={t('report.year')}
            width={120}
            required
            value={year}
            onChange={setYear}
            options={numberOptions(years)}
          />
        )}
        {period === 'day' && (
          <SelectFilter<number>
            id="silo-month"
            label={t('report.month')}
            width={110}
            required
            value={month}
            onChange={setMonth}
            options={countOptions(12)}
          />
        )}
      </FilterBar>
      {report.isError ? (
        <ErrorBlock title={t('report.failed')} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <p className="fs-muted" data-testid="silo-report-total">
            {t('report.total', { consumed: kg(total.consumed), delivered: kg(total.delivered) })}
          </p>
          <PagedTable<SiloReportRow>
            rowKey={(r) => `${r.bucket}-${r.siloId}`}
            className="fs-admin-table"
            label={menuLabel(CODE[period])}
            loading={report.isPending}
            rows={report.data}
            columns={columns}
            emptyText={t('report.empty')}
            scroll={{ x: 900 }}
          />
        </>
      )}
    </PageFrame>
  );
}

/** /weight/ddreports: the days of a month. */
export function SiloDailyReportPage(): ReactElement {
  return <SiloReportPage period="day" />;
}

/** /weight/mmreports: the months of a year. */
export function SiloMonthlyReportPage(): ReactElement {
  return <SiloReportPage period="month" />;
}

/** /weight/yyreports: the last ten years. */
export function SiloYearlyReportPage(): ReactElement {
  return <SiloReportPage period="year" />;
}
