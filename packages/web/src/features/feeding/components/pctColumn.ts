import type { ColumnType } from 'antd/es/table';
import { formatDecimal } from '../../../app/i18n/numbers';

/** A percentage of the plan (a share, a deviation, a gap) with one decimal, or an em dash where there is none (no plan, nothing dispensed). */
export function formatPct(value: number | null): string {
  return value === null ? '—' : formatDecimal(value, 1);
}

/** A right-aligned column of such a percentage: the share, deviation or gap `value` picks from the row. */
export function pctColumn<Row>(key: string, title: string, width: number, value: (row: Row) => number | null): ColumnType<Row> {
  return { key, title, width, align: 'right', render: (_, r) => formatPct(value(r)) };
}
