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
