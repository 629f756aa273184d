import { AccountType, BUILTIN_CURVES } from '@farmsense/shared';
import { accountSheds, gateways } from '../../db/tables.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { buildAccount, buildFarm, buildRole, buildShed, buildTenant, call, tokenFor } from '../../test/factories.js';
import { telemetryDaily } from '../telemetry/tables.js';
import type { SummaryAnswer } from './reports.js';
import {
  flockEggDays,
  flockFeedDays,
  flockGrowDays,
  flockImmunizations,
  flockMedications,
  flockStockDays,
  flockWaterDays,
  flocks,
} from './tables.js';

export const R = '/api/breedpigbuilding/flockReport';
export const ROSS = BUILTIN_CURVES.find((c) => c.id === 'ross308-weight')!;
export const range = { start: '2026-03-01', end: '2026-03-03' };

/**
 * A farm of its own (Asia/Shanghai) with two flocks, written straight to the tables:
 * A (broilers, house 1): 1000 hens placed on 2026-03-01 at day age 0 weighing 40 g.
 *   03-01 dead 5, feed 50 kg, water 100 L       -> 1000 at the start, 995 at the end
 *   03-02 dead 3 culled 2, feed 60, water 120, weight 55 g          -> 995 -> 990
 *   03-03 dead 2, feed 70, water 140, weight 75 g, uniformity 90    -> 990 -> 988
 * B (layers, house 2): 500 hens placed 2026-02-28, hatched 2025-09-01 (day age 181 on 03-01).
 *   03-01 dead 1, feed 55 kg, 450 eggs 27 kg; 03-02 feed 56 kg, 460 eggs 27.6 kg; 03-03 nothing.
 * 2026-03-01 is a Sunday: calendar weeks start 02-23 and 03-02.
 */
export interface ReportFixture {
  ctx: TestContext;
  tok: Record<string, string>;
  farm: number;
  a: number;
  b: number;
  house1: number;
  summary(body: object): Promise<SummaryAnswer>;
}

