import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindToasts } from '../../../app/api/toast';
import { INITIAL_DATA, useAppStore } from '../../../app/stores/appStore';
import { downloadRequest } from '../../../ui/download';
import { filenameFromDisposition, recordsExport } from './download';

// Without a mounted App a toast would render antd's static message root, whose React work can
// outlive this (DOM-less) test file; the toasts are bound to spies instead and checked.
const toasts = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
beforeEach(() => {
  useAppStore.setState({ ...INITIAL_DATA, locale: 'zh-cn', token: 'tok' });
  bindToasts(toasts as never);
  Object.values(toasts).forEach((f) => f.mockClear());
});
afterEach(() => {
  vi.unstubAllGlobals();
  bindToasts(null);
});

describe('records export', () => {
  it('names the file as the server did, preferring the UTF-8 form', () => {
    const h = `attachment; filename="___1-__-2026-11-20_2026-11-21.xlsx"; filename*=UTF-8''${encodeURIComponent('一号舍-温度-2026-11-20_2026-11-21.xlsx')}`;
    expect(filenameFromDisposition(h, 'x.xlsx')).toBe('一号舍-温度-2026-11-20_2026-11-21.xlsx');
    expect(filenameFromDisposition('attachment; filename="plain.xlsx"', 'x.xlsx')).toBe('plain.xlsx');
    expect(filenameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
  });

  it('fetches with the token and language headers and hands the file over', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename*=UTF-8''House%201.xlsx`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const save = vi.fn();
    const name = await downloadRequest(recordsExport({ shedId: 4, kind: 'temp', startTime: 1000, endTime: 2000 }), save);
    expect(name).toBe('House 1.xlsx');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/environment/records/export?shedId=4&kind=temp&startTime=1000&endTime=2000');
    expect(init.headers).toMatchObject({ token: 'tok', 'Accept-Language': 'zh-cn' });
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ size: 4 }), 'House 1.xlsx');
  });

  it('saves nothing when the server answers with an error envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ code: 99996, msg: '', data: { issues: [{ field: 'endTime', key: 'environment.exportTooLarge' }] } }),
            {
              status: 400,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    const save = vi.fn();
    expect(await downloadRequest(recordsExport({ shedId: 4, kind: 'temp', startTime: 1000, endTime: 2000 }), save)).toBeNull();
    expect(save).not.toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledTimes(1);
  });
});
