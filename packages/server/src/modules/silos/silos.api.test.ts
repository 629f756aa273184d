import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountType, type Page, type SiloRow, type SiloScaleRow } from '@farmsense/shared';
import { gateways } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, buildFarm, buildRole, buildShed, buildTenant, call, tokenFor } from '../../test/factories.js';
import { addGateway, newCode } from '../../iot/testkit.js';

const SILO = '/api/breedpigbuilding/breedWeightFodder/silo';

/**
 * The silo list and its bindings (/weight/bind): add, change, delete, a house of another farm
 * (30004), a name used in the farm (10010), a scale channel weighing another silo (20050), a
 * gateway that is no weigher or not the caller's (20088), another tenant's or farm's silo (30001),
 * the access codes (10009) and the validation rules (99996).
 */
describe(`silos and their bindings (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let farm: number;
  let otherFarm: number;
  let shedA: number;
  let shedB: number;
  let otherShed: number;
  let weigher: number;
  let climate: number;
  let foreignWeigher: number;

  const add = (body: Record<string, unknown>, who = 'si-admin') => call<{ id: number }>(ctx, tok[who]!, 'POST', SILO, body);
  const page = async (q: string, who = 'si-admin') => call<Page<SiloRow>>(ctx, tok[who]!, 'GET', `${SILO}/page?${q}`);

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Silo Agri', ['pig']);
    farm = await buildFarm(db, tenant, 'Silo Farm', 1);
    otherFarm = await buildFarm(db, tenant, 'Silo Farm Two', 1);
    shedA = await buildShed(db, tenant, farm, { shedName: 'Finisher A', shedType: 4 });
    shedB = await buildShed(db, tenant, farm, { shedName: 'Finisher B', shedType: 4 });
    otherShed = await buildShed(db, tenant, otherFarm, { shedName: 'Nursery', shedType: 3 });
    await buildAccount(db, { tenantId: tenant, accountCode: 'si-admin', accountType: AccountType.TENANT_ADMIN });
    const viewer = await buildRole(db, tenant, 'Silo status', [{ code: 'weight.status', ops: ['view'] }]);
    await buildAccount(db, { tenantId: tenant, accountCode: 'si-viewer', farmIds: [farm], roleIds: [viewer] });
    const binder = await buildRole(db, tenant, 'Silo bind', [{ code: 'weight.bind', ops: ['view'] }]);
    await buildAccount(db, { tenantId: tenant, accountCode: 'si-farm2', farmIds: [otherFarm], roleIds: [binder] });
    const second = await buildTenant(db, 'Silo Elsewhere', ['pig']);
    const secondFarm = await buildFarm(db, second, 'Elsewhere Farm', 1);
    await buildAccount(db, { tenantId: second, accountCode: 'si-second', accountType: AccountType.TENANT_ADMIN });
    for (const a of ['si-admin', 'si-viewer', 'si-farm2', 'si-second']) tok[a] = await tokenFor(db, a);

    weigher = await addGateway(ctx.database, { tenantId: tenant, code: newCode('sw'), farmId: farm });
    climate = await addGateway(ctx.database, { tenantId: tenant, code: newCode('sc'), farmId: farm, shedId: shedA });
    foreignWeigher = await addGateway(ctx.database, { tenantId: second, code: newCode('sf'), farmId: secondFarm });
    await db.update(gateways).set({ gatewayType: 100, deviceCategory: 202 }).where(eq(gateways.id, weigher));
    await db.update(gateways).set({ gatewayType: 100, deviceCategory: 202 }).where(eq(gateways.id, foreignWeigher));
  });
  afterAll(async () => ctx?.close());

  it('adds silos feeding houses of their farm, lists them, refuses a used name and a house of another farm', async () => {
    const one = await add({ farmId: farm, name: 'Silo 1', capacityKg: 12_000, shedIds: [shedA, shedB] });
    expect(one.code).toBe(1);
    expect(
      (await add({ farmId: farm, name: 'Silo 2', capacityKg: 8_000, shedIds: [shedB], emptyPct: 15, fullPct: 90, leadDays: 2 })).code,
    ).toBe(1);
    expect((await add({ farmId: farm, name: 'Silo 1', capacityKg: 5_000, shedIds: [shedA] })).code).toBe(10010);
    expect((await add({ farmId: farm, name: 'Silo 3', capacityKg: 5_000, shedIds: [otherShed] })).code).toBe(30004);
    // The same name in another farm is another silo.
    expect((await add({ farmId: otherFarm, name: 'Silo 1', capacityKg: 5_000, shedIds: [otherShed] })).code).toBe(1);

    const list = (await page(`farmId=${farm}`)).data;
    expect(list.total).toBe(2);
    expect(
      list.list.map((s) => [s.name, s.capacityKg, s.emptyPct, s.fullPct, s.leadDays, s.sheds.map((h) => h.shedName), s.gatewayId]),
    ).toEqual([
      ['Silo 1', 12_000, 10, 95, 3, ['Finisher A', 'Finisher B'], null],
      ['Silo 2', 8_000, 15, 90, 2, ['Finisher B'], null],
    ]);
    expect((await page(`farmId=${farm}&shedId=${shedA}`)).data.list.map((s) => s.name)).toEqual(['Silo 1']);
    expect((await page('')).data.total).toBe(3);
  });

  it('refuses bad input with 99996 and the field', async () => {
    const bad = async (body: Record<string, unknown>): Promise<unknown> => {
      const r = await add({ farmId: farm, name: 'Bad', capacityKg: 1000, shedIds: [shedA], ...body });
      expect(r.code).toBe(99996);
      return r.data;
    };
    await bad({ capacityKg: 0 });
    await bad({ capacityKg: 1000.5 });
    await bad({ capacityKg: '1000' });
    await bad({ shedIds: [] });
    await bad({ shedIds: [shedA, shedA] });
    await bad({ emptyPct: 50, fullPct: 40 });
    await bad({ fullPct: 101 });
    await bad({ leadDays: -1 });
    await bad({ name: '' });
    await bad({ colour: 'red' });
    expect((await call(ctx, tok['si-admin']!, 'POST', `${SILO}/bindScale`, { id: 1, gatewayId: weigher, channel: 33 })).code).toBe(99996);
  });

  it('binds a silo to a weigher channel, refuses a bound channel with 20050 and a gateway that is no weigher with 20088', async () => {
    const [s1, s2] = (await page(`farmId=${farm}`)).data.list;
    const bind = (id: number, gatewayId: number, channel: number) =>
      call(ctx, tok['si-admin']!, 'POST', `${SILO}/bindScale`, { id, gatewayId, channel });
    expect((await bind(s1!.id, weigher, 1)).code).toBe(1);
    expect((await bind(s1!.id, weigher, 1)).code).toBe(1);
    expect((await bind(s2!.id, weigher, 1)).code).toBe(20050);
    expect((await bind(s2!.id, climate, 2)).code).toBe(20088);
    expect((await bind(s2!.id, foreignWeigher, 2)).code).toBe(20088);
    expect((await bind(s2!.id, weigher, 2)).code).toBe(1);

    const scales = await call<SiloScaleRow[]>(ctx, tok['si-admin']!, 'GET', `${SILO}/scales?farmId=${farm}`);
    expect(scales.data.map((g) => [g.id, g.bound.map((b) => [b.channel, b.siloName])])).toEqual([
      [
        weigher,
        [
          [1, 'Silo 1'],
          [2, 'Silo 2'],
        ],
      ],
    ]);
    const listed = (await page(`farmId=${farm}`)).data.list;
    expect(listed.map((s) => [s.gatewayId, s.channel])).toEqual([
      [weigher, 1],
      [weigher, 2],
    ]);

    expect((await call(ctx, tok['si-admin']!, 'POST', `${SILO}/unbindScale`, { id: s1!.id })).code).toBe(1);
    expect((await bind(s2!.id, weigher, 1)).code).toBe(1);
    expect((await page(`farmId=${farm}`)).data.list.map((s) => [s.name, s.channel])).toEqual([
      ['Silo 1', null],
      ['Silo 2', 1],
    ]);
  });

  it('changes a silo and its houses, deletes it', async () => {
    const id = (await add({ farmId: farm, name: 'Silo 9', capacityKg: 3_000, shedIds: [shedA] })).data.id;
    const upd = await call(ctx, tok['si-admin']!, 'PUT', SILO, { id, name: 'Silo 9b', capacityKg: 4_000, shedIds: [shedB], leadDays: 5 });
    expect(upd.code).toBe(1);
    const row = (await page(`farmId=${farm}`)).data.list.find((s) => s.id === id)!;
    expect([row.name, row.capacityKg, row.leadDays, row.sheds.map((h) => h.id)]).toEqual(['Silo 9b', 4_000, 5, [shedB]]);
    expect((await call(ctx, tok['si-admin']!, 'PUT', SILO, { id, name: 'Silo 1', capacityKg: 4_000, shedIds: [shedB] })).code).toBe(10010);
    expect((await call(ctx, tok['si-admin']!, 'PUT', SILO, { id, name: 'Silo 9c', capacityKg: 4_000, shedIds: [otherShed] })).code).toBe(
      30004,
    );
    expect((await call(ctx, tok['si-admin']!, 'DELETE', `${SILO}/${id}`)).code).toBe(1);
    expect((await call(ctx, tok['si-admin']!, 'DELETE', `${SILO}/${id}`)).code).toBe(30001);
  });

  it("answers another tenant's or farm's silo with 30001 and a screen the account lacks with 10009", async () => {
    const [s1] = (await page(`farmId=${farm}`)).data.list;
    expect((await call(ctx, tok['si-second']!, 'DELETE', `${SILO}/${s1!.id}`)).code).toBe(30001);
    expect((await call(ctx, tok['si-second']!, 'POST', `${SILO}/unbindScale`, { id: s1!.id })).code).toBe(30001);
    expect(
      (await call(ctx, tok['si-farm2']!, 'PUT', SILO, { id: s1!.id, name: 'Mine', capacityKg: 1000, shedIds: [otherShed] })).code,
    ).toBe(30001);
    expect((await page(`farmId=${farm}`, 'si-farm2')).code).toBe(10007);
    expect((await page('', 'si-farm2')).data.list.map((s) => s.farmId)).toEqual([otherFarm]);
    expect((await page('', 'si-second')).data.total).toBe(0);
    // The status screen's account has no bind screen.
    expect((await page(`farmId=${farm}`, 'si-viewer')).code).toBe(10009);
    expect((await add({ farmId: farm, name: 'X', capacityKg: 1000, shedIds: [shedA] }, 'si-viewer')).code).toBe(10009);
    expect((await call(ctx, tok['si-viewer']!, 'GET', `${SILO}/status?farmId=${farm}`)).code).toBe(1);
  });
});
