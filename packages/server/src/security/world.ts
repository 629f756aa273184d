import { and, eq, getTableName, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AccountType, APP_CATALOGUE, codesForModules, flattenApps } from '@farmsense/shared';
import { closeOverTree, loadAccess } from '../lib/access.js';
import {
  accounts,
  alarmRuleGroups,
  alarmRules,
  alarms,
  applicationInfo,
  controlAuthCodes,
  farms,
  feedDevices,
  feedPositions,
  feedRacks,
  feedInfos,
  feedingMealAdjusts,
  feedingPlans,
  feedingStandards,
  flocks,
  gateways,
  pens,
  pushPhoneConfigs,
  pushStrategies,
  roles,
  sheds,
  siloSheds,
  silos,
  standardCurves,
  tenants,
} from '../db/tables.js';
import { DEMO_PASSWORD } from '../db/seed.js';
import { DEMO_TENANT } from '../db/demo-codes.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { buildAccount, buildFarm, buildRole, buildShed, buildTenant } from '../test/factories.js';
import { encrypt } from '../test/login.js';

export type { Actor, DemoIds, Markers, OpenApiOperation, OpenApiParameter, RouteInfo, SecurityWorld, ZodLike } from './world-types.js';
import type { Actor, OpenApiOperation, RouteInfo, SecurityWorld } from './world-types.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const toOpenApi = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

async function actor(ctx: TestContext, code: string): Promise<Actor> {
  const [row] = await ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, code));
  if (!row) throw new Error(`no account ${code}`);
  return { id: row.id, code };
}

/** The first (lowest) id of the demo rows that match: the row the routes under test are called with. */
async function firstId(ctx: TestContext, id: PgColumn, where: SQL): Promise<number> {
  const [row] = await ctx.database.db.select({ id }).from(id.table).where(where).orderBy(id).limit(1);
  if (!row) throw new Error(`no row in ${getTableName(id.table)}`);
  return row.id as number;
}

/** A leaf of the tenant's catalogue whose closure (it and its ancestors) serves no route. */
function unrelatedLeaf(routeCodes: Set<string>, modules: string[]): string {
  const allowed = codesForModules(modules);
  const leaf = flattenApps(APP_CATALOGUE)
    .filter((n) => n.children.length === 0 && allowed.has(n.code))
    .map((n) => n.code)
    .sort()
    .find((c) => [...closeOverTree(new Set([c]))].every((x) => !routeCodes.has(x)));
  if (!leaf) throw new Error('every application code serves a route: no unrelated code for the no-function account');
  return leaf;
}

export function routeCodes(config: RouteInfo['config']): string[] {
  const app = config.app;
  return app === undefined ? [] : typeof app === 'string' ? [app] : [...app];
}

