import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, AppError } from '@farmsense/shared';
import { accounts, farms, gateways, systemAuth, tenants } from '../db/tables.js';
import { buildAccount, buildFarm, buildTenant, send, tokenFor } from '../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { addTenantVia, SYSTEM_AUTH } from '../modules/tenants/tenants.fixtures.js';
import { assertDeviceLimit, assertFarmLimit, assertUserLimit, assertWithinValidity } from './limits.js';

const DAY = 86_400_000;

async function codeOf(p: Promise<unknown>): Promise<number | null> {
  try {
    await p;
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : -1;
  }
}

describe(`tenant limits (${TEST_DB})`, () => {
  let ctx: TestContext;
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  const tenantWith = async (caps: Partial<typeof systemAuth.$inferInsert>): Promise<number> => {
    const db = ctx.database.db;
    const id = await buildTenant(db, `Limits ${++seq}`);
    await db.insert(systemAuth).values({ tenantId: id, ...caps });
    return id;
  };

  it('a tenant created with userNum 2 takes its second account and refuses the third with 20101', async () => {
    const db = ctx.database.db;
    const platform = await tokenFor(db, 'platform');
    const t = await addTenantVia(ctx, platform, 'Two Users Co', 'twoadmin');
    await send(ctx, 'POST', SYSTEM_AUTH, { token: platform, body: { tenantId: t.id, userNum: 2 } });
    // The way the accounts module adds one: the check and the insert in one transaction.
    const add = (code: string): Promise<void> =>
      db.transaction(async (tx) => {
        await assertUserLimit(tx, t.id);
        await tx
          .insert(accounts)
          .values({ tenantId: t.id, accountCode: code, accountName: code, passwordHash: 'x', accountType: AccountType.TENANT_ORDINARY });
      });
    expect(await codeOf(add('twostaff1'))).toBeNull();
    expect(await codeOf(add('twostaff2'))).toBe(20101);
    expect((await db.select().from(accounts).where(eq(accounts.tenantId, t.id))).length).toBe(2);
    expect(await codeOf(assertUserLimit(db, t.id, 0))).toBeNull();
  });

  it('counts farms (20110) and gateways (20102) per tenant; null or no row means unlimited', async () => {
    const db = ctx.database.db;
    const t = await tenantWith({ farmNum: 1, deviceNum: 2 });
    const other = await tenantWith({ farmNum: 1 });
    expect(await codeOf(assertFarmLimit(db, t))).toBeNull();
    const farm = await buildFarm(db, t, 'Only Farm');
    expect(await codeOf(assertFarmLimit(db, t))).toBe(20110);
    expect(await codeOf(assertFarmLimit(db, other))).toBeNull(); // another tenant's farm does not count
    expect(await codeOf(assertDeviceLimit(db, t, 2))).toBeNull();
    expect(await codeOf(assertDeviceLimit(db, t, 3))).toBe(20102);
    await db
      .insert(gateways)
      .values(
        [1, 2].map((n) => ({ tenantId: t, farmId: farm, code: `fs-lim${seq}x${n}`, name: `g${n}`, gatewayType: 101, checkCode: 'c' })),
      );
    expect(await codeOf(assertDeviceLimit(db, t))).toBe(20102);

    const open = await tenantWith({});
    const bare = await buildTenant(db, `No Auth Row ${seq}`);
    for (const id of [open, bare]) {
      await buildFarm(db, id, 'F1');
      await buildAccount(db, { tenantId: id, accountCode: `user${id}` });
      expect(await codeOf(assertUserLimit(db, id, 1000))).toBeNull();
      expect(await codeOf(assertFarmLimit(db, id, 1000))).toBeNull();
      expect(await codeOf(assertDeviceLimit(db, id, 1000))).toBeNull();
    }
    expect((await db.select().from(farms).where(eq(farms.tenantId, t))).length).toBe(1);
  });

  it('lets only one of two parallel inserts take the last place', async () => {
    const db = ctx.database.db;
    const t = await tenantWith({ userNum: 1 });
    const add = (code: string): Promise<void> =>
      db.transaction(async (tx) => {
        await assertUserLimit(tx, t);
        // Holds the place long enough for the other transaction to reach its own check.
        await new Promise((r) => setTimeout(r, 150));
        await tx
          .insert(accounts)
          .values({ tenantId: t, accountCode: code, accountName: code, passwordHash: 'x', accountType: AccountType.TENANT_ORDINARY });
      });
    const results = await Promise.allSettled([add(`race${t}a`), add(`race${t}b`)]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect((rejected?.reason as AppError).code).toBe(20101);
    expect((await db.select().from(accounts).where(eq(accounts.tenantId, t))).length).toBe(1);
  });

  it('assertWithinValidity refuses with 20109 outside the window and passes inside it', async () => {
    const db = ctx.database.db;
    const now = Date.now();
    const cases: [Partial<typeof systemAuth.$inferInsert>, number | null][] = [
      [{}, null],
      [{ validEnd: new Date(now - DAY) }, 20109],
      [{ validStart: new Date(now + DAY) }, 20109],
      [{ validStart: new Date(now - DAY), validEnd: new Date(now + DAY) }, null],
      [{ validYears: 1, validStart: new Date(now - 400 * DAY) }, 20109],
      [{ validYears: 2, validStart: new Date(now - 400 * DAY) }, null],
    ];
    for (const [caps, expected] of cases) {
      const t = await tenantWith(caps);
      expect([caps, await codeOf(assertWithinValidity(db, t))]).toEqual([caps, expected]);
    }
    // Years without a start count from the tenant's creation.
    const old = await tenantWith({ validYears: 1 });
    await db
      .update(tenants)
      .set({ createdAt: new Date(now - 370 * DAY) })
      .where(eq(tenants.id, old));
    expect(await codeOf(assertWithinValidity(db, old))).toBe(20109);
    expect(await codeOf(assertWithinValidity(db, old, new Date(now - 10 * DAY)))).toBeNull();
    expect(await codeOf(assertWithinValidity(db, 999999))).toBe(20109);
  });
});
