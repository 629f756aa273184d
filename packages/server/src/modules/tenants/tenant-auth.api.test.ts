import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MASKED_SECRET, type ApiAuthSaved, type ApiAuthView, type SystemAuthView } from '@farmsense/shared';
import { accounts, apiAuth, sessions, systemAuth } from '../../db/tables.js';
import { buildAccount, buildFarm, send, tokenFor } from '../../test/factories.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { addTenantVia, API_AUTH, INITIAL_PASSWORD, signIn, SYSTEM_AUTH, withPlatformApp } from './tenants.fixtures.js';

const DAY = 86_400_000;
const TENANT_SYS_VIEW = '/api/breedpigdevice/pigFarmManagePlus/getSystemAuth';
const TENANT_API_VIEW = '/api/breedpigbuilding/pigFarmManagePlus/getApiAuth';
const USER_INFO = '/api/breedpigaccount/login/getUserInfo';

describe(`platform system and API authorization (${TEST_DB})`, () => {
  let ctx: TestContext;
  let platform: string;

  withPlatformApp((made) => ({ ctx, platform } = made));

  /** A tenant whose administrator has already changed the initial password. */
  const readyTenant = async (name: string, admin: string): Promise<{ id: number; adminAccountId: number }> => {
    const t = await addTenantVia(ctx, platform, name, admin);
    await ctx.database.db.update(accounts).set({ mustChangePassword: false }).where(eq(accounts.id, t.adminAccountId));
    return t;
  };

  it('shows a new tenant as permanent and unlimited, and saves caps the tenant then reads', async () => {
    const t = await readyTenant('Caps Co', 'capsadmin');
    const view = await send<SystemAuthView>(ctx, 'GET', SYSTEM_AUTH, { token: platform, query: { tenantId: String(t.id) } });
    expect(view.data).toMatchObject({
      permanent: true,
      accountValidYears: null,
      userNum: null,
      farmNum: null,
      deviceNum: null,
      isOpenAPI: false,
      allowAccounts: null,
      used: { users: 1, farms: 0, devices: 0 },
    });
    const saved = await send<SystemAuthView>(ctx, 'POST', SYSTEM_AUTH, {
      token: platform,
      body: { tenantId: t.id, accountValidYears: 2, userNum: 2, farmNum: 3, deviceNum: null, isOpenAPI: true, allowAccounts: [] },
    });
    expect(saved.code).toBe(1);
    expect(saved.data).toMatchObject({
      accountValidYears: 2,
      userNum: 2,
      farmNum: 3,
      deviceNum: null,
      isOpenAPI: true,
      allowAccounts: null,
      permanent: false,
    });
    // Years without a start count from the save.
    const start = Date.parse(saved.data.accountValidStartDateTime!);
    expect(Math.abs(start - Date.now())).toBeLessThan(60_000);
    const own = await send<SystemAuthView>(ctx, 'GET', TENANT_SYS_VIEW, { token: await tokenFor(ctx.database.db, 'capsadmin') });
    expect(own.data).toEqual(saved.data);
    expect((await signIn(ctx, 'capsadmin', INITIAL_PASSWORD)).code).toBe(1);
  });

  it('refuses a bad validity or caps (20027, 99996), foreign accounts (20002) and unknown tenants (30001)', async () => {
    const t = await readyTenant('Strict Co', 'strictadmin');
    const post = async (body: Record<string, unknown>): Promise<number> =>
      (await send(ctx, 'POST', SYSTEM_AUTH, { token: platform, body: { tenantId: t.id, ...body } })).code;
    const now = Date.now();
    expect(await post({ accountValidStartDateTime: now, accountValidEndDateTime: now - DAY })).toBe(20027);
    expect(
      await post({ accountValidStartDateTime: new Date(now).toISOString(), accountValidEndDateTime: new Date(now).toISOString() }),
    ).toBe(20027);
    expect(await post({ accountValidYears: 1, accountValidEndDateTime: now + DAY })).toBe(99996);
    // Never coerced: digits as text, a boolean or a nested array are refused like junk (issue 16).
    for (const bad of [0, -1, 1.5, 'abc', '3', true, [[3]]]) expect(await post({ userNum: bad })).toBe(99996);
    expect(await post({ accountValidStartDateTime: 'yesterday' })).toBe(99996);
    const demoAdmin = (await ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, 'demo')))[0]!.id;
    expect(await post({ allowAccounts: [t.adminAccountId, demoAdmin] })).toBe(20002);
    expect((await send(ctx, 'POST', SYSTEM_AUTH, { token: platform, body: { tenantId: 999999 } })).code).toBe(30001);
    expect((await send(ctx, 'GET', SYSTEM_AUTH, { token: platform, query: { tenantId: '999999' } })).code).toBe(30001);
    const [row] = await ctx.database.db.select().from(systemAuth).where(eq(systemAuth.tenantId, t.id));
    expect(row).toMatchObject({ validStart: null, validEnd: null, userNum: null, allowAccounts: null });
  });

  it('a validity in the past signs the tenant out and refuses sign-in with 20109; a current one lets it in', async () => {
    const db = ctx.database.db;
    const t = await readyTenant('Expired Co', 'expadmin');
    const token = (await signIn(ctx, 'expadmin', INITIAL_PASSWORD)).token;
    const now = Date.now();
    const res = await send(ctx, 'POST', SYSTEM_AUTH, {
      token: platform,
      body: { tenantId: t.id, accountValidStartDateTime: now - 30 * DAY, accountValidEndDateTime: now - DAY },
    });
    expect(res.code).toBe(1);
    expect((await send(ctx, 'GET', USER_INFO, { token })).code).toBe(10002);
    expect((await signIn(ctx, 'expadmin', INITIAL_PASSWORD)).code).toBe(20109);
    // Seconds (10 digits) are read as seconds.
    await send(ctx, 'POST', SYSTEM_AUTH, {
      token: platform,
      body: {
        tenantId: t.id,
        accountValidStartDateTime: Math.floor((now - DAY) / 1000),
        accountValidEndDateTime: Math.floor((now + DAY) / 1000),
      },
    });
    const [row] = await db.select().from(systemAuth).where(eq(systemAuth.tenantId, t.id));
    expect(Math.abs(row!.validEnd!.getTime() - (now + DAY))).toBeLessThan(1000);
    expect((await signIn(ctx, 'expadmin', INITIAL_PASSWORD)).code).toBe(1);
  });

  it('limiting the authorization to some accounts signs the others out and refuses their sign-in', async () => {
    const db = ctx.database.db;
    const t = await readyTenant('Few Co', 'fewadmin');
    const farm = await buildFarm(db, t.id, 'Few Farm');
    const staff = await buildAccount(db, { tenantId: t.id, accountCode: 'fewstaff', farmIds: [farm] });
    const staffToken = await tokenFor(db, 'fewstaff');
    const adminToken = await tokenFor(db, 'fewadmin');
    const res = await send(ctx, 'POST', SYSTEM_AUTH, {
      token: platform,
      body: { tenantId: t.id, allowAccounts: [t.adminAccountId, t.adminAccountId] },
    });
    expect(res).toMatchObject({ code: 1, data: { allowAccounts: [t.adminAccountId] } });
    expect((await send(ctx, 'GET', USER_INFO, { token: staffToken })).code).toBe(10002);
    expect((await send(ctx, 'GET', USER_INFO, { token: adminToken })).code).toBe(1);
    const staffSessions = await db.select().from(sessions).where(eq(sessions.accountId, staff));
    expect(staffSessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await signIn(ctx, 'fewadmin', INITIAL_PASSWORD)).code).toBe(1);
  });

  it('generates an API access code shown once, stores only its hash and masks it afterwards', async () => {
    const db = ctx.database.db;
    const t = await readyTenant('Api Config Co', 'apicfg');
    const farm = await buildFarm(db, t.id, 'Api Farm');
    const body = {
      tenantId: t.id,
      apiValidYears: 1,
      apiVisitWay: 'https',
      ipAddress: ' 10.0.0.1 , 192.168.0.0/16,2001:db8::/32',
      regenerate: true,
      apiVisitTimes: 100,
      functions: ['housemanagement.shedlist', 'pig.overview.shed'],
      farms: [farm],
      allowAccounts: [t.adminAccountId],
    };
    const res = await send<ApiAuthSaved>(ctx, 'POST', API_AUTH, { token: platform, body });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      codeGenerated: true,
      apiValidYears: 1,
      apiVisitWay: 'https',
      ipAddress: '10.0.0.1,192.168.0.0/16,2001:db8::/32',
      apiVisitTimes: 100,
      functions: ['housemanagement.shedlist', 'pig.overview.shed'],
      farms: [farm],
      allowAccounts: [t.adminAccountId],
    });
    const code = res.data.apiAuthCode!;
    expect(code).toMatch(/^fsk_[A-Za-z0-9_-]{32}$/);
    const [row] = await db.select().from(apiAuth).where(eq(apiAuth.tenantId, t.id));
    expect(row!.authCodeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(code);

    const view = await send<ApiAuthView>(ctx, 'GET', API_AUTH, { token: platform, query: { tenantId: String(t.id) } });
    expect(view.data.apiAuthCode).toBe(MASKED_SECRET);
    expect(JSON.stringify(view.data)).not.toContain(code);
    const own = await send<ApiAuthView>(ctx, 'GET', TENANT_API_VIEW, { token: await tokenFor(db, 'apicfg') });
    expect(own.data.apiAuthCode).toBe(MASKED_SECRET);

    // Saving without regenerate keeps the code; with it, the old code is replaced.
    const keep = await send<ApiAuthSaved>(ctx, 'POST', API_AUTH, {
      token: platform,
      body: { ...body, regenerate: false, apiVisitTimes: null },
    });
    expect(keep.data).toMatchObject({ codeGenerated: false, apiAuthCode: MASKED_SECRET, apiVisitTimes: null });
    expect((await db.select().from(apiAuth).where(eq(apiAuth.tenantId, t.id)))[0]!.authCodeHash).toBe(row!.authCodeHash);
    const again = await send<ApiAuthSaved>(ctx, 'POST', API_AUTH, { token: platform, body });
    expect(again.data.apiAuthCode).not.toBe(code);
  });

  it('refuses invalid IPs (200324), foreign farms (10007), functions outside the modules and bad validity', async () => {
    const db = ctx.database.db;
    const t = await readyTenant('Api Strict Co', 'apistrict');
    const demoFarm = (await db.query.farms.findFirst({ where: (f, { eq: e }) => e(f.farmName, 'Demo Pig Farm') }))!.id;
    const post = async (extra: Record<string, unknown>): Promise<number> =>
      (await send(ctx, 'POST', API_AUTH, { token: platform, body: { tenantId: t.id, regenerate: true, ...extra } })).code;
    for (const ip of ['10.0.0', '10.0.0.1,999.1.1.1', '10.0.0.0/33', 'localhost', ','])
      expect([ip, await post({ ipAddress: ip })]).toEqual([ip, 200324]);
    expect(await post({ farms: [demoFarm] })).toBe(10007);
    expect(await post({ functions: ['platform.tenants'] })).toBe(99996);
    expect(await post({ functions: ['no.such.code'] })).toBe(99996);
    expect(await post({ apiVisitWay: 'ftp' })).toBe(99996);
    expect(await post({ apiValidStartDateTime: Date.now(), apiValidEndDateTime: Date.now() - DAY })).toBe(20027);
    expect(await post({ allowAccounts: [123456] })).toBe(20002);
    expect((await db.select().from(apiAuth).where(eq(apiAuth.tenantId, t.id))).length).toBe(0);
    expect(await post({ ipAddress: '' })).toBe(1);
  });
});
