import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, roleApps, sessions } from '../db/tables.js';
import { hashToken } from '../lib/sessions.js';
import { LOGOUT, USER_INFO } from '../modules/auth/auth.fixtures.js';
import { accountId, tokenFor } from '../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { authed } from '../test/login.js';

const BAN = '/api/accountauth/account/ban';
const codeOf = async (ctx: TestContext, token: string): Promise<number> => (await authed(ctx, token).get(USER_INFO)).json().code;

/**
 * The session cache (scope/session-cache.ts): a request after the first reads the account and its
 * access from memory, and every write through the API makes every server read them again.
 */
describe(`session cache (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('serves a known token from memory until a change is announced', async () => {
    const token = await tokenFor(ctx.database.db, 'pig');
    expect(await codeOf(ctx, token)).toBe(1);
    // Revoked behind the API's back: the entry is still trusted (proof that it is cached) ...
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await codeOf(ctx, token)).toBe(1);
    // ... until a change is announced.
    ctx.deps.sessions.drop();
    expect(await codeOf(ctx, token)).toBe(10002);
  });

  it('forgets a banned account at once: the ban is a write through the API', async () => {
    const [admin, pig] = await Promise.all([tokenFor(ctx.database.db, 'demo'), tokenFor(ctx.database.db, 'pig')]);
    expect(await codeOf(ctx, pig)).toBe(1);
    const pigId = await accountId(ctx.database.db, 'pig');
    expect((await authed(ctx, admin).post(BAN, { ids: [pigId], status: 0 })).json().code).toBe(1);
    expect(await codeOf(ctx, pig)).toBe(10002);
    expect((await authed(ctx, admin).post(BAN, { ids: [pigId], status: 1 })).json().code).toBe(1);
  });

  it('reads rights again after a role edit, without a new sign-in', async () => {
    const pig = await tokenFor(ctx.database.db, 'pig');
    const pigId = await accountId(ctx.database.db, 'pig');
    const before = (await authed(ctx, pig).get(USER_INFO)).json();
    expect(before.code).toBe(1);
    // Take every function away behind the API, then announce it as a write would.
    const [acc] = await ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, pigId));
    expect(acc).toBeDefined();
    const held = await ctx.database.db.select().from(roleApps);
    await ctx.database.db.delete(roleApps);
    try {
      await ctx.deps.sessions.invalidate();
      const res = await authed(ctx, pig).get('/api/warning/record/count');
      expect(res.json().code).toBe(10009);
    } finally {
      if (held.length > 0) await ctx.database.db.insert(roleApps).values(held);
      await ctx.deps.sessions.invalidate();
    }
    expect((await authed(ctx, pig).get('/api/warning/record/count')).json().code).toBe(1);
  });

  it.runIf(TEST_DB === 'postgres')('tells a second server on the same database: a sign-out there ends the session here', async () => {
    const other = await createTestApp({ sameDatabaseAs: ctx });
    try {
      const token = await tokenFor(ctx.database.db, 'chicken');
      expect(await codeOf(ctx, token)).toBe(1);
      expect(await codeOf(other, token)).toBe(1);
      expect((await authed(other, token).post(LOGOUT)).json().code).toBe(1);
      // The NOTIFY travels on its own connection: wait for it, briefly.
      let code = 1;
      for (let i = 0; i < 50 && code === 1; i++) {
        code = await codeOf(ctx, token);
        if (code === 1) await new Promise((r) => setTimeout(r, 50));
      }
      expect(code).toBe(10002);
    } finally {
      await other.close();
    }
  });
});
