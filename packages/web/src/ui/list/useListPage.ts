import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from '@farmsense/shared';
import { pageQueryProps, type PagedQueryProps, type PageQuery, type Paging } from '../PagedTable';

/**
 * How one filter of a list is written into the address and read back (`?keyword=pig&roleId=5`);
 * a value the page cannot use (a hand-edited link) reads as "no filter".
 */
export interface FilterCodec<V> {
  parse: (raw: string) => V | undefined;
}

/** A text filter (a keyword, a name); blank is no filter. */
export const textFilter: FilterCodec<string> = { parse: (raw) => raw.trim() || undefined };

/** An id or a number filter. */
export const numberFilter: FilterCodec<number> = {
  parse: (raw) => {
    const n = Number(raw);
    return raw !== '' && Number.isSafeInteger(n) ? n : undefined;
  },
};

/** A calendar day filter (`2026-11-20`). */
export const dayFilter: FilterCodec<string> = { parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined) };

/** A filter with a fixed set of values (a status, a mode). */
export function oneOfFilter<V extends string | number>(values: readonly V[]): FilterCodec<V> {
  return { parse: (raw) => values.find((v) => String(v) === raw) };
}

export type FilterSchema = Record<string, FilterCodec<string | number>>;
export type FiltersOf<S extends FilterSchema> = { [K in keyof S]?: S[K] extends FilterCodec<infer V> ? V : never };

/** What a list page reads and does: its filters (applied and being typed), its page, its table. */
export interface ListPageState<F> {
  /** The filters the list is loaded with, as the address says. */
  filters: F;
  /** The filter bar's values, applied by `search` (typing alone does not reload the list). */
  draft: F;
  setDraft: (patch: Partial<F>) => void;
  /** The draft becomes the filters (texts trimmed, blanks dropped), on page 1. */
  search: () => void;
  /** Filters changed at once (a farm picker, a status switch), on page 1. */
  apply: (patch: Partial<F>) => void;
  /** No filter, page 1. */
  clear: () => void;
  /** Whether any filter is set (an empty list then says "no match" rather than "nothing yet"). */
  filtered: boolean;
  paging: Paging;
  setPaging: (p: Paging) => void;
  /** The paging and the filters, as the list query takes them. */
  query: F & Paging;
  /** Binds the list query to the table: rows, loading, failure with retry, and the pager. */
  table: <T extends object>(page: PageQuery<T>) => PagedQueryProps<T>;
}

const PAGE_NO = 'pageNo';
const PAGE_SIZE = 'pageSize';

function defined<F extends object>(values: Partial<F>): F {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value !== undefined && value !== null && value !== '') out[k] = value;
  }
  // Every key left is one of F's, with a value of its type.
  return out as F;
}

/**
 * The state of a server-paged list page, kept in the address: its filters and `pageNo` /
 * `pageSize` are search parameters, so a list link can be shared and the back button brings the
 * previous search back. A filter change goes back to page 1; the default page size is not written.
 * Search parameters the page does not own are left as they are.
 */
export function useListPage<S extends FilterSchema>(
  schema: S,
  { pageSize: defaultSize = PAGE_SIZES.default }: { pageSize?: number } = {},
): ListPageState<FiltersOf<S>> {
  type F = FiltersOf<S>;
  const [params, setParams] = useSearchParams();
  const keyList = Object.keys(schema).join(',');
  const keys = useMemo(() => keyList.split(','), [keyList]);
  const signature = keys.map((k) => `${k}=${params.get(k) ?? ''}`).join('&');

  const filters = useMemo(() => {
    const out: Record<string, string | number> = {};
    for (const key of keys) {
      const raw = params.get(key);
      const value = raw === null ? undefined : schema[key]!.parse(raw);
      if (value !== undefined) out[key] = value;
    }
    return out as F;
    // `signature` stands for the filter parameters: other parameters do not make new filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  const pageNo = numberFilter.parse(params.get(PAGE_NO) ?? '') ?? 1;
  const size = numberFilter.parse(params.get(PAGE_SIZE) ?? '') ?? defaultSize;
  const paging = useMemo(() => ({ pageNo: Math.max(1, pageNo), pageSize: size > 0 ? size : defaultSize }), [pageNo, size, defaultSize]);

  const write = useCallback(
    (next: { filters?: F; paging: Paging }) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (next.filters) {
          for (const key of keys) out.delete(key);
          for (const [k, v] of Object.entries(next.filters)) out.set(k, String(v));
        }
        if (next.paging.pageNo > 1) out.set(PAGE_NO, String(next.paging.pageNo));
        else out.delete(PAGE_NO);
        if (next.paging.pageSize !== defaultSize) out.set(PAGE_SIZE, String(next.paging.pageSize));
        else out.delete(PAGE_SIZE);
        return out;
      }),
    [setParams, defaultSize, keys],
  );

  // The draft is typed over the filters it started from; once the address changes (back button,
  // a link), the filter bar shows what the list is loaded with.
  const [edit, setEdit] = useState<{ base: F; draft: F }>({ base: filters, draft: filters });
  const draft = edit.base === filters ? edit.draft : filters;
  const setDraft = useCallback(
    (patch: Partial<F>) => setEdit((e) => ({ base: filters, draft: { ...(e.base === filters ? e.draft : filters), ...patch } })),
    [filters],
  );
  const firstPage = { pageNo: 1, pageSize: paging.pageSize };
  const search = (): void => write({ filters: defined<F>(draft), paging: firstPage });
  const apply = (patch: Partial<F>): void => write({ filters: defined<F>({ ...filters, ...patch }), paging: firstPage });
  const clear = (): void => {
    setEdit({ base: filters, draft: {} as F });
    write({ filters: {} as F, paging: firstPage });
  };
  const setPaging = useCallback((p: Paging) => write({ paging: p }), [write]);
  const query = useMemo(() => ({ ...filters, ...paging }), [filters, paging]);

  return {
    filters,
    draft,
    setDraft,
    search,
    apply,
    clear,
    filtered: Object.keys(filters).length > 0,
    paging,
    setPaging,
    query,
    table: (page) => ({ ...pageQueryProps(page), paging, onPaging: setPaging }),
  };
}
