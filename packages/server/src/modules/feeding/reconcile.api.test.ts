import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, addDays, ErrorCodes, type FeedReconcileAnswer, dayRange, farmDay } from '@farmsense/shared';
import { accountSheds } from '../../db/tables.js';
import { telemetryDaily } from '../telemetry/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, buildFarm, buildPens, buildRole, buildShed, buildTenant, call, tokenFor } from '../../test/factories.js';
import { buildFeeders } from './feeding.fixtures.js';

const RECONCILE = '/api/feeding/analysis/reconcile';
const SILO = '/api/breedpigbuilding/breedWeightFodder/silo';
const ZONE = 'Asia/Shanghai';

/**
 * Reconciliation per day and house: silo A feeds house A alone, silo S is shared by houses B and C
 * and split by what their feeders dispensed (equally on a day none did); silo T feeds house D
 * (with feeders) and house E (without), so it is split equally and neither is reconciled; house F
 * has feeders and no silo and is not listed.
 * Figures worked by hand below.
 */
describe(`feed reconciliation (${TEST_DB})`, () => {
  let ctx: TestContext;
  let farm: number;
  const shed: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', number> = { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0 };
  const tok: Record<string, string> = {};
  const today = farmDay(new Date(), ZONE);
  const d1 = addDays(today, -1);
  const d2 = addDays(d1, -1);
  const range = `startTime=${dayRange(d2, ZONE).start.getTime()}&endTime=${Date.now()}`;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Reconcile Agri', ['pig']);
    farm = await buildFarm(db, tenant, 'Reconcile Farm', 1);
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f'] as const) {
      shed[k] = await buildShed(db, tenant, farm, { shedName: `House ${k.toUpperCase()}`, shedType: 2 });
    }
    const penIds = await buildPens(
      db,
      tenant,
      [shed.a, shed.a, shed.b, shed.c, shed.d, shed.f].map((shedId) => ({ shedId })),
    );
    const at = { tenantId: tenant, farmId: farm };
    const setA = await buildFeeders(ctx.database, { ...at, shedId: shed.a, code: 'fs-rec-a', pens: [penIds[0]!, penIds[1]!] });
    const setB = await buildFeeders(ctx.database, { ...at, shedId: shed.b, code: 'fs-rec-b', pens: [penIds[2]!] });
    const setC = await buildFeeders(ctx.database, { ...at, shedId: shed.c, code: 'fs-rec-c', pens: [penIds[3]!] });
    const setD = await buildFeeders(ctx.database, { ...at, shedId: shed.d, code: 'fs-rec-d', pens: [penIds[4]!] });
    const setF = await buildFeeders(ctx.database, { ...at, shedId: shed.f, code: 'fs-rec-f', pens: [penIds[5]!] });
    await buildAccount(db, { tenantId: tenant, accountCode: 'rc-admin', accountType: AccountType.TENANT_ADMIN });
    const role = await buildRole(db, tenant, 'Analysis', [{ code: 'accurate-feeding.feed-analysis', ops: ['view'] }]);
    const limited = await buildAccount(db, { tenantId: tenant, accountCode: 'rc-house-a', farmIds: [farm], roleIds: [role] });
    await db.insert(accountSheds).values({ accountId: limited, shedId: shed.a });
    const other = await buildTenant(db, 'Reconcile Other', ['pig']);
    await buildAccount(db, { tenantId: other, accountCode: 'rc-other', accountType: AccountType.TENANT_ADMIN });
    for (const a of ['rc-admin', 'rc-house-a', 'rc-other']) tok[a] = await tokenFor(db, a);

    const fed = (set: { gatewayId: number; feeders: number[] }, i: number, d: string, planned: number, dispensed: number) =>
      (
        [
          ['feederRation', planned],
          ['feederFeed', dispensed],
        ] as const
      ).map(([key, v]) => ({
        gatewayId: set.gatewayId,
        key: `${key}.${set.feeders[i]}`,
        bucket: dayRange(d, ZONE).start,
        min: 0,
        max: v,
        sum: v,
        count: 1,
      }));
    await db.insert(telemetryDaily).values([
      // House A: d2 12 kg of 12 planned, d1 10 kg of 12.
      ...fed(setA, 0, d2, 6000, 6000),
      ...fed(setA, 1, d2, 6000, 6000),
      ...fed(setA, 0, d1, 6000, 5000),
      ...fed(setA, 1, d1, 6000, 5000),
      // Houses B and C on d2: 3 kg and 1 kg; nothing stored on d1.
      ...fed(setB, 0, d2, 3500, 3000),
      ...fed(setC, 0, d2, 1000, 1000),
      // House D shares its silo with house E, which has no feeders.
      ...fed(setD, 0, d2, 2000, 2000),
      // House F has feeders and no silo.
      ...fed(setF, 0, d2, 2000, 2000),
    ]);
    const addSilo = async (name: string, shedIds: number[]): Promise<number> =>
      (await call<{ id: number }>(ctx, tok['rc-admin']!, 'POST', SILO, { farmId: farm, name, capacityKg: 10_000, shedIds })).data.id;
    const siloA = await addSilo('Silo A', [shed.a]);
    const siloS = await addSilo('Silo S', [shed.b, shed.c]);
    const siloT = await addSilo('Silo T', [shed.d, shed.e]);
    const day = (silo: number, d: string, consumed: number, delivered: number): string =>
      `(${silo}, '${d}', ${tenant}, ${farm}, ${consumed}, ${delivered}, ${delivered > 0 ? 1 : 0})`;
    await ctx.database.query(
      `INSERT INTO silo_daily (silo_id, day, tenant_id, farm_id, consumed_kg, delivered_kg, deliveries) VALUES ${[
        day(siloA, d2, 12.3, 500),
        day(siloA, d1, 11, 0),
        day(siloS, d2, 5, 800),
        day(siloS, d1, 2, 0),
        day(siloT, d2, 6, 0),
        // Outside the range.
        day(siloA, addDays(d2, -1), 99, 0),
      ].join(', ')}`,
    );
  });
  afterAll(async () => ctx?.close());

  const ask = (q: string, who = 'rc-admin') => call<FeedReconcileAnswer>(ctx, tok[who]!, 'GET', `${RECONCILE}?farmId=${farm}&${q}`);
  const brief = (a: FeedReconcileAnswer) =>
    a.list.map((r) => [
      r.day,
      r.shedName,
      r.consumedKg,
      r.deliveredKg,
      r.dispensedKg,
      r.plannedKg,
      r.metered,
      r.gapKg,
      r.gapPct,
      r.flagged,
    ]);

  it('sets each house silo consumption and deliveries against dispensed and planned kg per day, flagging gaps beyond 5 %', async () => {
    const res = await ask(range);
    expect(res.code).toBe(1);
    expect(res.data.tolerancePct).toBe(5);
    expect(brief(res.data)).toEqual([
      // 12.3 - 12 = 0.3 kg, 2.5 %.
      [d2, 'House A', 12.3, 500, 12, 12, true, 0.3, 2.5, false],
      // Silo S 5 kg and 800 kg split 3:1: B 3.75 and 600, gap 0.75 kg = 25 %.
      [d2, 'House B', 3.8, 600, 3, 3.5, true, 0.8, 25, true],
      // C 1.25 and 200, gap 0.25 kg = 25 %.
      [d2, 'House C', 1.3, 200, 1, 1, true, 0.3, 25, true],
      // Silo T 6 kg split equally; D dispensed 2 kg but E is not metered: no gap.
      [d2, 'House D', 3, 0, 2, 2, false, null, null, false],
      [d2, 'House E', 3, 0, 0, 0, false, null, null, false],
      // 11 - 10 = 1 kg, 10 %.
      [d1, 'House A', 11, 0, 10, 12, true, 1, 10, true],
      // Nothing dispensed: 2 kg split equally, no gap %, flagged.
      [d1, 'House B', 1, 0, 0, 0, true, 1, null, true],
      [d1, 'House C', 1, 0, 0, 0, true, 1, null, true],
    ]);
    expect(res.data.list[1]!.silos).toEqual(['Silo S']);
  });

  it('narrows to one house, still splitting the shared silo by both houses', async () => {
    const res = await ask(`${range}&shedId=${shed.b}`);
    expect(brief(res.data)).toEqual([
      [d2, 'House B', 3.8, 600, 3, 3.5, true, 0.8, 25, true],
      [d1, 'House B', 1, 0, 0, 0, true, 1, null, true],
    ]);
  });

  it('lists a house without a silo on no day, even when asked for it', async () => {
    const res = await ask(range);
    expect(res.data.list.map((r) => r.shedId)).not.toContain(shed.f);
    expect((await ask(`${range}&shedId=${shed.f}`)).data.list).toEqual([]);
    const houses = new Set(res.data.list.map((r) => r.shedName));
    expect(houses).toEqual(new Set(['House A', 'House B', 'House C', 'House D', 'House E']));
  });

  it('shows an account limited to house A only that house, and refuses house B (30004)', async () => {
    const res = await ask(range, 'rc-house-a');
    expect(brief(res.data)).toEqual([
      [d2, 'House A', 12.3, 500, 12, 12, true, 0.3, 2.5, false],
      [d1, 'House A', 11, 0, 10, 12, true, 1, 10, true],
    ]);
    expect((await ask(`${range}&shedId=${shed.b}`, 'rc-house-a')).code).toBe(ErrorCodes.HOUSE_NOT_FOUND);
  });

  it('refuses another tenant farm (10007) and house (30004), and a range over 30 days (99996)', async () => {
    expect((await ask(range, 'rc-other')).code).toBe(ErrorCodes.FARM_NOT_FOUND);
    const otherTenantShed = await ask(`${range}&shedId=${shed.a}`, 'rc-other');
    expect(otherTenantShed.code).toBe(ErrorCodes.FARM_NOT_FOUND);
    const start = dayRange(d2, ZONE).start.getTime();
    const long = await ask(`startTime=${start}&endTime=${start + 31 * 86_400_000}`);
    expect(long.code).toBe(ErrorCodes.PARAM_ERROR);
    expect((await ask(`${range}&shedId=999999`)).code).toBe(ErrorCodes.HOUSE_NOT_FOUND);
  });
});
