import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, type AccountRow, type Page } from '@farmsense/shared';
import { accountFarms, accountRoles, accounts, auditLog, farms, roles, systemAuth } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { accountId, buildAccount, call, tokenFor } from '../../test/factories.js';
import { encrypt, loginAs } from '../../test/login.js';
import { adminWorld, rows, type AdminWorld } from '../farms/admin.fixtures.js';
import { expectEveryRoute, type RouteCall } from '../../test/routes.js';

const LIST = '/api/breedpigaccount/account/list';
const ADD = '/api/breedpigaccount/account/add';
const UPDATE = '/api/accountauth/account/update';
const DELETE = '/api/accountauth/account/delete';
const BAN = '/api/accountauth/account/ban';
const DO_LOGIN = '/api/breedpigaccount/login/doLogin';
const USER_INFO = '/api/breedpigaccount/login/getUserInfo';

describe(`accounts (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let pigRole: number;
  const newAccount = async (over: Record<string, unknown> = {}): Promise<Record<string, unknown>> => ({
    accountCode: 'keeper1',
    accountName: 'Keeper One',
    password: await encrypt(ctx, 'Start@2024'),
    phoneNo: '13900000001',
    email: 'keeper1@example.com',
    name: 'Li Na',
    gender: 2,
    jobNo: 'J-001',
    areaCode: '+86',
    accountType: 2,
    roleIds: [pigRole],
    farmIds: [w.pigFarm],
    ...over,
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await adminWorld(ctx);
    pigRole = (await ctx.database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, 'Pig staff')))[0]!.id;
  });
  afterAll(async () => ctx?.close());

  it('refuses every route without a token (10002)', async () => {
    // Bodies pass the schemas (validation runs before the session check).
    const routes: RouteCall[] = [
      ['GET', LIST],
      ['GET', '/api/breedpigaccount/account/list2'],
      ['POST', ADD, await newAccount()],
      ['PUT', UPDATE, { id: 1, accountName: 'x', phoneNo: '13900000000' }],
      ['DELETE', `${DELETE}/1`],
      ['POST', BAN, { ids: [1], status: 0 }],
      ['GET', '/api/accountauth/account/getAccountRole?accountId=1'],
      ['POST', '/api/accountauth/account/roleEdit', { accountId: 1, roleIds: [] }],
      ['POST', '/api/breedpigaccount/account/farmAuthorize', { accountId: 1, farmIds: [] }],
      ['POST', '/api/breedpigaccount/account/farmAndShedAuthorization', { accountId: 1, farms: [] }],
    ];
    await expectEveryRoute(ctx, null, routes, 10002);
  });

  it('pages the tenant accounts with roles and farms, never a password hash', async () => {
    const res = await call<Page<AccountRow>>(ctx, w.tok.demo, 'GET', `${LIST}?pageNo=1&pageSize=99999`);
    expect(res.data.list.map((a) => a.accountCode)).toEqual(['demo', 'pig', 'chicken', 'trainee', 'viewer']);
    const pig = res.data.list.find((a) => a.accountCode === 'pig')!;
    expect(pig).toMatchObject({
      accountName: 'Pig Keeper',
      accountType: 2,
      status: 1,
      roles: [{ roleName: 'Pig staff', type: 'farm' }],
      farms: [{ id: w.pigFarm, farmName: 'Demo Pig Farm', type: 1 }],
    });
    const text = JSON.stringify(res.data);
    expect(text).not.toMatch(/passwordHash|secureHash|argon2|unusable/i);
    const q = async (query: string): Promise<string[]> =>
      (await call<Page<AccountRow>>(ctx, w.tok.demo, 'GET', `${LIST}?${query}`)).data.list.map((a) => a.accountCode);
    expect(await q('keyword=KEEPER')).toEqual(['pig', 'chicken']);
    expect(await q('keyword=1380000000')).toEqual(['demo', 'pig', 'chicken', 'trainee']);
    expect(await q(`roleId=${pigRole}`)).toEqual(['pig', 'trainee']);
    expect(await q(`farmId=${w.poultryFarm}`)).toEqual(['demo', 'chicken']);
    expect(await q('status=0')).toEqual([]);
    expect(await q('status=&keyword=&roleId=')).toHaveLength(5);
    expect((await call<Page<AccountRow>>(ctx, w.tok.demo, 'GET', `${LIST}?pageNo=2&pageSize=2`)).data).toMatchObject({
      total: 5,
      pageNo: 2,
      pageSize: 2,
    });
    expect((await call(ctx, w.tok.demo, 'GET', `${LIST}?status=2`)).code).toBe(99996);
    expect((await call<Page<AccountRow>>(ctx, w.tok.secondAdmin, 'GET', LIST)).data.list.map((a) => a.accountCode)).toEqual([
      'second-admin',
    ]);
  });

  it('adds an account that must change its initial password at first sign-in', async () => {
    const db = ctx.database.db;
    const res = await call<{ id: number }>(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode: 'Keeper1' }));
    expect(res.code).toBe(1);
    const [row] = await db.select().from(accounts).where(eq(accounts.id, res.data.id));
    expect(row).toMatchObject({
      tenantId: w.demoTenant,
      accountCode: 'keeper1',
      mustChangePassword: true,
      status: 1,
      phoneNo: '13900000001',
      gender: 2,
      areaCode: '+86',
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await db.select().from(accountRoles).where(eq(accountRoles.accountId, res.data.id))).map((r) => r.roleId)).toEqual([pigRole]);
    expect((await db.select().from(accountFarms).where(eq(accountFarms.accountId, res.data.id))).map((r) => r.farmId)).toEqual([w.pigFarm]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: DO_LOGIN,
      payload: { username: 'keeper1', password: await encrypt(ctx, 'Start@2024') },
    });
    expect(login.json()).toMatchObject({ code: 1, data: { mustChangePassword: true, accountType: 2 } });
  });

  it('logs account writes under the user management module, with their outcome', async () => {
    const db = ctx.database.db;
    const demoId = await accountId(db, 'demo');
    await call(ctx, w.tok.demo, 'POST', ADD, await newAccount());
    let logged: { outcome: string; code: number | null; module: string | null }[] = [];
    // The entry is written in onResponse, after inject has the answer: poll for it.
    for (let i = 0; i < 40 && logged.length === 0; i++) {
      logged = await db
        .select({ outcome: auditLog.outcome, code: auditLog.code, module: auditLog.module })
        .from(auditLog)
        .where(and(eq(auditLog.accountId, demoId), eq(auditLog.action, ADD), eq(auditLog.code, 20000)));
      if (logged.length === 0) await new Promise((r) => setTimeout(r, 25));
    }
    expect(logged).toEqual([{ outcome: 'failed', code: 20000, module: 'usermanagement' }]);
  });

  it('keeps account codes unique across the platform (20000)', async () => {
    const db = ctx.database.db;
    const before = await rows(db, accounts);
    for (const accountCode of ['keeper1', 'PIG', 'platform', 'second-admin']) {
      expect([accountCode, (await call(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode }))).code]).toEqual([
        accountCode,
        20000,
      ]);
    }
    expect(await rows(db, accounts)).toBe(before);
  });

  it('refuses malformed input with 99996, a weak password with 21014, and writes nothing', async () => {
    const db = ctx.database.db;
    const before = await rows(db, accounts);
    const bad: Record<string, unknown>[] = [
      { accountCode: 'a'.repeat(51) },
      { accountCode: 'two words' },
      { accountCode: undefined },
      { accountName: 'n'.repeat(51) },
      { accountName: '' },
      { phoneNo: undefined },
      { phoneNo: 'call me' },
      { phoneNo: '1'.repeat(51) },
      { email: 'not-an-email' },
      { email: `${'e'.repeat(45)}@x.com` },
      { accountType: 1 },
      { accountType: '2' },
      { accountType: 100 },
      { roleIds: 'all' },
      { roleIds: [0] },
      { farmIds: [1.5] },
      { gender: 3 },
      { areaCode: '+999' },
      { password: undefined },
      { password: 42 },
      { jobNo: 'j'.repeat(51) },
      { name: {} },
    ];
    for (const over of bad) {
      const res = await call(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode: 'fresh', ...over }));
      expect([JSON.stringify(over).slice(0, 40), res.code]).toEqual([JSON.stringify(over).slice(0, 40), 99996]);
    }
    expect((await call(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode: 'fresh', password: 'plain-text' }))).code).toBe(21015);
    for (const weak of ['short1', 'lettersonly', '1234567890']) {
      expect(
        (await call(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode: 'fresh', password: await encrypt(ctx, weak) }))).code,
      ).toBe(21014);
    }
    expect(await rows(db, accounts)).toBe(before);
  });

  it('refuses roles and farms of another tenant', async () => {
    const db = ctx.database.db;
    const [otherRole] = await db.insert(roles).values({ tenantId: w.otherTenant, roleName: 'Theirs' }).returning({ id: roles.id });
    expect((await call(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode: 'fresh', roleIds: [otherRole!.id] }))).code).toBe(
      30001,
    );
    expect((await call(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode: 'fresh', farmIds: [w.otherFarm] }))).code).toBe(10007);
    expect(await db.select().from(accounts).where(eq(accounts.accountCode, 'fresh'))).toEqual([]);
  });

  it('enforces the user limit (20101) in the same transaction', async () => {
    const db = ctx.database.db;
    const n = (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.tenantId, w.demoTenant))).length;
    await db.update(systemAuth).set({ userNum: n }).where(eq(systemAuth.tenantId, w.demoTenant));
    expect((await call(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode: 'over-limit' }))).code).toBe(20101);
    expect(await db.select().from(accounts).where(eq(accounts.accountCode, 'over-limit'))).toEqual([]);
    // Two at once with one place left: exactly one gets in.
    await db
      .update(systemAuth)
      .set({ userNum: n + 1 })
      .where(eq(systemAuth.tenantId, w.demoTenant));
    const both = await Promise.all(
      ['race-a', 'race-b'].map(async (accountCode) => (await call(ctx, w.tok.demo, 'POST', ADD, await newAccount({ accountCode }))).code),
    );
    expect(both.sort()).toEqual([1, 20101]);
    expect((await db.select().from(accounts).where(eq(accounts.tenantId, w.demoTenant))).length).toBe(n + 1);
    await db.update(systemAuth).set({ userNum: null }).where(eq(systemAuth.tenantId, w.demoTenant));
  });

  it('updates an account; a password reset signs it out and forces a change', async () => {
    const db = ctx.database.db;
    const id = await accountId(db, 'keeper1');
    const old = await tokenFor(db, 'keeper1');
    const body = {
      id,
      accountName: 'Keeper Uno',
      phoneNo: '+84 90 000 0001',
      email: '',
      name: 'Li Na',
      gender: 1,
      accountType: 3,
      areaCode: '+84',
    };
    expect((await call(ctx, w.tok.demo, 'PUT', UPDATE, body)).code).toBe(1);
    expect((await db.select().from(accounts).where(eq(accounts.id, id)))[0]).toMatchObject({
      accountName: 'Keeper Uno',
      email: null,
      jobNo: null,
      accountType: 3,
      areaCode: '+84',
    });
    expect((await call(ctx, old, 'GET', USER_INFO)).code).not.toBe(10002);
    expect(
      (
        await call(ctx, w.tok.demo, 'PUT', UPDATE, {
          ...body,
          password: await encrypt(ctx, 'Reset@2025'),
          roleIds: [],
          farmIds: [w.poultryFarm],
        })
      ).code,
    ).toBe(1);
    expect((await call(ctx, old, 'GET', USER_INFO)).code).toBe(10002);
    const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
    expect(row!.mustChangePassword).toBe(true);
    expect(await db.select().from(accountRoles).where(eq(accountRoles.accountId, id))).toEqual([]);
    expect((await db.select().from(accountFarms).where(eq(accountFarms.accountId, id))).map((r) => r.farmId)).toEqual([w.poultryFarm]);
    expect(await loginAs(ctx, 'keeper1', 'Reset@2025')).toBeTruthy();
    // An administrator's type stays (20021); phone is required (99996); unknown ids are 20002.
    const demoId = await accountId(db, 'demo');
    expect((await call(ctx, w.tok.demo, 'PUT', UPDATE, { ...body, id: demoId, accountType: 2 })).code).toBe(20021);
    expect((await call(ctx, w.tok.demo, 'PUT', UPDATE, { ...body, phoneNo: undefined })).code).toBe(99996);
    expect((await call(ctx, w.tok.demo, 'PUT', UPDATE, { ...body, id: 987654 })).code).toBe(20002);
  });

  it('bans and enables in batch; a banned account is signed out at once and refused at sign-in (20005)', async () => {
    const db = ctx.database.db;
    const pig = await accountId(db, 'pig');
    const chicken = await accountId(db, 'chicken');
    const pigToken = await loginAs(ctx, 'pig');
    const chickenToken = await tokenFor(db, 'chicken');
    expect((await call(ctx, pigToken, 'GET', USER_INFO)).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', BAN, { ids: [pig, chicken], status: 0 })).code).toBe(1);
    expect((await call(ctx, pigToken, 'GET', USER_INFO)).code).toBe(10002);
    expect((await call(ctx, chickenToken, 'GET', USER_INFO)).code).toBe(10002);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: DO_LOGIN,
      payload: { username: 'pig', password: await encrypt(ctx, 'Demo@12345') },
    });
    expect(refused.json().code).toBe(20005);
    expect((await call<Page<AccountRow>>(ctx, w.tok.demo, 'GET', `${LIST}?status=0`)).data.list.map((a) => a.accountCode)).toEqual([
      'pig',
      'chicken',
    ]);
    expect((await call(ctx, w.tok.demo, 'POST', BAN, { ids: [pig, chicken], status: 1 })).code).toBe(1);
    expect(await loginAs(ctx, 'pig')).toBeTruthy();
    // Not oneself (10004); every id must be the tenant's, else nothing changes (20002).
    const demoId = await accountId(db, 'demo');
    expect((await call(ctx, w.tok.demo, 'POST', BAN, { ids: [demoId], status: 0 })).code).toBe(10004);
    expect((await call(ctx, w.tok.demo, 'POST', BAN, { ids: [pig, await accountId(db, 'second-admin')], status: 0 })).code).toBe(20002);
    expect((await db.select({ s: accounts.status }).from(accounts).where(eq(accounts.id, pig)))[0]!.s).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', BAN, { ids: [], status: 0 })).code).toBe(99996);
    expect((await call(ctx, w.tok.demo, 'POST', BAN, { ids: [pig], status: 5 })).code).toBe(99996);
  });

  it('deletes accounts, never oneself (10005), clearing farm super-administrator links', async () => {
    const db = ctx.database.db;
    const gone = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'leaving', farmIds: [w.pigFarm] });
    await db.update(farms).set({ adminAccountId: gone }).where(eq(farms.id, w.poultryFarm));
    expect((await call(ctx, w.tok.demo, 'DELETE', `${DELETE}/${gone}`)).code).toBe(1);
    expect(await db.select().from(accounts).where(eq(accounts.id, gone))).toEqual([]);
    expect((await db.select({ a: farms.adminAccountId }).from(farms).where(eq(farms.id, w.poultryFarm)))[0]!.a).toBeNull();
    expect((await call(ctx, w.tok.demo, 'DELETE', `${DELETE}/${gone}`)).code).toBe(20002);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${DELETE}/${await accountId(db, 'demo')}`)).code).toBe(10005);
    // A second administrator may go while the first remains.
    const other = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'co-admin', accountType: AccountType.TENANT_ADMIN });
    expect((await call(ctx, await tokenFor(db, 'co-admin'), 'DELETE', `${DELETE}/${await accountId(db, 'demo')}`)).code).toBe(1);
    // Now co-admin is the last administrator: it cannot delete or ban itself away.
    const t = await tokenFor(db, 'co-admin');
    expect((await call(ctx, t, 'DELETE', `${DELETE}/${other}`)).code).toBe(10005);
    expect((await call(ctx, t, 'POST', BAN, { ids: [other], status: 0 })).code).toBe(10004);
    expect(
      await db
        .select()
        .from(accounts)
        .where(inArray(accounts.id, [other])),
    ).toHaveLength(1);
  });
});
