import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DEFAULT_LOCALE, type Page } from '@farmsense/shared';
import { i18n } from '../app/i18n/i18n';
import { realWidthAfterEach, setWidth } from '../test/screenWidth';
import { PagedTable } from './PagedTable';
import { actionsColumn } from './actionsColumn';

interface Flock {
  id: number;
  name: string;
  breed: string;
  hatch: string;
}

const PAGE: Page<Flock> = {
  list: [
    { id: 1, name: 'Flock A', breed: 'Ross 308', hatch: '2026-11-01' },
    { id: 2, name: 'Flock B', breed: 'Cobb 500', hatch: '2026-11-08' },
  ],
  total: 2,
  pageNo: 1,
  pageSize: 20,
};

const onEdit = vi.fn();
const COLUMNS: ColumnsType<Flock> = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Breed', dataIndex: 'breed' },
  { title: 'Hatch date', dataIndex: 'hatch' },
  actionsColumn<Flock>('Actions', 100, (row) => <Button onClick={() => onEdit(row.id)}>Edit</Button>),
];

function Flocks(): ReactElement {
  return (
    <MemoryRouter initialEntries={['/flocks']}>
      <PagedTable<Flock>
        label="Flocks"
        columns={COLUMNS}
        page={PAGE}
        paging={{ pageNo: 1, pageSize: 20 }}
        onPaging={() => undefined}
        scroll={{ x: 1400 }}
      />
    </MemoryRouter>
  );
}

realWidthAfterEach();
const headers = (): string[] => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');

beforeEach(async () => {
  await i18n.changeLanguage('en-us');
  setWidth(1440);
});
afterEach(async () => {
  await i18n.changeLanguage(DEFAULT_LOCALE);
});

describe('paged table', () => {
  it('hides a chosen column, remembers it for the next visit, and shows it again', () => {
    const first = render(<Flocks />);
    expect(headers()).toEqual(['Name', 'Breed', 'Hatch date', 'Actions']);

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = screen.getByRole('group', { name: 'Columns' });
    // The identifying column and the actions always stay, so they are not offered.
    expect(within(chooser).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(chooser).queryByText('Name')).toBeNull();
    fireEvent.click(within(chooser).getByLabelText('Breed'));
    expect(headers()).toEqual(['Name', 'Hatch date', 'Actions']);
    expect(JSON.parse(localStorage.getItem('fs.columns:/flocks')!)).toEqual(['breed']);
    first.unmount();

    render(<Flocks />);
    expect(headers()).toEqual(['Name', 'Hatch date', 'Actions']);
    expect(screen.getByRole('button', { name: 'Columns' }).textContent).toBe('Columns (1 hidden)');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Columns' })).getByRole('button', { name: 'Show all columns' }));
    expect(headers()).toEqual(['Name', 'Breed', 'Hatch date', 'Actions']);
    expect(localStorage.getItem('fs.columns:/flocks')).toBeNull();
  });

  it('pins the first column left and the actions right when the table scrolls sideways', () => {
    const { container } = render(<Flocks />);
    const cells = container.querySelectorAll('tbody tr.ant-table-row')[0]!.querySelectorAll('td');
    expect(cells[0]!.className).toContain('ant-table-cell-fix-start');
    expect(cells[cells.length - 1]!.className).toContain('ant-table-cell-fix-end');
    expect(within(cells[cells.length - 1]!).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('shows one card per row below 768 px: name as heading, shown columns as lines, actions at the foot', () => {
    localStorage.setItem('fs.columns:/flocks', JSON.stringify(['breed']));
    render(<Flocks />);
    expect(screen.getByRole('table')).toBeTruthy();
    act(() => setWidth(390));
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByTestId('row-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.querySelector('.fs-row-card-head')!.textContent).toBe('Flock A');
    const lines = [...cards[0]!.querySelectorAll('.fs-row-card-line')].map((l) => [
      l.querySelector('dt')!.textContent,
      l.querySelector('dd')!.textContent,
    ]);
    expect(lines).toEqual([['Hatch date', '2026-11-01']]);
    fireEvent.click(within(cards[1]!.querySelector<HTMLElement>('.fs-row-card-actions')!).getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(2);

    act(() => setWidth(768));
    expect(screen.queryAllByTestId('row-card')).toHaveLength(0);
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('shows a whole list without pages, with its count and the column chooser, and as cards below 768 px', () => {
    render(
      <MemoryRouter initialEntries={['/silos']}>
        <PagedTable<Flock> label="Flocks" columns={COLUMNS} rows={PAGE.list} scroll={{ x: 1400 }} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('2 items')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    act(() => setWidth(390));
    expect(screen.getAllByTestId('row-card')).toHaveLength(2);
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('pages a whole list longer than rowsPerPage in the browser, and keeps it whole when it fits', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Flock ${i + 1}`, breed: 'Ross 308', hatch: '2026-11-01' }));
    const view = render(
      <MemoryRouter initialEntries={['/silos']}>
        <PagedTable<Flock> label="Flocks" columns={COLUMNS} rows={many} rowsPerPage={10} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('25 items')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Flock 21')).toBeTruthy();
    view.rerender(
      <MemoryRouter initialEntries={['/silos']}>
        <PagedTable<Flock> label="Flocks" columns={COLUMNS} rows={many.slice(0, 10)} rowsPerPage={10} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.getByText('10 items')).toBeTruthy();
  });

  it('shows what a row opens to at the foot of its card, folded under Details, only for rows that have it', () => {
    render(
      <MemoryRouter initialEntries={['/silos']}>
        <PagedTable<Flock>
          label="Flocks"
          columns={COLUMNS}
          rows={PAGE.list}
          expandable={{ rowExpandable: (r) => r.id === 2, expandedRowRender: (r) => <p data-testid="flock-details">Pens of {r.name}</p> }}
        />
      </MemoryRouter>,
    );
    act(() => setWidth(390));
    const cards = screen.getAllByTestId('row-card');
    expect(cards[0]!.querySelector('details')).toBeNull();
    const details = cards[1]!.querySelector('details')!;
    expect(details.querySelector('summary')!.textContent).toBe('Details');
    expect(within(details).getByTestId('flock-details').textContent).toBe('Pens of Flock B');
  });
});
