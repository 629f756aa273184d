import { useCallback, useEffect, useState, type Key, type ReactElement, type ReactNode } from 'react';
import { Button, Pagination, Table, type TableProps } from 'antd';
import type { ExpandableConfig } from 'antd/es/table/interface';
import { useLocation } from 'react-router';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Page } from '@farmsense/shared';
import { CancelledError } from '../app/api/client';
import { ColumnChooser } from './table/ColumnChooser';
import { RowCards } from './table/RowCards';
import { choosable, shownColumns, useHiddenColumns, type AnyColumn } from './table/columns';
import { useScreenBand } from './useScreenBand';
import { PAGE_SIZE_OPTIONS } from './pageSizes';
import './ui.css';

/**
 * A table over a server-paged list (`data = {list,total,pageNo,pageSize}`): page and size go back
 * to the server, antd's own texts follow the console language, the total is counted in words,
 * and a failed load says so inside the table with a retry instead of an empty grid. A whole list
 * the server does not page (`rows`) is shown in full with the same column chooser and cards.
 */
export interface Paging {
  pageNo: number;
  pageSize: number;
}

export { PAGE_SIZE_OPTIONS } from './pageSizes';

/**
 * Page state for one list; filters call `reset` so a new search starts on page 1. `table` binds
 * the list query to its table: rows, loading, failure with retry, and the pager.
 */
export function usePaging(pageSize: number = PAGE_SIZES.default): {
  paging: Paging;
  setPaging: (p: Paging) => void;
  reset: () => void;
  table: <T extends object>(query: PageQuery<T>) => PagedQueryProps<T>;
} {
  const [paging, setPaging] = useState<Paging>({ pageNo: 1, pageSize });
  const reset = useCallback(() => setPaging((p) => (p.pageNo === 1 ? p : { ...p, pageNo: 1 })), []);
  return { paging, setPaging, reset, table: (query) => ({ ...pageQueryProps(query), paging, onPaging: setPaging }) };
}

interface TableBaseProps<T extends object> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'onChange'> {
  loading?: boolean;
  /** The last load failed (the reason was already shown as a toast). */
  error?: unknown;
  onRetry?: () => void;
  /** What an empty list means on this page. */
  emptyText?: ReactNode;
  /** Names the table for assistive technology and tests. */
  label: string;
  /** Where the user's column choice is kept: the page's path unless a page holds two lists. */
  columnsKey?: string;
}

/**
 * A server page with its paging (`page`, `paging`, `onPaging`), or a whole list the server does
 * not page (`rows`), shown in full with its count and no pager.
 */
export interface PagedTableProps<T extends object> extends TableBaseProps<T> {
  page?: Page<T> | undefined;
  paging?: Paging;
  onPaging?: (p: Paging) => void;
  rows?: readonly T[] | undefined;
  /** A whole list longer than this is shown in pages of this size (the user may change it), in the browser. */
  rowsPerPage?: number;
}

