import { afterAll, beforeAll } from 'vitest';
import { tokenFor } from './factories.js';
import { createTestApp, type TestContext } from './harness.js';

/**
 * Registers the file's app with the demo data and signs the named demo accounts in (`demo`,
 * `pig`, `chicken`, `platform`, ...): made before the tests and before the file's own
 * `beforeAll` that follows, closed after them. `set` receives the app and the tokens by account
 * code; a test may add more tokens to that record.
 */
export function withDemoApp(codes: readonly string[], set: (made: { ctx: TestContext; tok: Record<string, string> }) => void): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    const tok: Record<string, string> = {};
    for (const c of codes) tok[c] = await tokenFor(ctx.database.db, c);
    set({ ctx, tok });
  });
  afterAll(async () => ctx?.close());
}

/** A SQL query on the file's app's store: its rows. */
export type StoreQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * `withDemoApp` without sign-ins, for the tests of the demo seed, which read its store: `set`
 * receives the app once made; answers `q`, a SQL query on its database.
 */
export function withDemoStore(set: (ctx: TestContext) => void): StoreQuery {
  let app: TestContext | undefined;
  withDemoApp([], ({ ctx }) => {
    app = ctx;
    set(ctx);
  });
  return async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    if (!app) throw new Error('the demo app is not made yet');
    return app.database.query<T>(sql, params);
  };
}
