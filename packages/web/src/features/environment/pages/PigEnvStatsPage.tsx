import { useMemo, useState, type ReactElement } from 'react';
import { Segmented } from 'antd';
import { PagedTable } from '../../../ui/PagedTable';
import type { ColumnsType } from 'antd/es/table';
import { Panel } from '../../../ui/Panel';
import { useTranslation } from 'react-i18next';
import { ENV_UNITS, PIG_ENV_KINDS, SELECTION_LIMIT, type EnvStats, type ShedListItem } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { BarChart } from '../../../ui/charts/BarChart';
import { ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useFarmSheds, useTrends } from '../api';
import { ReportFrame, shedReportGate } from '../components/ReportFrame';
import { useFarmChoice } from '../../../app/farm';
import { fmtNumber, kindLabel } from '../model/format';
import { timeParams, type TimeChoice } from '../model/timeRange';
import '../../../ui/report-page.css';
import '../environment.css';

/**
 * /pig/env1/stats: for every shed of a pig farm, the lowest, average and highest value of each
 * pig environment kind over the chosen time, from the trend call's statistics. The trend call
 * takes six sheds at a time (SPEC §9), so a bigger farm is asked in groups of six.
 */
type Kind = (typeof PIG_ENV_KINDS)[number];

interface StatsRow {
  shedId: number;
  shedName: string;
  stats: Partial<Record<Kind, EnvStats | null>>;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function PigEnvStatsPage(): ReactElement {
  const { t } = useTranslation(['environment', 'shell']);
  const farm = useFarmChoice(1);
  const sheds = useFarmSheds(farm.farmId);
  const [time, setTime] = useState<TimeChoice>({ mode: 'preset', preset: '24h' });
  const [chartKind, setChartKind] = useState<Kind>('temp');

  const groups = useMemo(() => chunks<ShedListItem>(sheds.data ?? [], SELECTION_LIMIT), [sheds.data]);
  const jobs = useMemo(
    () => PIG_ENV_KINDS.flatMap((kind) => groups.map((g) => ({ kind, shedIds: g.map((s) => s.tid), ...timeParams(time) }))),
    [groups, time],
  );
  const results = useTrends(jobs);
  const pending = results.some((r) => r.isPending);
  const failed = results.some((r) => r.isError);
  const fetching = results.some((r) => r.isFetching);

  // Changes exactly when one of the answers does (results itself is a new array every render).
  const stamp = results.map((r) => r.dataUpdatedAt).join(',');
  const rows = useMemo<StatsRow[]>(() => {
    const byShed = new Map<number, StatsRow>((sheds.data ?? []).map((s) => [s.tid, { shedId: s.tid, shedName: s.shedName, stats: {} }]));
    results.forEach((r, i) => {
      const kind = jobs[i]!.kind;
      for (const s of r.data?.sheds ?? []) {
        const row = byShed.get(s.shedId);
        if (row) row.stats[kind] = s.stats;
      }
    });
    return [...byShed.values()];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sheds.data, jobs, stamp]);

  const columns = useMemo<ColumnsType<StatsRow>>(
    () => [
      { title: t('stats.shed'), dataIndex: 'shedName', key: 'shed', fixed: 'left', width: 160 },
      ...PIG_ENV_KINDS.map((kind) => ({
        title: `${kindLabel(kind)} (${ENV_UNITS[kind]})`,
        key: kind,
        children: (['min', 'avg', 'max'] as const).map((m) => ({
          title: t(`trend.${m}`),
          key: `${kind}-${m}`,
          align: 'right' as const,
          className: m === 'avg' ? 'fs-stats-table__avg' : undefined,
          render: (_: unknown, row: StatsRow) => <span className="fs-num">{fmtNumber(row.stats[kind]?.[m], kind)}</span>,
        })),
      })),
    ],
    [t],
  );

  const chartRows = rows.filter((r) => r.stats[chartKind]);
  const unit = ENV_UNITS[chartKind];

  const gate = shedReportGate(farm.farms, 1, sheds.data);
  let body: ReactElement;
  if (gate) {
    body = gate;
  } else if (sheds.isPending || pending) {
    body = <LoadingBlock rows={2} label={t('trend.loading')} />;
  } else if (failed && rows.every((r) => Object.keys(r.stats).length === 0)) {
    body = <ErrorBlock title={t('trend.loadFailed')} onRetry={() => results.forEach((r) => void r.refetch())} />;
  } else {
    body = (
      <>
        <Panel
          className="fs-env-card"
          title={t('stats.chartTitle')}
          extra={
            <Segmented<Kind>
              size="small"
              value={chartKind}
              onChange={setChartKind}
              options={PIG_ENV_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
              aria-label={t('stats.chartKind')}
            />
          }
        >
          <BarChart
            categories={chartRows.map((r) => r.shedName)}
            series={(['min', 'avg', 'max'] as const).map((m) => ({
              id: m,
              name: t(`trend.${m}`),
              values: chartRows.map((r) => r.stats[chartKind]?.[m] ?? null),
              color: m === 'min' ? '#1677a6' : m === 'avg' ? '#1f7a45' : '#d46b08',
            }))}
            unit={unit}
            valueName={kindLabel(chartKind)}
            decimals={chartKind === 'co2' ? 0 : 2}
            ariaLabel={t('stats.chartLabel', { kind: kindLabel(chartKind) })}
            testId="stats-chart"
          />
        </Panel>
        <PagedTable<StatsRow>
          className="fs-panel fs-stats-table"
          label={t('stats.table')}
          rowKey="shedId"
          size="middle"
          bordered
          loading={fetching}
          columns={columns}
          rows={rows}
          scroll={{ x: 'max-content' }}
        />
      </>
    );
  }

  return (
    <ReportFrame
      title={menuLabel('pig.env1.stats')}
      subtitle={t('stats.subtitle')}
      filtersLabel={t('trend.filters')}
      idPrefix="pig-stats"
      farm={farm}
      queries={results}
      period={{ kind: 'time', value: time, onChange: setTime }}
    >
      {body}
    </ReportFrame>
  );
}
