import { useMemo, useState, type ReactElement } from 'react';
import { Button, Card, Progress, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { RunStatsActuator, RunStatsRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { BarChart } from '../../../ui/charts';
import { DateRangePicker, type DateRange } from '../../../ui/DateRangePicker';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { envApi } from '../api';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { keyLabel } from '../model/format';
import '../../../ui/report-page.css';
import '../environment.css';
import '../reports.css';
import { PageHead } from '../../../ui/PageParts';

/**
 * /reports/device-run-stats: how long each controller's fans, heaters, pumps and misters ran in
 * the chosen range, from the hourly rollups. A fan at half speed for two hours counts one hour
 * at full output, so the hours compare energy use; "hours active" counts the hours it ran at all.
 */
const PREFIXES = ['fan', 'heater', 'pump', 'mist'] as const;
const COLORS: Record<(typeof PREFIXES)[number], string> = { fan: '#1677a6', heater: '#d4380d', pump: '#08979c', mist: '#9254de' };
const HOUR = 3_600_000;

function hours(v: number | undefined): string {
  return v === undefined ? '–' : v.toFixed(1);
}

function ActuatorList({ row, rangeHours }: { row: RunStatsRow; rangeHours: number }): ReactElement {
  const { t } = useTranslation('environment');
  return (
    <Table<RunStatsActuator>
      size="small"
      className="fs-outages"
      rowKey="key"
      pagination={false}
      dataSource={row.actuators}
      aria-label={t('run.actuatorsOf', { name: row.gatewayName })}
      columns={[
        { title: t('run.actuator'), key: 'key', render: (_, a) => keyLabel(a.key) },
        { title: t('run.runHours'), key: 'run', align: 'right', render: (_, a) => <span className="fs-num">{hours(a.runHours)}</span> },
        { title: t('run.activeHours'), key: 'active', align: 'right', render: (_, a) => <span className="fs-num">{a.activeHours}</span> },
        {
          title: t('run.utilisation'),
          key: 'share',
          width: 200,
          render: (_, a) => (
            <Progress
              percent={rangeHours > 0 ? Math.min(100, Math.round((a.runHours / rangeHours) * 100)) : 0}
              size="small"
              aria-label={t('run.utilisation')}
            />
          ),
        },
      ]}
    />
  );
}

export function RunStatsPage(): ReactElement {
  const { t } = useTranslation(['environment', 'shell']);
  const { farms, farmId, farmType, select } = useFarmChoice();
  const [range, setRange] = useState<DateRange>(() => [dayjs().subtract(7, 'day').startOf('hour'), dayjs().startOf('minute')]);
  const req = farmId === undefined ? null : { farmId, startTime: range[0].valueOf(), endTime: range[1].valueOf() };
  const report = useQuery({
    queryKey: ['environment', 'runStats', req],
    queryFn: ({ signal }) => envApi.runStats(req!, signal),
    enabled: !!req,
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => report.data ?? [], [report.data]);
  const present = useMemo(() => PREFIXES.filter((p) => rows.some((r) => r.totals[p] !== undefined)), [rows]);
  const rangeHours = (range[1].valueOf() - range[0].valueOf()) / HOUR;

  const columns: ColumnsType<RunStatsRow> = [
    {
      title: t('commu.gateway'),
      key: 'gateway',
      render: (_, r) => (
        <span className="fs-cell-stack">
          <span className="fs-mono">{r.gatewayCode}</span>
          <span className="fs-cell-sub">{r.gatewayName}</span>
        </span>
      ),
    },
    { title: t('records.shed'), key: 'shed', render: (_, r) => r.shedName ?? <span className="fs-muted">{t('connect.noShed')}</span> },
    ...present.map((p) => ({
      title: `${t(`run.prefix.${p}`)} (${t('report.hours')})`,
      key: p,
      align: 'right' as const,
      render: (_: unknown, r: RunStatsRow) => <span className="fs-num">{hours(r.totals[p])}</span>,
    })),
  ];

  let body: ReactElement;
  if (farms.length === 0) body = <NoFarm farmType={farmType} />;
  else if (report.isPending) body = <LoadingBlock rows={2} />;
  else if (report.isError && !report.data) body = <ErrorBlock title={t('report.loadFailed')} onRetry={() => void report.refetch()} />;
  else if (rows.length === 0) body = <EmptyBlock title={t('commu.noGateways')} />;
  else {
    const label = (r: RunStatsRow): string => (r.shedName ? `${r.shedName}\n${r.gatewayCode}` : r.gatewayCode);
    body = (
      <>
        <Card size="small" className="fs-env-card" title={t('run.chartTitle')}>
          <BarChart
            categories={rows.map(label)}
            series={present.map((p) => ({
              id: p,
              name: t(`run.prefix.${p}`),
              values: rows.map((r) => r.totals[p] ?? 0),
              color: COLORS[p],
              stack: 'run',
            }))}
            unit={t('report.hours')}
            ariaLabel={t('run.chartTitle')}
            testId="run-chart"
          />
        </Card>
        <Table<RunStatsRow>
          className="fs-panel fs-report-table"
          aria-label={menuLabel('reports.device-run-stats')}
          rowKey="gatewayId"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={report.isFetching}
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          expandable={{
            rowExpandable: (r) => r.actuators.length > 0,
            expandedRowRender: (r) => <ActuatorList row={r} rangeHours={rangeHours} />,
          }}
          scroll={{ x: 'max-content' }}
        />
      </>
    );
  }

  return (
    <section className="fs-env-page" aria-labelledby="page-title">
      <PageHead title={menuLabel('reports.device-run-stats')} subtitle={t('run.subtitle')} />
      <div className="fs-panel fs-env-filters">
        <FilterBar
          label={t('report.filters')}
          actions={
            <Button icon={<ReloadOutlined />} onClick={() => void report.refetch()} loading={report.isFetching} disabled={!req}>
              {t('shell:actions.refresh')}
            </Button>
          }
        >
          <FilterField id="run-farm" label={t('shell:overview.farm')}>
            <FarmSelect id="run-farm" farms={farms} value={farmId} onChange={select} placeholder={t('shell:overview.selectFarm')} />
          </FilterField>
          <FilterField id="run-range" label={t('records.range')}>
            <DateRangePicker id="run-range" value={range} onChange={setRange} />
          </FilterField>
        </FilterBar>
      </div>
      {body}
    </section>
  );
}
