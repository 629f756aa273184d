import { useCallback, useState } from 'react';
import type { ColumnsType, ColumnType } from 'antd/es/table';

/**
 * Which columns of a list the user chose to see, and the columns that always stay: the first
 * (what identifies the row: a shed's name, a flock's house) and the row's actions. At 1440 px a
 * wide list used to push the columns a user came for under the pinned actions; now the first
 * column is pinned left, the actions right, the rest scroll between them, and the user may hide
 * what they do not need. The choice is kept per page in the browser.
 */
export type AnyColumn<T> = ColumnsType<T>[number];

/** A column's identity: its key, else its data field. Columns without one cannot be hidden. */
export function columnId<T>(col: AnyColumn<T>): string | null {
  if (col.key !== undefined && col.key !== null) return String(col.key);
  const di = (col as ColumnType<T>).dataIndex;
  if (Array.isArray(di)) return di.join('.');
  if (typeof di === 'string' || typeof di === 'number') return String(di);
  return null;
}

/** The columns the user may hide: not the first, not the actions, not one without identity. */
export function choosable<T>(columns: readonly AnyColumn<T>[]): AnyColumn<T>[] {
  return columns.filter((c, i) => i > 0 && c.key !== 'actions' && columnId(c) !== null);
}

/** The columns shown: the hidden ones left out; the first pinned left when the table scrolls sideways. */
export function shownColumns<T>(columns: readonly AnyColumn<T>[], hidden: ReadonlySet<string>, pinFirst: boolean): AnyColumn<T>[] {
  const kept = columns.filter((c, i) => {
    const id = columnId(c);
    return i === 0 || c.key === 'actions' || id === null || !hidden.has(id);
  });
  if (pinFirst && kept.length > 0 && kept[0]!.fixed === undefined) kept[0] = { ...kept[0]!, fixed: 'left' };
  return kept;
}

const PREFIX = 'fs.columns:';

function read(key: string): Set<string> {
  try {
    const raw = window.localStorage.getItem(PREFIX + key);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The hidden column ids of one list, remembered in the browser under `key` (the page's path). */
export function useHiddenColumns(key: string): { hidden: ReadonlySet<string>; toggle: (id: string) => void; showAll: () => void } {
  const [state, setState] = useState<{ key: string; hidden: Set<string> }>(() => ({ key, hidden: read(key) }));
  const current = state.key === key ? state.hidden : read(key);
  if (state.key !== key) setState({ key, hidden: current });
  const save = useCallback(
    (next: Set<string>) => {
      setState({ key, hidden: next });
      try {
        if (next.size === 0) window.localStorage.removeItem(PREFIX + key);
        else window.localStorage.setItem(PREFIX + key, JSON.stringify([...next]));
      } catch {
        // A browser that keeps nothing (private mode, full storage) still hides for this visit.
      }
    },
    [key],
  );
  const toggle = useCallback(
    (id: string) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      save(next);
    },
    [current, save],
  );
  const showAll = useCallback(() => save(new Set()), [save]);
  return { hidden: current, toggle, showAll };
}
