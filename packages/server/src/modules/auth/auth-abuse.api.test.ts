import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK } from '@farmsense/shared';
import { auditLog } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { encrypt, loginAs } from '../../test/login.js';
import { waitFor } from '../../iot/testkit.js';
import { CAPTCHA, LOGIN, LOGIN_CAPTCHA, SAFE_CHECK } from './auth.fixtures.js';

/**
 * Sign-in abuse (issue 16, defects 5 and 6): an unknown name answers exactly as a known one, lock
 * included; the lock is per name and address; many failures of a name from everywhere call for
 * the captcha; the owner is told; throttled attempts are audited without the password.
 */
describe(`sign-in abuse (${TEST_DB})`, () => {
  let ctx: TestContext;
  let seq = 0;
  const nextIp = (): string => `10.66.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

  const post = async (
    url: string,
    payload: Record<string, unknown>,
    ip: string,
  ): Promise<{ status: number; code: number; msg: string; data: Record<string, unknown> | null }> => {
    const res = await ctx.app.inject({ method: 'POST', url, remoteAddress: ip, payload });
    const body = res.json();
    return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data };
  };
  const attempt = async (username: string, password: string, ip: string): ReturnType<typeof post> =>
    post(LOGIN, { username, password: await encrypt(ctx, password) }, ip);
  const withCaptcha = async (username: string, password: string, ip: string): ReturnType<typeof post> => {
    const drawn = (await ctx.app.inject({ method: 'GET', url: CAPTCHA, remoteAddress: ip })).json().data as { captchaId: string };
    return post(LOGIN_CAPTCHA, { username, password: await encrypt(ctx, password), captchaId: drawn.captchaId, captchaCode: 'ABCD' }, ip);
  };
  // The seconds left on a lock are read a moment apart for the two names: they may differ by one.
  const strip = (a: Awaited<ReturnType<typeof post>>): unknown => ({
    status: a.status,
    code: a.code,
    msg: a.msg,
    data:
      a.data && typeof a.data.retryAfterSeconds === 'number' ? { retryAfterSeconds: Math.round(a.data.retryAfterSeconds / 10) } : a.data,
  });

  beforeAll(async () => {
    // Captcha off (doLogin works), but a captcha whose answer is known, for the threshold.
    ctx = await createTestApp({ env: { CAPTCHA_TEST_CODE: 'ABCD' } });
  });
  afterAll(async () => ctx?.close());

  it('answers a name that does not exist exactly as one that does, the lock included', async () => {
    const ip = nextIp();
    const real: unknown[] = [];
    const ghost: unknown[] = [];
    for (let i = 0; i <= LOGIN_LOCK.maxFailures; i += 1) {
      real.push(strip(await attempt('chicken', 'Wrong@12345', ip)));
      ghost.push(strip(await attempt('no-such-farmer', 'Wrong@12345', ip)));
    }
    expect(ghost).toEqual(real);
    expect(real.map((r) => (r as { code: number }).code)).toEqual([
      ...Array.from({ length: LOGIN_LOCK.maxFailures - 1 }, () => 20001),
      21004,
      21004,
    ]);
    // The real owner, at their own address, is not locked out by the stranger.
    expect((await attempt('chicken', 'Demo@12345', nextIp())).code).toBe(1);
  });

  it('asks for the captcha once a name has failed often from many addresses, known or not', async () => {
    for (let i = 0; i < LOGIN_LOCK.captchaAfter; i += 1) {
      expect((await attempt('pig', 'Wrong@12345', nextIp())).code).toBe(20001);
      expect((await attempt('no-such-pigman', 'Wrong@12345', nextIp())).code).toBe(20001);
    }
    const owner = nextIp();
    const known = await attempt('pig', 'Demo@12345', owner);
    const unknown = await attempt('no-such-pigman', 'Demo@12345', owner);
    expect(strip(known)).toEqual(strip(unknown));
    expect(known.code).toBe(21005);
    // With a solved captcha the owner gets in; other names are not affected.
    expect((await withCaptcha('pig', 'Demo@12345', owner)).code).toBe(1);
    expect((await withCaptcha('no-such-pigman', 'Demo@12345', owner)).code).toBe(20001);
    expect((await attempt('demo', 'Demo@12345', owner)).code).toBe(1);
  });

  it('records a notice to the owner of a locked or captcha-bound account, never for unknown names', async () => {
    const db = ctx.database.db;
    const notices = async (): Promise<(typeof auditLog.$inferSelect)[]> =>
      db.select().from(auditLog).where(eq(auditLog.action, 'login.ownerNotice')).orderBy(desc(auditLog.id));
    const before = (await notices()).length;
    const ip = nextIp();
    for (let i = 0; i < LOGIN_LOCK.maxFailures; i += 1) await attempt('platform', 'Wrong@12345', ip);
    for (let i = 0; i < LOGIN_LOCK.maxFailures; i += 1) await attempt('nobody-at-all', 'Wrong@12345', ip);
    const rows = await notices();
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({ accountCode: 'platform', ip, code: 21004, outcome: 'denied' });
    expect(rows[0]!.detail).toEqual({ reason: 'locked', failures: LOGIN_LOCK.maxFailures, mail: 'notConfigured' });
  });

  it('audits throttled sign-ins (429) with address, name and count, never the password', async () => {
    const ip = '10.67.0.1';
    const password = await encrypt(ctx, 'Wrong@12345');
    const codes: number[] = [];
    for (let i = 0; i < 34; i += 1) codes.push((await post(LOGIN, { username: `Flood-${i % 2}`, password }, ip)).code);
    expect(codes.filter((c) => c === 21011)).toHaveLength(4);
    const throttled = (): Promise<(typeof auditLog.$inferSelect)[]> =>
      ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.ip, ip), eq(auditLog.code, 21011)))
        .orderBy(auditLog.id);
    // The first refusal per name is written at once (without holding up the answer) ...
    const first = await waitFor(async () => {
      const rows = await throttled();
      return rows.length === 2 ? rows : null;
    });
    expect(first!.map((r) => r.detail)).toEqual([
      { throttled: true, username: 'flood-0', attempts: 1 },
      { throttled: true, username: 'flood-1', attempts: 1 },
    ]);
    expect(first![0]).toMatchObject({ action: LOGIN, outcome: 'denied', method: 'POST' });
    // ... the rest are counted into one entry per name.
    await ctx.app.close();
    const all = await throttled();
    expect(all.map((r) => r.detail)).toEqual([
      { throttled: true, username: 'flood-0', attempts: 1 },
      { throttled: true, username: 'flood-1', attempts: 1 },
      { throttled: true, username: 'flood-0', attempts: 1 },
      { throttled: true, username: 'flood-1', attempts: 1 },
    ]);
    expect(JSON.stringify(all)).not.toContain(password);
    const anyPassword = await ctx.database.query('SELECT id FROM audit_log WHERE detail::text LIKE $1', [`%${password.slice(0, 20)}%`]);
    expect(anyPassword).toEqual([]);
  });
});

describe(`throttled security-code checks (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('audits a 429 of checkSecurePassword with the account and the count', async () => {
    const token = await loginAs(ctx, 'chicken');
    const codes: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const res = await ctx.app.inject({ method: 'POST', url: SAFE_CHECK, headers: { token }, payload: { securePassword: 'x' } });
      codes.push(res.json().code);
    }
    expect(codes.filter((c) => c === 21011)).toHaveLength(2);
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.code, 21011), eq(auditLog.action, SAFE_CHECK)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountCode: 'chicken', outcome: 'denied' });
    expect(rows[0]!.detail).toEqual({ throttled: true, username: 'chicken', attempts: 1 });
  });
});
