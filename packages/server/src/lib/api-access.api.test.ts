import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiAuthSaved, Page, ShedOverviewRow } from '@farmsense/shared';
import { accounts, apiAuth, apiCalls, auditLog, systemAuth, tenants } from '../db/tables.js';
import { buildAccount, buildFarm, buildShed, farmIdByName, send, tokenFor } from '../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { addTenantVia, API_AUTH, SYSTEM_AUTH } from '../modules/tenants/tenants.fixtures.js';

const SHEDS = '/api/breedpigbuilding/shed/querySheds';
const OPLOG = '/api/breedpigbuilding/operationLog/page';
const USER_INFO = '/api/breedpigaccount/login/getUserInfo';
const UPDATE_CURRENT = '/api/breedpigaccount/account/updateCurrent';
const DAY = 86_400_000;
const GOOD_IP = '10.9.1.1';

interface Setup {
  tenantId: number;
  adminId: number;
  staffId: number;
  farmA: number;
  farmB: number;
  code: string;
}

/** A tenant with two farms, open API and an access code limited to the shed list of farm A. */
async function setUp(ctx: TestContext, suffix: string): Promise<Setup> {
  const db = ctx.database.db;
  const platform = await tokenFor(db, 'platform');
  const t = await addTenantVia(ctx, platform, `Api Caller ${suffix}`, `apiadmin${suffix}`);
  await db.update(accounts).set({ mustChangePassword: false }).where(eq(accounts.id, t.adminAccountId));
  const farmA = await buildFarm(db, t.id, 'Api Farm A');
  const farmB = await buildFarm(db, t.id, 'Api Farm B');
  await buildShed(db, t.id, farmA, { shedName: 'A-1', shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1 });
  await buildShed(db, t.id, farmB, { shedName: 'B-1', shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1 });
  const staffId = await buildAccount(db, { tenantId: t.id, accountCode: `apistaff${suffix}`, farmIds: [farmA] });
  await send(ctx, 'POST', SYSTEM_AUTH, { token: platform, body: { tenantId: t.id, isOpenAPI: true } });
  const saved = await send<ApiAuthSaved>(ctx, 'POST', API_AUTH, {
    token: platform,
    body: {
      tenantId: t.id,
      regenerate: true,
      apiVisitWay: 'both',
      ipAddress: '10.9.0.0/16, 2001:db8::1',
      functions: ['housemanagement.shedlist'],
      farms: [farmA],
    },
  });
  if (saved.code !== 1 || !saved.data.apiAuthCode) throw new Error(`api auth save failed: ${saved.code}`);
  return { tenantId: t.id, adminId: t.adminAccountId, staffId, farmA, farmB, code: saved.data.apiAuthCode };
}

