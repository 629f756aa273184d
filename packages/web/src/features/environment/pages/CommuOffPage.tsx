import { useMemo, useState, type ReactElement } from 'react';
import { Badge, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Panel } from '../../../ui/Panel';
import { PagedTable } from '../../../ui/PagedTable';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { roundTo, type CommuOffRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { BarChart } from '../../../ui/charts/BarChart';
import type { DateRange } from '../../../ui/DateRangePicker';
import { useSteadyQuery } from '../../../app/api/queryHooks';
import { envApi } from '../api';
import { GatewayTable, gatewayColumns, gatewayLabel, gatewayReportGate } from '../components/gatewayReport';
import { ReportFrame } from '../components/ReportFrame';
import { useFarmChoice } from '../../../app/farm';
import { fmtDuration, fmtTime } from '../model/format';
import { formatDecimal } from '../../../app/i18n/numbers';
import '../../../ui/report-page.css';
import '../environment.css';
import '../reports.css';

/**
 * Communication-off report (/reports/device-commu-off/commu-time and /off-counts): per controller
 * of a farm, how often and for how long it lost its link in the chosen range, as a bar chart and a
 * table whose rows open to the list of outages. The time view ranks by offline time, the count
 * view by number of outages.
 */
export type CommuView = 'time' | 'count';
const HOUR = 3_600_000;

function OutageList({ row, rangeEnd }: { row: CommuOffRow; rangeEnd: number }): ReactElement {
  const { t } = useTranslation('environment');
  return (
    <PagedTable<CommuOffRow['outages'][number]>
      size="small"
      className="fs-outages"
      columnsKey="environment.commuOff.outages"
      rowKey={(o) => String(o.from)}
      rows={row.outages}
      rowsPerPage={10}
      label={t('commu.outagesOf', { name: row.gatewayName })}
      columns={[
        { title: t('commu.from'), key: 'from', render: (_, o) => fmtTime(o.from, true) },
        { title: t('commu.to'), key: 'to', render: (_, o) => (o.to ? fmtTime(o.to, true) : <Tag color="red">{t('commu.ongoing')}</Tag>) },
        {
          title: t('commu.duration'),
          key: 'duration',
          align: 'right',
          render: (_, o) => fmtDuration(Math.min(o.to ?? Date.now(), rangeEnd) - o.from),
        },
      ]}
    />
  );
}

export function CommuOffPage({ view }: { view: CommuView }): ReactElement {
  const { t } = useTranslation(['environment', 'shell', 'common']);
  const farm = useFarmChoice();
  const { farmId } = farm;
  const [range, setRange] = useState<DateRange>(() => [dayjs().subtract(7, 'day').startOf('minute'), dayjs().startOf('minute')]);
  const req = farmId === undefined ? null : { farmId, startTime: range[0].valueOf(), endTime: range[1].valueOf() };
  const report = useSteadyQuery(['environment', 'commuOff', req], (signal) => envApi.commuOff(req!, signal), { enabled: !!req });
  const code = view === 'time' ? 'reports.device-commu-off.commu-time' : 'reports.device-commu-off.off-counts';
  const span = range[1].valueOf() - range[0].valueOf();

  const rows = useMemo(() => {
    const list = [...(report.data ?? [])];
    return view === 'time'
      ? list.sort((a, b) => b.offMs - a.offMs || b.offCount - a.offCount)
      : list.sort((a, b) => b.offCount - a.offCount || b.offMs - a.offMs);
  }, [report.data, view]);
  const totals = useMemo(
    () => ({
      outages: rows.reduce((n, r) => n + r.offCount, 0),
      offMs: rows.reduce((n, r) => n + r.offMs, 0),
      offline: rows.filter((r) => !r.online).length,
    }),
    [rows],
  );

  const columns: ColumnsType<CommuOffRow> = [
    ...gatewayColumns<CommuOffRow>(t),
    {
      title: t('common:status'),
      key: 'online',
      render: (_, r) => <Badge status={r.online ? 'success' : 'error'} text={t(r.online ? 'common:online' : 'common:offline')} />,
    },
    {
      title: t('commu.count'),
      dataIndex: 'offCount',
      key: 'count',
      align: 'right',
      className: view === 'count' ? 'fs-col-key' : undefined,
    },
    {
      title: t('commu.total'),
      key: 'offMs',
      align: 'right',
      className: view === 'time' ? 'fs-col-key' : undefined,
      render: (_, r) => (r.offMs > 0 ? fmtDuration(r.offMs) : '–'),
    },
    { title: t('commu.longest'), key: 'longest', align: 'right', render: (_, r) => (r.longestMs > 0 ? fmtDuration(r.longestMs) : '–') },
    {
      title: t('commu.availability'),
      key: 'availability',
      align: 'right',
      render: (_, r) => (
        <span className="fs-num">{span > 0 ? `${formatDecimal(Math.max(0, 100 - (r.offMs / span) * 100), 2)} %` : '–'}</span>
      ),
    },
  ];

  const gate = gatewayReportGate(farm.farms, farm.farmType, report, t);
  let body: ReactElement;
  if (gate) body = gate;
  else {
    body = (
      <>
        <div className="fs-summary" aria-label={t('report.summary')}>
          <div className="fs-summary__item">
            <span>{t('commu.gateways')}</span>
            <b>{rows.length}</b>
          </div>
          <div className="fs-summary__item">
            <span>{t('commu.count')}</span>
            <b data-testid="commu-total-count">{totals.outages}</b>
          </div>
          <div className="fs-summary__item">
            <span>{t('commu.total')}</span>
            <b>{totals.offMs > 0 ? fmtDuration(totals.offMs) : '–'}</b>
          </div>
          <div className="fs-summary__item">
            <span>{t('commu.offlineNow')}</span>
            <b className={totals.offline > 0 ? 'fs-text-bad' : undefined}>{totals.offline}</b>
          </div>
        </div>
        <Panel className="fs-env-card" title={view === 'time' ? t('commu.chartTime') : t('commu.chartCount')}>
          <BarChart
            categories={rows.map(gatewayLabel)}
            series={
              view === 'time'
                ? [
                    {
                      id: 'off',
                      name: t('commu.total'),
                      values: rows.map((r) => roundTo(r.offMs / HOUR, 2)),
                      color: '#d46b08',
                    },
                    {
                      id: 'longest',
                      name: t('commu.longest'),
                      values: rows.map((r) => roundTo(r.longestMs / HOUR, 2)),
                      color: '#1677a6',
                    },
                  ]
                : [{ id: 'count', name: t('commu.count'), values: rows.map((r) => r.offCount), color: '#d46b08' }]
            }
            unit={view === 'time' ? t('report.hours') : t('report.times')}
            valueName={view === 'time' ? t('commu.total') : t('commu.count')}
            decimals={view === 'time' ? 2 : 0}
            ariaLabel={view === 'time' ? t('commu.chartTime') : t('commu.chartCount')}
            testId="commu-chart"
          />
        </Panel>
        <GatewayTable<CommuOffRow>
          label={menuLabel(code)}
          columns={columns}
          rows={rows}
          loading={report.isFetching}
          hasDetails={(r) => r.outages.length > 0}
          details={(r) => <OutageList row={r} rangeEnd={range[1].valueOf()} />}
        />
      </>
    );
  }

  return (
    <ReportFrame
      title={menuLabel(code)}
      subtitle={t(view === 'time' ? 'commu.subtitleTime' : 'commu.subtitleCount')}
      filtersLabel={t('report.filters')}
      idPrefix={`commu-${view}`}
      farm={farm}
      queries={req ? [report] : []}
      period={{ kind: 'range', value: range, onChange: setRange }}
    >
      {body}
    </ReportFrame>
  );
}

export function CommuTimePage(): ReactElement {
  return <CommuOffPage view="time" />;
}

export function OffCountsPage(): ReactElement {
  return <CommuOffPage view="count" />;
}
