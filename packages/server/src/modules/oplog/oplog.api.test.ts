import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationLogRow, Page } from '@farmsense/shared';
import { auditLog, tenants } from '../../db/tables.js';
import { accountId, buildAccount, buildRole, buildTenant, send, tokenFor } from '../../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';

const PAGE = '/api/breedpigbuilding/operationLog/page';
const MODULES = '/api/breedpigbuilding/operationLog/modules';
const DAY = 86_400_000;

describe(`operation log (${TEST_DB})`, () => {
  let ctx: TestContext;
  let demoTenant: number;
  let otherTenant: number;
  let demo: string;
  let platform: string;
  const now = Date.now();

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    demoTenant = (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group')))[0]!.id;
    otherTenant = await buildTenant(db, 'Other Group');
    demo = await tokenFor(db, 'demo');
    platform = await tokenFor(db, 'platform');
    const demoId = await accountId(db, 'demo');
    const pigId = await accountId(db, 'pig');
    const at = (daysAgo: number): Date => new Date(now - daysAgo * DAY);
    await db.insert(auditLog).values([
      {
        at: at(1),
        tenantId: demoTenant,
        accountId: demoId,
        accountCode: 'demo',
        action: '/api/x/add',
        module: 'usermanagement',
        outcome: 'ok',
        code: 1,
        method: 'POST',
      },
      {
        at: at(2),
        tenantId: demoTenant,
        accountId: pigId,
        accountCode: 'pig',
        action: '/api/x/edit',
        module: 'housemanagement',
        outcome: 'failed',
        code: 20026,
        method: 'PUT',
      },
      {
        at: at(3),
        tenantId: demoTenant,
        accountId: pigId,
        accountCode: 'pig',
        action: '/api/x/del',
        module: 'housemanagement',
        outcome: 'denied',
        code: 10009,
        method: 'DELETE',
      },
      {
        at: at(40),
        tenantId: demoTenant,
        accountId: demoId,
        accountCode: 'demo',
        action: '/api/x/old',
        module: 'usermanagement',
        outcome: 'ok',
        code: 1,
      },
      {
        at: at(1),
        tenantId: otherTenant,
        accountId: null,
        accountCode: 'stranger',
        action: '/api/x/secret',
        module: 'secretmodule',
        outcome: 'ok',
        code: 1,
      },
      {
        at: at(1),
        tenantId: null,
        accountId: null,
        accountCode: 'platform',
        action: '/api/platform/tenant',
        module: 'platform',
        outcome: 'ok',
        code: 1,
      },
    ]);
  });
  afterAll(async () => ctx?.close());

  const page = (token: string, body: Record<string, unknown> = {}) =>
    send<Page<OperationLogRow>>(ctx, 'POST', PAGE, { token, body: { pageNo: 1, pageSize: 50, ...body } });
  const actions = (p: Page<OperationLogRow>): string[] => p.list.map((r) => r.action);

  it("shows the caller's tenant entries of the last 30 days, newest first, and nothing of other tenants", async () => {
    const res = await page(demo);
    expect(res.code).toBe(1);
    expect(res.data.list.every((r) => r.tenantId === demoTenant)).toBe(true);
    const mine = actions(res.data).filter((a) => a.startsWith('/api/x/'));
    expect(mine).toEqual(['/api/x/add', '/api/x/edit', '/api/x/del']);
    expect(actions(res.data)).not.toContain('/api/x/secret');
    expect(actions(res.data)).not.toContain('/api/platform/tenant');
    const add = res.data.list.find((r) => r.action === '/api/x/add')!;
    expect(add).toMatchObject({
      accountCode: 'demo',
      accountName: 'Demo Admin',
      outcome: 'ok',
      code: 1,
      module: 'usermanagement',
      method: 'POST',
    });
    expect(Date.parse(add.at)).toBeGreaterThan(now - 2 * DAY);
    // Naming another tenant is refused, not answered with its rows.
    expect((await page(demo, { tenantId: otherTenant })).code).toBe(10009);
    expect((await page(demo, { tenantId: demoTenant })).code).toBe(1);
  });

  it('filters by account, module and outcome, and by a time range given in ms, seconds or ISO', async () => {
    const pigId = await accountId(ctx.database.db, 'pig');
    expect(actions((await page(demo, { accountId: pigId })).data)).toEqual(['/api/x/edit', '/api/x/del']);
    expect(actions((await page(demo, { module: 'usermanagement' })).data)).toEqual(['/api/x/add']);
    expect(actions((await page(demo, { outcome: 'denied', module: 'housemanagement' })).data)).toEqual(['/api/x/del']);
    expect(actions((await page(demo, { accountCode: 'PIG', outcome: 'failed' })).data)).toEqual(['/api/x/edit']);
    const older = await page(demo, { startTime: now - 45 * DAY, endTime: new Date(now - 20 * DAY).toISOString() });
    expect(actions(older.data)).toEqual(['/api/x/old']);
    const secs = await page(demo, { startTime: Math.floor((now - 2.5 * DAY) / 1000), endTime: Math.floor((now - 1.5 * DAY) / 1000) });
    expect(actions(secs.data)).toEqual(['/api/x/edit']);
    const paged = await page(demo, { module: 'housemanagement', pageNo: 2, pageSize: 1 });
    expect(paged.data).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(actions(paged.data)).toEqual(['/api/x/del']);
    expect((await page(demo, { outcome: 'maybe' })).code).toBe(99996);
    expect((await page(demo, { startTime: 'last week' })).code).toBe(99996);
  });

  it('keeps page visits apart: left out by default, listed when asked for, with the page in the detail', async () => {
    const visit = await send(ctx, 'POST', '/api/breedpigbuilding/breedUserActLog/saveActLog', {
      token: demo,
      body: { modeCode: 'housemanagement.shedlist' },
    });
    expect(visit.code).toBe(1);
    expect((await page(demo)).data.list.some((r) => r.module === 'visit')).toBe(false);
    const visits = (await page(demo, { visits: true })).data.list.filter((r) => r.module === 'visit');
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      action: '/api/breedpigbuilding/breedUserActLog/saveActLog',
      outcome: 'ok',
      detail: { modeCode: 'housemanagement.shedlist' },
    });
    expect((await page(demo, { module: 'visit' })).data.list.map((r) => r.module)).toEqual(['visit']);
    expect((await page(demo, { visits: 'yes' })).code).toBe(99996);
  });

  it('applies the 30-day rule: end before start is 20027, a longer range 99996 (validation.rangeMaxDays)', async () => {
    expect((await page(demo, { startTime: now, endTime: now - DAY })).code).toBe(20027);
    const long = await send<{ issues: { field: string; key: string }[] }>(ctx, 'POST', PAGE, {
      token: demo,
      body: { startTime: now - 31 * DAY, endTime: now },
    });
    expect(long.code).toBe(99996);
    expect(long.data.issues).toEqual([{ field: 'endTime', key: 'validation.rangeMaxDays' }]);
    expect((await page(demo, { startTime: now - 30 * DAY, endTime: now })).code).toBe(1);
  });

  it("lets the platform read the platform entries, or one tenant's when it names it", async () => {
    const own = await page(platform);
    expect(own.code).toBe(1);
    expect(own.data.list.every((r) => r.tenantId === null)).toBe(true);
    expect(actions(own.data)).toContain('/api/platform/tenant');
    const other = await page(platform, { tenantId: otherTenant });
    expect(actions(other.data)).toEqual(['/api/x/secret']);
    const mods = await send<string[]>(ctx, 'GET', MODULES, { token: platform, query: { tenantId: String(otherTenant) } });
    expect(mods.data).toEqual(['secretmodule']);
  });

  it("lists the module names of the caller's own log only", async () => {
    const res = await send<string[]>(ctx, 'GET', MODULES, { token: demo });
    expect(res.code).toBe(1);
    expect(res.data).toEqual(expect.arrayContaining(['housemanagement', 'usermanagement']));
    expect(res.data).not.toContain('secretmodule');
    expect([...res.data].sort()).toEqual(res.data);
  });

  it('needs the log function: an account without it gets 10009, no token 10002', async () => {
    const db = ctx.database.db;
    const role = await buildRole(db, demoTenant, 'No log role', [{ code: 'housemanagement.shedlist', ops: ['view'] }]);
    await buildAccount(db, { tenantId: demoTenant, accountCode: 'nolog', roleIds: [role] });
    const nolog = await tokenFor(db, 'nolog');
    expect((await page(nolog)).code).toBe(10009);
    expect((await send(ctx, 'GET', MODULES, { token: nolog })).code).toBe(10009);
    expect((await send(ctx, 'POST', PAGE, { body: {} })).code).toBe(10002);
    const reader = await buildRole(db, demoTenant, 'Log reader', [{ code: 'safe-oplog.records', ops: ['view'] }]);
    await buildAccount(db, { tenantId: demoTenant, accountCode: 'logreader', roleIds: [reader] });
    expect((await page(await tokenFor(db, 'logreader'))).code).toBe(1);
  });

  it('has no way to change or delete entries: PUT and DELETE answer 21008 and the row count never drops', async () => {
    const db = ctx.database.db;
    const total = async (): Promise<number> => (await db.select({ n: count() }).from(auditLog))[0]!.n;
    const before = await total();
    const [first] = await db.select({ id: auditLog.id }).from(auditLog).limit(1);
    const paths = [
      PAGE,
      MODULES,
      `${PAGE}/${first!.id}`,
      '/api/breedpigbuilding/operationLog',
      `/api/breedpigbuilding/operationLog/${first!.id}`,
    ];
    for (const token of [demo, platform]) {
      for (const url of paths) {
        for (const method of ['PUT', 'DELETE'] as const) {
          const res = await send(ctx, method, url, { token, body: { id: first!.id, ids: [first!.id] } });
          expect([method, url, res.status, res.code]).toEqual([method, url, 404, 21008]);
        }
      }
      expect((await send(ctx, 'POST', `${PAGE}/delete`, { token, body: { ids: [first!.id] } })).code).toBe(21008);
    }
    expect(await total()).toBeGreaterThanOrEqual(before);
    expect((await db.select().from(auditLog).where(eq(auditLog.id, first!.id))).length).toBe(1);
    // Reading the log does not write to it.
    const mid = await total();
    await page(demo);
    expect(await total()).toBe(mid);
  });
});
