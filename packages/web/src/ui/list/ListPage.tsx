import { isValidElement, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INPUT_MAX_LENGTH } from '@farmsense/shared';
import { FilterBar, FilterField } from '../FilterBar';
import { FilterActions, PageHead, type PageHeadProps } from '../PageParts';
import { PagedTable, type PagedTableProps, type PageQuery } from '../PagedTable';
import type { ListPageState } from './useListPage';
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
export function ListPage<T extends object>({
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
  list: Pick<ListPageState<object>, 'search' | 'clear' | 'filtered' | 'table'>;
  page: PageQuery<T>;
  /** The usual head (title, subtitle, add button), or the page's own. */
  head: PageHeadProps | ReactElement;
  filterLabel: string;
  /** The fields of the filter bar. */
  filters: ReactNode;
  /** What stands between the filters and the table (a batch bar). */
  above?: ReactNode;
  table: ListTableProps<T>;
  className?: string;
  /** Dialogs and drawers. */
  children?: ReactNode;
}): ReactElement {
  return (
    <section className={className} aria-labelledby="page-title">
      {isValidElement(head) ? head : <PageHead {...head} />}
      <div className="fs-panel">
        <FilterBar label={filterLabel} actions={<FilterActions onReset={list.clear} onSearch={list.search} />}>
          {filters}
        </FilterBar>
        {above}
        <PagedTable<T>
          rowKey="id"
          className="fs-admin-table"
          {...table}
          {...list.table(page)}
          emptyText={list.filtered && noMatch ? noMatch : empty}
        />
      </div>
      {children}
    </section>
  );
}

type TextDraft<K extends string> = ListPageState<Partial<Record<K, string>>>;

/** A text filter of the filter bar: typed into the draft, applied by Enter or the search button. */
export function KeywordFilter<K extends string>({
  id,
  label,
  width,
  list,
  field,
  placeholder,
  icon = true,
}: {
  id: string;
  label: string;
  width: number;
  list: Pick<TextDraft<K>, 'draft' | 'setDraft' | 'search'>;
  field: K;
  placeholder?: string;
  /** A magnifier in the field, where the page shows one. */
  icon?: boolean;
}): ReactElement {
  return (
    <FilterField id={id} label={label} width={width}>
      <Input
        id={id}
        allowClear
        prefix={icon ? <SearchOutlined className="fs-muted" /> : undefined}
        placeholder={placeholder}
        maxLength={INPUT_MAX_LENGTH}
        value={list.draft[field] ?? ''}
        onChange={(e) => list.setDraft({ [field]: e.target.value } as Partial<Record<K, string>>)}
        onPressEnter={list.search}
      />
    </FilterField>
  );
}

const ALL = 'all';

/** An enabled / disabled filter of the draft, "all" first; `labels` are the page's words for 1 and 0. */
export function StatusFilter({
  id,
  label,
  width,
  list,
  labels,
}: {
  id: string;
  label: string;
  width: number;
  list: Pick<ListPageState<{ status?: 0 | 1 }>, 'draft' | 'setDraft'>;
  labels: { enabled: string; disabled: string };
}): ReactElement {
  const { t } = useTranslation('common');
  const value = list.draft.status;
  return (
    <FilterField id={id} label={label} width={width}>
      <Select<string>
        id={id}
        value={value === undefined ? ALL : String(value)}
        onChange={(v) => list.setDraft({ status: v === '1' ? 1 : v === '0' ? 0 : undefined })}
        options={[
          { value: ALL, label: t('all') },
          { value: '1', label: labels.enabled },
          { value: '0', label: labels.disabled },
        ]}
      />
    </FilterField>
  );
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
