import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Locale } from '@farmsense/shared';
import { i18n } from '../app/i18n/i18n';

/**
 * How much room the action labels of a language need beside the English or Chinese ones the pages'
 * widths are set for: Russian writes them about half as long again ("Изменить", "Удалить" for
 * "Edit", "Delete"); with the buttons' icons and padding that is 30 % more column.
 */
const ACTION_TEXT_SCALE: Record<Locale, number> = { 'zh-cn': 1, 'en-us': 1, vi: 1, th: 1.05, ru: 1.3 };

/** The actions column width for the console language. */
export function actionsWidth(width: number): number {
  return Math.round(width * (ACTION_TEXT_SCALE[i18n.language as Locale] ?? 1));
}

/**
 * The last column of an administration table, pinned right so the row's actions stay in reach
 * when the table scrolls sideways; the actions stand side by side (`.fs-row-actions`, admin.css).
 * `width` is the page's own: it knows how many actions it shows and whether they are compact; it is
 * widened for languages with longer labels (`actionsWidth`), so a Russian "Удалить" is not cut off.
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
    width: actionsWidth(width),
    render: (_, row) => (
      <Space size={4} wrap={wrap || undefined} className={touch ? 'fs-row-actions' : undefined}>
        {actions(row)}
      </Space>
    ),
  };
}
