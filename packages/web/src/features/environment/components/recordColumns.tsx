import type { ColumnsType } from 'antd/es/table';
import type { RecordColumn, RecordRow } from '@farmsense/shared';
import { formatDateTime } from '../../../app/i18n/numbers';
import { fmtNumber, keyHeader } from '../model/format';

/**
 * Columns of an environment records table: the reading time, then one column per sensor named
 * with its unit ("Temperature 2 (°C)"), prefixed with the gateway code when a shed has several.
 */
export function recordColumns(columns: readonly RecordColumn[], timeTitle: string): ColumnsType<RecordRow> {
  const several = columns.some((c) => c.field !== c.key);
  return [
    {
      title: timeTitle,
      key: 'ts',
      dataIndex: 'ts',
      fixed: 'left',
      width: 170,
      render: (ts: number) => <span className="fs-num">{formatDateTime(ts, { seconds: true })}</span>,
    },
    ...columns.map((c) => ({
      title: several ? `${c.gatewayCode} ${keyHeader(c.key, c.unit)}` : keyHeader(c.key, c.unit),
      key: c.field,
      align: 'right' as const,
      render: (_: unknown, row: RecordRow) => <span className="fs-num">{fmtNumber(row.values[c.field] ?? null, c.key)}</span>,
    })),
  ];
}
