import { useMemo, useState, type ReactElement } from 'react';
import { Badge, Button, Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CommuOffRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { BarChart } from '../../../ui/charts';
import { DateRangePicker, type DateRange } from '../../../ui/DateRangePicker';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { envApi } from '../api';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { fmtDuration, fmtTime } from '../model/format';
import '../../../ui/report-page.css';
import '../environment.css';
import '../reports.css';
import { PageHead } from '../../../ui/PageParts';

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
    <Table
      size="small"
      className="fs-outages"
      rowKey={(o) => String(o.from)}
      pagination={row.outages.length > 10 ? { pageSize: 10, size: 'small' } : false}
      dataSource={row.outages}
      aria-label={t('commu.outagesOf', { name: row.gatewayName })}
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
  const { farms, farmId, farmType, select } = useFarmChoice();
  const [range, setRange] = useState<DateRange>(() => [dayjs().subtract(7, 'day').startOf('minute'), dayjs().startOf('minute')]);
  const req = farmId === undefined ? null : { farmId, startTime: range[0].valueOf(), endTime: range[1].valueOf() };
  const report = useQuery({
    queryKey: ['environment', 'commuOff', req],
    queryFn: ({ signal }) => envApi.commuOff(req!, signal),
    enabled: !!req,
    placeholderData: keepPreviousData,
  });
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
  const label = (r: CommuOffRow): string => (r.shedName ? `${r.shedName}\n${r.gatewayCode}` : r.gatewayCode);

  const columns: ColumnsType<CommuOffRow> = [
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
      render: (_, r) => <span className="fs-num">{span > 0 ? `${Math.max(0, 100 - (r.offMs / span) * 100).toFixed(2)} %` : '–'}</span>,
    },
  ];

  let body: ReactElement;
  if (farms.length === 0) body = <NoFarm farmType={farmType} />;
  else if (report.isPending) body = <LoadingBlock rows={2} />;
  else if (report.isError && !report.data) body = <ErrorBlock title={t('report.loadFailed')} onRetry={() => void report.refetch()} />;
  else if (rows.length === 0) body = <EmptyBlock title={t('commu.noGateways')} />;
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
        <Card size="small" className="fs-env-card" title={view === 'time' ? t('commu.chartTime') : t('commu.chartCount')}>
          <BarChart
            categories={rows.map(label)}
            series={
              view === 'time'
                ? [
                    {
                      id: 'off',
                      name: t('commu.total'),
                      values: rows.map((r) => Math.round((r.offMs / HOUR) * 100) / 100),
                      color: '#d46b08',
                    },
                    {
                      id: 'longest',
                      name: t('commu.longest'),
                      values: rows.map((r) => Math.round((r.longestMs / HOUR) * 100) / 100),
                      color: '#1677a6',
                    },
                  ]
                : [{ id: 'count', name: t('commu.count'), values: rows.map((r) => r.offCount), color: '#d46b08' }]
            }
            unit={view === 'time' ? t('report.hours') : t('report.times')}
            decimals={view === 'time' ? 2 : 0}
            ariaLabel={view === 'time' ? t('commu.chartTime') : t('commu.chartCount')}
            testId="commu-chart"
          />
        </Card>
        <Table<CommuOffRow>
          className="fs-panel fs-report-table"
          aria-label={menuLabel(code)}
          rowKey="gatewayId"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={report.isFetching}
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          expandable={{
            rowExpandable: (r) => r.outages.length > 0,
            expandedRowRender: (r) => <OutageList row={r} rangeEnd={range[1].valueOf()} />,
          }}
          scroll={{ x: 'max-content' }}
        />
      </>
    );
  }

  return (
    <section className="fs-env-page" aria-labelledby="page-title">
      <PageHead title={menuLabel(code)} subtitle={t(view === 'time' ? 'commu.subtitleTime' : 'commu.subtitleCount')} />
      <div className="fs-panel fs-env-filters">
        <FilterBar
          label={t('report.filters')}
          actions={
            <Button icon={<ReloadOutlined />} onClick={() => void report.refetch()} loading={report.isFetching} disabled={!req}>
              {t('shell:actions.refresh')}
            </Button>
          }
        >
          <FilterField id={`commu-${view}-farm`} label={t('shell:overview.farm')}>
            <FarmSelect
              id={`commu-${view}-farm`}
              farms={farms}
              value={farmId}
              onChange={select}
              placeholder={t('shell:overview.selectFarm')}
            />
          </FilterField>
          <FilterField id={`commu-${view}-range`} label={t('records.range')}>
            <DateRangePicker id={`commu-${view}-range`} value={range} onChange={setRange} />
          </FilterField>
        </FilterBar>
      </div>
      {body}
    </section>
  );
}

export function CommuTimePage(): ReactElement {
  return <CommuOffPage view="time" />;
}

export function OffCountsPage(): ReactElement {
  return <CommuOffPage view="count" />;
}
