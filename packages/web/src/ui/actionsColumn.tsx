import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnType } from 'antd/es/table';

/**
 * The last column of an administration table, pinned right so the row's actions stay in reach
 * when the table scrolls sideways; the actions stand side by side (`.fs-row-actions`, admin.css).
 * `width` is the page's own: it knows how many actions it shows and whether they are compact.
 */
export function actionsColumn<T>(
  title: string,
  width: number,
  actions: (row: T) => ReactNode,
  /** `touch` false: the small buttons of the device pages keep their own height; `wrap`: many actions wrap. */
  { touch = true, wrap = false }: { touch?: boolean; wrap?: boolean } = {},
): ColumnType<T> {
  return {
    key: 'actions',
    title,
    fixed: 'right',
    width,
    render: (_, row) => (
      <Space size={4} wrap={wrap || undefined} className={touch ? 'fs-row-actions' : undefined}>
        {actions(row)}
      </Space>
    ),
  };
}
