import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { alarmReportsApi, DEFAULT_LOCALE, productionExcelApi } from '@farmsense/shared';
import { bindToasts } from '../app/api/toast';
import { i18n } from '../app/i18n/i18n';
import { INITIAL_DATA, useAppStore } from '../app/stores/appStore';
import { fileRequest } from './download';
import { ExportButton } from './ExportButton';

// The toasts go to spies: the button is rendered without the App that binds antd's messages.
const toasts = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function fileAnswer(name: string): Response {
  return new Response(new Uint8Array([80, 75, 3, 4]), {
    status: 200,
    headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` },
  });
}

const button = (): HTMLButtonElement => screen.getByRole('button');

beforeEach(async () => {
  useAppStore.setState({ ...INITIAL_DATA, locale: 'en-us', token: 'tok' });
  await i18n.changeLanguage('en-us');
  bindToasts(toasts as never);
  Object.values(toasts).forEach((f) => f.mockClear());
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage(DEFAULT_LOCALE);
});

describe('export button', () => {
  it('posts the body to the filled path, is busy until the file arrives and saves it under the name of the answer', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const save = vi.fn();
    const saved = vi.fn();
    const request = fileRequest(
      productionExcelApi.dailyExport,
      { params: { kind: 'stock' }, body: { farmId: 3, pageNo: 1, pageSize: 1000 } },
      'stock.xlsx',
    );
    render(<ExportButton request={request} save={save} onSaved={saved} />);

    expect(button().textContent).toContain('Export');
    fireEvent.click(button());
    await waitFor(() => expect(button().className).toContain('ant-btn-loading'));
    fireEvent.click(button());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/breedpigbuilding/flockDaily/stock/export');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ farmId: 3, pageNo: 1, pageSize: 1000 });
    expect(init.headers).toMatchObject({ token: 'tok', 'Accept-Language': 'en-us' });

    answer(fileAnswer('Stock House 1.xlsx'));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ size: 4 }), 'Stock House 1.xlsx'));
    expect(saved).toHaveBeenCalledWith('Stock House 1.xlsx');
    await waitFor(() => expect(button().className).not.toContain('ant-btn-loading'));
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('sends the query of a GET export and tells a refusal as a toast without saving', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 99996, msg: '', data: { issues: [{ field: 'endTime', key: 'environment.exportTooLarge' }] } }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const save = vi.fn();
    const request = fileRequest(
      alarmReportsApi.rankExport,
      { query: { farmId: 1, startTime: 1000, endTime: 2000, by: 'rule' } },
      'rank.xlsx',
    );
    render(<ExportButton request={request} label="Export rules" save={save} />);

    fireEvent.click(screen.getByRole('button', { name: /Export rules/ }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(i18n.t('environment:exportTooLarge')));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/warning/report/rank/export?farmId=1&startTime=1000&endTime=2000&by=rule');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(save).not.toHaveBeenCalled();
    await waitFor(() => expect(button().className).not.toContain('ant-btn-loading'));
  });

  it('tells a network failure as a toast and can be clicked again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const save = vi.fn();
    render(
      <ExportButton
        request={fileRequest(alarmReportsApi.rankExport, { query: { farmId: 1, startTime: 1, endTime: 2, by: 'gateway' } }, 'x.xlsx')}
        save={save}
      />,
    );
    fireEvent.click(button());
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(save).not.toHaveBeenCalled();
    await waitFor(() => expect(button().disabled).toBe(false));
  });

  it('is off while there is nothing to export, and speaks the interface language', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await i18n.changeLanguage('ru');
    render(<ExportButton request={null} />);
    expect(button().disabled).toBe(true);
    expect(button().textContent).toContain(i18n.t('common:export'));
    expect(i18n.t('common:export')).not.toBe('Export');
    fireEvent.click(button());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
