import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FarmDetail, Page } from '@farmsense/shared';
import { accountFarms, accountSheds, farms, pens, sheds, systemAuth } from '../../db/tables.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { accountId, buildAccount, buildPens, buildShed, call, tokenFor } from '../../test/factories.js';
import { withAdminWorld, pigManager, rows, type AdminWorld } from './admin.fixtures.js';
import { expectEveryRoute, type RouteCall } from '../../test/routes.js';

const ADD = '/api/breedpigbuilding/farmInfo/add';
const UPDATE = '/api/breedpigbuilding/farmInfo/update';
const DELETE = '/api/breedpigbuilding/farmInfo/delete';
const DETAIL = '/api/breedpigbuilding/farmInfo/detail';
const PAGE = '/api/breedpigbuilding/farmInfo/page';
const TZ = '/api/breedpigbuilding/farmInfo/timeZone';
const LIST = '/api/breedpigbuilding/farmInfo/list';

const farm = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  farmName: 'North Pig Farm',
  type: 1,
  scale: 4,
  address: 'North Road 2',
  personInCharge: 'Wang Fang',
  contact: 'Wang Fang',
  areaCode: '+86',
  phone: '13800000099',
  state: 1,
  timeZone: 'Asia/Bangkok',
  timeZoneName: 'Indochina Time',
  ...over,
});

