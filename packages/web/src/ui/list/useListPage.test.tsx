import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { Page } from '@farmsense/shared';
import { tk } from '../../app/i18n/i18n';
import { renderWithApp } from '../../test/mockApi';
import { PagedTable } from '../PagedTable';
import { dayFilter, numberFilter, oneOfFilter, textFilter, useListPage } from './useListPage';

const SCHEMA = { keyword: textFilter, roleId: numberFilter, status: oneOfFilter([0, 1] as const) };

function setup(path = '/list'): {
  result: { current: { list: ReturnType<typeof useListPage<typeof SCHEMA>>; search: string; navigate: (n: number) => void } };
} {
  const wrapper = ({ children }: { children: ReactNode }): ReactElement => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  const { result } = renderHook(
    () => {
      const list = useListPage(SCHEMA);
      const navigate = useNavigate();
      return { list, search: useLocation().search, navigate: (n: number) => void navigate(n) };
    },
    { wrapper },
  );
  return { result };
}

describe('useListPage', () => {
  it('reads filters and paging from the address; ill-formed values read as no filter', () => {
    const { result } = setup('/list?keyword=pig&roleId=5&status=0&pageNo=3&pageSize=50&other=x');
    expect(result.current.list.filters).toEqual({ keyword: 'pig', roleId: 5, status: 0 });
    expect(result.current.list.paging).toEqual({ pageNo: 3, pageSize: 50 });
    expect(result.current.list.query).toEqual({ keyword: 'pig', roleId: 5, status: 0, pageNo: 3, pageSize: 50 });
    expect(result.current.list.draft).toEqual({ keyword: 'pig', roleId: 5, status: 0 });
    expect(result.current.list.filtered).toBe(true);

    const bad = setup('/list?roleId=abc&status=7&pageNo=-2&pageSize=0').result;
    expect(bad.current.list.filters).toEqual({});
    expect(bad.current.list.paging).toEqual({ pageNo: 1, pageSize: 20 });
    expect(bad.current.list.filtered).toBe(false);
    expect(dayFilter.parse('2026-11-20')).toBe('2026-11-20');
    expect(dayFilter.parse('20/11/2026')).toBeUndefined();
  });

  it('writes a search into the address on page 1, keeps other parameters, and the back button restores the previous search', () => {
    const { result } = setup('/list?keyword=old&pageNo=4&other=x');
    act(() => result.current.list.setDraft({ keyword: '  pig ', roleId: 5 }));
    // Typing alone does not reload the list.
    expect(result.current.list.filters).toEqual({ keyword: 'old' });
    act(() => result.current.list.search());
    const params = new URLSearchParams(result.current.search);
    expect(Object.fromEntries(params)).toEqual({ keyword: 'pig', roleId: '5', other: 'x' });
    expect(result.current.list.filters).toEqual({ keyword: 'pig', roleId: 5 });
    expect(result.current.list.paging.pageNo).toBe(1);

    act(() => result.current.list.setPaging({ pageNo: 2, pageSize: 50 }));
    expect(Object.fromEntries(new URLSearchParams(result.current.search))).toEqual({
      keyword: 'pig',
      roleId: '5',
      other: 'x',
      pageNo: '2',
      pageSize: '50',
    });

    act(() => result.current.navigate(-1));
    act(() => result.current.navigate(-1));
    expect(result.current.list.filters).toEqual({ keyword: 'old' });
    expect(result.current.list.paging.pageNo).toBe(4);
    // The filter bar follows the address.
    expect(result.current.list.draft).toEqual({ keyword: 'old' });
  });

  it('an applied filter goes back to page 1 and keeps the page size; clear drops every filter', () => {
    const { result } = setup('/list?keyword=pig&pageNo=3&pageSize=50');
    act(() => result.current.list.apply({ status: 1 }));
    expect(result.current.list.query).toEqual({ keyword: 'pig', status: 1, pageNo: 1, pageSize: 50 });
    act(() => result.current.list.apply({ keyword: '' }));
    expect(result.current.list.filters).toEqual({ status: 1 });
    act(() => result.current.list.clear());
    expect(result.current.list.filters).toEqual({});
    expect(result.current.list.draft).toEqual({});
    expect(result.current.search).toBe('?pageSize=50');
    // A draft typed but not searched is cleared too, though the address stays the same.
    act(() => result.current.list.setDraft({ keyword: 'typed' }));
    act(() => result.current.list.clear());
    expect(result.current.list.draft).toEqual({});
  });
});

interface Row {
  id: number;
  name: string;
}

function TableProbe({
  page,
}: {
  page: { data: Page<Row> | undefined; isFetching: boolean; error: unknown; refetch: () => Promise<unknown> };
}): ReactElement {
  const list = useListPage({ keyword: textFilter });
  return <PagedTable<Row> label="rows" rowKey="id" columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]} {...list.table(page)} />;
}

describe('useListPage table binding', () => {
  it('a failed load shows the error with a retry that loads again; rows and the pager come from the query and the address', async () => {
    const refetch = vi.fn(async () => undefined);
    const failed = renderWithApp(
      <TableProbe page={{ data: undefined, isFetching: false, error: new Error('down'), refetch }} />,
      '/?pageSize=10',
    );
    expect(screen.getByRole('alert').textContent).toContain(tk('shell.states.errorHint'));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(tk('shell.actions.retry')) }));
    expect(refetch).toHaveBeenCalledTimes(1);

    const data: Page<Row> = { list: [{ id: 1, name: 'Pig house' }], total: 31, pageNo: 1, pageSize: 10 };
    failed.unmount();
    renderWithApp(<TableProbe page={{ data, isFetching: false, error: null, refetch }} />, '/?pageSize=10');
    expect(await screen.findByText('Pig house')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // 31 rows at 10 a page (the size read from the address): four pages.
    expect(screen.getByTitle('4')).toBeTruthy();
    expect(screen.queryByTitle('5')).toBeNull();
  });
});
