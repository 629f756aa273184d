import { useState, type ReactElement } from 'react';
import { PagedTable } from '../../../ui/PagedTable';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { AlarmRankGateway, AlarmRankRule } from '@farmsense/shared';
import { useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { formatDateTime } from '../../../app/i18n/numbers';
import type { DateRange } from '../../../ui/DateRangePicker';
import { ExportButton } from '../../../ui/ExportButton';
import { Panel } from '../../../ui/Panel';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { rankExport, useAlarmRank } from '../reportsApi';
import { figureColumns, LevelBarChart } from '../components/ReportFigures';
import { ReportPage } from '../components/ReportPage';
import { SelectFilter } from '../../../ui/SelectFilter';
import { numberOptions } from '../../../ui/numberOptions';

const TOPS = [10, 20, 50, 100] as const;

type Ranked = AlarmRankGateway | AlarmRankRule;

const placeColumn = <T extends Ranked>(): ColumnsType<T>[number] => ({ key: 'rank', title: '#', width: 48, render: (_, _x, i) => i + 1 });

/** The figures of a ranked gateway or rule: alarms per level and in all, time in alarm, MTTA, last alarm. */
function rankColumns<T extends Ranked>(t: TFunction): ColumnsType<T> {
  return [
    ...figureColumns<T>(t, 'rank-count'),
    {
      key: 'last',
      title: t('reports.columns.lastAt'),
      render: (_, x) => <span className="fs-nowrap">{formatDateTime(x.lastAt)}</span>,
    },
  ];
}

/**
 * /reports/device-alerts-rank: the "bad actors" of a farm in a range (at most 30 days): the
 * gateways and the rules that raised the most alarms, with their time in alarm and mean time to
 * acknowledge, each table with its Excel file. An alarm engineer tunes limits from here.
 */
export function AlarmRankPage(): ReactElement {
  const { t } = useTranslation('alarms');
  const farm = useFarmChoice();
  const [range, setRange] = useState<DateRange>(() => [dayjs().subtract(7, 'day').startOf('day'), dayjs().startOf('minute')]);
  const [top, setTop] = useState<number>(20);
  const span = farm.farmId === undefined ? null : { farmId: farm.farmId, startTime: range[0].valueOf(), endTime: range[1].valueOf() };
  const report = useAlarmRank(span && { ...span, top });
  const r = report.data;

  const gatewayColumns: ColumnsType<AlarmRankGateway> = [
    placeColumn(),
    { key: 'gateway', title: t('reports.columns.gateway'), render: (_, g) => g.gatewayCode },
    { key: 'shed', title: t('reports.columns.shed'), render: (_, g) => g.shedName },
    ...rankColumns<AlarmRankGateway>(t),
  ];
  const ruleColumns: ColumnsType<AlarmRankRule> = [
    placeColumn(),
    { key: 'rule', title: t('reports.columns.rule'), render: (_, x) => x.ruleName },
    { key: 'kind', title: t('reports.columns.kind'), render: (_, x) => t(`kinds.${x.kind}`) },
    { key: 'gateways', title: t('reports.columns.gateways'), align: 'right', render: (_, x) => x.gateways },
    ...rankColumns<AlarmRankRule>(t),
  ];

  const exportButton = (by: 'gateway' | 'rule'): ReactElement => (
    <ExportButton
      request={span && r ? rankExport(span, by) : null}
      label={t(by === 'gateway' ? 'reports.rank.exportGateways' : 'reports.rank.exportRules')}
    />
  );

  let body: ReactElement;
  if (!span) body = <EmptyBlock title={t('reports.noFarm')} />;
  else if (report.isPending) body = <LoadingBlock rows={3} />;
  else if (report.isError || !r) body = <ErrorBlock title={t('reports.loadFailed')} onRetry={() => void report.refetch()} />;
  else {
    body = (
      <>
        <p className="fs-muted" data-testid="rank-total">
          {t('reports.rank.total', { n: r.total })}
        </p>
        <Panel className="fs-env-card" title={t('reports.rank.gateways')} extra={exportButton('gateway')}>
          <LevelBarChart
            rows={r.gateways}
            categories={r.gateways.map((g) => `${g.gatewayCode} · ${g.shedName}`)}
            title={t('reports.rank.gateways')}
            testId="rank-gateway-chart"
          />
          <PagedTable<AlarmRankGateway>
            label={t('reports.rank.gateways')}
            columnsKey="alarms.rank.gateways"
            rowKey="gatewayId"
            size="small"
            columns={gatewayColumns}
            rows={r.gateways}
            data-testid="rank-gateways"
          />
        </Panel>
        <Panel className="fs-env-card" title={t('reports.rank.rules')} extra={exportButton('rule')}>
          <LevelBarChart
            rows={r.rules}
            categories={r.rules.map((x) => x.ruleName)}
            title={t('reports.rank.rules')}
            testId="rank-rule-chart"
          />
          <PagedTable<AlarmRankRule>
            label={t('reports.rank.rules')}
            columnsKey="alarms.rank.rules"
            rowKey={(x) => `${x.ruleId ?? 'deleted'}-${x.ruleName}-${x.kind}`}
            size="small"
            columns={ruleColumns}
            rows={r.rules}
            data-testid="rank-rules"
          />
        </Panel>
      </>
    );
  }

  return (
    <ReportPage
      title={menuLabel('reports.device-alerts-rank')}
      subtitle={t('reports.rank.subtitle')}
      idPrefix="alarm-rank"
      farm={farm}
      queries={span ? [report] : []}
      filters={
        <SelectFilter<number>
          id="alarm-rank-top"
          label={t('reports.rank.top')}
          width={120}
          required
          value={top}
          onChange={setTop}
          options={numberOptions(TOPS)}
        />
      }
      span={{ kind: 'range', value: range, onChange: setRange }}
    >
      {body}
    </ReportPage>
  );
}
