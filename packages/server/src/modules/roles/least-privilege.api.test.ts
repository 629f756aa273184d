import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, workerApps } from '@farmsense/shared';
import { accountFarms, applicationInfo, auditLog, roleApps, roles } from '../../db/tables.js';
import { accountId, buildAccount, buildRole, call, tokenFor } from '../../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminWorld, type AdminWorld } from '../farms/admin.fixtures.js';

const ROLE = '/api/accountauth/roleInfo';
const BIND = '/api/accountauth/operateAuth/bind';
const FARMS = '/api/breedpigaccount/account/farmAuthorize';

/**
 * Issue 16, defect 2: role writes check farm scope like every other write, and an account grants
 * only functions and farms it holds itself. `pig-lead` manages roles and accounts, holds the
 * pig worker's functions and sees the whole pig farm, nothing of the poultry farm.
 */
describe(`role and grant least privilege (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let tok: string;
  let shared: number;
  const role = async (name: string) => (await ctx.database.db.select().from(roles).where(eq(roles.roleName, name)))[0]!;
  const bindings = async (roleId: number) =>
    (await ctx.database.db.select({ code: roleApps.appCode }).from(roleApps).where(eq(roleApps.roleId, roleId))).map((r) => r.code).sort();

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await adminWorld(ctx);
    const db = ctx.database.db;
    const view = (code: string) => ({ code, ops: ['view', 'add', 'edit', 'delete'] });
    const manager = await buildRole(db, w.demoTenant, 'Pig lead', [
      ...workerApps('pig').map(view),
      view('usermanagement.role'),
      view('usermanagement.accountnumber'),
    ]);
    await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'pig-lead', farmIds: [w.pigFarm], roleIds: [manager] });
    // A role shared by staff of both farms, with a function the manager holds.
    shared = await buildRole(db, w.demoTenant, 'Shared staff', [view('pig.overview.shed')]);
    await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'both-farms', farmIds: [w.pigFarm, w.poultryFarm], roleIds: [shared] });
    tok = await tokenFor(db, 'pig-lead');
  });
  afterAll(async () => ctx?.close());

  it('may not rename, re-bind or delete a role held by staff of a farm it does not manage (10009), changing nothing', async () => {
    const poultry = await role('Poultry staff');
    const before = { poultry: await bindings(poultry.id), shared: await bindings(shared) };
    const refused: [Parameters<typeof call>[2], string, unknown?][] = [
      ['PUT', ROLE, { id: poultry.id, roleName: 'Taken over' }],
      ['POST', BIND, { roleId: poultry.id, applications: [] }],
      ['PUT', ROLE, { id: shared, roleName: 'Taken over too' }],
      ['POST', BIND, { roleId: shared, applications: [] }],
      ['DELETE', `${ROLE}?id=${shared}`],
    ];
    for (const [method, url, body] of refused)
      expect([method, url, JSON.stringify(body), (await call(ctx, tok, method, url, body)).code]).toEqual([
        method,
        url,
        JSON.stringify(body),
        ErrorCodes.NO_PERMISSION,
      ]);
    expect((await role('Poultry staff')).roleName).toBe('Poultry staff');
    expect((await role('Shared staff')).id).toBe(shared);
    expect({ poultry: await bindings(poultry.id), shared: await bindings(shared) }).toEqual(before);
    const id = await accountId(ctx.database.db, 'pig-lead');
    const denied = await ctx.database.db
      .select({ method: auditLog.method, code: auditLog.code })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, id), eq(auditLog.outcome, 'denied')));
    expect(denied.filter((d) => d.code === ErrorCodes.NO_PERMISSION)).toHaveLength(refused.length);
  });

  it('changes a role of its own farm, binding only functions it holds itself', async () => {
    const pigStaff = await role('Pig staff');
    expect((await call(ctx, tok, 'PUT', ROLE, { id: pigStaff.id, roleName: 'Pig farm staff' })).code).toBe(ErrorCodes.SUCCESS);
    const appId = async (code: string) =>
      (await ctx.database.db.select({ id: applicationInfo.id }).from(applicationInfo).where(eq(applicationInfo.code, code)))[0]!.id;
    const own = await call<{ id: number }>(ctx, tok, 'POST', ROLE, { roleName: 'Pig night shift' });
    expect(own.code).toBe(ErrorCodes.SUCCESS);
    const grant = async (code: string) =>
      (await call(ctx, tok, 'POST', BIND, { roleId: own.data.id, applications: [{ applicationInfoId: await appId(code), ops: ['view'] }] }))
        .code;
    expect(await grant('pig.overview.shed')).toBe(ErrorCodes.SUCCESS);
    // Functions it does not hold: another mode's screen, and administration beyond its own.
    expect(await grant('ci18.overview.shed')).toBe(ErrorCodes.NO_PERMISSION);
    expect(await grant('housemanagement.houselist')).toBe(ErrorCodes.NO_PERMISSION);
    expect(await bindings(own.data.id)).toEqual(['pig.overview.shed']);
  });

  it('grants only farms it holds itself (10007), and not a farm to an account it does not manage', async () => {
    const db = ctx.database.db;
    const hand = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'new-hand', farmIds: [w.pigFarm] });
    expect((await call(ctx, tok, 'POST', FARMS, { accountId: hand, farmIds: [w.pigFarm, w.poultryFarm] })).code).toBe(
      ErrorCodes.FARM_NOT_FOUND,
    );
    expect((await call(ctx, tok, 'POST', FARMS, { accountId: hand, farmIds: [w.otherFarm] })).code).toBe(ErrorCodes.FARM_NOT_FOUND);
    const farmsOf = async () =>
      (await db.select({ f: accountFarms.farmId }).from(accountFarms).where(eq(accountFarms.accountId, hand))).map((r) => r.f);
    expect(await farmsOf()).toEqual([w.pigFarm]);
    expect((await call(ctx, tok, 'POST', FARMS, { accountId: hand, farmIds: [w.pigFarm] })).code).toBe(ErrorCodes.SUCCESS);
  });
});