export async function securityWorld(): Promise<SecurityWorld> {
  const seen: { method: string; url: string; config: RouteInfo['config']; schema: RouteInfo['schema'] }[] = [];
  const ctx = await createTestApp({
    onRoute: (r) => {
      for (const m of Array.isArray(r.method) ? r.method : [r.method]) {
        seen.push({ method: m.toUpperCase(), url: r.url, config: r.config ?? {}, schema: (r.schema ?? {}) as RouteInfo['schema'] });
      }
    },
  });
  const db = ctx.database.db;
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const registered = seen
    .filter((r) => METHODS.has(r.method) && r.url.startsWith('/api/'))
    .map((r) => ({ ...r, key: `${r.method} ${toOpenApi(r.url)}`, pattern: r.url }));
  const byKey = new Map(registered.map((r) => [r.key, r]));
  const routes: RouteInfo[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as RouteInfo['method'];
      if (!METHODS.has(method)) continue;
      const key = `${method} ${path}`;
      const reg = byKey.get(key);
      if (!reg) throw new Error(`${key} is in the OpenAPI document but not registered`);
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      routes.push({
        key,
        method,
        path,
        pattern: reg.pattern,
        config: reg.config,
        schema: reg.schema,
        op,
        ...(bodySchema ? { bodySchema } : {}),
      });
    }
  }

  const [tenant] = await db.select().from(tenants).where(eq(tenants.name, DEMO_TENANT));
  const tenantId = tenant!.id;
  const farmRows = await db.select().from(farms).where(eq(farms.tenantId, tenantId));
  const pigFarm = farmRows.find((f) => f.farmName === 'Demo Pig Farm')!.id;
  const poultryFarm = farmRows.find((f) => f.farmName === 'Demo Poultry Farm')!.id;
  const shedRows = await db.select().from(sheds).where(eq(sheds.tenantId, tenantId));
  const pigSheds = shedRows.filter((s) => s.farmId === pigFarm).sort((a, b) => a.id - b.id);
  const [pen] = await db.select({ id: pens.id }).from(pens).where(eq(pens.shedId, pigSheds[0]!.id)).limit(1);
  const gatewayRows = await db.select().from(gateways).where(eq(gateways.tenantId, tenantId));
  const pigGateways = gatewayRows.filter((g) => g.farmId === pigFarm).sort((a, b) => a.id - b.id);
  const accountRows = await db.select().from(accounts).where(eq(accounts.tenantId, tenantId));
  const [pigRole] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.roleName, 'Pig staff')));
  const [app] = await db.select({ id: applicationInfo.id }).from(applicationInfo).where(eq(applicationInfo.code, 'pig.overview.shed'));

  // Another tenant with its own administrator, farm and shed.
  const other = await buildTenant(db, 'Outsider Holdings');
  const otherFarm = await buildFarm(db, other, 'Outsider Farm', 1);
  await buildShed(db, other, otherFarm, { shedName: 'Outsider Shed', shedType: 2, areaNum: 1, buildingNum: 1, shedNum: 1 });
  await buildAccount(db, { tenantId: other, accountCode: 'outsider-admin', accountType: AccountType.TENANT_ADMIN });
  // The demo tenant's account without the function: one unrelated code, both farms.
  const codes = new Set(registered.flatMap((r) => routeCodes(r.config)));
  const unrelatedCode = unrelatedLeaf(codes, tenant!.modules);
  const unrelatedRole = await buildRole(db, tenantId, 'Unrelated only', [{ code: unrelatedCode, ops: ['view'] }]);
  await buildAccount(db, { tenantId, accountCode: 'no-function', roleIds: [unrelatedRole], farmIds: [pigFarm, poultryFarm] });
  // The demo tenant's account with every function but only the poultry farm.
  const everything = [...codesForModules(tenant!.modules)].map((code) => ({ code, ops: ['view', 'add', 'edit', 'delete', 'control'] }));
  const allRole = await buildRole(db, tenantId, 'Every function', everything);
  await buildAccount(db, { tenantId, accountCode: 'poultry-only', roleIds: [allRole], farmIds: [poultryFarm] });

  // A network device of the pig farm, for the device registry's routes.
  const registry = await ctx.database.query(
    `SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'network_devices'`,
  );
  const [network] =
    registry.length === 0
      ? []
      : await ctx.database.query<{ id: number }>(
          `INSERT INTO network_devices (tenant_id, farm_id, name, ip, server_port, connection_mode)
     VALUES ($1, $2, 'Pig Farm Switch', '10.9.9.9', 502, 'tcpClient') RETURNING id`,
          [tenantId, pigFarm],
        );

  // A flock of the pig farm, so the production routes are called with an id of the farm under test.
  const [flock] = await db
    .insert(flocks)
    .values({
      tenantId,
      farmId: pigFarm,
      shedId: pigSheds[0]!.id,
      groupNo: 'SEC-PIG-FLOCK',
      flockType: 2,
      sex: 3,
      birthDate: '2026-01-01',
      startDate: '2026-01-02',
      femaleCount: 100,
    })
    .returning({ id: flocks.id });
  const [curve] = await db
    .insert(standardCurves)
    .values({
      tenantId,
      farmId: pigFarm,
      flockType: 2,
      indicator: '02',
      name: 'SEC-PIG-CURVE',
      values: [44],
    })
    .returning({ id: standardCurves.id });

  // An authorization code of the pig farm's first house (its hash only: the value is never used).
  const [authCode] = await db
    .insert(controlAuthCodes)
    .values({
      tenantId,
      codeHash: 'sec-auth-code',
      shedIds: [pigSheds[0]!.id],
      validMinutes: 60,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: controlAuthCodes.id });

  const [silo] = await db
    .insert(silos)
    .values({ tenantId, farmId: pigFarm, name: 'SEC-PIG-SILO', capacityKg: 10_000 })
    .returning({ id: silos.id });
  await db.insert(siloSheds).values({ siloId: silo!.id, shedId: pigSheds[0]!.id });

  const [alarmGroup] = await db
    .insert(alarmRuleGroups)
    .values({ tenantId, farmId: pigFarm, shedType: pigSheds[0]!.shedType, name: 'SEC-PIG-ALARMS' })
    .returning({ id: alarmRuleGroups.id });
  const [alarmRule] = await db
    .insert(alarmRules)
    .values({
      tenantId,
      farmId: pigFarm,
      groupId: alarmGroup!.id,
      shedType: pigSheds[0]!.shedType,
      name: 'SEC-PIG-RULE',
      kind: 'offline',
      property: 'offline',
      level: 1,
      message: 'SEC-PIG-RULE',
    })
    .returning({ id: alarmRules.id });
  const [alarm] = await db
    .insert(alarms)
    .values({
      tenantId,
      farmId: pigFarm,
      shedId: pigSheds[0]!.id,
      gatewayId: pigGateways[0]!.id,
      gatewayCode: pigGateways[0]!.code,
      ruleId: alarmRule!.id,
      ruleName: 'SEC-PIG-RULE',
      kind: 'offline',
      key: 'offline',
      level: 1,
      message: 'SEC-PIG-RULE',
      startedAt: new Date(),
    })
    .returning({ id: alarms.id });

  const pigAccount = accountRows.find((a) => a.accountCode === 'pig')!.id;
  // The demo's push strategy and phone configuration of the pig farm (db/seed-push.ts).
  const pushStrategy = await firstId(ctx, pushStrategies.id, eq(pushStrategies.farmId, pigFarm));
  const phoneConfig = await firstId(ctx, pushPhoneConfigs.id, eq(pushPhoneConfigs.farmId, pigFarm));

  // The demo's feed catalogue (db/seed-feeding.ts): a pig feed and its type.
  const [pigFeed] = await db
    .select({ id: feedInfos.id, typeId: feedInfos.typeId })
    .from(feedInfos)
    .where(and(eq(feedInfos.tenantId, tenantId), eq(feedInfos.animalType, 1)))
    .orderBy(feedInfos.id)
    .limit(1);
  const pigPlan = await firstId(ctx, feedingPlans.id, eq(feedingPlans.farmId, pigFarm));

  // The demo's house meal adjustment of the pig farm (db/seed-meal-adjusts.ts).
  const pigMealAdjust = await firstId(ctx, feedingMealAdjusts.id, eq(feedingMealAdjusts.farmId, pigFarm));
  const pigStandard = await firstId(ctx, feedingStandards.id, eq(feedingStandards.tenantId, tenantId));

  // A feeder hierarchy in the pig farm's first house: a feeder main gateway, its concentrator, a collector, a feeder on a pen.
  const [feedMain] = await db
    .insert(gateways)
    .values({
      tenantId,
      farmId: pigFarm,
      shedId: pigSheds[0]!.id,
      code: 'fs-secfeed1',
      name: 'SEC-PIG-FEED',
      gatewayType: 102,
      checkCode: 'x',
    })
    .returning({ id: gateways.id });
  const at = { tenantId, farmId: pigFarm, shedId: pigSheds[0]!.id };
  const [concentrator] = await db
    .insert(feedDevices)
    .values({ ...at, kind: 'concentrator', gatewayId: feedMain!.id, deviceNo: 'SEC-J', name: 'SEC-PIG-JZQ' })
    .returning({ id: feedDevices.id });
  const [collector] = await db
    .insert(feedDevices)
    .values({ ...at, kind: 'collector', parentId: concentrator!.id, deviceNo: '01', name: 'SEC-PIG-CJQ' })
    .returning({ id: feedDevices.id });
  const [feeder] = await db
    .insert(feedDevices)
    .values({ ...at, kind: 'feeder', parentId: collector!.id, penId: pen!.id, deviceNo: '001', name: 'SEC-PIG-SWQ' })
    .returning({ id: feedDevices.id });
  // A feeding rack in that pen with two positions, the feeder at the first.
  const [rack] = await db
    .insert(feedRacks)
    .values({ ...at, penId: pen!.id, name: 'SEC-PIG-RACK', startNo: 1, endNo: 2 })
    .returning({ id: feedRacks.id });
  const [position] = await db
    .insert(feedPositions)
    .values([
      { tenantId, shedId: at.shedId, rackId: rack!.id, positionNo: 1, feederId: feeder!.id },
      { tenantId, shedId: at.shedId, rackId: rack!.id, positionNo: 2 },
    ])
    .returning({ id: feedPositions.id });

  const pigShedIds = pigSheds.map((s) => s.id);
  const pigGatewayRows = await db.select().from(gateways).where(inArray(gateways.shedId, pigShedIds));
  return {
    ctx,
    registered: registered.map(({ key, pattern, config }) => ({ key, pattern, config })),
    routes,
    demo: {
      tenant: tenantId,
      pigFarm,
      poultryFarm,
      pigShed: pigSheds[0]!.id,
      pigPen: pen!.id,
      pigGateway: { id: pigGateways[0]!.id, code: pigGateways[0]!.code },
      pigAccount,
      pigRole: pigRole!.id,
      appId: app!.id,
      pigNetwork: network?.id ?? null,
      pigFlock: flock!.id,
      pigCurve: curve!.id,
      pigAlarmGroup: alarmGroup!.id,
      pigAlarmRule: alarmRule!.id,
      pigAlarm: alarm!.id,
      pigPushStrategy: pushStrategy,
      pigPhoneConfig: phoneConfig,
      pigAuthCode: authCode!.id,
      pigSilo: silo!.id,
      pigFeedType: pigFeed!.typeId,
      pigFeed: pigFeed!.id,
      pigPlan,
      pigStandard,
      pigMealAdjust,
      pigConcentrator: concentrator!.id,
      pigCollector: collector!.id,
      pigFeeder: feeder!.id,
      pigRack: rack!.id,
      pigPosition: position!.id,
    },
    actors: {
      outsider: await actor(ctx, 'outsider-admin'),
      noFunction: await actor(ctx, 'no-function'),
      otherFarm: await actor(ctx, 'poultry-only'),
      admin: await actor(ctx, 'demo'),
      platform: await actor(ctx, 'platform'),
    },
    unrelatedCode,
    tenantMarkers: {
      texts: [
        tenant!.name,
        ...farmRows.map((f) => f.farmName),
        ...shedRows.map((s) => s.shedName),
        ...gatewayRows.map((g) => g.code),
        ...accountRows.map((a) => a.accountName),
        ...(network ? ['Pig Farm Switch'] : []),
        'SEC-PIG-FLOCK',
        'SEC-PIG-CURVE',
        'SEC-PIG-SILO',
        'SEC-PIG-RACK',
      ],
      accountCodes: accountRows.map((a) => a.accountCode),
    },
    pigFarmMarkers: {
      texts: [
        'Demo Pig Farm',
        ...pigSheds.map((s) => s.shedName),
        ...pigGatewayRows.map((g) => g.code),
        ...(network ? ['Pig Farm Switch'] : []),
        'SEC-PIG-FLOCK',
        'SEC-PIG-CURVE',
        'SEC-PIG-SILO',
        'SEC-PIG-RACK',
      ],
      accountCodes: [],
    },
    passwords: { strong: await encrypt(ctx, 'Secure@2024x'), demo: await encrypt(ctx, DEMO_PASSWORD) },
  };
}

/**
 * Who calls a route in the walks over every route: the tenant administrator, or the platform
 * operator for back-office routes; null when neither holds one of the route's codes.
 */
export async function routeActors(w: SecurityWorld): Promise<(r: RouteInfo) => Actor | null> {
  const db = w.ctx.database.db;
  const codesOf = async (a: Actor): Promise<Set<string>> => {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, a.id));
    return (await loadAccess(db, row!)).codes;
  };
  const candidates: [Actor, Set<string>][] = [
    [w.actors.admin, await codesOf(w.actors.admin)],
    [w.actors.platform, await codesOf(w.actors.platform)],
  ];
  return (r) => {
    const needed = routeCodes(r.config);
    if (needed.length === 0) return w.actors.admin;
    return candidates.find(([, codes]) => needed.some((c) => codes.has(c)))?.[0] ?? null;
  };
}
