import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountType, APP_OPERATIONS, type AppTreeNode, type OperateAuthMap } from '@farmsense/shared';
import {
  accounts,
  actLog,
  apiAuth,
  applicationInfo,
  auditLog,
  defaultApplication,
  farms,
  gateways,
  systemAuth,
  tenants,
} from '../../db/tables.js';
import { withDemoApp } from '../../test/demo-app.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { accountId, adminToken, buildAccount, buildRole, buildTenant, call, tokenFor } from '../../test/factories.js';
import { expectEveryRoute, type RouteCall } from '../../test/routes.js';

const TREE = '/api/breedpigbuilding/applicationInfo/roleApplicationTree';
const TREE2 = '/api/breedpigbuilding/applicationInfo/roleApplicationTree2';
const OPS = '/api/accountauth/operateAuth/getLoginedAccountOperateAuth';
const DEF_GET = '/api/portalmanage/defaultApplication/get';
const DEF_SET = '/api/portalmanage/defaultApplication/set';
const DEF_CANCEL = '/api/portalmanage/defaultApplication/cancel';
const USER_DEF = '/api/user/defaultmodule/getUserDefaultModule';
const PARAM = '/api/breedpigbuilding/operation/queryParam';
const SYS_AUTH = '/api/breedpigdevice/pigFarmManagePlus/getSystemAuth';
const API_AUTH = '/api/breedpigbuilding/pigFarmManagePlus/getApiAuth';
const ACT_LOG = '/api/breedpigbuilding/breedUserActLog/saveActLog';

const flat = (nodes: AppTreeNode[]): AppTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const codesOf = (nodes: AppTreeNode[]): string[] => flat(nodes).map((n) => n.applicationCode);
function expectSorted(nodes: AppTreeNode[]): void {
  const seq = nodes.map((n) => n.seqNo);
  expect(seq).toEqual([...seq].sort((a, b) => a - b));
  for (const n of nodes) expectSorted(n.children);
}

