import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccountType, type Page, type TenantOptions, type TenantRow } from '@farmsense/shared';
import { accounts, sessions, systemAuth, tenants } from '../../db/tables.js';
import { buildAccount, buildFarm, send, tokenFor } from '../../test/factories.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { encrypt } from '../../test/login.js';
import {
  addTenantVia,
  API_AUTH,
  INITIAL_PASSWORD,
  signIn,
  SYSTEM_AUTH,
  TENANT,
  TENANT_OPTIONS,
  TENANT_PAGE,
  TENANT_STATUS,
  tenantBody,
  withPlatformApp,
} from './tenants.fixtures.js';

const USER_INFO = '/api/breedpigaccount/login/getUserInfo';

describe(`platform tenants (${TEST_DB})`, () => {
  let ctx: TestContext;
  let platform: string;

  withPlatformApp((made) => ({ ctx, platform } = made));

  const tenantCount = async (): Promise<number> => (await ctx.database.db.select({ n: count() }).from(tenants))[0]!.n;

  it('lists its routes in the OpenAPI document with tags and summaries', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    const routes: [string, string][] = [
      ['get', TENANT_PAGE],
      ['post', TENANT],
      ['put', TENANT],
      ['post', TENANT_STATUS],
      ['get', SYSTEM_AUTH],
      ['post', SYSTEM_AUTH],
      ['get', API_AUTH],
      ['post', API_AUTH],
      ['get', TENANT_OPTIONS],
    ];
    for (const [m, p] of routes) {
      const op = doc.paths[p]?.[m];
      expect(op?.tags, `${m} ${p}`).toEqual(['platform']);
      expect(op?.summary).toBeTruthy();
    }
  });

  it('refuses every platform route to tenant accounts (10009) and to callers without a token (10002)', async () => {
    const db = ctx.database.db;
    const tenantId = (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group')))[0]!.id;
    const routes: ['GET' | 'POST' | 'PUT', string, unknown?, Record<string, string>?][] = [
      ['GET', TENANT_PAGE],
      ['POST', TENANT, await tenantBody(ctx, 'Intruder Co', 'intruder')],
      ['PUT', TENANT, { id: tenantId, name: 'Renamed', modules: ['pig'] }],
      ['POST', TENANT_STATUS, { ids: [tenantId], status: 0 }],
      ['GET', SYSTEM_AUTH, undefined, { tenantId: String(tenantId) }],
      ['POST', SYSTEM_AUTH, { tenantId, userNum: 1 }],
      ['GET', API_AUTH, undefined, { tenantId: String(tenantId) }],
      ['POST', API_AUTH, { tenantId, regenerate: true }],
      ['GET', TENANT_OPTIONS, undefined, { tenantId: String(tenantId) }],
    ];
    for (const who of ['demo', 'pig', 'chicken']) {
      const token = await tokenFor(db, who);
      for (const [method, url, body, query] of routes) {
        const res = await send(ctx, method, url, { token, body, ...(query ? { query } : {}) });
        expect([who, method, url, res.status, res.code]).toEqual([who, method, url, 403, 10009]);
      }
    }
    for (const [method, url, body, query] of routes) {
      const res = await send(ctx, method, url, { body, ...(query ? { query } : {}) });
      expect([method, url, res.code]).toEqual([method, url, 10002]);
    }
    expect((await db.select().from(tenants).where(eq(tenants.id, tenantId)))[0]).toMatchObject({ name: 'Demo Agri Group', status: 1 });
    expect(await tenantCount()).toBe(1);
  });

  it('creates a tenant with an administrator who must change the password at first sign-in', async () => {
    const db = ctx.database.db;
    const res = await send<{ id: number; adminAccountId: number }>(ctx, 'POST', TENANT, {
      token: platform,
      body: await tenantBody(ctx, 'Green Valley', 'GVAdmin', { modules: ['pig', 'pig', 'group'] }),
    });
    expect(res.code).toBe(1);
    const [t] = await db.select().from(tenants).where(eq(tenants.id, res.data.id));
    expect(t).toMatchObject({ name: 'Green Valley', contact: 'Wang Fang', modules: ['pig', 'group'], status: 1 });
    const [auth] = await db.select().from(systemAuth).where(eq(systemAuth.tenantId, res.data.id));
    expect(auth).toMatchObject({
      validYears: null,
      validStart: null,
      validEnd: null,
      userNum: null,
      farmNum: null,
      deviceNum: null,
      isOpenApi: false,
    });
    const [admin] = await db.select().from(accounts).where(eq(accounts.id, res.data.adminAccountId));
    expect(admin).toMatchObject({
      tenantId: res.data.id,
      accountCode: 'gvadmin',
      accountType: AccountType.TENANT_ADMIN,
      mustChangePassword: true,
    });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);

    const login = await signIn(ctx, 'gvadmin', INITIAL_PASSWORD);
    expect(login).toMatchObject({ code: 1, mustChangePassword: true });
    // Until the password is changed, only the pending-allowed calls answer.
    expect((await send(ctx, 'POST', '/api/breedpigbuilding/applicationInfo/roleApplicationTree', { token: login.token })).code).toBe(21007);
    const change = await send(ctx, 'PUT', `/api/accountauth/account/updatePassword/${res.data.adminAccountId}`, {
      token: login.token,
      body: { account: 'gvadmin', oldPassword: await encrypt(ctx, INITIAL_PASSWORD), newPassword: await encrypt(ctx, 'Changed@2024') },
    });
    expect(change.code).toBe(1);
    const info = await send<{ tenantId: number; mustChangePassword: boolean }>(ctx, 'GET', USER_INFO, { token: login.token });
    expect(info.data).toMatchObject({ tenantId: res.data.id, mustChangePassword: false });
  });

  it('refuses duplicates and bad input without writing anything', async () => {
    const before = await tenantCount();
    const post = async (body: Record<string, unknown>): Promise<number> =>
      (await send(ctx, 'POST', TENANT, { token: platform, body })).code;
    expect(await post(await tenantBody(ctx, 'Demo Agri Group', 'fresh1'))).toBe(10010);
    expect(await post(await tenantBody(ctx, 'Fresh One', 'DEMO'))).toBe(20000);
    expect(await post(await tenantBody(ctx, 'Fresh One', 'fresh1', { adminPassword: await encrypt(ctx, 'short') }))).toBe(21014);
    expect(await post(await tenantBody(ctx, 'Fresh One', 'fresh1', { adminPassword: 'bm90IGEgY2lwaGVy' }))).toBe(21015);
    expect(await post(await tenantBody(ctx, 'Fresh One', 'fresh1', { modules: [] }))).toBe(99996);
    expect(await post(await tenantBody(ctx, 'Fresh One', 'fresh1', { modules: ['cattle'] }))).toBe(99996);
    expect(await post(await tenantBody(ctx, 'x'.repeat(51), 'fresh1'))).toBe(99996);
    expect(await post(await tenantBody(ctx, 'Fresh One', 'has space'))).toBe(99996);
    expect(await tenantCount()).toBe(before);
    expect((await ctx.database.db.select().from(accounts).where(eq(accounts.accountCode, 'fresh1'))).length).toBe(0);
  });

  it('edits a tenant; a taken name is 10010 and an unknown id 30001', async () => {
    const { id } = await addTenantVia(ctx, platform, 'Edit Me', 'editme');
    const ok = await send(ctx, 'PUT', TENANT, {
      token: platform,
      body: { id, name: 'Edited', contact: 'Li', phone: '+86 139 0000', modules: ['chicken'] },
    });
    expect(ok.code).toBe(1);
    expect((await ctx.database.db.select().from(tenants).where(eq(tenants.id, id)))[0]).toMatchObject({
      name: 'Edited',
      contact: 'Li',
      phone: '+86 139 0000',
      address: null,
      modules: ['chicken'],
    });
    expect((await send(ctx, 'PUT', TENANT, { token: platform, body: { id, name: 'Demo Agri Group', modules: ['pig'] } })).code).toBe(10010);
    expect((await send(ctx, 'PUT', TENANT, { token: platform, body: { id: 999999, name: 'Nobody', modules: ['pig'] } })).code).toBe(30001);
    expect((await send(ctx, 'PUT', TENANT, { token: platform, body: { id, name: 'Edited', phone: 'abc', modules: ['pig'] } })).code).toBe(
      99996,
    );
  });

  it('pages tenants with keyword and status filters, usage counts and the authorization summary', async () => {
    const db = ctx.database.db;
    const { id } = await addTenantVia(ctx, platform, 'Keyword Farms', 'kwadmin');
    await buildFarm(db, id, 'KW Farm');
    await buildAccount(db, { tenantId: id, accountCode: 'kwstaff' });
    const page = await send<Page<TenantRow>>(ctx, 'GET', TENANT_PAGE, {
      token: platform,
      query: { keyword: 'keyword', pageNo: '1', pageSize: '10' },
    });
    expect(page.code).toBe(1);
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({
      id,
      name: 'Keyword Farms',
      adminAccountCode: 'kwadmin',
      modules: ['pig', 'chicken'],
      status: 1,
      userCount: 2,
      farmCount: 1,
      deviceCount: 0,
      systemAuth: { permanent: true, valid: true, userNum: null, farmNum: null, deviceNum: null, isOpenAPI: false },
    });
    // The demo tenant: the keyword matches its phone, and its usage is counted from the real rows.
    const demo = await send<Page<TenantRow>>(ctx, 'GET', TENANT_PAGE, { token: platform, query: { keyword: '13800000001' } });
    expect(demo.data.list.map((t) => t.name)).toEqual(['Demo Agri Group']);
    expect(demo.data.list[0]).toMatchObject({ adminAccountCode: 'demo', userCount: 4, farmCount: 2, deviceCount: 6 });
    // LIKE wildcards in the keyword are plain text.
    expect((await send<Page<TenantRow>>(ctx, 'GET', TENANT_PAGE, { token: platform, query: { keyword: '%' } })).data.total).toBe(0);
    const all = await send<Page<TenantRow>>(ctx, 'GET', TENANT_PAGE, { token: platform, query: { pageNo: '1', pageSize: '2' } });
    expect(all.data.list.length).toBe(2);
    expect(all.data.total).toBe(await tenantCount());
    await send(ctx, 'POST', TENANT_STATUS, { token: platform, body: { ids: [id], status: 0 } });
    const off = await send<Page<TenantRow>>(ctx, 'GET', TENANT_PAGE, { token: platform, query: { status: '0' } });
    expect(off.data.list.map((t) => t.id)).toEqual([id]);
    expect((await send(ctx, 'GET', TENANT_PAGE, { token: platform, query: { status: '2' } })).code).toBe(99996);
  });

  it("lists a tenant's own accounts and farms for the authorization pickers, nothing of other tenants", async () => {
    const db = ctx.database.db;
    const { id, adminAccountId } = await addTenantVia(ctx, platform, 'Options Co', 'optadmin');
    const farmId = await buildFarm(db, id, 'Options Farm', 2);
    await buildAccount(db, { tenantId: id, accountCode: 'optstaff' });
    const res = await send<TenantOptions>(ctx, 'GET', TENANT_OPTIONS, { token: platform, query: { tenantId: String(id) } });
    expect(res.code).toBe(1);
    expect(res.data.accounts.map((a) => a.accountCode)).toEqual(['optadmin', 'optstaff']);
    expect(res.data.accounts[0]).toMatchObject({
      id: adminAccountId,
      accountName: 'Admin of Options Co',
      accountType: AccountType.TENANT_ADMIN,
      status: 1,
    });
    expect(res.data.farms).toEqual([{ id: farmId, farmName: 'Options Farm', type: 2 }]);
    expect((await send(ctx, 'GET', TENANT_OPTIONS, { token: platform, query: { tenantId: '999999' } })).code).toBe(30001);
    expect((await send(ctx, 'GET', TENANT_OPTIONS, { token: platform, query: { tenantId: 'x' } })).code).toBe(99996);
  });

  it('disabling a tenant signs its users out at once and refuses their sign-in with 21010', async () => {
    const db = ctx.database.db;
    const a = await addTenantVia(ctx, platform, 'Shut Down Ltd', 'shutadmin');
    await addTenantVia(ctx, platform, 'Still Open Ltd', 'openadmin');
    await db.update(accounts).set({ mustChangePassword: false }).where(eq(accounts.id, a.adminAccountId));
    const aLogin = await signIn(ctx, 'shutadmin', INITIAL_PASSWORD);
    const aToken2 = await tokenFor(db, 'shutadmin');
    const bToken = await tokenFor(db, 'openadmin');
    expect((await send(ctx, 'GET', USER_INFO, { token: aLogin.token })).code).toBe(1);

    const res = await send<{ updated: number }>(ctx, 'POST', TENANT_STATUS, { token: platform, body: { ids: [a.id, 999999], status: 0 } });
    expect(res).toMatchObject({ code: 1, data: { updated: 1 } });
    for (const t of [aLogin.token, aToken2]) expect((await send(ctx, 'GET', USER_INFO, { token: t })).code).toBe(10002);
    expect((await send(ctx, 'GET', USER_INFO, { token: bToken })).code).toBe(1);
    expect((await signIn(ctx, 'shutadmin', INITIAL_PASSWORD)).code).toBe(21010);
    const live = await db.select().from(sessions).where(eq(sessions.tenantId, a.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    expect((await send(ctx, 'POST', TENANT_STATUS, { token: platform, body: { ids: [a.id], status: 1 } })).code).toBe(1);
    expect((await signIn(ctx, 'shutadmin', INITIAL_PASSWORD)).code).toBe(1);
    expect((await send(ctx, 'POST', TENANT_STATUS, { token: platform, body: { ids: [999998], status: 0 } })).code).toBe(30001);
    expect((await send(ctx, 'POST', TENANT_STATUS, { token: platform, body: { ids: [], status: 0 } })).code).toBe(99996);
    expect((await send(ctx, 'POST', TENANT_STATUS, { token: platform, body: { ids: [a.id], status: 5 } })).code).toBe(99996);
  });
});