export async function reportFixture(expect: (v: unknown) => { toBe(x: unknown): void }): Promise<ReportFixture> {
  const tok: Record<string, string> = {};
  const ctx = await createTestApp();
  const { db } = ctx.database;
  const tenant = await buildTenant(db, 'Report Agri', ['chicken']);
  const farm = await buildFarm(db, tenant, 'Report Farm', 2);
  const farmTwo = await buildFarm(db, tenant, 'Report Farm Two', 2);
  const s1 = await buildShed(db, tenant, farm, { shedName: 'House 1', shedType: 1001, shedNum: 1 });
  const s2 = await buildShed(db, tenant, farm, { shedName: 'House 2', shedType: 1002, shedNum: 2 });
  const house1 = s1;
  const base = { tenantId: tenant, farmId: farm, status: 1 };
  const [{ id: a }] = (await db
    .insert(flocks)
    .values({
      ...base,
      shedId: s1,
      groupNo: 'A-01',
      flockType: 2,
      sex: 2,
      birthDate: '2026-03-01',
      startDate: '2026-03-01',
      femaleCount: 1000,
      femaleAvgWeight: 40,
    })
    .returning({ id: flocks.id })) as [{ id: number }];
  const [{ id: b }] = (await db
    .insert(flocks)
    .values({
      ...base,
      shedId: s2,
      groupNo: 'B-01',
      flockType: 4,
      sex: 2,
      birthDate: '2025-09-01',
      startDate: '2026-02-28',
      femaleCount: 500,
    })
    .returning({ id: flocks.id })) as [{ id: number }];
  const at = (flockId: number, day: string, dayAge: number) => ({ tenantId: tenant, flockId, day, dayAge });
  await db.insert(flockStockDays).values([
    { ...at(a, '2026-03-01', 0), dead: 5 },
    { ...at(a, '2026-03-02', 1), dead: 3, culled: 2 },
    { ...at(a, '2026-03-03', 2), dead: 2 },
    { ...at(b, '2026-03-01', 181), dead: 1 },
  ]);
  await db.insert(flockFeedDays).values([
    { ...at(a, '2026-03-01', 0), feedKg: 50 },
    { ...at(a, '2026-03-02', 1), feedKg: 60 },
    { ...at(a, '2026-03-03', 2), feedKg: 70 },
    { ...at(b, '2026-03-01', 181), feedKg: 55 },
    { ...at(b, '2026-03-02', 182), feedKg: 56 },
  ]);
  await db.insert(flockWaterDays).values([
    { ...at(a, '2026-03-01', 0), waterL: 100 },
    { ...at(a, '2026-03-02', 1), waterL: 120 },
    { ...at(a, '2026-03-03', 2), waterL: 140 },
  ]);
  await db.insert(flockGrowDays).values([
    { ...at(a, '2026-03-02', 1), avgWeight: 55 },
    { ...at(a, '2026-03-03', 2), avgWeight: 75, uniformity: 90 },
  ]);
  await db.insert(flockEggDays).values([
    { ...at(b, '2026-03-01', 181), eggCount: 450, eggWeightKg: 27 },
    { ...at(b, '2026-03-02', 182), eggCount: 460, eggWeightKg: 27.6 },
  ]);
  // Immunisations at 10:00 and 09:00 local (UTC+8) in the range, one the day before it; one medication on 03-03.
  const vac = { tenantId: tenant, flockId: a, method: 'drinking', disease: 'ND' };
  await db.insert(flockImmunizations).values([
    { ...vac, vaccinatedAt: new Date('2026-02-28T10:00:00+08:00'), dayAge: 0, vaccineBrand: 'Early' },
    { ...vac, vaccinatedAt: new Date('2026-03-01T10:00:00+08:00'), dayAge: 0, vaccineBrand: 'First' },
    { ...vac, vaccinatedAt: new Date('2026-03-02T09:00:00+08:00'), dayAge: 1, vaccineBrand: 'Second', disease: 'IB' },
  ]);
  await db.insert(flockMedications).values({
    tenantId: tenant,
    flockId: a,
    medicatedAt: new Date('2026-03-03T08:00:00+08:00'),
    dayAge: 2,
    drugName: 'Vit C',
    method: 'water',
    disease: 'stress',
  });
  // Meters of house 1: water.1 and elec.1 (cumulative), water.2 from 03-02; buckets at local midnight.
  const [gw] = await db
    .insert(gateways)
    .values({
      tenantId: tenant,
      farmId: farm,
      shedId: s1,
      code: 'fs-rep01',
      name: 'House 1 controller',
      gatewayType: 101,
      checkCode: 'x',
    })
    .returning({ id: gateways.id });
  const roll = (key: string, day: string, min: number, max: number) => ({
    gatewayId: gw!.id,
    key,
    bucket: new Date(`${day}T00:00:00+08:00`),
    min,
    max,
    sum: max,
    count: 1,
  });
  await db
    .insert(telemetryDaily)
    .values([
      roll('water.1', '2026-02-28', 900, 1000),
      roll('water.1', '2026-03-01', 1000, 1300),
      roll('water.1', '2026-03-02', 1300, 1650),
      roll('water.2', '2026-03-02', 0, 10),
      roll('elec.1', '2026-03-01', 50, 80),
      roll('elec.1', '2026-03-02', 80, 100),
      roll('temp.1', '2026-03-01', 30, 34),
    ]);

  await buildAccount(db, { tenantId: tenant, accountCode: 'rep-admin', accountType: AccountType.TENANT_ADMIN });
  const reader = await buildRole(db, tenant, 'Reports', [{ code: 'ci18.business.group-daily', ops: ['view'] }]);
  await buildAccount(db, { tenantId: tenant, accountCode: 'rep-two', farmIds: [farmTwo], roleIds: [reader] });
  // Authorized for the farm but limited to house 2.
  const limited = await buildAccount(db, { tenantId: tenant, accountCode: 'rep-house2', farmIds: [farm], roleIds: [reader] });
  await db.insert(accountSheds).values({ accountId: limited, shedId: s2 });
  const env = await buildRole(db, tenant, 'Temperature only', [{ code: 'ci18.env.temp', ops: ['view'] }]);
  await buildAccount(db, { tenantId: tenant, accountCode: 'rep-env', farmIds: [farm], roleIds: [env] });
  const second = await buildTenant(db, 'Report Second', ['chicken']);
  await buildAccount(db, { tenantId: second, accountCode: 'rep-second', accountType: AccountType.TENANT_ADMIN });
  for (const c of ['rep-admin', 'rep-two', 'rep-house2', 'rep-env', 'rep-second']) tok[c] = await tokenFor(db, c);
  // Standards of the farm for broilers: Ross weight (copied), feed 20/30/40 g and mortality 10/20/30 per 10 000 from day 0.
  await call(ctx, tok['rep-admin']!, 'POST', '/api/breedpigbuilding/standardCurve/copy', { builtinId: 'ross308-weight', farmId: farm });
  await call(ctx, tok['rep-admin']!, 'POST', '/api/breedpigbuilding/standardCurve', {
    farmId: farm,
    flockType: 2,
    indicator: '05',
    name: 'Feed',
    startDay: 0,
    values: [20, 30, 40],
  });
  await call(ctx, tok['rep-admin']!, 'POST', '/api/breedpigbuilding/standardCurve', {
    farmId: farm,
    flockType: 2,
    indicator: '08',
    name: 'Mortality',
    startDay: 0,
    values: [10, 20, 30],
  });
  const summary = async (body: object): Promise<SummaryAnswer> => {
    const res = await call<SummaryAnswer>(ctx, tok['rep-admin']!, 'POST', `${R}/summary`, { farmId: farm, ...range, ...body });
    expect(res.code).toBe(1);
    return res.data;
  };
  return { ctx, tok, farm, a, b, house1, summary };
}
