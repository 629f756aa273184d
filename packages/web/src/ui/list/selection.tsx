import { useState, type ReactElement } from 'react';
import { Button } from 'antd';
import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { TableRowSelection } from 'antd/es/table/interface';

/** The rows chosen for a batch action, kept across the pages of a list. */
export interface RowSelectionState<T extends { id: number }> {
  selected: T[];
  setSelected: (next: T[] | ((prev: T[]) => T[])) => void;
  clear: () => void;
  /** The table's checkbox column; `getCheckboxProps` names or disables a row's box. */
  rowSelection: (opts: { columnWidth: number; getCheckboxProps?: TableRowSelection<T>['getCheckboxProps'] }) => TableRowSelection<T>;
}

export function useRowSelection<T extends { id: number }>(): RowSelectionState<T> {
  const [selected, setSelected] = useState<T[]>([]);
  return {
    selected,
    setSelected,
    clear: () => setSelected([]),
    rowSelection: ({ columnWidth, getCheckboxProps }) => ({
      selectedRowKeys: selected.map((r) => r.id),
      preserveSelectedRowKeys: true,
      // Rows chosen on other pages are not in `rows`: keep them from the previous selection.
      onChange: (keys, rows) =>
        setSelected((prev) => keys.flatMap((k) => rows.find((r) => r?.id === k) ?? prev.find((r) => r.id === k) ?? [])),
      ...(getCheckboxProps ? { getCheckboxProps } : {}),
      columnWidth,
      fixed: true,
    }),
  };
}

/**
 * The bar above a list while rows are chosen: how many, enable and disable (ban) them all at once,
 * and "clear". Its words are the page's own `batch.*` texts (`t` of the page's namespace);
 * `small` buttons on the platform pages.
 */
export function StatusBatchBar<T extends { id: number }>({
  t,
  selection,
  disableKey = 'batch.disable',
  onStatus,
  small,
}: {
  t: (key: string, vars?: Record<string, unknown>) => string;
  selection: Pick<RowSelectionState<T>, 'selected' | 'clear'>;
  disableKey?: string;
  onStatus: (rows: T[], status: 0 | 1) => void;
  small?: boolean;
}): ReactElement | null {
  const { selected } = selection;
  if (selected.length === 0) return null;
  const size = small ? 'small' : undefined;
  return (
    <div className="fs-batchbar" role="region" aria-label={t('batch.label')}>
      <span className="fs-batchbar__count">{t('batch.selected', { count: selected.length })}</span>
      <Button size={size} icon={<CheckCircleOutlined />} onClick={() => onStatus(selected, 1)}>
        {t('batch.enable')}
      </Button>
      <Button size={size} danger icon={<StopOutlined />} onClick={() => onStatus(selected, 0)}>
        {t(disableKey)}
      </Button>
      <Button size={size} type="link" onClick={selection.clear}>
        {t('batch.clear')}
      </Button>
    </div>
  );
}
