import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { FilterBar } from '../FilterBar';
import { FilterActions, PageFrame, type PageHeadProps } from '../PageParts';
import { PagedTable, type PagedTableProps, type PageQuery } from '../PagedTable';
import type { ListPageState } from './useListPage';
import { FilterFields, type FilterSpec } from './filters';
import '../admin.css';

/** The table of a list page: what PagedTable takes less what the list binds, and its two empty texts. */
export type ListTableProps<T extends object> = Omit<
  PagedTableProps<T>,
  'page' | 'paging' | 'onPaging' | 'loading' | 'error' | 'onRetry' | 'emptyText'
> & {
  /** The list is empty: nothing added yet. */
  empty: string;
  /** The list is empty under the filters (when the page says it apart). */
  noMatch?: string;
};

/**
 * An administration list page: the page head, a panel with the filter bar (reset and search at
 * its end) above the server-paged table bound to `list` and `page` (rows, failure with retry,
 * pager in the address), and the page's dialogs and drawers after the panel.
 */
export function ListPage<T extends object, F extends object>({
  list,
  page,
  head,
  filterLabel,
  filters,
  above,
  table: { empty, noMatch, ...table },
  className = 'fs-admin-page',
  children,
}: {
  list: ListPageState<F>;
  page: PageQuery<T>;
  /** The usual head (title, subtitle, add button), or the page's own. */
  head: PageHeadProps | ReactElement;
  filterLabel: string;
  /** The fields of the filter bar. */
  filters: FilterSpec<F>[];
  /** What stands between the filters and the table (a batch bar). */
  above?: ReactNode;
  table: ListTableProps<T>;
  className?: string;
  /** Dialogs and drawers. */
  children?: ReactNode;
}): ReactElement {
  return (
    <PageFrame head={head} className={className} after={children}>
      <FilterBar label={filterLabel} actions={<FilterActions onReset={list.clear} onSearch={list.search} />}>
        <FilterFields list={list} specs={filters} />
      </FilterBar>
      {above}
      <ListTable<T> {...table} list={list} page={page} emptyText={list.filtered && noMatch ? noMatch : empty} />
    </PageFrame>
  );
}

/**
 * The table of a list (`useListPage`) over its page query: rows, loading, failure with retry and
 * the pager kept in the address; rows keyed by `id` unless told, in the admin table's look.
 */
export function ListTable<T extends object>({
  list,
  page,
  ...table
}: Omit<PagedTableProps<T>, 'page' | 'paging' | 'onPaging' | 'loading' | 'error' | 'onRetry'> & {
  list: Pick<ListPageState<object>, 'table'>;
  page: PageQuery<T>;
}): ReactElement {
  return <PagedTable<T> rowKey="id" className="fs-admin-table" {...table} {...list.table(page)} />;
}

/** Which row a form dialog is open for: `row` null is "add"; `open` false is closed. */
export interface RowDialog<T> {
  open: boolean;
  row: T | null;
  add: () => void;
  edit: (row: T) => void;
  close: () => void;
}

/** The open/close state of a list page's add/edit dialog. */
export function useRowDialog<T>(): RowDialog<T> {
  const [state, setState] = useState<{ row: T | null } | null>(null);
  // Stable, so pages may keep them in memoised columns.
  const actions = useMemo(
    () => ({ add: () => setState({ row: null }), edit: (row: T) => setState({ row }), close: () => setState(null) }),
    [],
  );
  return { open: state !== null, row: state?.row ?? null, ...actions };
}

/** The farms of a farm filter, by name. */
export function farmOptions(farms: readonly { id: number; farmName: string }[]): { value: number; label: string }[] {
  return farms.map((f) => ({ value: f.id, label: f.farmName }));
}
