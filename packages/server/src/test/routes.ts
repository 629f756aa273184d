import { expect } from 'vitest';
import { call } from './factories.js';
import type { TestContext } from './harness.js';

/** One call of a route test: method, URL and (optional) body. */
export type RouteCall = readonly [method: Parameters<typeof call>[2], url: string, body?: unknown];

/**
 * Calls every route as `token` (null: without one) and expects each to answer `code`, and the
 * HTTP `status` when given; a failure names the URL that answered otherwise.
 */
export async function expectEveryRoute(
  ctx: TestContext,
  token: string | null,
  routes: readonly RouteCall[],
  code: number,
  status?: number,
): Promise<void> {
  for (const [method, url, body] of routes) {
    const res = await call(ctx, token, method, url, body);
    if (status === undefined) expect([url, res.code]).toEqual([url, code]);
    else expect([url, res.status, res.code]).toEqual([url, status, code]);
  }
}
