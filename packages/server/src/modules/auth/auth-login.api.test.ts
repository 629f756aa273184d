import { createPublicKey } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, errorKey, LOGIN_LOCK, PRODUCT_VERSION } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import { accounts, auditLog, loginFailures, systemAuth, tenants } from '../../db/tables.js';
import { buildFarm, buildTenant } from '../../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { encrypt, loginAs } from '../../test/login.js';
import { buildLoginAccount, LOGIN } from './auth.fixtures.js';

describe(`sign-in (${TEST_DB})`, () => {
  let ctx: TestContext;
  let ipSeq = 0;
  // Each attempt comes from its own address unless a test says otherwise, so the per-IP throttle
  // only bites where a test means it to.
  const attempt = async (
    username: unknown,
    password: unknown,
    opts: { ip?: string; plain?: boolean; lang?: string } = {},
  ): Promise<{ status: number; code: number; msg: string; data: Record<string, unknown> | null }> => {
    const pw = typeof password === 'string' && !opts.plain ? await encrypt(ctx, password) : password;
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: opts.ip ?? `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`,
      headers: opts.lang ? { 'accept-language': opts.lang } : {},
      payload: { username, password: pw },
    });
    const body = res.json();
    return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('publishes a valid RSA public key (PEM SPKI), the captcha switch and the version', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/getConfig' });
    const { code, data } = res.json();
    expect(code).toBe(1);
    expect(data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const key = createPublicKey({ key: data.publicKey, format: 'pem', type: 'spki' });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(data).toMatchObject({ captcha: false, productVersion: PRODUCT_VERSION });
    // Stored once for every API process.
    const rows = await ctx.database.query<{ public_pem: string }>("SELECT public_pem FROM server_keys WHERE id = 'rsa'");
    expect(rows[0]?.public_pem).toBe(data.publicKey);
  });

  it('lists its routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = [
      ['get', '/api/getConfig'],
      ['get', '/api/ssologin/login/getCaptcha'],
      ['post', LOGIN],
      ['post', '/api/breedpigaccount/login/doLoginWithCaptcha'],
      ['post', '/api/breedpigaccount/login/doLogout'],
      ['get', '/api/breedpigaccount/login/getUserInfo'],
      ['put', '/api/accountauth/account/updatePassword/{id}'],
      ['post', '/api/accountauth/account/hasSecurePassword'],
      ['post', '/api/accountauth/account/updateSecurePassword'],
      ['post', '/api/accountauth/account/checkSecurePassword'],
      ['post', '/api/breedpigaccount/account/updateCurrent'],
    ] as const;
    for (const [method, path] of paths) expect({ path, tags: doc.paths[path]?.[method]?.tags }).toEqual({ path, tags: ['auth'] });
    expect(doc.paths[LOGIN].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });

  it('signs the demo accounts in, with a case-insensitive username', async () => {
    const r = await attempt('  DeMo ', 'Demo@12345');
    expect(r.code).toBe(1);
    expect(r.data).toMatchObject({ mustChangePassword: false, accountType: AccountType.TENANT_ADMIN });
    expect(typeof r.data?.token).toBe('string');
    expect((await attempt('platform', 'Demo@12345')).data).toMatchObject({ accountType: AccountType.PLATFORM });
    expect(typeof (await loginAs(ctx, 'pig'))).toBe('string');
    const [acc] = await ctx.database.db.select({ at: accounts.lastLoginAt }).from(accounts).where(eq(accounts.accountCode, 'demo'));
    expect(acc?.at).toBeInstanceOf(Date);
  });

  it('answers 20001 alike for an unknown name and a wrong password', async () => {
    const unknown = await attempt('nobody-here', 'Demo@12345');
    const wrong = await attempt('chicken', 'Wrong@12345');
    expect(unknown).toMatchObject({ code: 20001, status: 401, data: null });
    expect(wrong).toMatchObject({ code: 20001, status: 401, data: null });
    expect(wrong.msg).toBe(unknown.msg);
  });

  it('refuses a password that is not our ciphertext with 21015', async () => {
    expect((await attempt('demo', 'Demo@12345', { plain: true })).code).toBe(21015);
    expect((await attempt('demo', Buffer.from('Demo@12345').toString('base64'), { plain: true })).code).toBe(21015);
  });

  it('refuses empty fields with 99996 and the issues', async () => {
    const r = await attempt('', '', { plain: true });
    expect(r.status).toBe(400);
    expect(r.code).toBe(99996);
    expect(r.data?.issues).toEqual(
      expect.arrayContaining([
        { field: 'username', key: 'validation.required' },
        { field: 'password', key: 'validation.required' },
      ]),
    );
    const missing = await attempt(undefined, undefined, { plain: true });
    expect(missing.code).toBe(99996);
    // A ciphertext of blanks is an empty password too.
    const blank = await attempt('demo', '   ');
    expect(blank.code).toBe(99996);
    expect(blank.data?.issues).toEqual([{ field: 'password', key: 'validation.required' }]);
  });

  it(`locks a name at an address for ${LOGIN_LOCK.lockMinutes} minutes after ${LOGIN_LOCK.maxFailures} failures there, then lets it in again`, async () => {
    const db = ctx.database.db;
    const tenantId = await buildTenant(db, 'Lock Tenant');
    const farmId = await buildFarm(db, tenantId, 'Lock Farm');
    await buildLoginAccount(ctx, { accountCode: 'locky', tenantId, farmIds: [farmId] });
    const ip = '10.77.0.1';
    for (let i = 1; i < LOGIN_LOCK.maxFailures; i += 1) expect((await attempt('locky', 'Nope1234', { ip })).code).toBe(20001);
    const locked = await attempt('locky', 'Nope1234', { ip });
    expect(locked.code).toBe(21004);
    expect(locked.data?.retryAfterSeconds).toBe(LOGIN_LOCK.lockMinutes * 60);
    // While locked even the right password is refused there, without verifying it ...
    const still = await attempt('locky', 'Demo@12345', { ip });
    expect(still.code).toBe(21004);
    expect(still.data?.retryAfterSeconds).toBeGreaterThan(0);
    // ... but the owner at another address is not locked out by those guesses.
    expect((await attempt('locky', 'Demo@12345', { ip: '10.77.0.2' })).code).toBe(1);
    // The lock runs out ...
    await db
      .update(loginFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(and(eq(loginFailures.username, 'locky'), eq(loginFailures.ip, ip)));
    expect((await attempt('locky', 'Demo@12345', { ip })).code).toBe(1);
    const rows = await db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.username, 'locky'), eq(loginFailures.ip, ip)));
    expect(rows).toEqual([]);
    // ... and a success resets the count of that address, so four more failures do not lock.
    for (let i = 1; i < LOGIN_LOCK.maxFailures; i += 1) expect((await attempt('locky', 'Nope1234', { ip })).code).toBe(20001);
    expect((await attempt('locky', 'Demo@12345', { ip })).code).toBe(1);
  });

  it('refuses banned accounts (20005), disabled tenants (21010) and expired authorization (20109)', async () => {
    const db = ctx.database.db;
    const tenantId = await buildTenant(db, 'State Tenant');
    const farmId = await buildFarm(db, tenantId, 'State Farm');
    await buildLoginAccount(ctx, { accountCode: 'banned', tenantId, farmIds: [farmId], status: 0 });
    await buildLoginAccount(ctx, { accountCode: 'stateadmin', tenantId, accountType: AccountType.TENANT_ADMIN });
    const userId = await buildLoginAccount(ctx, { accountCode: 'stateuser', tenantId, farmIds: [farmId] });
    expect((await attempt('banned', 'Demo@12345')).code).toBe(20005);
    // A ban is only revealed to someone holding the password.
    expect((await attempt('banned', 'Wrong1234')).code).toBe(20001);

    await db.update(tenants).set({ status: 0 }).where(eq(tenants.id, tenantId));
    expect((await attempt('stateadmin', 'Demo@12345')).code).toBe(21010);
    expect((await attempt('stateuser', 'Demo@12345')).code).toBe(21010);
    await db.update(tenants).set({ status: 1 }).where(eq(tenants.id, tenantId));

    const day = 86_400_000;
    const cases: Array<[Partial<typeof systemAuth.$inferInsert>, number]> = [
      [{ validEnd: new Date(Date.now() - day) }, 20109],
      [{ validStart: new Date(Date.now() + day) }, 20109],
      [{ validYears: 1, validStart: new Date(Date.now() - 400 * day) }, 20109],
      [{ validYears: 2, validStart: new Date(Date.now() - 400 * day) }, 1],
      [{ validStart: new Date(Date.now() - day), validEnd: new Date(Date.now() + day) }, 1],
      [{ allowAccounts: [userId + 1000] }, 20109],
      [{ allowAccounts: [userId] }, 1],
      [{}, 1],
    ];
    await db.insert(systemAuth).values({ tenantId });
    for (const [window, code] of cases) {
      const blank = { validYears: null, validStart: null, validEnd: null, allowAccounts: null };
      await db
        .update(systemAuth)
        .set({ ...blank, ...window })
        .where(eq(systemAuth.tenantId, tenantId));
      expect({ window, code: (await attempt('stateuser', 'Demo@12345')).code }).toEqual({ window, code });
    }
    // valid_years counts from the tenant's creation when there is no start.
    await db
      .update(systemAuth)
      .set({ validYears: 1, validStart: null, validEnd: null, allowAccounts: null })
      .where(eq(systemAuth.tenantId, tenantId));
    expect((await attempt('stateadmin', 'Demo@12345')).code).toBe(1);
    await db
      .update(tenants)
      .set({ createdAt: new Date(Date.now() - 400 * day) })
      .where(eq(tenants.id, tenantId));
    expect((await attempt('stateadmin', 'Demo@12345')).code).toBe(20109);
  });

  it('refuses an ordinary account without farms (21003) but not a tenant admin', async () => {
    const db = ctx.database.db;
    const tenantId = await buildTenant(db, 'Farmless Tenant');
    await buildLoginAccount(ctx, { accountCode: 'farmless', tenantId });
    await buildLoginAccount(ctx, { accountCode: 'farmlessadmin', tenantId, accountType: AccountType.TENANT_ADMIN });
    expect((await attempt('farmless', 'Demo@12345')).code).toBe(21003);
    expect((await attempt('farmlessadmin', 'Demo@12345')).code).toBe(1);
  });

  it('records every sign-in attempt in the audit log with its outcome', async () => {
    const db = ctx.database.db;
    await attempt('chicken', 'Demo@12345');
    await attempt('chicken', 'Bad12345');
    await attempt('ghost', 'Bad12345');
    await attempt('banned', 'Demo@12345');
    await attempt('', '', { plain: true });
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'login')).orderBy(desc(auditLog.id)).limit(5);
    const seen = rows.reverse().map((r) => ({ outcome: r.outcome, code: r.code, accountCode: r.accountCode }));
    expect(seen).toEqual([
      { outcome: 'ok', code: 1, accountCode: 'chicken' },
      { outcome: 'failed', code: 20001, accountCode: 'chicken' },
      { outcome: 'failed', code: 20001, accountCode: null },
      { outcome: 'denied', code: 20005, accountCode: 'banned' },
      { outcome: 'failed', code: 99996, accountCode: null },
    ]);
    expect(rows.find((r) => r.code === 20001 && r.accountCode === null)?.detail).toMatchObject({ username: 'ghost' });
    const [chicken] = await db
      .select({ id: accounts.id, tenantId: accounts.tenantId })
      .from(accounts)
      .where(eq(accounts.accountCode, 'chicken'));
    const ok = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login'), eq(auditLog.accountId, chicken!.id)));
    expect(ok.every((r) => r.tenantId === chicken!.tenantId && r.module === 'breedpigaccount')).toBe(true);
  });

  it('answers in the language of Accept-Language', async () => {
    const en = await attempt('ghost', 'Bad12345', { lang: 'en-US,en;q=0.9' });
    const ru = await attempt('ghost', 'Bad12345', { lang: 'ru' });
    expect(en.code).toBe(20001);
    expect(ru.code).toBe(20001);
    expect(en.msg).toBe(translate('en-us', errorKey(20001)));
    expect(ru.msg).toBe(translate('ru', errorKey(20001)));
    expect(en.msg).not.toBe(ru.msg);
  });

  it('throttles sign-in per IP with 21011 (HTTP 429)', async () => {
    const ip = '10.99.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await attempt('', '', { ip, plain: true })).code);
    expect(codes.slice(0, 30).every((c) => c === 99996)).toBe(true);
    const limited = await attempt('demo', 'Demo@12345', { ip });
    expect(limited).toMatchObject({ status: 429, code: 21011 });
    // Another address is not affected.
    expect((await attempt('demo', 'Demo@12345')).code).toBe(1);
  });
});

describe(`sign-in while CAPTCHA=on (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { CAPTCHA: 'on' } });
  });
  afterAll(async () => ctx?.close());

  it('refuses doLogin with 21005 and says so in getConfig', async () => {
    const cfg = (await ctx.app.inject({ method: 'GET', url: '/api/getConfig' })).json();
    expect(cfg.data.captcha).toBe(true);
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'demo', password: await encrypt(ctx, 'Demo@12345') },
    });
    expect(res.json().code).toBe(21005);
    await expect(loginAs(ctx, 'demo')).rejects.toThrow(/21005/);
  });
});