describe(`API access code checks (${TEST_DB})`, () => {
  let ctx: TestContext;
  let s: Setup;

  beforeAll(async () => {
    ctx = await createTestApp();
    s = await setUp(ctx, 'x');
  });
  afterAll(async () => ctx?.close());

  // Each test starts from the saved grant: open, no validity, any way, no count cap, no account list.
  beforeEach(async () => {
    const db = ctx.database.db;
    await db.update(tenants).set({ status: 1 }).where(eq(tenants.id, s.tenantId));
    await db
      .update(systemAuth)
      .set({ isOpenApi: true, validEnd: null, validStart: null, validYears: null, allowAccounts: null })
      .where(eq(systemAuth.tenantId, s.tenantId));
    await db
      .update(apiAuth)
      .set({
        validEnd: null,
        validStart: null,
        validYears: null,
        visitWay: 'both',
        visitTimes: null,
        allowAccounts: null,
        ipAddress: '10.9.0.0/16,2001:db8::1',
      })
      .where(eq(apiAuth.tenantId, s.tenantId));
    await db.delete(apiCalls).where(eq(apiCalls.tenantId, s.tenantId));
  });

  const sheds = (opts: { code?: string; ip?: string; farmId?: number; headers?: Record<string, string> } = {}) =>
    send<Page<ShedOverviewRow>>(ctx, 'POST', SHEDS, {
      headers: { 'x-api-code': opts.code ?? s.code, ...opts.headers },
      ip: opts.ip ?? GOOD_IP,
      body: { farmId: opts.farmId ?? s.farmA, pageNo: 1, pageSize: 10 },
    });
  const callsToday = async (): Promise<number> =>
    (await ctx.database.db.select().from(apiCalls).where(eq(apiCalls.tenantId, s.tenantId)))[0]?.count ?? 0;

  it('answers an allowed function for an allowed farm from an allowed address', async () => {
    const res = await sheds();
    expect(res.code).toBe(1);
    expect(res.data.list.map((r) => r.shedName)).toEqual(['A-1']);
    expect((await sheds({ ip: '2001:db8::1' })).code).toBe(1);
    expect(await callsToday()).toBe(2);
  });

  it('refuses an unknown, empty or over-long code with 20057 and logs the refusal', async () => {
    for (const code of [`${s.code}x`, '', 'x'.repeat(201)]) expect((await sheds({ code })).code).toBe(20057);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.code, 20057), eq(auditLog.action, SHEDS)));
    expect(row).toMatchObject({ outcome: 'denied', tenantId: null, detail: { via: 'api' } });
  });

  it('refuses a caller outside the allowed addresses with 20059, without using up the count', async () => {
    for (const ip of ['10.8.1.1', '2001:db8::2', '127.0.0.1']) expect([ip, (await sheds({ ip })).code]).toEqual([ip, 20059]);
    expect(await callsToday()).toBe(0);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.code, 20059), eq(auditLog.tenantId, s.tenantId)));
    expect(row).toMatchObject({ outcome: 'denied', ip: '10.8.1.1' });
  });

  it('refuses a function the grant lacks, and routes that serve no function, with 10009', async () => {
    const db = ctx.database.db;
    expect((await send(ctx, 'POST', OPLOG, { headers: { 'x-api-code': s.code }, ip: GOOD_IP, body: {} })).code).toBe(10009);
    expect((await send(ctx, 'GET', USER_INFO, { headers: { 'x-api-code': s.code }, ip: GOOD_IP })).code).toBe(10009);
    const update = await send(ctx, 'POST', UPDATE_CURRENT, {
      headers: { 'x-api-code': s.code },
      ip: GOOD_IP,
      body: { phoneNo: '+1 555 0100' },
    });
    expect(update.code).toBe(10009);
    expect((await db.select().from(accounts).where(eq(accounts.id, s.adminId)))[0]!.phoneNo).toBeNull();
    expect(await callsToday()).toBe(0);
  });

  it("refuses a farm the grant lacks, or another tenant's farm, with 10009", async () => {
    expect((await sheds({ farmId: s.farmB })).code).toBe(10009);
    expect((await sheds({ farmId: await farmIdByName(ctx.database.db, 'Demo Pig Farm') })).code).toBe(10009);
  });

  it('refuses with 21011 once the daily count is used up', async () => {
    await ctx.database.db.update(apiAuth).set({ visitTimes: 3 }).where(eq(apiAuth.tenantId, s.tenantId));
    for (let i = 0; i < 3; i++) expect((await sheds()).code).toBe(1);
    const over = await sheds();
    expect([over.status, over.code]).toEqual([429, 21011]);
    expect(await callsToday()).toBe(3);
    // Raising the cap lets the tenant go on the same day.
    await ctx.database.db.update(apiAuth).set({ visitTimes: 4 }).where(eq(apiAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(1);
    expect((await sheds()).code).toBe(21011);
  });

  it('refuses with 20055 when the API is not open or the protocol is not the configured one', async () => {
    const db = ctx.database.db;
    await db.update(apiAuth).set({ visitWay: 'https' }).where(eq(apiAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(20055);
    await db.update(apiAuth).set({ visitWay: 'http' }).where(eq(apiAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(1);
    await db.update(systemAuth).set({ isOpenApi: false }).where(eq(systemAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(20055);
  });

  it('refuses with 20109 outside the API validity or the tenant validity, and 21010 for a disabled tenant', async () => {
    const db = ctx.database.db;
    const past = new Date(Date.now() - DAY);
    await db.update(apiAuth).set({ validEnd: past }).where(eq(apiAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(20109);
    await db
      .update(apiAuth)
      .set({ validEnd: null, validStart: new Date(Date.now() + DAY) })
      .where(eq(apiAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(20109);
    await db.update(apiAuth).set({ validStart: null }).where(eq(apiAuth.tenantId, s.tenantId));
    await db.update(systemAuth).set({ validEnd: past }).where(eq(systemAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(20109);
    await db.update(systemAuth).set({ validEnd: null }).where(eq(systemAuth.tenantId, s.tenantId));
    await db.update(tenants).set({ status: 0 }).where(eq(tenants.id, s.tenantId));
    expect((await sheds()).code).toBe(21010);
  });

  it('acts as a listed account only (20060 otherwise) when the grant names accounts', async () => {
    const db = ctx.database.db;
    await db
      .update(apiAuth)
      .set({ allowAccounts: [s.staffId] })
      .where(eq(apiAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(20060);
    for (const who of ['apiadminx', 'nobody', 'demo']) expect((await sheds({ headers: { 'x-api-account': who } })).code).toBe(20060);
    expect((await sheds({ headers: { 'x-api-account': 'APISTAFFX' } })).code).toBe(1);
    await db.update(accounts).set({ status: 0 }).where(eq(accounts.id, s.staffId));
    expect((await sheds({ headers: { 'x-api-account': 'apistaffx' } })).code).toBe(20060);
    await db.update(accounts).set({ status: 1 }).where(eq(accounts.id, s.staffId));
    // The tenant's own account list (system authorization) applies too.
    await db.update(apiAuth).set({ allowAccounts: null }).where(eq(apiAuth.tenantId, s.tenantId));
    await db
      .update(systemAuth)
      .set({ allowAccounts: [s.staffId] })
      .where(eq(systemAuth.tenantId, s.tenantId));
    expect((await sheds()).code).toBe(20109);
    expect((await sheds({ headers: { 'x-api-account': 'apistaffx' } })).code).toBe(1);
  });

  it('uses the session when a token is present, and still refuses without either (10002)', async () => {
    const demo = await tokenFor(ctx.database.db, 'demo');
    const demoFarm = await farmIdByName(ctx.database.db, 'Demo Pig Farm');
    const res = await send(ctx, 'POST', SHEDS, {
      token: demo,
      headers: { 'x-api-code': 'wrong' },
      body: { farmId: demoFarm, pageNo: 1, pageSize: 5 },
    });
    expect(res.code).toBe(1);
    expect((await send(ctx, 'POST', SHEDS, { body: { farmId: s.farmA, pageNo: 1, pageSize: 5 } })).code).toBe(10002);
  });
});

describe(`API access code behind a proxy (${TEST_DB})`, () => {
  let ctx: TestContext;
  let s: Setup;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { TRUST_PROXY: '1' } });
    s = await setUp(ctx, 'p');
    await ctx.database.db.update(apiAuth).set({ visitWay: 'https' }).where(eq(apiAuth.tenantId, s.tenantId));
  });
  afterAll(async () => ctx?.close());

  const viaProxy = (headers: Record<string, string>) =>
    send(ctx, 'POST', SHEDS, {
      headers: { 'x-api-code': s.code, ...headers },
      ip: '127.0.0.1',
      body: { farmId: s.farmA, pageNo: 1, pageSize: 10 },
    });

  it('reads the protocol and the client address from the forwarded headers', async () => {
    expect((await viaProxy({ 'x-forwarded-proto': 'https', 'x-forwarded-for': GOOD_IP })).code).toBe(1);
    expect((await viaProxy({ 'x-forwarded-proto': 'http', 'x-forwarded-for': GOOD_IP })).code).toBe(20055);
    expect((await viaProxy({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.8.0.1' })).code).toBe(20059);
  });
});
