import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { FileActions } from './FileActions';
import { ImportReport } from './ImportReport';
import { signedInEach } from '../../../test/session';

const OUTCOME = {
  saved: 3,
  errors: [
    { row: 2, field: 'dead', code: 99996, key: 'validation.nonNegative', msg: 'Parameter error' },
    { row: 5, field: 'day', code: 21016, msg: 'The date is outside the flock' },
    { row: 6, code: 20300, msg: 'Daily stock import failed: no flock found' },
  ],
};

signedInEach();

describe('import report', { timeout: 30_000 }, () => {
  it('lists every refused row with its row number, field label and message', async () => {
    renderWithApp(<ImportReport kind="stock" outcome={OUTCOME} onClose={vi.fn()} />);
    const report = await screen.findByTestId('import-report', {}, SLOW);
    expect(report.textContent).toContain(tk('production.import.summary', { saved: 3, failed: 3 }));
    const table = within(report).getByRole('table', { name: tk('production.import.errorsLabel') });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['2', tk('records.stock.dead'), tk('validation.nonNegative')],
      ['5', tk('records.stock.day'), tk('errors.21016')],
      ['6', '—', tk('errors.20300')],
    ]);
  });

  it('uploads the chosen file with the farm and shows the report', async () => {
    const calls: RecordedCall[] = mockApi({});
    const forms: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) => {
        forms.push(init?.body as FormData);
        calls.push({ method: init?.method ?? 'GET', path: _input, query: {}, body: undefined });
        return new Response(JSON.stringify({ code: 1, msg: '', data: OUTCOME }), { status: 200 });
      }),
    );
    renderWithApp(
      <FileActions
        kind="stock"
        template={{
          path: '/breedpigbuilding/flockDaily/stock/template',
          method: 'GET',
          query: { farmId: 3 },
          fallback: 'stock-template.xlsx',
        }}
        importer={{ path: '/breedpigbuilding/flockDaily/stock/import', fields: { farmId: 3 } }}
        exporter={{ path: '/breedpigbuilding/flockDaily/stock/export', method: 'POST', body: { farmId: 3 }, fallback: 'stock.xlsx' }}
      />,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['xlsx'], 'stock.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByTestId('import-report', {}, SLOW);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/breedpigbuilding/flockDaily/stock/import')).toBe(true), SLOW);
    expect(forms[0]!.get('farmId')).toBe('3');
    expect((forms[0]!.get('file') as File).name).toBe('stock.xlsx');
  });
});
