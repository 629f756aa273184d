import { afterAll, beforeAll } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AccountType, workerApps } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { demoTenantId } from '../../db/demo-tenant.js';
import { accounts } from '../../db/tables.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { buildAccount, buildFarm, buildRole, buildShed, buildTenant, farmIdByName, tokenFor } from '../../test/factories.js';

/**
 * The world the administration tests share: the demo tenant with its accounts, and a second
 * tenant with its own administrator, farm and shed whose ids must never reach the demo tenant and
 * the other way round. `viewer` holds a role with a single viewing code (no administration).
 * The demo's `pig` and `chicken` are farm workers (no administration); see `pigManager`.
 */
export interface AdminWorld {
  demoTenant: number;
  pigFarm: number;
  poultryFarm: number;
  otherTenant: number;
  otherFarm: number;
  otherShed: number;
  tok: Record<'demo' | 'pig' | 'chicken' | 'platform' | 'secondAdmin' | 'viewer', string>;
}

export async function adminWorld(ctx: TestContext): Promise<AdminWorld> {
  const db = ctx.database.db;
  const demoTenant = (await demoTenantId(db))!;
  const pigFarm = await farmIdByName(db, 'Demo Pig Farm');
  const poultryFarm = await farmIdByName(db, 'Demo Poultry Farm');
  const otherTenant = await buildTenant(db, 'Second Agri');
  const otherFarm = await buildFarm(db, otherTenant, 'Second Farm', 1);
  const otherShed = await buildShed(db, otherTenant, otherFarm, {
    shedName: 'Second Shed',
    shedType: 2,
    areaNum: 1,
    buildingNum: 1,
    shedNum: 1,
  });
  await buildAccount(db, { tenantId: otherTenant, accountCode: 'second-admin', accountType: AccountType.TENANT_ADMIN });
  const viewRole = await buildRole(db, demoTenant, 'Shed viewers', [{ code: 'pig.overview.shed', ops: ['view'] }]);
  await buildAccount(db, { tenantId: demoTenant, accountCode: 'viewer', farmIds: [pigFarm], roleIds: [viewRole] });
  const tok = {} as AdminWorld['tok'];
  for (const [k, code] of [
    ['demo', 'demo'],
    ['pig', 'pig'],
    ['chicken', 'chicken'],
    ['platform', 'platform'],
    ['secondAdmin', 'second-admin'],
    ['viewer', 'viewer'],
  ] as const) {
    tok[k] = await tokenFor(db, code);
  }
  return { demoTenant, pigFarm, poultryFarm, otherTenant, otherFarm, otherShed, tok };
}

/**
 * A new house of the demo pig farm (type 3) with nothing bound to it yet, numbered `block`-`block`-`shedNum`
 * (area, building, house) away from the demo's own: the house the device and operation log tests
 * bind gateways and pens to.
 */
export async function newPigShed(ctx: TestContext, w: AdminWorld, shedName: string, block: number, shedNum: number): Promise<number> {
  return buildShed(ctx.database.db, w.demoTenant, w.pigFarm, { shedName, shedType: 3, areaNum: block, buildingNum: block, shedNum });
}

/**
 * Registers the file's app (with the demo data) and its admin world: made before the tests,
 * closed after them; `set` receives both once made.
 */
export function withAdminWorld(set: (b: { ctx: TestContext; w: AdminWorld }) => void): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    set({ ctx, w: await adminWorld(ctx) });
  });
  afterAll(async () => ctx?.close());
}

/**
 * The pig farm's manager (account `pig-manager`, role "Pig farm manager"): the pig worker's
 * functions plus account, role, farm and shed administration, on the pig farm only. Made on
 * first call; answers its token.
 */
export async function pigManager(ctx: TestContext, w: AdminWorld): Promise<string> {
  const db = ctx.database.db;
  const [made] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.accountCode, 'pig-manager'));
  if (!made) {
    const all = ['view', 'add', 'edit', 'delete'];
    const role = await buildRole(db, w.demoTenant, 'Pig farm manager', [
      ...workerApps('pig').map((code) => ({ code, ops: all })),
      ...['usermanagement', 'housemanagement'].map((code) => ({ code, ops: all })),
    ]);
    await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'pig-manager', farmIds: [w.pigFarm], roleIds: [role] });
  }
  return tokenFor(db, 'pig-manager');
}

/** Row count of a table, to show a refused write left nothing behind. */
export async function rows(db: Db, table: PgTable): Promise<number> {
  const [r] = await db.select({ n: count() }).from(table);
  return r!.n;
}
