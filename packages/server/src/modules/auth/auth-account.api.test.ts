import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, SESSION } from '@farmsense/shared';
import { accounts, auditLog, sessions } from '../../db/tables.js';
import { buildFarm, buildTenant } from '../../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { authed, encrypt, loginAs } from '../../test/login.js';
import { hashToken } from '../../lib/sessions.js';
import {
  buildLoginAccount,
  LOGOUT,
  SAFE_CHECK,
  SAFE_HAS,
  SAFE_UPDATE,
  UPDATE_CURRENT,
  updatePasswordUrl,
  USER_INFO,
} from './auth.fixtures.js';

describe(`account self-service (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tenantId: number;
  let farmId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await buildTenant(ctx.database.db, 'Self Tenant', ['pig']);
    farmId = await buildFarm(ctx.database.db, tenantId, 'Self Farm');
  });
  afterAll(async () => ctx?.close());

  const changePassword = async (token: string, id: number, account: string, oldPassword: string, newPassword: string): Promise<number> =>
    (
      await authed(ctx, token).put(updatePasswordUrl(id), {
        account,
        oldPassword: await encrypt(ctx, oldPassword),
        newPassword: await encrypt(ctx, newPassword),
      })
    ).json().code;

  it('describes the signed-in account (getUserInfo)', async () => {
    const demo = (await authed(ctx, await loginAs(ctx, 'demo')).get(USER_INFO)).json();
    expect(demo.code).toBe(1);
    expect(demo.data).toMatchObject({
      accountCode: 'demo',
      accountName: 'Demo Admin',
      accountType: AccountType.TENANT_ADMIN,
      tenantName: 'Demo Agri Group',
      email: 'demo@example.com',
      phoneNo: '13800000002',
      mustChangePassword: false,
      hasSecurePassword: false,
      loginFarmType: 'all',
    });
    expect(demo.data.farms.map((f: { farmName: string }) => f.farmName)).toEqual(['Demo Pig Farm', 'Demo Poultry Farm']);
    const pig = (await authed(ctx, await loginAs(ctx, 'pig')).get(USER_INFO)).json().data;
    expect(pig).toMatchObject({ loginFarmType: 'pig', farms: [{ farmName: 'Demo Pig Farm', type: 1 }] });
    const chicken = (await authed(ctx, await loginAs(ctx, 'chicken')).get(USER_INFO)).json().data;
    expect(chicken).toMatchObject({ loginFarmType: 'chicken', farms: [{ farmName: 'Demo Poultry Farm', type: 2 }] });
    const platform = (await authed(ctx, await loginAs(ctx, 'platform')).get(USER_INFO)).json().data;
    expect(platform).toMatchObject({ accountType: AccountType.PLATFORM, tenantId: null, tenantName: null, farms: [] });
  });

  it('forces a first-login password change before anything else', async () => {
    const id = await buildLoginAccount(ctx, {
      accountCode: 'newbie',
      tenantId,
      farmIds: [farmId],
      mustChangePassword: true,
      password: 'Start1234',
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/breedpigaccount/login/doLogin',
      payload: { username: 'newbie', password: await encrypt(ctx, 'Start1234') },
    });
    expect(login.json().data).toMatchObject({ mustChangePassword: true, accountType: AccountType.TENANT_ORDINARY });
    const token = login.json().data.token as string;
    const api = authed(ctx, token);
    const blocked = await api.post(UPDATE_CURRENT, { phoneNo: '13900000000' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe(21007);
    expect((await api.get(USER_INFO)).json().data.mustChangePassword).toBe(true);

    expect(await changePassword(token, id, 'NEWBIE', 'Start1234', 'Better5678')).toBe(1);
    expect((await api.post(UPDATE_CURRENT, { phoneNo: '13900000000' })).json().code).toBe(1);
    expect((await api.get(USER_INFO)).json().data).toMatchObject({ mustChangePassword: false, phoneNo: '13900000000' });
    await expect(loginAs(ctx, 'newbie', 'Start1234')).rejects.toThrow(/20001/);
    expect(typeof (await loginAs(ctx, 'newbie', 'Better5678'))).toBe('string');
  });

  it('checks password changes: caller only, old password, not the same, strong enough; other sessions end', async () => {
    const id = await buildLoginAccount(ctx, { accountCode: 'changer', tenantId, farmIds: [farmId], password: 'First1234' });
    const token = await loginAs(ctx, 'changer', 'First1234');
    const other = await loginAs(ctx, 'changer', 'First1234');
    const demoId = (await ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, 'demo')))[0]!.id;
    expect(await changePassword(token, demoId, 'demo', 'First1234', 'Second1234')).toBe(10009);
    expect(await changePassword(token, id, 'demo', 'First1234', 'Second1234')).toBe(10009);
    expect(await changePassword(token, id, 'changer', 'Wrong1234', 'Second1234')).toBe(20006);
    expect(await changePassword(token, id, 'changer', 'First1234', 'First1234')).toBe(21013);
    for (const weak of ['short1', 'lettersonly', '123456789'])
      expect(await changePassword(token, id, 'changer', 'First1234', weak)).toBe(21014);
    const tooLong = await authed(ctx, token).put(updatePasswordUrl(id), {
      account: 'changer',
      oldPassword: await encrypt(ctx, 'First1234'),
      newPassword: await encrypt(ctx, `a1${'x'.repeat(60)}`),
    });
    expect(tooLong.json()).toMatchObject({ code: 99996, data: { issues: [{ field: 'newPassword', key: 'validation.maxLength' }] } });
    const plain = await authed(ctx, token).put(updatePasswordUrl(id), {
      account: 'changer',
      oldPassword: 'First1234',
      newPassword: 'Second1234',
    });
    expect(plain.json().code).toBe(21015);
    const badId = await authed(ctx, token).put('/api/accountauth/account/updatePassword/abc', {
      account: 'changer',
      oldPassword: 'x',
      newPassword: 'y',
    });
    expect(badId.json().code).toBe(99996);

    expect(await changePassword(token, id, 'changer', 'First1234', 'Second1234')).toBe(1);
    expect((await authed(ctx, token).get(USER_INFO)).json().code).toBe(1);
    expect((await authed(ctx, other).get(USER_INFO)).json().code).toBe(10002);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, id), eq(auditLog.method, 'PUT')));
    expect(audits.map((a) => a.outcome)).toContain('ok');
    expect(audits.map((a) => a.code)).toEqual(expect.arrayContaining([20006, 21013, 21014, 1]));
  });

  it('logout revokes the token', async () => {
    const token = await loginAs(ctx, 'chicken');
    const api = authed(ctx, token);
    expect((await api.post(LOGOUT)).json().code).toBe(1);
    const after = await api.get(USER_INFO);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(10002);
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('ends idle and expired sessions (10002)', async () => {
    const db = ctx.database.db;
    const idle = await loginAs(ctx, 'pig');
    const expired = await loginAs(ctx, 'pig');
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (SESSION.idleMinutes + 1) * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(idle)));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    expect((await authed(ctx, idle).get(USER_INFO)).json().code).toBe(10002);
    expect((await authed(ctx, expired).get(USER_INFO)).json().code).toBe(10002);
    expect((await authed(ctx, 'not-a-token').get(USER_INFO)).json().code).toBe(10002);
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(idle)), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);
  });

  it('sets, changes and checks the safe code', async () => {
    await buildLoginAccount(ctx, { accountCode: 'safe', tenantId, farmIds: [farmId] });
    const api = authed(ctx, await loginAs(ctx, 'safe'));
    const enc = (s: string): Promise<string> => encrypt(ctx, s);
    expect((await api.post(SAFE_HAS)).json()).toMatchObject({ code: 1, data: false });
    expect((await api.post(SAFE_CHECK, { securePassword: await enc('135790') })).json().code).toBe(21012);
    expect((await api.post(SAFE_UPDATE, { newPassword: await enc('135790') })).json().code).toBe(1);
    expect((await api.post(SAFE_HAS)).json().data).toBe(true);
    expect((await api.get(USER_INFO)).json().data.hasSecurePassword).toBe(true);

    expect((await api.post(SAFE_CHECK, { securePassword: await enc('135790') })).json()).toMatchObject({ code: 1, data: true });
    expect((await api.post(SAFE_CHECK, { securePassword: await enc('000000') })).json().code).toBe(20058);
    expect((await api.post(SAFE_CHECK, {})).json().code).toBe(99996);

    const missingOld = (await api.post(SAFE_UPDATE, { newPassword: await enc('246800') })).json();
    expect(missingOld).toMatchObject({ code: 99996, data: { issues: [{ field: 'oldPassword', key: 'validation.required' }] } });
    expect((await api.post(SAFE_UPDATE, { oldPassword: await enc('999999'), newPassword: await enc('246800') })).json().code).toBe(20054);
    expect((await api.post(SAFE_UPDATE, { oldPassword: await enc('135790'), newPassword: await enc('246800') })).json().code).toBe(1);
    expect((await api.post(SAFE_CHECK, { securePassword: await enc('135790') })).json().code).toBe(20058);
    expect((await api.post(SAFE_CHECK, { securePassword: await enc('246800') })).json().code).toBe(1);

    const [acc] = await ctx.database.db
      .select({ id: accounts.id, secureHash: accounts.secureHash })
      .from(accounts)
      .where(eq(accounts.accountCode, 'safe'));
    expect(acc?.secureHash).toMatch(/^\$argon2id\$/);
    const log = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, acc!.id));
    const checks = log.filter((r) => r.action === '/api/accountauth/account/checkSecurePassword');
    expect(checks.map((r) => [r.outcome, r.code])).toEqual([
      ['failed', 20058],
      ['failed', 20058],
    ]);
    const updates = log.filter((r) => r.action === '/api/accountauth/account/updateSecurePassword');
    expect(updates.map((r) => r.code)).toEqual(expect.arrayContaining([1, 99996, 20054]));
  });

  it('edits the own phone and e-mail (updateCurrent)', async () => {
    await buildLoginAccount(ctx, { accountCode: 'editor', tenantId, farmIds: [farmId] });
    const api = authed(ctx, await loginAs(ctx, 'editor'));
    const noPhone = (await api.post(UPDATE_CURRENT, { email: 'a@b.co' })).json();
    expect(noPhone).toMatchObject({ code: 99996, data: { issues: [{ field: 'phoneNo', key: 'validation.required' }] } });
    const badMail = (await api.post(UPDATE_CURRENT, { phoneNo: '13911112222', email: 'not-mail' })).json();
    expect(badMail).toMatchObject({ code: 99996, data: { issues: [{ field: 'email', key: 'validation.email' }] } });
    expect((await api.post(UPDATE_CURRENT, { phoneNo: '13911112222', email: 'ed@example.com' })).json().code).toBe(1);
    expect((await api.get(USER_INFO)).json().data).toMatchObject({ phoneNo: '13911112222', email: 'ed@example.com' });
    expect((await api.post(UPDATE_CURRENT, { phoneNo: '13911112222', email: '' })).json().code).toBe(1);
    expect((await api.get(USER_INFO)).json().data.email).toBeNull();
    expect((await authed(ctx, 'bogus').post(UPDATE_CURRENT, { phoneNo: '13911112222' })).json().code).toBe(10002);
  });
});
