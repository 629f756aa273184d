import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesForModules, ErrorCodes, type AccountRow, type AccountRowWithScope, type Page } from '@farmsense/shared';
import { accounts, auditLog, roles } from '../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { buildAccount, buildRole, call, farmIdByName, tokenFor } from '../test/factories.js';
import { encrypt } from '../test/login.js';

/**
 * Regression tests for what the enforcement matrix found: an ordinary account manager reached
 * accounts and roles of farms it is not authorized for, account lists named those farms, refused
 * writes were not audited, an over-long time crashed the environment reports (500), and an
 * over-long path parameter was answered outside the envelope.
 */
describe(`reach of ordinary managers and edge answers (${TEST_DB})`, () => {
  let ctx: TestContext;
  let pigFarm: number;
  let poultryFarm: number;
  let tok: Record<'poultryOnly' | 'pig', string>;
  let ids: Record<'pigOnly' | 'poultryStaff' | 'both' | 'poultryOnly', number>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    pigFarm = await farmIdByName(db, 'Demo Pig Farm');
    poultryFarm = await farmIdByName(db, 'Demo Poultry Farm');
    const [tenant] = await db.select({ id: accounts.tenantId }).from(accounts).where(eq(accounts.accountCode, 'demo'));
    const tenantId = tenant!.id!;
    const everything = [...codesForModules(['pig', 'chicken', 'group'])].map((code) => ({ code, ops: ['view', 'add', 'edit', 'delete'] }));
    const all = await buildRole(db, tenantId, 'All functions', everything);
    ids = {
      poultryOnly: await buildAccount(db, { tenantId, accountCode: 'poultry-manager', roleIds: [all], farmIds: [poultryFarm] }),
      pigOnly: await buildAccount(db, { tenantId, accountCode: 'pig-hand', farmIds: [pigFarm] }),
      poultryStaff: await buildAccount(db, { tenantId, accountCode: 'poultry-hand', farmIds: [poultryFarm] }),
      both: await buildAccount(db, { tenantId, accountCode: 'both-hand', farmIds: [pigFarm, poultryFarm] }),
    };
    tok = { poultryOnly: await tokenFor(db, 'poultry-manager'), pig: await tokenFor(db, 'pig') };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('cannot edit, ban, delete or re-role an account that works only on farms it is not authorized for', async () => {
    const db = ctx.database.db;
    const before = await db.select().from(accounts).where(eq(accounts.id, ids.pigOnly));
    const calls: [Parameters<typeof call>[2], string, unknown?][] = [
      ['PUT', '/api/accountauth/account/update', { id: ids.pigOnly, accountName: 'Taken over', phoneNo: '13900000001' }],
      ['POST', '/api/accountauth/account/ban', { ids: [ids.pigOnly], status: 0 }],
      ['POST', '/api/accountauth/account/roleEdit', { accountId: ids.pigOnly, roleIds: [] }],
      ['DELETE', `/api/accountauth/account/delete/${ids.pigOnly}`],
    ];
    for (const [method, url, body] of calls) {
      expect([url, (await call(ctx, tok.poultryOnly, method, url, body)).code]).toEqual([url, ErrorCodes.NO_PERMISSION]);
    }
    expect(await db.select().from(accounts).where(eq(accounts.id, ids.pigOnly))).toEqual(before);
    // Each refusal is in the audit log as denied.
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, ids.poultryOnly), eq(auditLog.outcome, 'denied')));
    expect(denied.map((d) => `${d.method} ${d.action}`).sort()).toEqual([
      'DELETE /api/accountauth/account/delete/:id',
      'POST /api/accountauth/account/ban',
      'POST /api/accountauth/account/roleEdit',
      'PUT /api/accountauth/account/update',
    ]);
    // Its own farm's staff, and an account shared with the pig farm, it still manages.
    expect(
      (
        await call(ctx, tok.poultryOnly, 'PUT', '/api/accountauth/account/update', {
          id: ids.poultryStaff,
          accountName: 'Renamed',
          phoneNo: '13900000002',
        })
      ).code,
    ).toBe(1);
    expect(
      (
        await call(ctx, tok.poultryOnly, 'PUT', '/api/accountauth/account/update', {
          id: ids.both,
          accountName: 'Shared',
          phoneNo: '13900000003',
        })
      ).code,
    ).toBe(1);
  });

  it('resets a password only for an account whose farms it manages as a whole', async () => {
    const password = await encrypt(ctx, 'Reset@2024x');
    // The account also works on the pig farm: a new password would hand that farm over.
    expect(
      (
        await call(ctx, tok.poultryOnly, 'PUT', '/api/accountauth/account/update', {
          id: ids.both,
          accountName: 'Shared',
          phoneNo: '13900000003',
          password,
        })
      ).code,
    ).toBe(ErrorCodes.NO_PERMISSION);
    expect(
      (
        await call(ctx, tok.poultryOnly, 'PUT', '/api/accountauth/account/update', {
          id: ids.poultryStaff,
          accountName: 'Renamed',
          phoneNo: '13900000002',
          password,
        })
      ).code,
    ).toBe(1);
  });

  it('lists accounts without the farms it is not authorized for, and refuses to filter by one (10007)', async () => {
    const list = await call<Page<AccountRow>>(ctx, tok.poultryOnly, 'GET', '/api/breedpigaccount/account/list?pageSize=100');
    expect(list.code).toBe(1);
    expect(list.data.list.flatMap((a) => a.farms.map((f) => f.id))).not.toContain(pigFarm);
    expect(list.data.list.find((a) => a.id === ids.both)!.farms.map((f) => f.id)).toEqual([poultryFarm]);
    const list2 = await call<Page<AccountRowWithScope>>(ctx, tok.poultryOnly, 'GET', '/api/breedpigaccount/account/list2?pageSize=100');
    expect(list2.data.list.flatMap((a) => a.authorization.map((f) => f.farmId))).not.toContain(pigFarm);
    expect((await call(ctx, tok.poultryOnly, 'GET', `/api/breedpigaccount/account/list?farmId=${pigFarm}`)).code).toBe(
      ErrorCodes.FARM_NOT_FOUND,
    );
    // The administrator still sees everything.
    const demo = await call<Page<AccountRow>>(
      ctx,
      await tokenFor(ctx.database.db, 'demo'),
      'GET',
      `/api/breedpigaccount/account/list?farmId=${pigFarm}`,
    );
    expect(demo.data.list.map((a) => a.id)).toContain(ids.both);
  });

  it('cannot delete or re-bind a role with rights it lacks or held by staff beyond its farms', async () => {
    const db = ctx.database.db;
    const roleId = async (name: string): Promise<number> =>
      (await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, name)))[0]!.id;
    // The pig keeper manages roles but holds no poultry rights.
    expect((await call(ctx, tok.pig, 'DELETE', `/api/accountauth/roleInfo?id=${await roleId('Poultry staff')}`)).code).toBe(
      ErrorCodes.NO_PERMISSION,
    );
    // Every right, but the pig role's holders work only on the pig farm.
    const pigRole = await roleId('Pig staff');
    expect((await call(ctx, tok.poultryOnly, 'DELETE', `/api/accountauth/roleInfo?id=${pigRole}`)).code).toBe(ErrorCodes.NO_PERMISSION);
    expect(
      (await call(ctx, tok.poultryOnly, 'POST', '/api/accountauth/operateAuth/bind', { roleId: pigRole, applications: [] })).code,
    ).toBe(ErrorCodes.NO_PERMISSION);
    expect(await roleId('Pig staff')).toBe(pigRole);
    // A role of its own making it deletes.
    const own = await call<{ id: number }>(ctx, tok.poultryOnly, 'POST', '/api/accountauth/roleInfo', { roleName: 'Temporary' });
    expect((await call(ctx, tok.poultryOnly, 'DELETE', `/api/accountauth/roleInfo?id=${own.data.id}`)).code).toBe(1);
  });

  it('answers an over-long report time with 99996 and an over-long path parameter in the envelope', async () => {
    const demo = await tokenFor(ctx.database.db, 'demo');
    const res = await call(ctx, demo, 'POST', '/api/environment/runStats', {
      farmId: pigFarm,
      startTime: Date.now() - 3_600_000,
      endTime: 'a'.repeat(41),
    });
    expect([res.status, res.code]).toEqual([400, ErrorCodes.PARAM_ERROR]);
    const long = await call(ctx, demo, 'DELETE', `/api/accountauth/account/delete/${'9'.repeat(300)}`);
    expect([long.status, long.code]).toEqual([414, ErrorCodes.PARAM_ERROR]);
  });
});
