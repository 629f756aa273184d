import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AREA_CODES,
  type AccountOption,
  type AuthShed,
  type FarmListItem,
  type Page,
  type ShedListItem,
  type ShedOverviewRow,
} from '@farmsense/shared';
import { accountSheds, accounts, gateways, roles, sheds, tenants } from '../../db/tables.js';
import { withDemoApp } from '../../test/demo-app.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import {
  accountId,
  adminToken,
  buildAccount,
  buildFarm,
  buildPens,
  buildShed,
  buildTenant,
  call,
  farmIdByName,
  tokenFor,
} from '../../test/factories.js';
import { expectEveryRoute, type RouteCall } from '../../test/routes.js';

const AREA = '/api/breedpigaccount/account/areaCode';
const FARMS = '/api/breedpigbuilding/farmInfo/list';
const ACCOUNTS = '/api/breedpigaccount/account/queryAllAccount';
const SHEDS = '/api/breedpigbuilding/shedInfo/list';
const AUTH_FARMS = '/api/breedpigbuilding/fieldLevel/farmInfo/authList';
const AUTH_SHEDS = '/api/breedpigbuilding/fieldLevel/shedInfo/authList';
const AUTH_SHED_LIST = '/api/breedpigbuilding/fieldLevel/shedInfo/shedInfoList';
const QUERY_SHEDS = '/api/breedpigbuilding/shed/querySheds';

