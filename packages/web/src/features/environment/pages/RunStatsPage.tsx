import { useMemo, useState, type ReactElement } from 'react';
import { Progress } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Panel } from '../../../ui/Panel';
import { PagedTable } from '../../../ui/PagedTable';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { RunStatsActuator, RunStatsRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { BarChart } from '../../../ui/charts/BarChart';
import type { DateRange } from '../../../ui/DateRangePicker';
import { useSteadyQuery } from '../../../app/api/queryHooks';
import { envApi } from '../api';
import { GatewayTable, gatewayColumns, gatewayLabel, gatewayReportGate } from '../components/gatewayReport';
import { ReportFrame } from '../components/ReportFrame';
import { useFarmChoice } from '../../../app/farm';
import { keyLabel } from '../model/format';
import { formatDecimal } from '../../../app/i18n/numbers';
import '../../../ui/report-page.css';
import '../environment.css';
import '../reports.css';

/**
 * /reports/device-run-stats: how long each controller's fans, heaters, pumps and misters ran in
 * the chosen range, from the hourly rollups. A fan at half speed for two hours counts one hour
 * at full output, so the hours compare energy use; "hours active" counts the hours it ran at all.
 */
const PREFIXES = ['fan', 'heater', 'pump', 'mist'] as const;
const COLORS: Record<(typeof PREFIXES)[number], string> = { fan: '#1677a6', heater: '#d4380d', pump: '#08979c', mist: '#9254de' };
const HOUR = 3_600_000;

function hours(v: number | undefined): string {
  return formatDecimal(v, 1);
}

function ActuatorList({ row, rangeHours }: { row: RunStatsRow; rangeHours: number }): ReactElement {
  const { t } = useTranslation('environment');
  return (
    <PagedTable<RunStatsActuator>
      size="small"
      className="fs-outages"
      columnsKey="environment.runStats.actuators"
      rowKey="key"
      rows={row.actuators}
      label={t('run.actuatorsOf', { name: row.gatewayName })}
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
  const farm = useFarmChoice();
  const { farmId } = farm;
  const [range, setRange] = useState<DateRange>(() => [dayjs().subtract(7, 'day').startOf('hour'), dayjs().startOf('minute')]);
  const req = farmId === undefined ? null : { farmId, startTime: range[0].valueOf(), endTime: range[1].valueOf() };
  const report = useSteadyQuery(['environment', 'runStats', req], (signal) => envApi.runStats(req!, signal), { enabled: !!req });
  const rows = useMemo(() => report.data ?? [], [report.data]);
  const present = useMemo(() => PREFIXES.filter((p) => rows.some((r) => r.totals[p] !== undefined)), [rows]);
  const rangeHours = (range[1].valueOf() - range[0].valueOf()) / HOUR;

  const columns: ColumnsType<RunStatsRow> = [
    ...gatewayColumns<RunStatsRow>(t),
    ...present.map((p) => ({
      title: `${t(`run.prefix.${p}`)} (${t('report.hours')})`,
      key: p,
      align: 'right' as const,
      render: (_: unknown, r: RunStatsRow) => <span className="fs-num">{hours(r.totals[p])}</span>,
    })),
  ];

  const gate = gatewayReportGate(farm.farms, farm.farmType, report, t);
  let body: ReactElement;
  if (gate) body = gate;
  else {
    body = (
      <>
        <Panel className="fs-env-card" title={t('run.chartTitle')}>
          <BarChart
            categories={rows.map(gatewayLabel)}
            series={present.map((p) => ({
              id: p,
              name: t(`run.prefix.${p}`),
              values: rows.map((r) => r.totals[p] ?? 0),
              color: COLORS[p],
              stack: 'run',
            }))}
            unit={t('report.hours')}
            valueName={t('run.runHours')}
            ariaLabel={t('run.chartTitle')}
            testId="run-chart"
          />
        </Panel>
        <GatewayTable<RunStatsRow>
          label={menuLabel('reports.device-run-stats')}
          columns={columns}
          rows={rows}
          loading={report.isFetching}
          hasDetails={(r) => r.actuators.length > 0}
          details={(r) => <ActuatorList row={r} rangeHours={rangeHours} />}
        />
      </>
    );
  }

  return (
    <ReportFrame
      title={menuLabel('reports.device-run-stats')}
      subtitle={t('run.subtitle')}
      filtersLabel={t('report.filters')}
      idPrefix="run"
      farm={farm}
      queries={req ? [report] : []}
      period={{ kind: 'range', value: range, onChange: setRange }}
    >
      {body}
    </ReportFrame>
  );
}
