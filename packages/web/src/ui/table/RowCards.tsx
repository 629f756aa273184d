import type { HTMLAttributes, Key, ReactElement, ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { columnTitle } from './ColumnChooser';
import { columnId, type AnyColumn } from './columns';

/** What a cell shows: the column's render over its field (antd's cell-object form gives its children). */
function cell<T>(col: AnyColumn<T>, row: T, index: number): ReactNode {
  const c = col as ColumnType<T>;
  const di = c.dataIndex;
  let value: unknown = row;
  if (di !== undefined && di !== null) {
    for (const part of Array.isArray(di) ? di : [di])
      value = (value as Record<string | number, unknown> | null | undefined)?.[part as string];
  } else value = undefined;
  const shown: unknown = c.render ? c.render(value, row, index) : value;
  if (shown && typeof shown === 'object' && 'children' in shown && !('$$typeof' in shown))
    return (shown as { children: ReactNode }).children;
  return shown as ReactNode;
}

/** The leaf columns (a grouped heading's children in order). */
function leaves<T>(columns: readonly AnyColumn<T>[]): AnyColumn<T>[] {
  return columns.flatMap((c) => ('children' in c && Array.isArray(c.children) ? leaves(c.children as AnyColumn<T>[]) : [c]));
}

/**
 * A list on a phone (below 768 px): one card per row instead of a table that scrolls sideways.
 * The first column is the card's heading, each other shown column a labelled line, the actions
 * the card's foot: what a keeper in the shed can read and tap with gloves on.
 */
export function RowCards<T extends object>({
  rows,
  columns,
  rowKey,
  label,
  onRow,
  details,
  empty,
}: {
  rows: readonly T[];
  columns: readonly AnyColumn<T>[];
  rowKey: (row: T, index: number) => Key;
  label: string;
  onRow?: (row: T, index?: number) => HTMLAttributes<HTMLElement>;
  /** What a row of the table opens to (its expanded part), shown at the card's foot. */
  details?: ((row: T, index: number) => ReactNode) | undefined;
  empty: ReactNode;
}): ReactElement {
  const all = leaves(columns);
  const actions = all.find((c) => c.key === 'actions');
  const [head, ...body] = all.filter((c) => c !== actions);
  if (rows.length === 0) return <div className="fs-table-state fs-card-empty">{empty}</div>;
  return (
    <ul className="fs-row-cards" aria-label={label}>
      {rows.map((row, i) => {
        const { onClick } = onRow?.(row, i) ?? {};
        return (
          <li key={rowKey(row, i)} className="fs-row-card" data-testid="row-card" onClick={onClick}>
            {head && <div className="fs-row-card-head">{cell(head, row, i)}</div>}
            <dl>
              {body.map((c, j) => (
                <div key={columnId(c) ?? j} className="fs-row-card-line">
                  <dt>{columnTitle(c)}</dt>
                  <dd>{cell(c, row, i)}</dd>
                </div>
              ))}
            </dl>
            {details?.(row, i)}
            {actions && <div className="fs-row-card-actions">{cell(actions, row, i)}</div>}
          </li>
        );
      })}
    </ul>
  );
}