describe(`directory (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tok: Record<string, string>;
  withDemoApp(['demo', 'pig', 'chicken', 'platform'], (made) => ({ ctx, tok } = made));
  let demoTenant: number;
  let pigFarm: number;
  let poultryFarm: number;
  let otherTenant: number;
  let otherFarm: number;

  beforeAll(async () => {
    const db = ctx.database.db;
    demoTenant = (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group')))[0]!.id;
    pigFarm = await farmIdByName(db, 'Demo Pig Farm');
    poultryFarm = await farmIdByName(db, 'Demo Poultry Farm');

    // A second tenant with its own farm, sheds (numbered out of order), a pen, a gateway and accounts.
    otherTenant = await buildTenant(db, 'Second Agri');
    otherFarm = await buildFarm(db, otherTenant, 'Second Farm', 1);
    const numbering = [
      [2, 1, 1],
      [1, 2, 1],
      [1, 1, 2],
      [1, 1, 1],
    ] as const;
    for (const [areaNum, buildingNum, shedNum] of numbering) {
      await buildShed(db, otherTenant, otherFarm, { shedName: `S ${areaNum}-${buildingNum}-${shedNum}`, areaNum, buildingNum, shedNum });
    }
    const [first] = await db.select({ id: sheds.id }).from(sheds).where(eq(sheds.shedName, 'S 1-1-1'));
    await buildPens(db, otherTenant, [{ shedId: first!.id }]);
    await db.insert(gateways).values({
      tenantId: otherTenant,
      farmId: otherFarm,
      shedId: first!.id,
      code: 'fs-second01',
      name: 'Second controller',
      gatewayType: 101,
      checkCode: 'x',
    });
    tok.secondAdmin = await adminToken(db, otherTenant, 'second-admin');
    await buildAccount(db, { tenantId: otherTenant, accountCode: 'second-staff', farmIds: [otherFarm] });
    tok.secondStaff = await tokenFor(db, 'second-staff');
  });

  it('refuses every route without a token (10002)', async () => {
    const routes: RouteCall[] = [
      ['GET', AREA],
      ['GET', FARMS],
      ['POST', ACCOUNTS],
      ['GET', `${SHEDS}?farmId=1`],
      ['GET', AUTH_FARMS],
      ['GET', `${AUTH_SHEDS}?farmId=1`],
      ['GET', `${AUTH_SHED_LIST}?farmId=1`],
      ['POST', QUERY_SHEDS, { farmId: 1, pageNo: 1, pageSize: 10 }],
    ];
    await expectEveryRoute(ctx, null, routes, 10002, 401);
  });

  it('lists the phone calling codes', async () => {
    const res = await call<{ code: string; country: string }[]>(ctx, tok.pig!, 'GET', AREA);
    expect(res.data).toEqual(AREA_CODES);
    expect(res.data[0]).toEqual({ code: '+86', country: 'CN' });
    expect(res.data).toEqual(
      expect.arrayContaining([
        { code: '+84', country: 'VN' },
        { code: '+66', country: 'TH' },
        { code: '+7', country: 'RU' },
        { code: '+1', country: 'US' },
        { code: '+44', country: 'GB' },
      ]),
    );
    expect(res.data.every((a) => /^\+[0-9]{1,4}$/.test(a.code) && /^[A-Z]{2}$/.test(a.country))).toBe(true);
  });

  it("lists the farms an account may see, never another tenant's", async () => {
    const demo = (await call<FarmListItem[]>(ctx, tok.demo!, 'GET', FARMS)).data;
    expect(demo).toEqual([
      { id: pigFarm, farmId: pigFarm, farmName: 'Demo Pig Farm', type: 1, scale: 3, timeZone: 'Asia/Shanghai' },
      { id: poultryFarm, farmId: poultryFarm, farmName: 'Demo Poultry Farm', type: 2, scale: 6, timeZone: 'Asia/Shanghai' },
    ]);
    expect((await call<FarmListItem[]>(ctx, tok.pig!, 'GET', FARMS)).data.map((f) => f.farmId)).toEqual([pigFarm]);
    expect((await call<FarmListItem[]>(ctx, tok.chicken!, 'GET', FARMS)).data.map((f) => f.farmId)).toEqual([poultryFarm]);
    expect((await call<FarmListItem[]>(ctx, tok.secondAdmin!, 'GET', FARMS)).data.map((f) => f.farmName)).toEqual(['Second Farm']);
    expect((await call(ctx, tok.platform!, 'GET', FARMS)).data).toEqual([]);

    expect((await call(ctx, tok.pig!, 'GET', AUTH_FARMS)).data).toEqual([{ farmId: pigFarm, farmName: 'Demo Pig Farm', type: 1 }]);
    expect((await call(ctx, tok.secondStaff!, 'GET', AUTH_FARMS)).data).toEqual([{ farmId: otherFarm, farmName: 'Second Farm', type: 1 }]);
  });

  it("lists the tenant's accounts as options, and refuses the platform", async () => {
    const db = ctx.database.db;
    const expected = await db
      .select({ label: accounts.accountName, value: accounts.id })
      .from(accounts)
      .where(eq(accounts.tenantId, demoTenant))
      .orderBy(asc(accounts.id));
    const demo = await call<AccountOption[]>(ctx, tok.pig!, 'POST', ACCOUNTS);
    expect(demo.data).toEqual(expected);
    expect(demo.data).toContainEqual({ label: 'Pig Keeper', value: await accountId(db, 'pig') });
    const second = (await call<AccountOption[]>(ctx, tok.secondAdmin!, 'POST', ACCOUNTS)).data;
    expect(second.map((a) => a.label).sort()).toEqual(['Name of second-admin', 'Name of second-staff']);
    const platform = await call(ctx, tok.platform!, 'POST', ACCOUNTS);
    expect([platform.status, platform.code]).toEqual([403, 10009]);
  });

  it('lists the sheds of a visible farm in area, building, shed order', async () => {
    const pig = (await call<ShedListItem[]>(ctx, tok.pig!, 'GET', `${SHEDS}?farmId=${pigFarm}`)).data;
    expect(pig.map((s) => s.shedName)).toEqual(['Farrowing 1', 'Nursery 1', 'Fattening 1']);
    expect(pig[0]).toMatchObject({ shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1, farmId: pigFarm });
    const second = (await call<ShedListItem[]>(ctx, tok.secondAdmin!, 'GET', `${SHEDS}?farmId=${otherFarm}`)).data;
    expect(second.map((s) => s.shedName)).toEqual(['S 1-1-1', 'S 1-1-2', 'S 1-2-1', 'S 2-1-1']);
    expect((await call(ctx, tok.pig!, 'GET', `${AUTH_SHED_LIST}?farmId=${pigFarm}`)).data).toEqual(pig);
  });

  it("answers 10007 for a farm outside the caller's view, whether it exists or not", async () => {
    const cases: [string, string][] = [
      ['pig', `${SHEDS}?farmId=${poultryFarm}`],
      ['secondAdmin', `${SHEDS}?farmId=${pigFarm}`],
      ['secondAdmin', `${AUTH_SHEDS}?farmId=${pigFarm}`],
      ['secondAdmin', `${AUTH_SHED_LIST}?farmId=${poultryFarm}`],
      ['demo', `${SHEDS}?farmId=${otherFarm}`],
      ['demo', `${SHEDS}?farmId=987654`],
      ['platform', `${SHEDS}?farmId=${pigFarm}`],
    ];
    for (const [who, url] of cases) expect([who, url, (await call(ctx, tok[who]!, 'GET', url)).code]).toEqual([who, url, 10007]);
    expect((await call(ctx, tok.secondAdmin!, 'POST', QUERY_SHEDS, { farmId: pigFarm, pageNo: 1, pageSize: 10 })).code).toBe(10007);
    expect((await call(ctx, tok.demo!, 'POST', QUERY_SHEDS, { farmId: otherFarm, pageNo: 1, pageSize: 10 })).code).toBe(10007);
    expect((await call(ctx, tok.demo!, 'GET', SHEDS)).code).toBe(99996);
    expect((await call(ctx, tok.demo!, 'GET', `${SHEDS}?farmId=abc`)).code).toBe(99996);
  });

  it('gives the authorized shed tree with pens', async () => {
    const tree = (await call<AuthShed[]>(ctx, tok.chicken!, 'GET', `${AUTH_SHEDS}?farmId=${poultryFarm}`)).data;
    expect(tree.map((s) => s.shedName)).toEqual(['Broiler House 1', 'Broiler House 2', 'Layer House 1']);
    expect(tree[0]!.pens.map((p) => p.fieldColumn)).toEqual([1, 2, 3, 4]);
    expect(tree[0]!.pens[0]).toEqual({ id: expect.any(Number), fieldColumn: 1, field: 1 });
    expect(tree[0]).not.toHaveProperty('farmId');
    const second = (await call<AuthShed[]>(ctx, tok.secondStaff!, 'GET', `${AUTH_SHEDS}?farmId=${otherFarm}`)).data;
    expect(second.map((s) => s.pens.length)).toEqual([1, 0, 0, 0]);
  });

  it('pages sheds with pen counts, gateways and farm name for the shed overview', async () => {
    const page1 = (await call<Page<ShedOverviewRow>>(ctx, tok.pig!, 'POST', QUERY_SHEDS, { farmId: pigFarm, pageNo: 1, pageSize: 2 })).data;
    expect(page1).toMatchObject({ total: 3, pageNo: 1, pageSize: 2 });
    expect(page1.list.map((s) => s.shedName)).toEqual(['Farrowing 1', 'Nursery 1']);
    expect(page1.list[0]).toMatchObject({ farmId: pigFarm, farmName: 'Demo Pig Farm', penCount: 4, shedType: 2 });
    expect(page1.list[0]!.gateways).toEqual([
      { code: 'fs-demo01', name: 'Farrowing 1 controller', gatewayType: 101, deviceCategory: 201, model: 'FS-ENV-8' },
    ]);
    const page2 = (await call<Page<ShedOverviewRow>>(ctx, tok.pig!, 'POST', QUERY_SHEDS, { farmId: pigFarm, pageNo: 2, pageSize: 2 })).data;
    expect(page2.list.map((s) => s.shedName)).toEqual(['Fattening 1']);

    const second = (
      await call<Page<ShedOverviewRow>>(ctx, tok.secondAdmin!, 'POST', QUERY_SHEDS, { farmId: otherFarm, pageNo: 1, pageSize: 10 })
    ).data;
    expect(second.total).toBe(4);
    expect(second.list[0]).toMatchObject({ shedName: 'S 1-1-1', penCount: 1, gateways: [{ code: 'fs-second01' }] });
    expect(second.list.slice(1).every((s) => s.penCount === 0 && s.gateways.length === 0)).toBe(true);
  });

  it('shares a page of sheds between callers and shows an edit made through the API at once', async () => {
    const ask = { farmId: pigFarm, pageNo: 1, pageSize: 10 };
    const first = (await call<Page<ShedOverviewRow>>(ctx, tok.pig!, 'POST', QUERY_SHEDS, ask)).data;
    const shared = (await call<Page<ShedOverviewRow>>(ctx, tok.demo!, 'POST', QUERY_SHEDS, ask)).data;
    expect(shared).toEqual(first);
    const fattening = first.list.find((s) => s.shedName === 'Fattening 1')!;
    const { tid, shedType, areaNum, buildingNum, shedNum } = fattening;
    const edit = { id: tid, shedName: 'Fattening A', shedType, areaNum, buildingNum, shedNum };
    expect((await call(ctx, tok.demo!, 'PUT', '/api/breedpigbuilding/shed/update', edit)).code).toBe(1);
    const after = (await call<Page<ShedOverviewRow>>(ctx, tok.pig!, 'POST', QUERY_SHEDS, ask)).data;
    expect(after.list.map((s) => s.shedName)).toContain('Fattening A');
    expect((await call(ctx, tok.demo!, 'PUT', '/api/breedpigbuilding/shed/update', { ...edit, shedName: 'Fattening 1' })).code).toBe(1);
    // Another tenant asking for this farm is refused before anything shared is looked at.
    expect((await call(ctx, tok.secondAdmin!, 'POST', QUERY_SHEDS, ask)).code).toBe(10007);
  });

  it('needs a shed overview application for querySheds', async () => {
    const res = await call(ctx, tok.secondStaff!, 'POST', QUERY_SHEDS, { farmId: otherFarm, pageNo: 1, pageSize: 10 });
    expect([res.status, res.code]).toEqual([403, 10009]);
    expect((await call(ctx, tok.chicken!, 'POST', QUERY_SHEDS, { farmId: poultryFarm, pageNo: 1, pageSize: 10 })).code).toBe(1);
  });

  it("narrows sheds to the account's shed limits, farm by farm", async () => {
    const db = ctx.database.db;
    const [pigRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, 'Pig staff'));
    const limitedId = await buildAccount(db, {
      tenantId: demoTenant,
      accountCode: 'limited',
      farmIds: [pigFarm, poultryFarm],
      roleIds: [pigRole!.id],
    });
    const [nursery] = await db.select({ id: sheds.id }).from(sheds).where(eq(sheds.shedName, 'Nursery 1'));
    const [fattening] = await db.select({ id: sheds.id }).from(sheds).where(eq(sheds.shedName, 'Fattening 1'));
    await db.insert(accountSheds).values([
      { accountId: limitedId, shedId: nursery!.id },
      { accountId: limitedId, shedId: fattening!.id },
    ]);
    const t = await tokenFor(db, 'limited');

    expect((await call<ShedListItem[]>(ctx, t, 'GET', `${SHEDS}?farmId=${pigFarm}`)).data.map((s) => s.shedName)).toEqual([
      'Nursery 1',
      'Fattening 1',
    ]);
    expect((await call<AuthShed[]>(ctx, t, 'GET', `${AUTH_SHEDS}?farmId=${pigFarm}`)).data.map((s) => s.tid)).toEqual([
      nursery!.id,
      fattening!.id,
    ]);
    const page = (await call<Page<ShedOverviewRow>>(ctx, t, 'POST', QUERY_SHEDS, { farmId: pigFarm, pageNo: 1, pageSize: 1 })).data;
    expect(page.total).toBe(2);
    expect(page.list.map((s) => s.shedName)).toEqual(['Nursery 1']);
    // No limits in the poultry farm: all its sheds.
    expect((await call<ShedListItem[]>(ctx, t, 'GET', `${SHEDS}?farmId=${poultryFarm}`)).data).toHaveLength(3);
    // The administrator is not narrowed by someone else's limits.
    expect((await call<ShedListItem[]>(ctx, tok.demo!, 'GET', `${SHEDS}?farmId=${pigFarm}`)).data).toHaveLength(3);
  });
});
