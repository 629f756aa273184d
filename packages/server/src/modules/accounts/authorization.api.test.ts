import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRowWithScope, HierarchyFarm, Page, ShedListItem, ShedOverviewRow } from '@farmsense/shared';
import { accountFarms, accountPens, accountRoles, accountSheds, accounts, applicationInfo, pens, roles, sheds } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { accountId, buildAccount, call, tokenFor } from '../../test/factories.js';
import { encrypt, loginAs } from '../../test/login.js';
import { adminWorld, pigManager, type AdminWorld } from '../farms/admin.fixtures.js';
import { expectEveryRoute, type RouteCall } from '../../test/routes.js';

const ROLES = '/api/accountauth/account/getAccountRole';
const ROLE_EDIT = '/api/accountauth/account/roleEdit';
const FARM_AUTH = '/api/breedpigaccount/account/farmAuthorize';
const SHED_AUTH = '/api/breedpigaccount/account/farmAndShedAuthorization';
const LIST2 = '/api/breedpigaccount/account/list2';

describe(`account authorization (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let pigRole: number;
  let poultryRole: number;
  let shedIds: Record<string, number>;

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await adminWorld(ctx);
    const db = ctx.database.db;
    pigRole = (await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, 'Pig staff')))[0]!.id;
    poultryRole = (await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, 'Poultry staff')))[0]!.id;
    shedIds = Object.fromEntries((await db.select({ id: sheds.id, name: sheds.shedName }).from(sheds)).map((s) => [s.name, s.id]));
  });
  afterAll(async () => ctx?.close());

  it('reads and replaces the roles of an account', async () => {
    const db = ctx.database.db;
    const id = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'multi', roleIds: [pigRole], farmIds: [w.pigFarm] });
    expect((await call(ctx, w.tok.demo, 'GET', `${ROLES}?accountId=${id}`)).data).toEqual([
      { id: pigRole, roleName: 'Pig staff', type: 'farm' },
    ]);
    expect((await call(ctx, w.tok.demo, 'POST', ROLE_EDIT, { accountId: id, roleIds: [poultryRole, pigRole, pigRole] })).code).toBe(1);
    expect((await call<{ id: number }[]>(ctx, w.tok.demo, 'GET', `${ROLES}?accountId=${id}`)).data.map((r) => r.id)).toEqual(
      [pigRole, poultryRole].sort((a, b) => a - b),
    );
    const [theirs] = await db.insert(roles).values({ tenantId: w.otherTenant, roleName: 'Theirs' }).returning({ id: roles.id });
    expect((await call(ctx, w.tok.demo, 'POST', ROLE_EDIT, { accountId: id, roleIds: [theirs!.id] })).code).toBe(30001);
    expect((await call(ctx, w.tok.demo, 'POST', ROLE_EDIT, { accountId: id, roleIds: [] })).code).toBe(1);
    expect(await db.select().from(accountRoles).where(eq(accountRoles.accountId, id))).toEqual([]);
  });

  it('replaces authorized farms; a farm that goes takes its shed and pen limits along', async () => {
    const db = ctx.database.db;
    const id = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'roamer', farmIds: [w.pigFarm] });
    await db.insert(accountSheds).values({ accountId: id, shedId: shedIds['Nursery 1']! });
    expect((await call(ctx, w.tok.demo, 'POST', FARM_AUTH, { accountId: id, farmIds: [w.pigFarm, w.poultryFarm] })).code).toBe(1);
    expect((await db.select().from(accountSheds).where(eq(accountSheds.accountId, id))).map((r) => r.shedId)).toEqual([
      shedIds['Nursery 1'],
    ]);
    expect((await call(ctx, w.tok.demo, 'POST', FARM_AUTH, { accountId: id, farmIds: [w.poultryFarm] })).code).toBe(1);
    expect((await db.select().from(accountFarms).where(eq(accountFarms.accountId, id))).map((r) => r.farmId)).toEqual([w.poultryFarm]);
    expect(await db.select().from(accountSheds).where(eq(accountSheds.accountId, id))).toEqual([]);
    expect((await call(ctx, w.tok.demo, 'POST', FARM_AUTH, { accountId: id, farmIds: [w.otherFarm] })).code).toBe(10007);
    expect((await call(ctx, w.tok.demo, 'POST', FARM_AUTH, { accountId: await accountId(db, 'demo'), farmIds: [w.pigFarm] })).code).toBe(
      20021,
    );
    expect((await db.select().from(accountFarms).where(eq(accountFarms.accountId, id))).map((r) => r.farmId)).toEqual([w.poultryFarm]);
  });

  it('authorizes farms, sheds and pens in one call and lists them in list2', async () => {
    const db = ctx.database.db;
    const id = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'scoped', farmIds: [w.pigFarm] });
    const layerPens = await db.select({ id: pens.id }).from(pens).where(eq(pens.shedId, shedIds['Layer House 1']!)).orderBy(asc(pens.id));
    const body = {
      accountId: id,
      farms: [
        { farmId: w.pigFarm, shedIds: [shedIds['Farrowing 1']!, shedIds['Fattening 1']!] },
        { farmId: w.poultryFarm, penIds: [layerPens[0]!.id, layerPens[1]!.id] },
      ],
    };
    expect((await call(ctx, w.tok.demo, 'POST', SHED_AUTH, body)).code).toBe(1);
    const page = (await call<Page<AccountRowWithScope>>(ctx, w.tok.demo, 'GET', `${LIST2}?keyword=scoped`)).data;
    expect(page.list[0]!.authorization).toEqual([
      {
        farmId: w.pigFarm,
        farmName: 'Demo Pig Farm',
        shedIds: [shedIds['Farrowing 1'], shedIds['Fattening 1']].sort((a, b) => a! - b!),
        penIds: [],
      },
      {
        farmId: w.poultryFarm,
        farmName: 'Demo Poultry Farm',
        shedIds: [shedIds['Layer House 1']],
        penIds: [layerPens[0]!.id, layerPens[1]!.id],
      },
    ]);
    const t = await tokenFor(db, 'scoped');
    const tree = (await call<HierarchyFarm[]>(ctx, t, 'POST', '/api/breedpigbuilding/shed/qdslHierarchicalQuery', {})).data;
    expect(tree.map((f) => [f.farmName, f.sheds.map((s) => s.shedName), f.sheds.map((s) => s.pens.length)])).toEqual([
      ['Demo Pig Farm', ['Farrowing 1', 'Fattening 1'], [4, 4]],
      ['Demo Poultry Farm', ['Layer House 1'], [2]],
    ]);
    // Empty lists give the whole farm again.
    expect((await call(ctx, w.tok.demo, 'POST', SHED_AUTH, { accountId: id, farms: [{ farmId: w.pigFarm, shedIds: [] }] })).code).toBe(1);
    expect(await db.select().from(accountSheds).where(eq(accountSheds.accountId, id))).toEqual([]);
    expect(await db.select().from(accountPens).where(eq(accountPens.accountId, id))).toEqual([]);
    expect((await db.select().from(accountFarms).where(eq(accountFarms.accountId, id))).map((r) => r.farmId)).toEqual([w.pigFarm]);
  });

  it('refuses sheds and pens outside the named farm, and repeated farms', async () => {
    const db = ctx.database.db;
    const id = await accountId(db, 'scoped');
    const [pigPen] = await db.select({ id: pens.id }).from(pens).where(eq(pens.shedId, shedIds['Nursery 1']!)).limit(1);
    const before = await db.select().from(accountFarms).where(eq(accountFarms.accountId, id));
    const cases: [unknown, number][] = [
      [{ accountId: id, farms: [{ farmId: w.poultryFarm, shedIds: [shedIds['Nursery 1']] }] }, 30004],
      [{ accountId: id, farms: [{ farmId: w.pigFarm, shedIds: [w.otherShed] }] }, 30004],
      [{ accountId: id, farms: [{ farmId: w.poultryFarm, penIds: [pigPen!.id] }] }, 20084],
      [{ accountId: id, farms: [{ farmId: w.otherFarm }] }, 10007],
      [{ accountId: id, farms: [{ farmId: w.pigFarm }, { farmId: w.pigFarm }] }, 99996],
      [{ accountId: id, farms: [{ farmId: w.pigFarm, shedIds: ['x'] }] }, 99996],
      [{ accountId: await accountId(db, 'demo'), farms: [{ farmId: w.pigFarm }] }, 20021],
    ];
    for (const [body, code] of cases)
      expect([JSON.stringify(body), (await call(ctx, w.tok.demo, 'POST', SHED_AUTH, body)).code]).toEqual([JSON.stringify(body), code]);
    expect(await db.select().from(accountFarms).where(eq(accountFarms.accountId, id))).toEqual(before);
  });

  it("answers 20002 to another tenant's administrator for every demo account, changing nothing", async () => {
    const db = ctx.database.db;
    const demoAccounts = await db.select().from(accounts).where(eq(accounts.tenantId, w.demoTenant));
    const grants = await db.select().from(accountFarms);
    for (const { id } of demoAccounts) {
      const calls: [Parameters<typeof call>[2], string, unknown?][] = [
        ['PUT', '/api/accountauth/account/update', { id, accountName: 'Hijacked', phoneNo: '13900000000' }],
        ['DELETE', `/api/accountauth/account/delete/${id}`],
        ['POST', '/api/accountauth/account/ban', { ids: [id], status: 0 }],
        ['GET', `${ROLES}?accountId=${id}`],
        ['POST', ROLE_EDIT, { accountId: id, roleIds: [] }],
        ['POST', FARM_AUTH, { accountId: id, farmIds: [] }],
        ['POST', SHED_AUTH, { accountId: id, farms: [] }],
      ];
      for (const [method, url, body] of calls) {
        const res = await call(ctx, w.tok.secondAdmin, method, url, body);
        expect([url, res.code, res.data]).toEqual([url, 20002, null]);
      }
    }
    expect(await db.select().from(accounts).where(eq(accounts.tenantId, w.demoTenant))).toEqual(demoAccounts);
    expect(await db.select().from(accountFarms)).toEqual(grants);
    const list = (await call<Page<AccountRowWithScope>>(ctx, w.tok.secondAdmin, 'GET', LIST2)).data.list;
    expect(list.map((a) => a.accountCode)).toEqual(['second-admin']);
  });

  it('needs the account application (10009); ordinary managers stay within their own farms and rights', async () => {
    const db = ctx.database.db;
    const target = await accountId(db, 'chicken');
    const viewerRoutes: RouteCall[] = [
      ['GET', '/api/breedpigaccount/account/list'],
      ['GET', `${ROLES}?accountId=${target}`],
      ['POST', FARM_AUTH, { accountId: target, farmIds: [] }],
      ['POST', '/api/accountauth/account/ban', { ids: [target], status: 0 }],
    ];
    await expectEveryRoute(ctx, w.tok.viewer, viewerRoutes, 10009, 403);
    expect((await call(ctx, w.tok.platform, 'GET', '/api/breedpigaccount/account/list')).code).toBe(10009);
    const manager = await pigManager(ctx, w);
    // The pig farm manager manages accounts but only the pig farm, and holds no poultry rights.
    const both = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'both-farms', farmIds: [w.pigFarm, w.poultryFarm] });
    expect((await call(ctx, manager, 'POST', ROLE_EDIT, { accountId: both, roleIds: [poultryRole] })).code).toBe(10009);
    expect((await call(ctx, manager, 'POST', ROLE_EDIT, { accountId: both, roleIds: [pigRole] })).code).toBe(1);
    expect((await call(ctx, manager, 'POST', FARM_AUTH, { accountId: both, farmIds: [w.poultryFarm] })).code).toBe(10007);
    expect((await call(ctx, manager, 'POST', FARM_AUTH, { accountId: both, farmIds: [] })).code).toBe(1);
    // The poultry farm, outside the manager's view, is kept.
    expect((await db.select().from(accountFarms).where(eq(accountFarms.accountId, both))).map((r) => r.farmId)).toEqual([w.poultryFarm]);
    // Now a poultry-only account: beyond the manager's reach (security/reach.api.test.ts).
    expect((await call(ctx, manager, 'POST', ROLE_EDIT, { accountId: both, roleIds: [] })).code).toBe(10009);
    const demoId = await accountId(db, 'demo');
    expect((await call(ctx, manager, 'POST', '/api/accountauth/account/ban', { ids: [demoId], status: 0 })).code).toBe(10009);
    expect((await call(ctx, manager, 'DELETE', `/api/accountauth/account/delete/${demoId}`)).code).toBe(10009);
    expect((await db.select({ s: accounts.status }).from(accounts).where(eq(accounts.id, demoId)))[0]!.s).toBe(1);
  });

  it('a role with only shed viewing, given to an account limited to one shed, shows exactly that shed', async () => {
    const db = ctx.database.db;
    const appId = (
      await db.select({ id: applicationInfo.id }).from(applicationInfo).where(eq(applicationInfo.code, 'pig.overview.shed'))
    )[0]!.id;
    const roleId = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', '/api/accountauth/roleInfo', { roleName: 'Env only' })).data.id;
    expect(
      (
        await call(ctx, w.tok.demo, 'POST', '/api/accountauth/operateAuth/bind', {
          roleId,
          applications: [{ applicationInfoId: appId, ops: ['view'] }],
        })
      ).code,
    ).toBe(1);
    const add = await call<{ id: number }>(ctx, w.tok.demo, 'POST', '/api/breedpigaccount/account/add', {
      accountCode: 'one-shed',
      accountName: 'One Shed',
      password: await encrypt(ctx, 'First@2024'),
      phoneNo: '13900000009',
      roleIds: [roleId],
    });
    expect(add.code).toBe(1);
    const nursery = shedIds['Nursery 1']!;
    expect(
      (await call(ctx, w.tok.demo, 'POST', SHED_AUTH, { accountId: add.data.id, farms: [{ farmId: w.pigFarm, shedIds: [nursery] }] })).code,
    ).toBe(1);
    // First sign-in: the initial password must be changed before anything else.
    const first = await loginAs(ctx, 'one-shed', 'First@2024');
    expect((await call(ctx, first, 'GET', `/api/breedpigbuilding/shedInfo/list?farmId=${w.pigFarm}`)).code).toBe(21007);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/api/accountauth/account/updatePassword/${add.data.id}`,
      headers: { token: first },
      payload: { account: 'one-shed', oldPassword: await encrypt(ctx, 'First@2024'), newPassword: await encrypt(ctx, 'Second@2024') },
    });
    expect(change.json().code).toBe(1);
    const t = await loginAs(ctx, 'one-shed', 'Second@2024');
    const list = (await call<ShedListItem[]>(ctx, t, 'GET', `/api/breedpigbuilding/shedInfo/list?farmId=${w.pigFarm}`)).data;
    expect(list.map((s) => s.tid)).toEqual([nursery]);
    const page = (
      await call<Page<ShedOverviewRow>>(ctx, t, 'POST', '/api/breedpigbuilding/shed/querySheds', {
        farmId: w.pigFarm,
        pageNo: 1,
        pageSize: 100,
      })
    ).data;
    expect([page.total, page.list.map((s) => s.shedName)]).toEqual([1, ['Nursery 1']]);
    expect((await call(ctx, t, 'GET', `/api/breedpigbuilding/shedInfo/list?farmId=${w.poultryFarm}`)).code).toBe(10007);
    expect((await call(ctx, t, 'GET', '/api/breedpigaccount/account/list')).code).toBe(10009);
    expect((await call(ctx, t, 'POST', '/api/breedpigbuilding/shed/add', { farmId: w.pigFarm, shedName: 'x', shedType: 1 })).code).toBe(
      10009,
    );
    const menu = (await call<{ applicationCode: string }[]>(ctx, t, 'POST', '/api/breedpigbuilding/applicationInfo/roleApplicationTree'))
      .data;
    expect(menu.map((n) => n.applicationCode)).toEqual(['pig']);
    expect(
      await db
        .select()
        .from(accountSheds)
        .where(and(eq(accountSheds.accountId, add.data.id))),
    ).toEqual([{ accountId: add.data.id, shedId: nursery }]);
  });
});
