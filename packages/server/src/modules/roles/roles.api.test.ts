import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BindableApp, Page, RoleAppOps, RoleRow } from '@farmsense/shared';
import { accountRoles, applicationInfo, roleApps, roles } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildAccount, buildRole, buildTenant, call, tokenFor } from '../../test/factories.js';
import { adminWorld, pigManager, rows, type AdminWorld } from '../farms/admin.fixtures.js';
import { expectEveryRoute, type RouteCall } from '../../test/routes.js';

const ROLE = '/api/accountauth/roleInfo';
const PAGE = '/api/accountauth/roleInfo/page';
const APPS = '/api/accountauth/applicationInfo/list';
const BIND = '/api/accountauth/operateAuth/bind';
const BY_APP = '/api/accountauth/operateAuth/getOperateAuthByApplicationId';
const BY_APPS = '/api/accountauth/operateAuth/getOperateAuthByApplicationIds';
const OPS = '/api/accountauth/operateAuth/getLoginedAccountOperateAuth';

const flat = (nodes: BindableApp[]): BindableApp[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe(`roles (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let appId: (code: string) => Promise<number>;

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await adminWorld(ctx);
    const db = ctx.database.db;
    appId = async (code) =>
      (await db.select({ id: applicationInfo.id }).from(applicationInfo).where(eq(applicationInfo.code, code)))[0]!.id;
  });
  afterAll(async () => ctx?.close());

  it('refuses every route without a token (10002)', async () => {
    const routes: RouteCall[] = [
      ['GET', PAGE],
      ['POST', ROLE, { roleName: 'x' }],
      ['PUT', ROLE, { id: 1, roleName: 'x' }],
      ['DELETE', `${ROLE}?id=1`],
      ['GET', APPS],
      ['POST', BIND, { roleId: 1, applications: [] }],
      ['GET', `${BY_APP}?applicationId=1&roleId=1`],
      ['POST', BY_APPS, { roleId: 1, applicationIds: [] }],
    ];
    await expectEveryRoute(ctx, null, routes, 10002);
  });

  it('pages the tenant roles with account and application counts, filtered by name', async () => {
    const page = (await call<Page<RoleRow>>(ctx, w.tok.demo, 'GET', `${PAGE}?pageNo=1&pageSize=1000`)).data;
    expect(page.list.map((r) => r.roleName)).toEqual(['Pig staff', 'Poultry staff', 'Shed viewers']);
    expect(page.list[0]).toMatchObject({ type: 'farm', accountCount: 2 });
    expect(page.list[0]!.applicationCount).toBeGreaterThan(10);
    expect(page.list[2]).toMatchObject({ accountCount: 1, applicationCount: 1 });
    const filtered = (await call<Page<RoleRow>>(ctx, w.tok.demo, 'GET', `${PAGE}?roleName=POULTRY`)).data;
    expect(filtered).toMatchObject({ total: 1, pageNo: 1, pageSize: 20, list: [{ roleName: 'Poultry staff' }] });
    expect((await call<Page<RoleRow>>(ctx, w.tok.demo, 'GET', `${PAGE}?roleName=%25`)).data.total).toBe(0);
    expect((await call<Page<RoleRow>>(ctx, w.tok.secondAdmin, 'GET', PAGE)).data).toMatchObject({ total: 0, list: [] });
  });

  it('adds, renames and deletes roles; names are unique per tenant (10008)', async () => {
    const db = ctx.database.db;
    const add = await call<{ id: number }>(ctx, w.tok.demo, 'POST', ROLE, { roleName: 'Vets', type: 'farm' });
    expect(add.code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', ROLE, { roleName: 'Vets' })).code).toBe(10008);
    expect((await call(ctx, w.tok.demo, 'POST', ROLE, { roleName: ' Vets ' })).code).toBe(10008);
    expect((await call(ctx, w.tok.secondAdmin, 'POST', ROLE, { roleName: 'Vets' })).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'PUT', ROLE, { id: add.data.id, roleName: 'Pig staff' })).code).toBe(10008);
    expect((await call(ctx, w.tok.demo, 'PUT', ROLE, { id: add.data.id, roleName: 'Veterinarians', type: 'group' })).code).toBe(1);
    const [row] = await db.select().from(roles).where(eq(roles.id, add.data.id));
    expect(row).toMatchObject({ roleName: 'Veterinarians', type: 'group' });

    // Deleting a role unbinds its accounts.
    const vet = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'vet', roleIds: [add.data.id] });
    expect((await call(ctx, w.tok.demo, 'DELETE', `${ROLE}?id=${add.data.id}`)).code).toBe(1);
    expect(await db.select().from(accountRoles).where(eq(accountRoles.accountId, vet))).toEqual([]);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${ROLE}?id=${add.data.id}`)).code).toBe(30001);
  });

  it('refuses malformed input with 99996 and writes nothing', async () => {
    const db = ctx.database.db;
    const before = [await rows(db, roles), await rows(db, roleApps)];
    const [pigRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, 'Pig staff'));
    const bad: [Parameters<typeof call>[2], string, unknown][] = [
      ['POST', ROLE, { roleName: 'r'.repeat(51) }],
      ['POST', ROLE, { roleName: '' }],
      ['POST', ROLE, {}],
      ['POST', ROLE, { roleName: 'x', type: 'tenant' }],
      ['POST', ROLE, { roleName: 7 }],
      ['PUT', ROLE, { roleName: 'x' }],
      ['PUT', ROLE, { id: 'one', roleName: 'x' }],
      ['POST', BIND, { roleId: pigRole!.id, applications: [{ applicationInfoId: 1, ops: ['fly'] }] }],
      ['POST', BIND, { roleId: pigRole!.id, applications: [{ applicationInfoId: 1, ops: [] }] }],
      ['POST', BIND, { roleId: pigRole!.id, applications: 'all' }],
      ['POST', BIND, { roleId: pigRole!.id }],
      ['POST', BIND, { roleId: pigRole!.id, applications: [{ applicationInfoId: 987654, ops: ['view'] }] }],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(ctx, w.tok.demo, method, url, body);
      expect([JSON.stringify(body), res.code]).toEqual([JSON.stringify(body), 99996]);
    }
    expect([await rows(db, roles), await rows(db, roleApps)]).toEqual(before);
  });

  it('lists the bindable applications as a tree, group level apart from farm level', async () => {
    const all = flat((await call<BindableApp[]>(ctx, w.tok.demo, 'GET', APPS)).data);
    expect(all.find((n) => n.code === 'usermanagement.role')).toMatchObject({
      applicationInfoId: await appId('usermanagement.role'),
      funType: 'common',
      scope: 'farm',
    });
    expect(all.some((n) => n.scope === 'platform')).toBe(false);
    const group = flat((await call<BindableApp[]>(ctx, w.tok.demo, 'GET', `${APPS}?type=group`)).data);
    expect(group.length).toBeGreaterThan(0);
    expect(group.every((n) => n.scope === 'group')).toBe(true);
    const farmLevel = flat((await call<BindableApp[]>(ctx, w.tok.demo, 'GET', `${APPS}?type=farm`)).data);
    expect(farmLevel.every((n) => n.scope === 'farm')).toBe(true);
    expect(group.length + farmLevel.length).toBe(all.length);
    // A tenant with the pig module only is offered no poultry and no group applications.
    const db = ctx.database.db;
    const pigOnly = await buildTenant(db, 'Pig Only', ['pig']);
    const offered = flat((await call<BindableApp[]>(ctx, await adminToken(db, pigOnly, 'pigonly-admin'), 'GET', APPS)).data);
    expect(offered.some((n) => n.funType === 'chicken' || n.scope === 'group')).toBe(false);
    expect(offered.some((n) => n.code === 'pig.overview.shed')).toBe(true);
    expect((await call(ctx, w.tok.demo, 'GET', `${APPS}?type=tenant`)).code).toBe(99996);
  });

  it('binds operation rights per application, replacing the previous binding', async () => {
    const db = ctx.database.db;
    const roleId = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', ROLE, { roleName: 'Env viewers' })).data.id;
    const temp = await appId('pig.env1.temp');
    const shed = await appId('pig.overview.shed');
    const bind = await call(ctx, w.tok.demo, 'POST', BIND, {
      roleId,
      applications: [
        { applicationInfoId: temp, ops: ['edit', 'view'] },
        { applicationInfoId: shed, ops: ['view'] },
        { applicationInfoId: temp, ops: ['view', 'control'] },
      ],
    });
    expect(bind.code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'GET', `${BY_APP}?applicationId=${temp}&roleId=${roleId}`)).data).toEqual([
      'view',
      'edit',
      'control',
    ]);
    expect((await call(ctx, w.tok.demo, 'GET', `${BY_APP}?applicationId=${await appId('reports')}&roleId=${roleId}`)).data).toEqual([]);
    expect((await call(ctx, w.tok.demo, 'GET', `${BY_APP}?applicationId=987654&roleId=${roleId}`)).code).toBe(30001);
    const both = (await call<RoleAppOps[]>(ctx, w.tok.demo, 'POST', BY_APPS, { roleId, applicationIds: [shed, temp] })).data;
    expect(both).toEqual([
      {
        applicationInfoId: Math.min(shed, temp),
        applicationCode: shed < temp ? 'pig.overview.shed' : 'pig.env1.temp',
        ops: shed < temp ? ['view'] : ['view', 'edit', 'control'],
      },
      {
        applicationInfoId: Math.max(shed, temp),
        applicationCode: shed < temp ? 'pig.env1.temp' : 'pig.overview.shed',
        ops: shed < temp ? ['view', 'edit', 'control'] : ['view'],
      },
    ]);
    expect((await call<RoleAppOps[]>(ctx, w.tok.demo, 'POST', BY_APPS, { roleId, applicationIds: [] })).data).toHaveLength(2);

    // The account holding the role gets exactly these rights.
    await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'env-viewer', roleIds: [roleId], farmIds: [w.pigFarm] });
    const ops = (await call<Record<string, string[]>>(ctx, await tokenFor(db, 'env-viewer'), 'POST', OPS)).data;
    expect(ops['pig.env1.temp.mor']).toEqual(['view', 'edit', 'control']);
    expect(ops['pig.overview.shed']).toEqual(['view']);
    expect(ops['usermanagement.role']).toBeUndefined();

    expect((await call(ctx, w.tok.demo, 'POST', BIND, { roleId, applications: [{ applicationInfoId: shed, ops: ['view'] }] })).code).toBe(
      1,
    );
    expect((await db.select().from(roleApps).where(eq(roleApps.roleId, roleId))).map((r) => r.appCode)).toEqual(['pig.overview.shed']);
  });

  it('keeps group-level codes to group roles and farm-level codes to farm roles (99996)', async () => {
    const db = ctx.database.db;
    const groupRole = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', ROLE, { roleName: 'Board', type: 'group' })).data.id;
    const farmRole = (await call<{ id: number }>(ctx, w.tok.demo, 'POST', ROLE, { roleName: 'Keepers', type: 'farm' })).data.id;
    const groupApp = await appId('group.overview');
    const farmApp = await appId('pig.overview.shed');
    expect(
      (await call(ctx, w.tok.demo, 'POST', BIND, { roleId: groupRole, applications: [{ applicationInfoId: farmApp, ops: ['view'] }] }))
        .code,
    ).toBe(99996);
    expect(
      (await call(ctx, w.tok.demo, 'POST', BIND, { roleId: farmRole, applications: [{ applicationInfoId: groupApp, ops: ['view'] }] }))
        .code,
    ).toBe(99996);
    expect(
      (await call(ctx, w.tok.demo, 'POST', BIND, { roleId: groupRole, applications: [{ applicationInfoId: groupApp, ops: ['view'] }] }))
        .code,
    ).toBe(1);
    // A role with group bindings cannot become a farm role.
    expect((await call(ctx, w.tok.demo, 'PUT', ROLE, { id: groupRole, roleName: 'Board', type: 'farm' })).code).toBe(99996);
    // Platform codes and codes outside the tenant's modules are never bindable.
    const pigOnly = await buildTenant(db, 'Pig Only Two', ['pig']);
    const t = await adminToken(db, pigOnly, 'pigonly2-admin');
    const r = (await call<{ id: number }>(ctx, t, 'POST', ROLE, { roleName: 'R' })).data.id;
    for (const code of ['ci18.overview.shed', 'platform.tenants']) {
      expect(
        (await call(ctx, t, 'POST', BIND, { roleId: r, applications: [{ applicationInfoId: await appId(code), ops: ['view'] }] })).code,
      ).toBe(99996);
    }
    expect(await db.select().from(roleApps).where(eq(roleApps.roleId, r))).toEqual([]);
  });

  it("answers 30001 to another tenant's administrator for every demo role, changing nothing", async () => {
    const db = ctx.database.db;
    const demoRoles = await db.select().from(roles).where(eq(roles.tenantId, w.demoTenant));
    const bindings = await rows(db, roleApps);
    const app = await appId('pig.overview.shed');
    for (const { id } of demoRoles) {
      const calls: [Parameters<typeof call>[2], string, unknown?][] = [
        ['PUT', ROLE, { id, roleName: 'Hijacked' }],
        ['DELETE', `${ROLE}?id=${id}`],
        ['POST', BIND, { roleId: id, applications: [{ applicationInfoId: app, ops: ['view'] }] }],
        ['GET', `${BY_APP}?applicationId=${app}&roleId=${id}`],
        ['POST', BY_APPS, { roleId: id, applicationIds: [app] }],
      ];
      for (const [method, url, body] of calls) {
        const res = await call(ctx, w.tok.secondAdmin, method, url, body);
        expect([url, res.code, res.data]).toEqual([url, 30001, null]);
      }
    }
    expect(await db.select().from(roles).where(eq(roles.tenantId, w.demoTenant))).toEqual(demoRoles);
    expect(await rows(db, roleApps)).toBe(bindings);
    expect((await call<Page<RoleRow>>(ctx, w.tok.secondAdmin, 'GET', PAGE)).data.list.map((r) => r.roleName)).toEqual(['Vets']);
  });

  it('needs the role application (10009); ordinary managers bind only what they hold', async () => {
    const viewerRoutes: RouteCall[] = [
      ['GET', PAGE],
      ['POST', ROLE, { roleName: 'Nope' }],
      ['GET', APPS],
    ];
    await expectEveryRoute(ctx, w.tok.viewer, viewerRoutes, 10009, 403);
    expect((await call(ctx, w.tok.platform, 'GET', PAGE)).code).toBe(10009);
    const manager = await pigManager(ctx, w);
    // The pig farm manager's role holds role management and pig codes: no poultry or group codes to hand out.
    const db = ctx.database.db;
    const offered = flat((await call<BindableApp[]>(ctx, manager, 'GET', APPS)).data).map((n) => n.code);
    expect(offered).toContain('pig.overview.shed');
    expect(offered).not.toContain('ci18.overview.shed');
    expect(offered).not.toContain('group.overview');
    const roleId = (await call<{ id: number }>(ctx, manager, 'POST', ROLE, { roleName: 'Made by keeper' })).data.id;
    expect(
      (
        await call(ctx, manager, 'POST', BIND, {
          roleId,
          applications: [{ applicationInfoId: await appId('ci18.overview.shed'), ops: ['view'] }],
        })
      ).code,
    ).toBe(10009);
    expect(
      (
        await call(ctx, manager, 'POST', BIND, {
          roleId,
          applications: [{ applicationInfoId: await appId('pig.overview.shed'), ops: ['view'] }],
        })
      ).code,
    ).toBe(1);
    // A role bound to a menu group holds its entries; a limited manager cannot bind the group.
    const limited = await buildRole(db, w.demoTenant, 'Role admins', [{ code: 'usermanagement.role', ops: ['view', 'add', 'edit'] }]);
    await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'role-admin', roleIds: [limited], farmIds: [w.pigFarm] });
    const t = await tokenFor(db, 'role-admin');
    expect(
      (await call(ctx, t, 'POST', BIND, { roleId, applications: [{ applicationInfoId: await appId('usermanagement'), ops: ['view'] }] }))
        .code,
    ).toBe(10009);
    expect(flat((await call<BindableApp[]>(ctx, t, 'GET', APPS)).data).map((n) => n.code)).toEqual(['usermanagement.role']);
  });
});
