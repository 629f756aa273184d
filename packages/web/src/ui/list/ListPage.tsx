import { useState, type ReactElement, type ReactNode } from 'react';
import { Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INPUT_MAX_LENGTH } from '@farmsense/shared';
import { FilterBar, FilterField } from '../FilterBar';
import { FilterActions } from '../PageParts';
import type { ListPageState } from './useListPage';
import '../admin.css';

/**
 * The frame of an administration list: the page head, a panel with the filter bar (reset and
 * search at its end) above the table, and the page's dialogs and drawers after the panel.
 */
export function ListPageLayout({
  head,
  filterLabel,
  list,
  filters,
  table,
  children,
  className = 'fs-admin-page',
}: {
  head: ReactNode;
  filterLabel: string;
  list: Pick<ListPageState<object>, 'search' | 'clear'>;
  /** The fields of the filter bar. */
  filters: ReactNode;
  /** The table, with what stands between it and the filters (a batch bar). */
  table: ReactNode;
  /** Dialogs and drawers. */
  children?: ReactNode;
  className?: string;
}): ReactElement {
  return (
    <section className={className} aria-labelledby="page-title">
      {head}
      <div className="fs-panel">
        <FilterBar label={filterLabel} actions={<FilterActions onReset={list.clear} onSearch={list.search} />}>
          {filters}
        </FilterBar>
        {table}
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

/** An enabled / disabled filter with "all" first; `labels` are the page's words for 1 and 0. */
export function StatusFilter({
  id,
  label,
  width,
  value,
  onChange,
  labels,
}: {
  id: string;
  label: string;
  width: number;
  value: 0 | 1 | undefined;
  onChange: (v: 0 | 1 | undefined) => void;
  labels: { enabled: string; disabled: string };
}): ReactElement {
  const { t } = useTranslation('common');
  return (
    <FilterField id={id} label={label} width={width}>
      <Select<string>
        id={id}
        value={value === undefined ? ALL : String(value)}
        onChange={(v) => onChange(v === '1' ? 1 : v === '0' ? 0 : undefined)}
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
  return {
    open: state !== null,
    row: state?.row ?? null,
    add: () => setState({ row: null }),
    edit: (row) => setState({ row }),
    close: () => setState(null),
  };
}
