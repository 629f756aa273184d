import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { NoFarm } from '../../../app/farm';
import { PagedTable } from '../../../ui/PagedTable';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';

/**
 * The parts the per-controller reports (communication off, run statistics) share: a row names a
 * controller (code over name) and the shed it is bound to, if any.
 */
interface GatewayCells {
  gatewayId: number;
  gatewayCode: string;
  gatewayName: string;
  shedName: string | null;
}

/** The controller and shed columns that start the table. */
export function gatewayColumns<R extends GatewayCells>(t: TFunction): ColumnsType<R> {
  return [
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
  ];
}

/** A chart category: the shed over the controller code, the code alone when unbound. */
export function gatewayLabel(r: GatewayCells): string {
  return r.shedName ? `${r.shedName}\n${r.gatewayCode}` : r.gatewayCode;
}

/** What the report shows instead of its chart and table: no farm, loading, failed, or no controllers; else null. */
export function gatewayReportGate(
  farms: readonly unknown[],
  farmType: number,
  report: UseQueryResult<readonly unknown[]>,
  t: TFunction,
): ReactElement | null {
  if (farms.length === 0) return <NoFarm farmType={farmType} />;
  if (report.isPending) return <LoadingBlock rows={2} />;
  if (report.isError && !report.data) return <ErrorBlock title={t('report.loadFailed')} onRetry={() => void report.refetch()} />;
  if ((report.data ?? []).length === 0) return <EmptyBlock title={t('commu.noGateways')} />;
  return null;
}

/** The table: one row per controller, twenty a page when longer, a row opens to its `details` (on a phone, a card's foot). */
export function GatewayTable<R extends GatewayCells>({
  label,
  columns,
  rows,
  loading,
  hasDetails,
  details,
}: {
  label: string;
  columns: ColumnsType<R>;
  rows: R[];
  loading: boolean;
  hasDetails: (row: R) => boolean;
  details: (row: R) => ReactElement;
}): ReactElement {
  return (
    <PagedTable<R>
      className="fs-panel fs-report-table"
      label={label}
      rowKey="gatewayId"
      size="middle"
      columns={columns}
      rows={rows}
      rowsPerPage={20}
      loading={loading}
      expandable={{ rowExpandable: hasDetails, expandedRowRender: details }}
      scroll={{ x: 'max-content' }}
    />
  );
}
