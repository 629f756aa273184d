import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';

/**
 * Issue 11: every route of the API is declared as a typed endpoint contract (core/serve.ts), so
 * the API reference (/api/docs) shows what each one answers: a JSON schema of the envelope's
 * `data`, or the file or event stream it sends. A route registered around the contracts has
 * none and fails here by name.
 */
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe(`API reference (${TEST_DB})`, () => {
  let ctx: TestContext;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    paths = (res.json() as { paths: Record<string, Record<string, Operation>> }).paths;
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('documents the answer of every route', () => {
    const operations = Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(100);
    const undocumented = operations
      .filter(({ op }) => !Object.values(op.responses?.['200']?.content ?? {}).some((c) => c.schema !== undefined))
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undocumented).toEqual([]);
  });
});