describe(`portal (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tok: Record<string, string>;
  withDemoApp(['demo', 'pig', 'chicken', 'platform'], (made) => ({ ctx, tok } = made));
  let appId: (code: string) => Promise<number>;

  beforeAll(async () => {
    const db = ctx.database.db;
    appId = async (code) =>
      (await db.select({ id: applicationInfo.id }).from(applicationInfo).where(eq(applicationInfo.code, code)))[0]!.id;
  });

  it('refuses every route without a token (10002)', async () => {
    const routes: RouteCall[] = [
      ['POST', TREE],
      ['POST', TREE2, {}],
      ['POST', OPS],
      ['GET', DEF_GET],
      ['POST', DEF_SET, { applicationInfoId: 1 }],
      ['POST', DEF_CANCEL],
      ['GET', `${USER_DEF}?userAccount=demo`],
      ['POST', PARAM, { paramGroupCode: 'LOGO' }],
      ['GET', SYS_AUTH],
      ['GET', API_AUTH],
      ['POST', ACT_LOG, { modeCode: 'pig' }],
    ];
    await expectEveryRoute(ctx, null, routes, 10002, 401);
  });

  it('gives the tenant administrator the pig, chicken and group trees with catalogue ids', async () => {
    const res = await call<AppTreeNode[]>(ctx, tok.demo!, 'POST', TREE);
    expect(res.code).toBe(1);
    const roots = res.data.map((n) => n.applicationCode);
    expect(roots).toEqual(expect.arrayContaining(['group', 'ci18', 'pig', 'reports']));
    expect(roots).not.toContain('platform');
    const nodes = flat(res.data);
    expect(new Set(nodes.map((n) => n.applicationFunType))).toEqual(new Set(['pig', 'chicken', 'common']));
    const shed = nodes.find((n) => n.applicationCode === 'pig.overview.shed')!;
    expect(shed).toMatchObject({ path: '/pig/overview/shed', index: true, scope: 'farm', applicationFunType: 'pig', children: [] });
    expect(shed.applicationInfoId).toBe(await appId('pig.overview.shed'));
    expect(nodes.find((n) => n.applicationCode === 'weight')?.index).toBe(false);
    expectSorted(res.data);
  });

  it('gives the pig account pig and common entries only, the chicken account chicken and common only', async () => {
    const pig = flat((await call<AppTreeNode[]>(ctx, tok.pig!, 'POST', TREE)).data);
    expect(pig.length).toBeGreaterThan(20);
    expect(pig.every((n) => n.applicationFunType === 'pig' || n.applicationFunType === 'common')).toBe(true);
    expect(pig.some((n) => n.applicationCode.startsWith('ci18'))).toBe(false);
    expect(pig.some((n) => n.scope === 'group')).toBe(false);
    expect(codesOf(pig)).toEqual(expect.arrayContaining(['pig.overview.shed', 'reports.env-trends']));

    const chicken = flat((await call<AppTreeNode[]>(ctx, tok.chicken!, 'POST', TREE)).data);
    expect(chicken.every((n) => n.applicationFunType === 'chicken' || n.applicationFunType === 'common')).toBe(true);
    expect(chicken.some((n) => n.applicationCode === 'pig' || n.applicationCode.startsWith('pig.'))).toBe(false);
    expect(codesOf(chicken)).toEqual(expect.arrayContaining(['ci18.overview.shed', 'reports.env-trends', 'accurate-feeding.plan']));
    expect(codesOf(chicken)).not.toContain('accurate-feeding.column');
  });

  it('orders every level by seqNo', async () => {
    for (const c of ['demo', 'pig', 'chicken', 'platform']) expectSorted((await call<AppTreeNode[]>(ctx, tok[c]!, 'POST', TREE)).data);
    const reports = (await call<AppTreeNode[]>(ctx, tok.pig!, 'POST', TREE)).data.find((n) => n.applicationCode === 'reports')!;
    expect(reports.children.map((n) => n.applicationCode).slice(0, 2)).toEqual(['reports.env-trends', 'reports.env-alerts-his']);
  });

  it('cuts tree2 to one farm mode', async () => {
    const all = await call<AppTreeNode[]>(ctx, tok.demo!, 'POST', TREE2, {});
    expect((await call<AppTreeNode[]>(ctx, tok.demo!, 'POST', TREE2)).data).toEqual(all.data);
    expect(codesOf(all.data)).toEqual(codesOf((await call<AppTreeNode[]>(ctx, tok.demo!, 'POST', TREE)).data));
    const pigMode = flat((await call<AppTreeNode[]>(ctx, tok.demo!, 'POST', TREE2, { wholeFarmType: 1 })).data);
    expect(pigMode.some((n) => n.applicationFunType === 'chicken')).toBe(false);
    expect(codesOf(pigMode)).toEqual(
      expect.arrayContaining(['pig.overview.shed', 'group.overview', 'group-pig.overview', 'accurate-feeding.column']),
    );
    const chickenMode = flat((await call<AppTreeNode[]>(ctx, tok.demo!, 'POST', TREE2, { wholeFarmType: '2' })).data);
    expect(chickenMode.some((n) => n.applicationFunType === 'pig')).toBe(false);
    expect(codesOf(chickenMode)).toEqual(expect.arrayContaining(['ci18.overview.shed', 'accurate-feeding.plan']));
    expect(codesOf(chickenMode)).not.toContain('accurate-feeding.column');
    // The pig account in chicken mode keeps only the common entries.
    const pigAsChicken = flat((await call<AppTreeNode[]>(ctx, tok.pig!, 'POST', TREE2, { wholeFarmType: 2 })).data);
    expect(pigAsChicken.every((n) => n.applicationFunType === 'common')).toBe(true);
    expect((await call(ctx, tok.demo!, 'POST', TREE2, { wholeFarmType: 3 })).code).toBe(99996);
  });

  it('gives the platform account the platform tree only', async () => {
    const res = await call<AppTreeNode[]>(ctx, tok.platform!, 'POST', TREE);
    expect(codesOf(res.data)).toEqual(['platform', 'platform.tenants']);
    expect(res.data[0]!.scope).toBe('platform');
  });

  it('reports operation rights: all for the administrator, the role union for ordinary accounts', async () => {
    const demo = (await call<OperateAuthMap>(ctx, tok.demo!, 'POST', OPS)).data;
    expect(demo['ci18.overview.shed']).toEqual([...APP_OPERATIONS]);
    expect(demo['group.overview']).toEqual([...APP_OPERATIONS]);
    const pig = (await call<OperateAuthMap>(ctx, tok.pig!, 'POST', OPS)).data;
    expect(pig['pig.overview.shed']).toEqual([...APP_OPERATIONS]);
    expect(pig['ci18.overview.shed']).toBeUndefined();

    // A role bound to the menu group "reports" with view only, and to one page with view + edit.
    const db = ctx.database.db;
    const [demoTenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group'));
    const role = await buildRole(db, demoTenant!.id, 'Report viewers', [
      { code: 'reports', ops: ['view'] },
      { code: 'reports.env-trends', ops: ['edit'] },
      { code: 'wash.mor', ops: ['control', 'view'] },
    ]);
    await buildAccount(db, { tenantId: demoTenant!.id, accountCode: 'viewer', roleIds: [role] });
    const viewer = (await call<OperateAuthMap>(ctx, await tokenFor(db, 'viewer'), 'POST', OPS)).data;
    expect(viewer['reports']).toEqual(['view']);
    expect(viewer['reports.device-alerts-rank']).toEqual(['view']);
    expect(viewer['reports.env-alerts-analysis.day']).toEqual(['view']);
    expect(viewer['reports.env-trends']).toEqual(['view', 'edit']);
    expect(viewer['wash.mor']).toEqual(['view', 'control']);
    expect(viewer['wash']).toEqual(['view']); // shown as the group of wash.mor
    expect(viewer['wash.records']).toBeUndefined();
    expect(viewer['pig.overview.shed']).toBeUndefined();
  });

  it('sets, reads and cancels the default application', async () => {
    const shedId = await appId('pig.overview.shed');
    expect((await call(ctx, tok.pig!, 'GET', DEF_GET)).data).toBeNull();
    expect((await call(ctx, tok.pig!, 'POST', DEF_SET, { applicationInfoId: shedId })).code).toBe(1);
    expect((await call(ctx, tok.pig!, 'GET', DEF_GET)).data).toEqual({
      applicationInfoId: shedId,
      applicationCode: 'pig.overview.shed',
      path: '/pig/overview/shed',
    });
    expect((await call(ctx, tok.chicken!, 'GET', DEF_GET)).data).toBeNull();

    const notHeld = await call(ctx, tok.pig!, 'POST', DEF_SET, { applicationInfoId: await appId('ci18.overview.shed') });
    expect([notHeld.status, notHeld.code]).toEqual([403, 10009]);
    expect((await call(ctx, tok.pig!, 'POST', DEF_SET, { applicationInfoId: 99999999 })).code).toBe(30001);
    expect((await call(ctx, tok.pig!, 'POST', DEF_SET, {})).code).toBe(99996);
    expect((await call(ctx, tok.pig!, 'GET', DEF_GET)).data).toMatchObject({ applicationCode: 'pig.overview.shed' });

    expect((await call(ctx, tok.pig!, 'POST', DEF_CANCEL)).code).toBe(1);
    expect((await call(ctx, tok.pig!, 'GET', DEF_GET)).data).toBeNull();
  });

  it('keeps the default application between API writes: a change behind the API shows after the next write', async () => {
    const db = ctx.database.db;
    const shedId = await appId('pig.overview.shed');
    const pigId = await accountId(db, 'pig');
    expect((await call(ctx, tok.pig!, 'GET', DEF_GET)).data).toBeNull();
    await db.insert(defaultApplication).values({ accountId: pigId, applicationInfoId: shedId });
    // Read from memory: the row written behind the API is not seen yet.
    expect((await call(ctx, tok.pig!, 'GET', DEF_GET)).data).toBeNull();
    // Any successful write through the API drops what was kept.
    expect((await call(ctx, tok.chicken!, 'POST', DEF_CANCEL)).code).toBe(1);
    expect((await call(ctx, tok.pig!, 'GET', DEF_GET)).data).toMatchObject({ applicationCode: 'pig.overview.shed' });
    expect((await call(ctx, tok.pig!, 'POST', DEF_CANCEL)).code).toBe(1);
    expect((await call(ctx, tok.pig!, 'GET', DEF_GET)).data).toBeNull();
  });

  it('answers the start page only to the account itself or its tenant administrator', async () => {
    const db = ctx.database.db;
    expect((await call(ctx, tok.pig!, 'GET', `${USER_DEF}?userAccount=pig`)).data).toEqual({
      applicationCode: 'pig.overview.shed',
      path: '/pig/overview/shed',
    });
    expect((await call(ctx, tok.chicken!, 'GET', USER_DEF)).data).toEqual({
      applicationCode: 'ci18.overview.shed',
      path: '/ci18/overview/shed',
    });
    expect((await call(ctx, tok.demo!, 'GET', `${USER_DEF}?userAccount=demo`)).data).toEqual({
      applicationCode: 'group.overview',
      path: '/group/overview',
    });

    await call(ctx, tok.chicken!, 'POST', DEF_SET, { applicationInfoId: await appId('ci18.env.temp') });
    expect((await call(ctx, tok.demo!, 'GET', `${USER_DEF}?userAccount=CHICKEN`)).data).toEqual({
      applicationCode: 'ci18.env.temp',
      path: '/ci18/env/temp',
    });

    for (const [who, target] of [
      ['pig', 'chicken'],
      ['pig', 'demo'],
      ['chicken', 'nobody-here'],
      ['demo', 'platform'],
      ['platform', 'demo'],
    ] as const) {
      const res = await call(ctx, tok[who]!, 'GET', `${USER_DEF}?userAccount=${target}`);
      expect([who, target, res.code]).toEqual([who, target, 10009]);
    }
    const otherTenant = await buildTenant(db, 'Other Tenant P');
    expect((await call(ctx, await adminToken(db, otherTenant, 'other-admin-p'), 'GET', `${USER_DEF}?userAccount=pig`)).code).toBe(10009);

    // Account type 100 lands on the pig-farm data screen.
    const [demoTenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group'));
    const role = await buildRole(db, demoTenant!.id, 'Screen', [{ code: 'pig', ops: ['view'] }]);
    await buildAccount(db, { tenantId: demoTenant!.id, accountCode: 'screen', accountType: AccountType.PIG_DATA_SCREEN, roleIds: [role] });
    expect((await call(ctx, await tokenFor(db, 'screen'), 'GET', USER_DEF)).data).toEqual({
      applicationCode: 'pig.databoard.farm',
      path: '/pig/databoard/farm',
    });
    expect((await call(ctx, tok.demo!, 'GET', `${USER_DEF}?userAccount=screen`)).data).toMatchObject({ path: '/pig/databoard/farm' });
  });

  it('lists the language options of group LOGO', async () => {
    const res = await call<{ list: { paramCode: string; paramValue: string; paramOther: string }[]; total: number }>(
      ctx,
      tok.pig!,
      'POST',
      PARAM,
      { pageNo: 1, pageSize: 100, paramGroupCode: 'LOGO' },
    );
    expect(res.data.total).toBe(5);
    expect(res.data.list.map((r) => r.paramCode)).toEqual(['zh-cn', 'en-us', 'vi', 'th', 'ru']);
    expect(res.data.list[0]!.paramValue.length).toBeGreaterThan(0);
    expect((await call(ctx, tok.pig!, 'POST', PARAM, { pageNo: 2, pageSize: 2, paramGroupCode: 'LOGO' })).data).toMatchObject({
      total: 5,
      pageNo: 2,
      pageSize: 2,
      list: [{ paramCode: 'vi' }, { paramCode: 'th' }],
    });
    expect((await call(ctx, tok.pig!, 'POST', PARAM, { paramGroupCode: '' })).code).toBe(99996);
  });

  it('shows the system authorization: nulls read as permanent and unlimited, usage from real rows', async () => {
    const db = ctx.database.db;
    const [demoTenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group'));
    const tid = demoTenant!.id;
    const n = async (t: typeof accounts | typeof farms | typeof gateways): Promise<number> =>
      (await db.select({ n: count() }).from(t).where(eq(t.tenantId, tid)))[0]!.n;
    const res = await call(ctx, tok.pig!, 'GET', SYS_AUTH);
    expect(res.data).toEqual({
      accountValidYears: null,
      accountValidStartDateTime: null,
      accountValidEndDateTime: null,
      userNum: null,
      farmNum: null,
      deviceNum: null,
      isOpenAPI: false,
      allowAccounts: null,
      permanent: true,
      used: { users: await n(accounts), farms: await n(farms), devices: await n(gateways) },
    });
    expect((res.data as { used: { devices: number } }).used.devices).toBe(6);

    const start = new Date('2025-01-01T00:00:00Z');
    const end = new Date('2030-01-01T00:00:00Z');
    await db
      .update(systemAuth)
      .set({
        validYears: 5,
        validStart: start,
        validEnd: end,
        userNum: 50,
        farmNum: 4,
        deviceNum: 200,
        isOpenApi: true,
        allowAccounts: [1],
      })
      .where(eq(systemAuth.tenantId, tid));
    expect((await call(ctx, tok.demo!, 'GET', SYS_AUTH)).data).toMatchObject({
      accountValidYears: 5,
      accountValidStartDateTime: start.toISOString(),
      accountValidEndDateTime: end.toISOString(),
      userNum: 50,
      farmNum: 4,
      deviceNum: 200,
      isOpenAPI: true,
      allowAccounts: [1],
      permanent: false,
    });
    const platform = await call(ctx, tok.platform!, 'GET', SYS_AUTH);
    expect([platform.status, platform.code]).toEqual([403, 10009]);
  });

  it('shows the API authorization with the access code masked', async () => {
    const db = ctx.database.db;
    expect((await call(ctx, tok.demo!, 'GET', API_AUTH)).data).toMatchObject({
      apiAuthCode: null,
      apiVisitTimes: null,
      permanent: true,
      farms: null,
    });
    const [demoTenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group'));
    await db.insert(apiAuth).values({
      tenantId: demoTenant!.id,
      validYears: 1,
      visitWay: 'https',
      ipAddress: '10.0.0.0/8',
      authCodeHash: 'secret-hash-value',
      visitTimes: 1000,
      functions: ['env'],
      farms: [1],
    });
    const res = await call<Record<string, unknown>>(ctx, tok.demo!, 'GET', API_AUTH);
    expect(res.data).toMatchObject({
      apiValidYears: 1,
      apiVisitWay: 'https',
      ipAddress: '10.0.0.0/8',
      apiVisitTimes: 1000,
      functions: ['env'],
      farms: [1],
      permanent: false,
    });
    expect(res.data.apiAuthCode).toMatch(/^•+$/);
    expect(JSON.stringify(res.data)).not.toContain('secret-hash-value');
    expect((await call(ctx, tok.platform!, 'GET', API_AUTH)).code).toBe(10009);
  });

  it('logs a menu visit for a held code and refuses other codes', async () => {
    const db = ctx.database.db;
    const pigId = await accountId(db, 'pig');
    expect((await call(ctx, tok.pig!, 'POST', ACT_LOG, { modeCode: 'pig.env1.temp.mor' })).code).toBe(1);
    const rows = await db.select().from(actLog).where(eq(actLog.accountId, pigId));
    const [pigAcc] = await db.select({ tenantId: accounts.tenantId }).from(accounts).where(eq(accounts.id, pigId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ modeCode: 'pig.env1.temp.mor', tenantId: pigAcc!.tenantId });
    expect((await call(ctx, tok.pig!, 'POST', ACT_LOG, { modeCode: 'ci18.env.temp' })).code).toBe(99996);
    expect((await call(ctx, tok.pig!, 'POST', ACT_LOG, { modeCode: 'no.such.code' })).code).toBe(99996);
    expect(await db.select().from(actLog).where(eq(actLog.accountId, pigId))).toHaveLength(1);
  });

  it('does not audit read-only POSTs as writes', async () => {
    const db = ctx.database.db;
    const [demoTenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group'));
    const id = await buildAccount(db, { tenantId: demoTenant!.id, accountCode: 'auditee' });
    const t = await tokenFor(db, 'auditee');
    // The audit entry is written in onResponse, after inject has the answer: poll for it.
    const entries = async (wanted: number): Promise<number> => {
      let n = 0;
      for (let i = 0; i < 40; i++) {
        n = (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.accountId, id)))[0]!.n;
        if (n >= wanted) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      return n;
    };
    await call(ctx, t, 'POST', TREE);
    await call(ctx, t, 'POST', TREE2, { wholeFarmType: 1 });
    await call(ctx, t, 'POST', OPS);
    await call(ctx, t, 'POST', PARAM, { paramGroupCode: 'LOGO' });
    await call(ctx, t, 'POST', DEF_CANCEL);
    expect(await entries(1)).toBe(1);
    const [only] = await db.select().from(auditLog).where(eq(auditLog.accountId, id));
    expect(only).toMatchObject({ action: DEF_CANCEL, outcome: 'ok', code: 1 });
  });
});