describe(`farms (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;

  withAdminWorld((b) => ({ ctx, w } = b));

  it('refuses every route without a token (10002)', async () => {
    const routes: RouteCall[] = [
      ['POST', ADD, farm()],
      ['PUT', UPDATE, { id: 1, ...farm() }],
      ['DELETE', `${DELETE}/1`],
      ['GET', `${DETAIL}?id=1`],
      ['GET', PAGE],
      ['POST', TZ, { farmId: 1, timeZone: 'UTC', timeZoneName: 'UTC' }],
    ];
    await expectEveryRoute(ctx, null, routes, 10002);
  });

  it('adds a farm with every SPEC §3 field and shows it in detail, page and list', async () => {
    const db = ctx.database.db;
    const pigKeeper = await accountId(db, 'pig');
    const res = await call<{ id: number }>(ctx, w.tok.demo, 'POST', ADD, farm({ adminAccountId: pigKeeper }));
    expect(res.code).toBe(1);
    const id = res.data.id;
    const detail = (await call<FarmDetail>(ctx, w.tok.demo, 'GET', `${DETAIL}?id=${id}`)).data;
    expect(detail).toMatchObject({
      id,
      farmId: id,
      farmName: 'North Pig Farm',
      type: 1,
      scale: 4,
      address: 'North Road 2',
      personInCharge: 'Wang Fang',
      areaCode: '+86',
      phone: '13800000099',
      adminAccountId: pigKeeper,
      adminAccountName: 'Pig Keeper',
      state: 1,
      timeZone: 'Asia/Bangkok',
      timeZoneName: 'Indochina Time',
      shedCount: 0,
    });
    // The super-administrator is authorized for the farm at once.
    expect((await call<{ farmId: number }[]>(ctx, await tokenFor(db, 'pig'), 'GET', LIST)).data.map((f) => f.farmId)).toContain(id);
    const page = (await call<Page<FarmDetail>>(ctx, w.tok.demo, 'GET', `${PAGE}?pageNo=1&pageSize=10&farmName=north`)).data;
    expect(page).toMatchObject({ total: 1, pageNo: 1, pageSize: 10 });
    expect(page.list[0]!.farmName).toBe('North Pig Farm');
    expect((await call<Page<FarmDetail>>(ctx, w.tok.demo, 'GET', PAGE)).data.list.find((f) => f.id === w.pigFarm)?.shedCount).toBe(3);
    // Same name in the same tenant: 10010; in another tenant it is free.
    expect((await call(ctx, w.tok.demo, 'POST', ADD, farm())).code).toBe(10010);
    expect((await call(ctx, w.tok.secondAdmin, 'POST', ADD, farm())).code).toBe(1);
  });

  it('checks the super-administrator belongs to the tenant (20002)', async () => {
    const db = ctx.database.db;
    const before = await rows(db, farms);
    expect(
      (await call(ctx, w.tok.demo, 'POST', ADD, farm({ farmName: 'X1', adminAccountId: await accountId(db, 'second-admin') }))).code,
    ).toBe(20002);
    expect((await call(ctx, w.tok.demo, 'POST', ADD, farm({ farmName: 'X1', adminAccountId: await accountId(db, 'platform') }))).code).toBe(
      20002,
    );
    expect(await rows(db, farms)).toBe(before);
  });

  it('refuses malformed input with 99996 and writes nothing', async () => {
    const db = ctx.database.db;
    const before = await rows(db, farms);
    const bad: Record<string, unknown>[] = [
      farm({ farmName: 'a'.repeat(51) }),
      farm({ farmName: '  ' }),
      farm({ type: 4 }),
      farm({ type: '1' }),
      farm({ scale: 9 }),
      farm({ personInCharge: undefined }),
      farm({ areaCode: undefined }),
      farm({ areaCode: '+999' }),
      farm({ phone: 'abc' }),
      farm({ phone: undefined }),
      farm({ timeZone: 'Mars/Olympus' }),
      farm({ timeZone: '' }),
      farm({ timeZoneName: undefined }),
      farm({ address: 'x'.repeat(51) }),
      farm({ state: 2 }),
      farm({ adminAccountId: 'me' }),
      farm({ contact: 12 }),
    ];
    for (const body of bad) {
      const res = await call(ctx, w.tok.demo, 'POST', ADD, body);
      expect([JSON.stringify(body).slice(0, 60), res.code, res.status]).toEqual([JSON.stringify(body).slice(0, 60), 99996, 400]);
    }
    expect((await call(ctx, w.tok.demo, 'POST', ADD, 'not json')).code).toBe(99996);
    expect(await rows(db, farms)).toBe(before);
  });

  it('enforces the farm limit (20110) and adds nothing past it', async () => {
    const db = ctx.database.db;
    const t = w.otherTenant;
    const n = (await db.select({ id: farms.id }).from(farms).where(eq(farms.tenantId, t))).length;
    await db
      .insert(systemAuth)
      .values({ tenantId: t, farmNum: n })
      .onConflictDoUpdate({ target: systemAuth.tenantId, set: { farmNum: n } });
    expect((await call(ctx, w.tok.secondAdmin, 'POST', ADD, farm({ farmName: 'One Too Many' }))).code).toBe(20110);
    expect((await db.select({ id: farms.id }).from(farms).where(eq(farms.tenantId, t))).length).toBe(n);
    await db
      .update(systemAuth)
      .set({ farmNum: n + 1 })
      .where(eq(systemAuth.tenantId, t));
    expect((await call(ctx, w.tok.secondAdmin, 'POST', ADD, farm({ farmName: 'One More' }))).code).toBe(1);
    await db.update(systemAuth).set({ farmNum: null }).where(eq(systemAuth.tenantId, t));
  });

  it('updates a farm, keeping shed types of its kind (20023) and names unique (10010)', async () => {
    const add = await call<{ id: number }>(ctx, w.tok.demo, 'POST', ADD, farm({ farmName: 'Edit Me' }));
    const id = add.data.id;
    const upd = await call(ctx, w.tok.demo, 'PUT', UPDATE, {
      id,
      ...farm({ farmName: 'Edited', scale: 8, timeZone: 'Europe/Moscow', timeZoneName: 'MSK', address: undefined }),
    });
    expect(upd.code).toBe(1);
    expect((await call<FarmDetail>(ctx, w.tok.demo, 'GET', `${DETAIL}?id=${id}`)).data).toMatchObject({
      farmName: 'Edited',
      scale: 8,
      timeZone: 'Europe/Moscow',
      address: null,
    });
    expect((await call(ctx, w.tok.demo, 'PUT', UPDATE, { id, ...farm({ farmName: 'Demo Pig Farm' }) })).code).toBe(10010);
    // The demo pig farm has pig sheds: it cannot become a poultry farm.
    expect((await call(ctx, w.tok.demo, 'PUT', UPDATE, { id: w.pigFarm, ...farm({ farmName: 'Demo Pig Farm', type: 2 }) })).code).toBe(
      20023,
    );
    // A farm without sheds may change kind.
    expect((await call(ctx, w.tok.demo, 'PUT', UPDATE, { id, ...farm({ farmName: 'Edited', type: 2 }) })).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'PUT', UPDATE, { id: 987654, ...farm({ farmName: 'Ghost' }) })).code).toBe(10007);
  });

  it('sets the time zone, validated against the IANA database', async () => {
    const ok = await call(ctx, w.tok.demo, 'POST', TZ, {
      farmId: w.poultryFarm,
      timeZone: 'Asia/Ho_Chi_Minh',
      timeZoneName: 'Indochina Time',
    });
    expect(ok.code).toBe(1);
    expect((await call<FarmDetail>(ctx, w.tok.demo, 'GET', `${DETAIL}?id=${w.poultryFarm}`)).data).toMatchObject({
      timeZone: 'Asia/Ho_Chi_Minh',
      timeZoneName: 'Indochina Time',
    });
    for (const timeZone of ['Asia/Nowhere', 'GMT+8 ', '../etc', '']) {
      expect((await call(ctx, w.tok.demo, 'POST', TZ, { farmId: w.poultryFarm, timeZone, timeZoneName: 'x' })).code).toBe(99996);
    }
    expect((await call(ctx, w.tok.demo, 'POST', TZ, { farmId: w.poultryFarm, timeZone: 'UTC' })).code).toBe(99996);
  });

  it('deletes a farm with its sheds, pens and authorizations', async () => {
    const db = ctx.database.db;
    const id = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', ADD, farm({ farmName: 'Doomed' }))).data.id;
    const shed = await buildShed(db, w.demoTenant, id, { shedName: 'Doomed shed', shedType: 1 });
    await buildPens(db, w.demoTenant, [{ shedId: shed }]);
    const keeper = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'doomed-keeper', farmIds: [id] });
    await db.insert(accountSheds).values({ accountId: keeper, shedId: shed });
    expect((await call(ctx, w.tok.demo, 'DELETE', `${DELETE}/${id}`)).code).toBe(1);
    expect(await db.select().from(sheds).where(eq(sheds.farmId, id))).toEqual([]);
    expect(await db.select().from(pens).where(eq(pens.shedId, shed))).toEqual([]);
    expect(await db.select().from(accountFarms).where(eq(accountFarms.accountId, keeper))).toEqual([]);
    expect((await call(ctx, w.tok.demo, 'GET', `${DETAIL}?id=${id}`)).code).toBe(10007);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${DELETE}/${id}`)).code).toBe(10007);
  });

  it("answers 10007 to another tenant's administrator for every demo farm id, changing nothing", async () => {
    const db = ctx.database.db;
    const before = await db.select().from(farms).where(eq(farms.tenantId, w.demoTenant));
    for (const id of [w.pigFarm, w.poultryFarm]) {
      const calls: [Parameters<typeof call>[2], string, unknown?][] = [
        ['GET', `${DETAIL}?id=${id}`],
        ['PUT', UPDATE, { id, ...farm({ farmName: 'Hijacked' }) }],
        ['DELETE', `${DELETE}/${id}`],
        ['POST', TZ, { farmId: id, timeZone: 'UTC', timeZoneName: 'UTC' }],
      ];
      for (const [method, url, body] of calls) {
        const res = await call(ctx, w.tok.secondAdmin, method, url, body);
        expect([url, res.code, res.data]).toEqual([url, 10007, null]);
      }
    }
    const page = (await call<Page<FarmDetail>>(ctx, w.tok.secondAdmin, 'GET', PAGE)).data;
    expect(page.list.every((f) => f.id !== w.pigFarm && f.id !== w.poultryFarm)).toBe(true);
    expect(await db.select().from(farms).where(eq(farms.tenantId, w.demoTenant))).toEqual(before);
    // And the other way round.
    expect((await call(ctx, w.tok.demo, 'GET', `${DETAIL}?id=${w.otherFarm}`)).code).toBe(10007);
  });

  it('needs the farm list application (10009) and keeps ordinary accounts to their farms', async () => {
    const viewerRoutes: RouteCall[] = [
      ['GET', `${DETAIL}?id=${w.pigFarm}`],
      ['POST', ADD, farm({ farmName: 'V' })],
      ['GET', PAGE],
    ];
    await expectEveryRoute(ctx, w.tok.viewer, viewerRoutes, 10009, 403);
    expect((await call(ctx, w.tok.platform, 'GET', PAGE)).code).toBe(10009);
    // The pig farm manager's role holds house management; it manages the pig farm only.
    const manager = await pigManager(ctx, w);
    const db = ctx.database.db;
    expect((await call(ctx, manager, 'GET', `${DETAIL}?id=${w.poultryFarm}`)).code).toBe(10007);
    expect((await call(ctx, manager, 'PUT', UPDATE, { id: w.poultryFarm, ...farm({ farmName: 'Demo Poultry Farm', type: 2 }) })).code).toBe(
      10007,
    );
    expect((await call<Page<FarmDetail>>(ctx, manager, 'GET', PAGE)).data.list.some((f) => f.id === w.poultryFarm)).toBe(false);
    const made = await call<{ id: number }>(ctx, manager, 'POST', ADD, farm({ farmName: 'Keeper Farm' }));
    expect(made.code).toBe(1);
    const pigId = await accountId(db, 'pig-manager');
    expect(
      await db
        .select()
        .from(accountFarms)
        .where(and(eq(accountFarms.accountId, pigId), eq(accountFarms.farmId, made.data.id))),
    ).toHaveLength(1);
    // An account limited to some sheds of a farm does not edit the farm as a whole.
    const [nursery] = await db.select({ id: sheds.id }).from(sheds).where(eq(sheds.shedName, 'Nursery 1'));
    await db.insert(accountSheds).values({ accountId: pigId, shedId: nursery!.id });
    const limited = await tokenFor(db, 'pig-manager');
    expect((await call(ctx, limited, 'POST', TZ, { farmId: w.pigFarm, timeZone: 'UTC', timeZoneName: 'UTC' })).code).toBe(10009);
    expect((await call(ctx, limited, 'DELETE', `${DELETE}/${w.pigFarm}`)).code).toBe(10009);
    await db.delete(accountSheds).where(eq(accountSheds.accountId, pigId));
  });
});
