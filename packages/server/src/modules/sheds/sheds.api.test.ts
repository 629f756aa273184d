import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HierarchyFarm, PenOption, PenRow, ShedListItem } from '@farmsense/shared';
import { accountFarms, accountPens, accountSheds, gateways, pens, roles, sheds } from '../../db/tables.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, call, tokenFor } from '../../test/factories.js';
import { withAdminWorld, pigManager, rows, type AdminWorld } from '../farms/admin.fixtures.js';
import { expectEveryRoute, type RouteCall } from '../../test/routes.js';

const B = '/api/breedpigbuilding/shed';
const SHED_LIST = '/api/breedpigbuilding/shedInfo/list';

describe(`sheds and pens (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  const shed = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    farmId: w.pigFarm,
    shedName: 'Boar House',
    shedType: 0,
    areaNum: 3,
    buildingNum: 1,
    shedNum: 1,
    ...over,
  });

  withAdminWorld((b) => ({ ctx, w } = b));

  it('refuses every route without a token (10002)', async () => {
    const routes: RouteCall[] = [
      ['POST', `${B}/add`, shed()],
      ['PUT', `${B}/update`, { id: 1, ...shed() }],
      ['DELETE', `${B}/delete/1`],
      ['POST', `${B}/queryFields`, { shedId: 1 }],
      ['POST', `${B}/addFields`, { shedId: 1, startColumn: 1, endColumn: 2 }],
      ['PUT', `${B}/updateField`, { id: 1, fieldColumn: 1, field: 1 }],
      ['DELETE', `${B}/deleteField/1`],
      ['POST', `${B}/qdslHierarchicalQuery`, {}],
      ['POST', `${B}/lieHaoSelect`, { shedId: 1 }],
    ];
    await expectEveryRoute(ctx, null, routes, 10002);
  });

  it('adds and edits sheds with types of the farm kind (20023) and unique places (20026)', async () => {
    const add = await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${B}/add`, shed());
    expect(add.code).toBe(1);
    const list = (await call<ShedListItem[]>(ctx, w.tok.demo, 'GET', `${SHED_LIST}?farmId=${w.pigFarm}`)).data;
    expect(list.find((s) => s.tid === add.data.id)).toEqual({
      tid: add.data.id,
      shedName: 'Boar House',
      shedType: 0,
      areaNum: 3,
      buildingNum: 1,
      shedNum: 1,
      farmId: w.pigFarm,
    });
    expect((await call(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ shedName: 'Twin' }))).code).toBe(20026);
    // The same numbers with another type are a different house.
    expect((await call(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ shedName: 'Isolation', shedType: 7 }))).code).toBe(1);
    for (const [farmId, shedType] of [
      [w.pigFarm, 1001],
      [w.pigFarm, 8],
      [w.pigFarm, 2000],
      [w.poultryFarm, 0],
      [w.poultryFarm, 1012],
      [w.poultryFarm, 1999],
    ] as const) {
      expect([farmId, shedType, (await call(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ farmId, shedType, shedName: 'T' }))).code]).toEqual(
        [farmId, shedType, 20023],
      );
    }
    expect((await call(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ farmId: w.poultryFarm, shedType: 2000, shedName: 'Spare' }))).code).toBe(
      1,
    );
    // Empty shed: all numbers zero.
    expect(
      (await call(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ shedName: 'Placeholder', areaNum: 0, buildingNum: 0, shedNum: 0 }))).code,
    ).toBe(1);

    const upd = await call(ctx, w.tok.demo, 'PUT', `${B}/update`, {
      id: add.data.id,
      shedName: 'Boar House A',
      shedType: 0,
      areaNum: 3,
      buildingNum: 2,
      shedNum: 1,
    });
    expect(upd.code).toBe(1);
    const [farrowing] = await ctx.database.db.select().from(sheds).where(eq(sheds.shedName, 'Farrowing 1'));
    expect(
      (
        await call(ctx, w.tok.demo, 'PUT', `${B}/update`, {
          id: add.data.id,
          shedName: 'X',
          shedType: farrowing!.shedType,
          areaNum: 1,
          buildingNum: 1,
          shedNum: 1,
        })
      ).code,
    ).toBe(20026);
    expect((await call(ctx, w.tok.demo, 'PUT', `${B}/update`, { id: add.data.id, shedName: 'X', shedType: 1002 })).code).toBe(20023);
    expect((await call(ctx, w.tok.demo, 'PUT', `${B}/update`, { id: 987654, shedName: 'X', shedType: 0 })).code).toBe(30004);
    const [row] = await ctx.database.db.select().from(sheds).where(eq(sheds.id, add.data.id));
    expect(row).toMatchObject({ shedName: 'Boar House A', buildingNum: 2 });
  });

  it('refuses malformed input with 99996 and writes nothing', async () => {
    const db = ctx.database.db;
    const before = [await rows(db, sheds), await rows(db, pens)];
    const [anyShed] = await db.select({ id: sheds.id }).from(sheds).where(eq(sheds.tenantId, w.demoTenant)).limit(1);
    const bad: [Parameters<typeof call>[2], string, unknown][] = [
      ['POST', `${B}/add`, shed({ shedName: 's'.repeat(51) })],
      ['POST', `${B}/add`, shed({ shedName: '' })],
      ['POST', `${B}/add`, shed({ shedType: '0' })],
      ['POST', `${B}/add`, shed({ areaNum: -1 })],
      ['POST', `${B}/add`, shed({ shedNum: 1.5 })],
      ['POST', `${B}/add`, shed({ farmId: undefined })],
      ['POST', `${B}/add`, shed({ shedType: undefined })],
      ['POST', `${B}/add`, shed({ buildingNum: 'two' })],
      ['POST', `${B}/addFields`, { shedId: anyShed!.id, startColumn: '1', endColumn: 3 }],
      ['POST', `${B}/addFields`, { shedId: anyShed!.id, endColumn: 3 }],
      ['POST', `${B}/addFields`, { shedId: anyShed!.id, startColumn: 1, endColumn: 3, row: -2 }],
      ['PUT', `${B}/updateField`, { id: 1, fieldColumn: 1, field: 1, name: 'n'.repeat(51) }],
      ['PUT', `${B}/updateField`, { id: 1, fieldColumn: 'a', field: 1 }],
      ['POST', `${B}/queryFields`, { shedId: 'x' }],
      ['POST', `${B}/lieHaoSelect`, {}],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(ctx, w.tok.demo, method, url, body);
      expect([url, JSON.stringify(body), res.code]).toEqual([url, JSON.stringify(body), 99996]);
    }
    expect([await rows(db, sheds), await rows(db, pens)]).toEqual(before);
  });

  it('creates pens in batch with the start/end rules (20043) and unique numbers (20040)', async () => {
    const shedId = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ shedName: 'Pen House', areaNum: 9 }))).data.id;
    const add = await call<{ ids: number[] }>(ctx, w.tok.demo, 'POST', `${B}/addFields`, { shedId, startColumn: 1, endColumn: 5, row: 2 });
    expect([add.code, add.data.ids.length]).toEqual([1, 5]);
    for (const [startColumn, endColumn] of [
      [5, 1],
      [0, 3],
      [-1, 2],
      [0, 0],
      [1, 600],
    ]) {
      expect([
        startColumn,
        endColumn,
        (await call(ctx, w.tok.demo, 'POST', `${B}/addFields`, { shedId, startColumn, endColumn, row: 3 })).code,
      ]).toEqual([startColumn, endColumn, 20043]);
    }
    expect((await call(ctx, w.tok.demo, 'POST', `${B}/addFields`, { shedId, startColumn: 4, endColumn: 8, row: 2 })).code).toBe(20040);
    expect((await call(ctx, w.tok.demo, 'POST', `${B}/addFields`, { shedId, startColumn: 4, endColumn: 8, row: 3 })).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', `${B}/addFields`, { shedId, startColumn: 7, endColumn: 7 })).code).toBe(1);
    const list = (await call<PenRow[]>(ctx, w.tok.demo, 'POST', `${B}/queryFields`, { shedId })).data;
    expect(list.map((p) => `${p.fieldColumn}-${p.field}`)).toEqual([
      '1-2',
      '2-2',
      '3-2',
      '4-2',
      '4-3',
      '5-2',
      '5-3',
      '6-3',
      '7-0',
      '7-3',
      '8-3',
    ]);

    // Renumbering onto a taken number: 20040; a name taken in the shed: 20083.
    const [p1, p2] = list;
    expect((await call(ctx, w.tok.demo, 'PUT', `${B}/updateField`, { id: p1!.id, fieldColumn: 2, field: 2 })).code).toBe(20040);
    expect((await call(ctx, w.tok.demo, 'PUT', `${B}/updateField`, { id: p1!.id, fieldColumn: 1, field: 2, name: 'Sick bay' })).code).toBe(
      1,
    );
    expect((await call(ctx, w.tok.demo, 'PUT', `${B}/updateField`, { id: p2!.id, fieldColumn: 2, field: 2, name: 'Sick bay' })).code).toBe(
      20083,
    );
    expect((await call(ctx, w.tok.demo, 'PUT', `${B}/updateField`, { id: p1!.id, fieldColumn: 0, field: 0 })).code).toBe(1);

    const options = (await call<PenOption[]>(ctx, w.tok.demo, 'POST', `${B}/lieHaoSelect`, { shedId })).data;
    expect(options[0]).toEqual({ value: p1!.id, fieldColumn: 0, field: 0, label: '', labelKey: 'enums.shedDisplay.emptyColumn' });
    expect(options.find((o) => o.value === p2!.id)).toEqual({ value: p2!.id, fieldColumn: 2, field: 2, label: '2-2', labelKey: null });
    expect(options.find((o) => o.fieldColumn === 7 && o.field === 0)!.label).toBe('7');

    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/deleteField/${p2!.id}`)).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/deleteField/${p2!.id}`)).code).toBe(20084);
    expect((await call<PenRow[]>(ctx, w.tok.demo, 'POST', `${B}/queryFields`, { shedId })).data).toHaveLength(10);
  });

  it('deletes a shed with its pens, but not while gateways are bound to it (20089)', async () => {
    const db = ctx.database.db;
    const [farrowing] = await db.select().from(sheds).where(eq(sheds.shedName, 'Farrowing 1'));
    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/delete/${farrowing!.id}`)).code).toBe(20089);
    expect(await db.select().from(sheds).where(eq(sheds.id, farrowing!.id))).toHaveLength(1);
    const id = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ shedName: 'Short lived', areaNum: 8 }))).data.id;
    await call(ctx, w.tok.demo, 'POST', `${B}/addFields`, { shedId: id, startColumn: 1, endColumn: 3 });
    await db.insert(gateways).values({
      tenantId: w.demoTenant,
      farmId: w.pigFarm,
      shedId: id,
      code: 'fs-shortlived',
      name: 'gw',
      gatewayType: 101,
      checkCode: 'x',
    });
    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/delete/${id}`)).code).toBe(20089);
    await db.update(gateways).set({ shedId: null }).where(eq(gateways.code, 'fs-shortlived'));
    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/delete/${id}`)).code).toBe(1);
    expect(await db.select().from(pens).where(eq(pens.shedId, id))).toEqual([]);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/delete/${id}`)).code).toBe(30004);
  });

  it('never widens a view: removing the last shed or pen an account was limited to removes the farm', async () => {
    const db = ctx.database.db;
    const a = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ shedName: 'Only mine', areaNum: 7 }))).data.id;
    const b = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${B}/add`, shed({ shedName: 'Pens of mine', areaNum: 6 }))).data.id;
    const penIds = (await call<{ ids: number[] }>(ctx, w.tok.demo, 'POST', `${B}/addFields`, { shedId: b, startColumn: 1, endColumn: 2 }))
      .data.ids;
    const shedOnly = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'shed-only', farmIds: [w.pigFarm] });
    const penOnly = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'pen-only', farmIds: [w.pigFarm] });
    await db.insert(accountSheds).values([
      { accountId: shedOnly, shedId: a },
      { accountId: penOnly, shedId: b },
    ]);
    await db.insert(accountPens).values({ accountId: penOnly, penId: penIds[0]! });
    const tree = (await call<HierarchyFarm[]>(ctx, await tokenFor(db, 'pen-only'), 'POST', `${B}/qdslHierarchicalQuery`)).data;
    expect(tree.map((f) => f.sheds.map((s) => [s.shedName, s.pens.map((p) => p.id)]))).toEqual([[['Pens of mine', [penIds[0]]]]]);
    expect((await call(ctx, await tokenFor(db, 'pen-only'), 'POST', `${B}/lieHaoSelect`, { shedId: b })).data).toHaveLength(1);
    const authList = (
      await call<{ tid: number; pens: { id: number }[] }[]>(
        ctx,
        await tokenFor(db, 'pen-only'),
        'GET',
        `/api/breedpigbuilding/fieldLevel/shedInfo/authList?farmId=${w.pigFarm}`,
      )
    ).data;
    expect(authList.map((s) => [s.tid, s.pens.map((p) => p.id)])).toEqual([[b, [penIds[0]]]]);

    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/delete/${a}`)).code).toBe(1);
    expect(await db.select().from(accountFarms).where(eq(accountFarms.accountId, shedOnly))).toEqual([]);
    expect((await call(ctx, await tokenFor(db, 'shed-only'), 'GET', `${SHED_LIST}?farmId=${w.pigFarm}`)).code).toBe(10007);
    // Deleting the other pen changes nothing for pen-only; deleting its pen removes shed and farm.
    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/deleteField/${penIds[1]}`)).code).toBe(1);
    expect(await db.select().from(accountFarms).where(eq(accountFarms.accountId, penOnly))).toHaveLength(1);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/deleteField/${penIds[0]}`)).code).toBe(1);
    expect(await db.select().from(accountSheds).where(eq(accountSheds.accountId, penOnly))).toEqual([]);
    expect(await db.select().from(accountFarms).where(eq(accountFarms.accountId, penOnly))).toEqual([]);
  });

  it('keeps limited accounts to what they see and gives them what they create', async () => {
    const db = ctx.database.db;
    const [nursery] = await db.select().from(sheds).where(eq(sheds.shedName, 'Nursery 1'));
    const [fattening] = await db.select().from(sheds).where(eq(sheds.shedName, 'Fattening 1'));
    // The pig farm manager's role (admin.fixtures.ts) holds shed management; the demo's Pig staff do not.
    await pigManager(ctx, w);
    const [pigRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, 'Pig farm manager'));
    const limitedId = await buildAccount(db, {
      tenantId: w.demoTenant,
      accountCode: 'limited-builder',
      farmIds: [w.pigFarm],
      roleIds: [pigRole!.id],
    });
    await db.insert(accountSheds).values({ accountId: limitedId, shedId: nursery!.id });
    const t = await tokenFor(db, 'limited-builder');
    expect(
      (
        await call(ctx, t, 'PUT', `${B}/update`, {
          id: fattening!.id,
          shedName: 'Mine now',
          shedType: 4,
          areaNum: 2,
          buildingNum: 1,
          shedNum: 1,
        })
      ).code,
    ).toBe(30004);
    expect((await call(ctx, t, 'POST', `${B}/queryFields`, { shedId: fattening!.id })).code).toBe(30004);
    const made = await call<{ id: number }>(ctx, t, 'POST', `${B}/add`, shed({ shedName: 'Built by limited', areaNum: 5 }));
    expect(made.code).toBe(1);
    const seen = (
      await call<ShedListItem[]>(ctx, await tokenFor(db, 'limited-builder'), 'GET', `${SHED_LIST}?farmId=${w.pigFarm}`)
    ).data.map((s) => s.shedName);
    expect(seen).toEqual(['Nursery 1', 'Built by limited']);
    expect(
      await db
        .select()
        .from(accountSheds)
        .where(and(eq(accountSheds.accountId, limitedId), eq(accountSheds.shedId, made.data.id))),
    ).toHaveLength(1);
  });

  it("answers not-found to another tenant's administrator for every demo shed and pen, changing nothing", async () => {
    const db = ctx.database.db;
    const demoSheds = await db.select().from(sheds).where(eq(sheds.tenantId, w.demoTenant));
    const demoPens = await db.select().from(pens).where(eq(pens.tenantId, w.demoTenant));
    for (const s of demoSheds) {
      const calls: [Parameters<typeof call>[2], string, unknown?][] = [
        ['PUT', `${B}/update`, { id: s.id, shedName: 'Hijacked', shedType: 0 }],
        ['DELETE', `${B}/delete/${s.id}`],
        ['POST', `${B}/queryFields`, { shedId: s.id }],
        ['POST', `${B}/addFields`, { shedId: s.id, startColumn: 90, endColumn: 91 }],
        ['POST', `${B}/lieHaoSelect`, { shedId: s.id }],
      ];
      for (const [method, url, body] of calls) {
        const res = await call(ctx, w.tok.secondAdmin, method, url, body);
        expect([url, res.code, res.data]).toEqual([url, 30004, null]);
      }
    }
    for (const p of demoPens.slice(0, 6)) {
      expect((await call(ctx, w.tok.secondAdmin, 'PUT', `${B}/updateField`, { id: p.id, fieldColumn: 99, field: 99 })).code).toBe(20084);
      expect((await call(ctx, w.tok.secondAdmin, 'DELETE', `${B}/deleteField/${p.id}`)).code).toBe(20084);
    }
    expect((await call(ctx, w.tok.secondAdmin, 'POST', `${B}/add`, shed({ shedName: 'Intruder' }))).code).toBe(10007);
    expect((await call(ctx, w.tok.secondAdmin, 'POST', `${B}/qdslHierarchicalQuery`, { farmId: w.pigFarm })).code).toBe(10007);
    const theirs = (await call<HierarchyFarm[]>(ctx, w.tok.secondAdmin, 'POST', `${B}/qdslHierarchicalQuery`)).data;
    expect(theirs.map((f) => f.farmName)).toEqual(['Second Farm']);
    expect(await db.select().from(sheds).where(eq(sheds.tenantId, w.demoTenant))).toEqual(demoSheds);
    expect(await db.select().from(pens).where(eq(pens.tenantId, w.demoTenant))).toEqual(demoPens);
  });

  it('needs the shed list application for writes (10009); pickers follow the caller scope', async () => {
    const writes: RouteCall[] = [
      ['POST', `${B}/add`, shed()],
      ['POST', `${B}/addFields`, { shedId: 1, startColumn: 1, endColumn: 1 }],
      ['DELETE', `${B}/delete/1`],
    ];
    await expectEveryRoute(ctx, w.tok.viewer, writes, 10009, 403);
    const tree = (await call<HierarchyFarm[]>(ctx, w.tok.viewer, 'POST', `${B}/qdslHierarchicalQuery`, {})).data;
    expect(tree.map((f) => f.farmName)).toEqual(['Demo Pig Farm']);
    expect((await call(ctx, w.tok.chicken, 'POST', `${B}/queryFields`, { shedId: tree[0]!.sheds[0]!.tid })).code).toBe(30004);
    expect((await call(ctx, w.tok.platform, 'POST', `${B}/qdslHierarchicalQuery`, {})).code).toBe(10009);
  });
});