/** The paged list query a table shows; the fields of react-query's result that the table reads. */
export interface PageQuery<T> {
  data: Page<T> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A paged list query bound to its table with the pager (`usePaging().table`, `useListPage().table`). */
export type PagedQueryProps<T extends object> = Pick<PagedTableProps<T>, 'page' | 'loading' | 'error' | 'onRetry' | 'paging' | 'onPaging'>;

/** Binds a paged list query to the table: its rows, its loading, its failure and a retry. */
export function pageQueryProps<T extends object>(query: PageQuery<T>): Pick<PagedTableProps<T>, 'page' | 'loading' | 'error' | 'onRetry'> {
  return { page: query.data, loading: query.isFetching, error: query.error, onRetry: () => void query.refetch() };
}

/** A row's expanded part (antd's `expandable`) as the foot of its card, folded under "Details" unless the table opens every row. */
function detailsOf<T>(expandable: ExpandableConfig<T>, summary: string): (row: T, index: number) => ReactNode {
  return (row, index) => {
    const render = expandable.expandedRowRender;
    if (!render || (expandable.rowExpandable && !expandable.rowExpandable(row))) return null;
    const body = render(row, index, 0, true);
    if (expandable.defaultExpandAllRows) return body;
    return (
      <details className="fs-row-card-details">
        <summary>{summary}</summary>
        {body}
      </details>
    );
  };
}

export function PagedTable<T extends object>({
  page,
  paging,
  onPaging,
  rows,
  rowsPerPage,
  loading = false,
  error,
  onRetry,
  emptyText,
  label,
  className,
  columnsKey,
  columns = [],
  rowKey = 'id',
  scroll,
  title,
  ...rest
}: PagedTableProps<T>): ReactElement {
  const { t } = useTranslation(['common', 'shell']);
  const { pathname } = useLocation();
  const band = useScreenBand();
  const { hidden, toggle, showAll } = useHiddenColumns(columnsKey ?? pathname);
  const optional = choosable(columns as AnyColumn<T>[]);
  // The first column is pinned where the page lets the table scroll sideways to a set width; a
  // table without one keeps the layout it had (forcing 'max-content' on every list was not kept).
  const shown = shownColumns(columns as AnyColumn<T>[], hidden, typeof scroll?.x === 'number');
  const failed = !!error && !(error instanceof CancelledError);
  const list: readonly T[] = rows ?? page?.list ?? [];
  const total = rows ? rows.length : (page?.total ?? 0);

  // A page left empty by a change elsewhere (rows disabled, filtered out) moves to the last page that has rows.
  useEffect(() => {
    if (!page || !paging || !onPaging || page.list.length > 0 || total === 0 || paging.pageNo === 1) return;
    const last = Math.max(1, Math.ceil(total / paging.pageSize));
    if (last < paging.pageNo) onPaging({ ...paging, pageNo: last });
  }, [page, total, paging, onPaging]);

  const empty = failed ? (
    <div className="fs-table-state" role="alert">
      <div>{t('states.errorHint', { ns: 'shell' })}</div>
      {onRetry && (
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {t('actions.retry', { ns: 'shell' })}
        </Button>
      )}
    </div>
  ) : (
    (emptyText ?? t('noData'))
  );

  const pager = paging && {
    current: paging.pageNo,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (count: number) => t('total', { count }),
    hideOnSinglePage: false,
    onChange: (pageNo: number, pageSize: number) =>
      onPaging?.(pageSize !== paging.pageSize ? { pageNo: 1, pageSize } : { pageNo, pageSize }),
  };
  // A long whole list is paged here, in the browser, with the same sizes and count as a server page.
  const localPager = rows &&
    rowsPerPage !== undefined &&
    rows.length > rowsPerPage && {
      defaultPageSize: rowsPerPage,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
      showTotal: (count: number) => t('total', { count }),
    };
  const keyOf = (row: T, i: number): Key =>
    typeof rowKey === 'function' ? rowKey(row, i) : ((row as Record<string, unknown>)[rowKey as string] as Key);

  if (band === 'small') {
    return (
      <div className={['fs-paged-cards', className].filter(Boolean).join(' ')} aria-busy={loading || undefined}>
        <RowCards<T>
          rows={list}
          columns={shown}
          rowKey={keyOf}
          label={label}
          onRow={rest.onRow}
          details={rest.expandable?.expandedRowRender && detailsOf(rest.expandable, t('details'))}
          empty={loading && (rows ?? page) === undefined ? t('loading') : empty}
        />
        {pager && <Pagination {...pager} size="small" simple={false} className="fs-cards-pager" />}
      </div>
    );
  }

  // A whole list has no pager to count its rows: the count stands beside the column chooser.
  const count =
    rows && list.length > 0 && !localPager ? <span className="fs-table-count">{t('total', { count: list.length })}</span> : null;
  const chooser =
    optional.length >= 2 || count ? (
      <div className="fs-table-tools">
        {count}
        {optional.length >= 2 && <ColumnChooser columns={optional} hidden={hidden} onToggle={toggle} onShowAll={showAll} />}
      </div>
    ) : null;
  return (
    <Table<T>
      {...rest}
      rowKey={rowKey}
      columns={shown}
      // Wide lists (a set scroll width) scroll between the pinned first column and the pinned actions.
      scroll={scroll}
      title={title ?? (chooser ? () => chooser : undefined)}
      className={['fs-paged-table', className].filter(Boolean).join(' ')}
      aria-label={label}
      dataSource={list as T[]}
      loading={loading}
      locale={{ emptyText: empty }}
      pagination={pager ?? localPager ?? false}
    />
  );
}
