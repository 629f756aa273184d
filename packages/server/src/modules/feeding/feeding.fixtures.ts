import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { gateways } from '../../db/tables.js';
import type { Database } from '../../db/client.js';
import { addGateway } from '../../iot/testkit.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import {
  buildFarm,
  buildPens,
  buildPlace,
  buildShed,
  buildTenant,
  call,
  tenantAccounts,
  type LimitedAccount,
} from '../../test/factories.js';
import { feedDevices } from './device-tables.js';
import { feedInfos, feedingPlans, feedTypes } from './tables.js';

/** The feeding tests' tenants keep pigs only. */
const PIG = { modules: ['pig'] };

/**
 * A house's feeder hierarchy for tests: a feeder main gateway (type 102) with its concentrator,
 * one collector and a feeder per pen listed (a pen listed twice gets two feeders).
 */
export interface FeederSet {
  gatewayId: number;
  concentrator: number;
  collector: number;
  feeders: number[];
}

export async function buildFeeders(
  database: Database,
  o: { tenantId: number; farmId: number; shedId: number; code: string; pens: number[] },
): Promise<FeederSet> {
  const { db } = database;
  const gatewayId = await addGateway(database, { tenantId: o.tenantId, code: o.code, farmId: o.farmId, shedId: o.shedId });
  await db.update(gateways).set({ gatewayType: 102 }).where(eq(gateways.id, gatewayId));
  const at = { tenantId: o.tenantId, farmId: o.farmId, shedId: o.shedId };
  const [jzq] = await db
    .insert(feedDevices)
    .values({ ...at, kind: 'concentrator', gatewayId, deviceNo: `${o.code}-J`, name: 'Concentrator' })
    .returning({ id: feedDevices.id });
  const [cjq] = await db
    .insert(feedDevices)
    .values({ ...at, kind: 'collector', parentId: jzq!.id, deviceNo: '01', name: 'Collector 01' })
    .returning({ id: feedDevices.id });
  const feeders = await db
    .insert(feedDevices)
    .values(
      o.pens.map((penId, i) => ({
        ...at,
        kind: 'feeder',
        parentId: cjq!.id,
        penId,
        deviceNo: String(i + 1).padStart(3, '0'),
        name: `Feeder ${i + 1}`,
        amountPerFeed: 300,
        intervalMinutes: 30,
      })),
    )
    .returning({ id: feedDevices.id });
  return { gatewayId, concentrator: jzq!.id, collector: cjq!.id, feeders: feeders.map((f) => f.id) };
}

/**
 * Two farms of one pig tenant for the feeding device tests: a house on each (shed type 2), pens
 * in the first house (`pens` of them, columns 1..n) and one in the other, a tenant administrator
 * `<prefix>-admin`, an account `<prefix>-<limited.suffix>` on the second farm with one view-only
 * function, and another tenant's administrator `<prefix>-second`; `tok` holds their tokens.
 */
export interface FeedingWorld {
  tenant: number;
  farm: number;
  farm2: number;
  shed: number;
  otherShed: number;
  pens: number[];
  otherPen: number;
  tok: Record<string, string>;
}

/** What `feedingWorld` makes: names, account prefix, the two houses, pens in the first, the limited account. */
export interface FeedingWorldOptions {
  name: string;
  prefix: string;
  houses: [string, string];
  pens: number;
  limited: { suffix: string; role: string; code: string };
}

export async function feedingWorld(ctx: TestContext, o: FeedingWorldOptions): Promise<FeedingWorld> {
  const { db } = ctx.database;
  const { tenant, farm, shed } = await buildPlace(db, o.name, { shedName: o.houses[0], shedType: 2 }, PIG);
  const farm2 = await buildFarm(db, tenant, `${o.name} Farm Two`, 1);
  const otherShed = await buildShed(db, tenant, farm2, { shedName: o.houses[1], shedType: 2 });
  const ids = await buildPens(db, tenant, [
    ...Array.from({ length: o.pens }, (_, i) => ({ shedId: shed, fieldColumn: i + 1 })),
    { shedId: otherShed },
  ]);
  const tok = await tenantAccounts(db, {
    tenant,
    name: o.name,
    prefix: o.prefix,
    modules: ['pig'],
    limited: [{ ...o.limited, farm: farm2 }],
  });
  return { tenant, farm, farm2, shed, otherShed, pens: ids.slice(0, o.pens), otherPen: ids[o.pens]!, tok };
}

