import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, noAnswer } from '@farmsense/shared';
import { call } from './call';

const remove = endpoint({ method: 'DELETE', path: '/x/item/:id', summary: 's', params: z.object({ id: z.number() }), answer: noAnswer });
const page = endpoint({
  method: 'GET',
  path: '/x/page',
  summary: 's',
  query: z.object({ pageNo: z.number(), name: z.string().optional() }),
  answer: z.object({ total: z.number() }),
});

describe('call(endpoint, input)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills path parameters, sends the method and query, and resolves with the data', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 1, msg: 'ok', data: { total: 3 } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const data = await call(page, { query: { pageNo: 2, name: 'A b' } });
    expect(data.total).toBe(3);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/x/page?pageNo=2&name=A+b');
    await call(remove, { params: { id: 42 } });
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x/item/42');
    expect(init.method).toBe('DELETE');
  });
});
