import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';
import { seedSessionLists } from './session';

/**
 * Component tests against a mocked API: routes answer by method and path (no query string),
 * every call is recorded with its parsed query and body, and the component renders inside the
 * console's real providers (theme, antd locale, query client, router).
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Answer =
  { status?: number; code?: number; data?: unknown } | ((call: RecordedCall) => { status?: number; code?: number; data?: unknown });

export function mockApi(routes: Record<string, Answer>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const call: RecordedCall = {
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (!route) return new Response(JSON.stringify({ code: 30001, msg: '', data: null }), { status: 200 });
      const a = typeof route === 'function' ? route(call) : route;
      return new Response(JSON.stringify({ code: a.code ?? 1, msg: '', data: a.data ?? null }), { status: a.status ?? 200 });
    }),
  );
  return calls;
}

/** `mockApi` for a page with a house filter, its farm without houses: the house list answers none. */
export function mockApiNoHouses(routes: Record<string, Answer>): RecordedCall[] {
  return mockApi({ 'GET /breedpigbuilding/shedInfo/list': { data: [] }, ...routes });
}

/** The recorded calls to `path` (of `method` only, when given), in order. */
export function callsTo(calls: RecordedCall[], path: string, method?: string): RecordedCall[] {
  return calls.filter((c) => c.path === path && (method === undefined || c.method === method));
}

/** The last recorded call to `path` (of `method` only, when given); undefined when there was none. */
export function lastCall(calls: RecordedCall[], path: string, method?: string): RecordedCall | undefined {
  return callsTo(calls, path, method).at(-1);
}

/** The query of the last call to `path`, which the test expects to have been made. */
export function lastQuery(calls: RecordedCall[], path: string): Record<string, string> {
  return lastCall(calls, path)!.query;
}

/** The body of the last POST to `path`; undefined when none was sent. */
export function posted(calls: RecordedCall[], path: string): unknown {
  return lastCall(calls, path, 'POST')?.body;
}

export function renderWithApp(ui: ReactElement, path = '/'): RenderResult {
  const client = createQueryClient();
  seedSessionLists(client);
  return render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** antd forms and tables in jsdom are slow when the suite runs files in parallel. */
export const SLOW = { timeout: 10_000 };