/**
 * Registers the file's app (an empty store, errors only in the log) with a `feedingWorld` in it,
 * as the feeding device tests use them: made before the file's tests and closed after them; `set`
 * receives both once made and does the file's own set-up.
 */
export function withFeedingWorld(o: FeedingWorldOptions, set: (made: { ctx: TestContext; w: FeedingWorld }) => Promise<void> | void): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, env: { LOG_LEVEL: 'error' } });
    await set({ ctx, w: await feedingWorld(ctx, o) });
  });
  afterAll(async () => ctx?.close());
}

/**
 * A pig tenant with one farm for the feed and standard tests: the accounts of `tenantAccounts`,
 * with a view-only account `<prefix>-<limited.suffix>` of the page under test and `<prefix>-plans`
 * of the feeding plans (which read feeds and standards), both on the farm.
 */
export async function feedingTenant(
  ctx: TestContext,
  o: { name: string; prefix: string; limited: Omit<LimitedAccount, 'farm'> },
): Promise<{ tenant: number; farm: number; tok: Record<string, string> }> {
  const { db } = ctx.database;
  const tenant = await buildTenant(db, `${o.name} Agri`, ['pig']);
  const farm = await buildFarm(db, tenant, `${o.name} Farm`, 1);
  const plans = { suffix: 'plans', role: 'Feeding plans', code: 'accurate-feeding.plan', farm };
  const tok = await tenantAccounts(db, {
    tenant,
    name: o.name,
    prefix: o.prefix,
    modules: ['pig'],
    limited: [{ ...o.limited, farm }, plans],
  });
  return { tenant, farm, tok };
}

/**
 * A gestation plan (114 days, dispatched at once) on a new house "Gestation 1" of the farm, as
 * the feed and standard tests need one to use their feed or standard; answers its id.
 */
export async function gestationPlan(
  ctx: TestContext,
  at: { tenant: number; farm: number },
  over: Partial<typeof feedingPlans.$inferInsert> = {},
): Promise<number> {
  const { db } = ctx.database;
  const shedId = await buildShed(db, at.tenant, at.farm, { shedName: 'Gestation 1', shedType: 1 });
  const [plan] = await db
    .insert(feedingPlans)
    .values({
      tenantId: at.tenant,
      farmId: at.farm,
      shedId,
      name: 'Gestation',
      totalDays: 114,
      splitPoints: [1, 114],
      dispatchMode: 'immediate',
      ...over,
    })
    .returning({ id: feedingPlans.id });
  return plan!.id;
}

/**
 * One house of feeders for the monitor and record tests: a pig tenant `<name> Agri` with a farm,
 * a house with two pens (columns 1, 2) and a feeder per entry of `feeders` (the index of its
 * pen), the administrator `<prefix>-admin` and another tenant's `<prefix>-other`.
 */
export interface FeederHouse {
  farm: number;
  shed: number;
  pens: number[];
  set: FeederSet;
  tok: Record<string, string>;
}

