import { useMemo, useState, type ReactElement } from 'react';
import { PagedTable } from '../../../ui/PagedTable';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { AlarmAnalysis, AlarmPeriod } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { intlLocale } from '../../../app/i18n/numbers';
import { menuLabel } from '../../../app/i18n/i18n';
import { BarChart } from '../../../ui/charts';
import { Panel } from '../../../ui/Panel';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useAlarmAnalysis } from '../reportsApi';
import { figureColumns, LevelBarChart, ReportFigures } from '../components/ReportFigures';
import { ReportPage } from '../components/ReportPage';
import { SelectFilter } from '../../../ui/SelectFilter';

type ShedFigures = AlarmAnalysis['sheds'][number];

/** How a bucket of the period is named: the hour of a day, the day of a week or month (farm calendar). */
function bucketLabel(period: AlarmPeriod, timeZone: string): (ms: number) => string {
  const f =
    period === 'day'
      ? new Intl.DateTimeFormat(intlLocale(), { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      : new Intl.DateTimeFormat(intlLocale(), {
          timeZone,
          month: '2-digit',
          day: '2-digit',
          weekday: period === 'week' ? 'short' : undefined,
        });
  return (ms) => f.format(ms);
}

const PICKER = { day: 'date', week: 'week', month: 'month' } as const;

/**
 * /reports/env-alerts-analysis/{day,week,month}: a farm's alarms of one day, week (Monday to
 * Sunday) or month of its calendar: how many by level, type and shed, when they were raised,
 * how long the sheds were in alarm and how long staff took to acknowledge.
 */
export function AlarmAnalysisPage({ period }: { period: AlarmPeriod }): ReactElement {
  const { t } = useTranslation('alarms');
  const farm = useFarmChoice();
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const [shedId, setShedId] = useState<number | undefined>();
  const sheds = useShedOptions(farm.farmId);
  const q = farm.farmId === undefined ? null : { farmId: farm.farmId, period, day: day.format('YYYY-MM-DD'), shedId };
  const report = useAlarmAnalysis(q);
  const a = report.data;
  const label = useMemo(() => (a ? bucketLabel(a.period, a.timeZone) : () => ''), [a]);

  const shedColumns: ColumnsType<ShedFigures> = [
    { key: 'shed', title: t('reports.columns.shed'), render: (_, s) => s.shedName },
    ...figureColumns<ShedFigures>(t),
  ];

  let body: ReactElement;
  if (!q) body = <EmptyBlock title={t('reports.noFarm')} />;
  else if (report.isPending) body = <LoadingBlock rows={3} />;
  else if (report.isError || !a) body = <ErrorBlock title={t('reports.loadFailed')} onRetry={() => void report.refetch()} />;
  else {
    body = (
      <>
        <ReportFigures figures={a} />
        <Panel className="fs-env-card" title={t(`reports.analysis.byTime.${period}`)}>
          <LevelBarChart
            rows={a.buckets}
            categories={a.buckets.map((b) => label(b.start))}
            title={t(`reports.analysis.byTime.${period}`)}
            testId="analysis-time-chart"
          />
        </Panel>
        <div className="fs-alarm-report-pair">
          <Panel className="fs-env-card" title={t('reports.analysis.byShed')}>
            <LevelBarChart
              rows={a.sheds}
              categories={a.sheds.map((s) => s.shedName)}
              title={t('reports.analysis.byShed')}
              testId="analysis-shed-chart"
            />
          </Panel>
          <Panel className="fs-env-card" title={t('reports.analysis.byKind')}>
            {a.byKind.length === 0 ? (
              <EmptyBlock title={t('reports.none')} />
            ) : (
              <BarChart
                categories={a.byKind.map((k) => t(`kinds.${k.kind}`))}
                series={[{ id: 'count', name: t('reports.alarms'), values: a.byKind.map((k) => k.count) }]}
                unit={t('reports.alarms')}
                decimals={0}
                ariaLabel={t('reports.analysis.byKind')}
                testId="analysis-kind-chart"
              />
            )}
          </Panel>
        </div>
        <PagedTable<ShedFigures>
          label={t('reports.analysis.byShed')}
          rowKey="shedId"
          size="small"
          className="fs-env-card"
          columns={shedColumns}
          rows={a.sheds}
          emptyText={t('reports.none')}
          data-testid="analysis-sheds"
        />
      </>
    );
  }

  return (
    <ReportPage
      title={menuLabel(`reports.env-alerts-analysis.${period}`)}
      subtitle={t('reports.analysis.subtitle')}
      idPrefix="alarm-analysis"
      farm={{ ...farm, select: (id) => (farm.select(id), setShedId(undefined)) }}
      queries={q ? [report] : []}
      filters={
        <SelectFilter<number>
          id="alarm-analysis-shed"
          label={t('records.shed')}
          width={180}
          placeholder={t('records.allSheds')}
          value={shedId}
          onChange={(v) => setShedId(v ?? undefined)}
          options={sheds.data}
        />
      }
      span={{ kind: 'day', picker: PICKER[period], label: t(`reports.analysis.pick.${period}`), value: day, onChange: setDay }}
    >
      {body}
    </ReportPage>
  );
}

export const AlarmAnalysisDayPage = (): ReactElement => <AlarmAnalysisPage period="day" />;
export const AlarmAnalysisWeekPage = (): ReactElement => <AlarmAnalysisPage period="week" />;
export const AlarmAnalysisMonthPage = (): ReactElement => <AlarmAnalysisPage period="month" />;