export async function feederHouse(
  ctx: TestContext,
  o: { name: string; prefix: string; house: string; shedType?: number; code: string; feeders: number[] },
): Promise<FeederHouse> {
  const { db } = ctx.database;
  const { tenant, farm, shed } = await buildPlace(db, o.name, { shedName: o.house, shedType: o.shedType ?? 2 }, PIG);
  const penIds = await buildPens(
    db,
    tenant,
    [1, 2].map((n) => ({ shedId: shed, fieldColumn: n })),
  );
  const at = { tenantId: tenant, farmId: farm, shedId: shed };
  const set = await buildFeeders(ctx.database, { ...at, code: o.code, pens: o.feeders.map((i) => penIds[i]!) });
  const tok = await tenantAccounts(db, {
    tenant,
    name: o.name,
    prefix: o.prefix,
    modules: ['pig'],
    other: { suffix: 'other', tenant: `${o.name} Other` },
  });
  return { farm, shed, pens: penIds, set, tok };
}

/**
 * A house of three pens with a feeder each for the remote feeding tests: the pig tenant
 * `<name> Agri` with its farm `<name> Farm`, the house `houses[0]` (pens in columns 1-3, its
 * feeder main gateway coded `code`) and another house `houses[1]` without pens or feeders.
 */
export interface FeederPens {
  tenant: number;
  farm: number;
  shed: number;
  otherShed: number;
  penIds: number[];
  set: FeederSet;
}

export async function feederPens(ctx: TestContext, o: { name: string; houses: [string, string]; code: string }): Promise<FeederPens> {
  const { db } = ctx.database;
  const { tenant, farm, shed } = await buildPlace(db, o.name, { shedName: o.houses[0], shedType: 2 }, PIG);
  const otherShed = await buildShed(db, tenant, farm, { shedName: o.houses[1], shedType: 2 });
  const penIds = await buildPens(
    db,
    tenant,
    [1, 2, 3].map((n) => ({ shedId: shed, fieldColumn: n })),
  );
  const set = await buildFeeders(ctx.database, { tenantId: tenant, farmId: farm, shedId: shed, code: o.code, pens: penIds });
  return { tenant, farm, shed, otherShed, penIds, set };
}

/** The tenant's sow feed "Lactation" (of the type "Sow feed"), written straight to the tables: its id. */
export async function lactationFeed(ctx: TestContext, tenantId: number): Promise<number> {
  const { db } = ctx.database;
  const [type] = await db.insert(feedTypes).values({ tenantId, name: 'Sow feed' }).returning({ id: feedTypes.id });
  const [feed] = await db
    .insert(feedInfos)
    .values({ tenantId, typeId: type!.id, name: 'Lactation', batch: 'L1', weight: 40, unit: 'kg', animalType: 1 })
    .returning({ id: feedInfos.id });
  return feed!.id;
}

/**
 * A 28-day lactation plan of a house on one feed (4000 g a day to day 10, 5000 g after) with the
 * meals given, dispatched at once: the body of the add-plan call, as the dispatch tests send it.
 */
export const lactationPlan = (
  at: { farmId: number; shedId: number },
  feedId: number,
  meals: { startMinute: number; endMinute: number; share: number }[],
) => ({
  ...at,
  name: 'Lactation',
  totalDays: 28,
  splitPoints: [1, 10, 11, 28],
  stages: [
    { startDay: 1, endDay: 10, feedId, dailyAmount: 4000 },
    { startDay: 11, endDay: 28, feedId, dailyAmount: 5000 },
  ],
  meals,
  dispatchMode: 'immediate',
});

/** The feeding API as one account: `as(who)` gives its post, put, delete and get under /api/feeding. */
export const feedingCalls = (ctx: () => TestContext, tok: Record<string, string>) => (who: string) => ({
  post: (path: string, body: unknown) => call<{ id: number }>(ctx(), tok[who]!, 'POST', `${FEEDING_API}/${path}`, body),
  put: (path: string, body: unknown) => call(ctx(), tok[who]!, 'PUT', `${FEEDING_API}/${path}`, body),
  del: (path: string) => call(ctx(), tok[who]!, 'DELETE', `${FEEDING_API}/${path}`),
  get: <T>(path: string) => call<T>(ctx(), tok[who]!, 'GET', `${FEEDING_API}/${path}`),
});

export const FEEDING_API = '/api/feeding';
