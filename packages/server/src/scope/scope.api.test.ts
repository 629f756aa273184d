import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@farmsense/shared';
import { accountSheds, auditLog, gateways, pens, sheds } from '../db/tables.js';
import { adminWorld, type AdminWorld } from '../modules/farms/admin.fixtures.js';
import { accountId, buildAccount, call, tokenFor } from '../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';

/**
 * The one access scope (src/scope): every kind answers one code whether the id is another
 * tenant's, outside the caller's farms or of nothing at all, and every refusal is in the audit
 * log the same way (denied, the code, what was asked for), reads included.
 */
describe(`access scope (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let ids: { pigShed: number; pigPen: number; pigGateway: { id: number; code: string } };
  const NOTHING = 987_654_321;

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await adminWorld(ctx);
    const db = ctx.database.db;
    const [shed] = await db.select({ id: sheds.id }).from(sheds).where(eq(sheds.farmId, w.pigFarm)).limit(1);
    const [pen] = await db.select({ id: pens.id }).from(pens).where(eq(pens.shedId, shed!.id)).limit(1);
    const [gw] = await db.select({ id: gateways.id, code: gateways.code }).from(gateways).where(eq(gateways.shedId, shed!.id)).limit(1);
    ids = { pigShed: shed!.id, pigPen: pen?.id ?? NOTHING - 1, pigGateway: gw! };
  });
  afterAll(async () => ctx?.close());

  /** The newest denied audit entry of the account, as the log shows it. */
  async function lastDenied(code: string): Promise<{ code: number | null; detail: unknown; action: string } | undefined> {
    const id = await accountId(ctx.database.db, code);
    const [row] = await ctx.database.db
      .select({ code: auditLog.code, detail: auditLog.detail, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, id), eq(auditLog.outcome, 'denied')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  }

  it("answers another tenant's ids exactly as ids of nothing, for farms, sheds, pens and gateways", async () => {
    const asOutsider = async (method: Parameters<typeof call>[2], url: (id: number | string) => string, id: number | string) => {
      const r = await call(ctx, w.tok.secondAdmin, method, url(id));
      return [r.status, r.code, r.data];
    };
    const cases: [Parameters<typeof call>[2], (id: number | string) => string, number | string, number | string, number][] = [
      ['GET', (id) => `/api/breedpigbuilding/farmInfo/detail?id=${id}`, w.pigFarm, NOTHING, ErrorCodes.FARM_NOT_FOUND],
      ['DELETE', (id) => `/api/breedpigbuilding/shed/delete/${id}`, ids.pigShed, NOTHING, ErrorCodes.HOUSE_NOT_FOUND],
      ['DELETE', (id) => `/api/breedpigbuilding/shed/deleteField/${id}`, ids.pigPen, NOTHING, ErrorCodes.TARGET_PEN_NOT_FOUND],
      ['DELETE', (id) => `/api/breedpigdevice/controller/delete/${id}`, ids.pigGateway.id, NOTHING, ErrorCodes.DEVICE_MISSING],
      ['GET', (c) => `/api/breedpigdevice/controller/channels?code=${c}`, ids.pigGateway.code, 'fs-nosuch99', ErrorCodes.DEVICE_MISSING],
    ];
    for (const [method, url, theirs, none, code] of cases) {
      const a = await asOutsider(method, url, theirs);
      const b = await asOutsider(method, url, none);
      expect([url(theirs), a]).toEqual([url(theirs), b]);
      expect([url(theirs), a[1]]).toEqual([url(theirs), code]);
    }
  });

  it('logs each refusal once, the same way, for reads and writes', async () => {
    const detail = (await call(ctx, w.tok.secondAdmin, 'GET', `/api/breedpigbuilding/farmInfo/detail?id=${w.pigFarm}`)).code;
    expect(detail).toBe(ErrorCodes.FARM_NOT_FOUND);
    expect(await lastDenied('second-admin')).toEqual({
      code: ErrorCodes.FARM_NOT_FOUND,
      detail: { refused: 'farm', id: w.pigFarm },
      action: '/api/breedpigbuilding/farmInfo/detail',
    });
    const id = await accountId(ctx.database.db, 'second-admin');
    const shedDeletes = async () =>
      (
        await ctx.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.accountId, id), eq(auditLog.action, '/api/breedpigbuilding/shed/delete/:id')))
      ).length;
    const before = await shedDeletes();
    expect((await call(ctx, w.tok.secondAdmin, 'DELETE', `/api/breedpigbuilding/shed/delete/${NOTHING}`)).code).toBe(
      ErrorCodes.HOUSE_NOT_FOUND,
    );
    expect(await lastDenied('second-admin')).toEqual({
      code: ErrorCodes.HOUSE_NOT_FOUND,
      detail: { refused: 'shed', id: NOTHING },
      action: '/api/breedpigbuilding/shed/delete/:id',
    });
    // One entry for the refused write, not a "denied" and a "failed" one.
    expect(await shedDeletes()).toBe(before + 1);
  });

  it('lets an account limited to one shed see that shed and nothing else of the farm', async () => {
    const db = ctx.database.db;
    const all = await db.select({ id: sheds.id }).from(sheds).where(eq(sheds.farmId, w.pigFarm));
    const other = all.find((s) => s.id !== ids.pigShed)!.id;
    const one = await buildAccount(db, { tenantId: w.demoTenant, accountCode: 'one-shed', farmIds: [w.pigFarm] });
    await db.insert(accountSheds).values({ accountId: one, shedId: ids.pigShed });
    const tok = await tokenFor(db, 'one-shed');
    const tree = await call<{ tid: number }[]>(ctx, tok, 'GET', `/api/breedpigbuilding/fieldLevel/shedInfo/authList?farmId=${w.pigFarm}`);
    expect(tree.data.map((s) => s.tid)).toEqual([ids.pigShed]);
    const pensOf = async (shedId: number) => (await call(ctx, tok, 'POST', '/api/breedpigbuilding/shed/queryFields', { shedId })).code;
    expect(await pensOf(ids.pigShed)).toBe(ErrorCodes.SUCCESS);
    expect(await pensOf(other)).toBe(ErrorCodes.HOUSE_NOT_FOUND);
    expect(await lastDenied('one-shed')).toMatchObject({ code: ErrorCodes.HOUSE_NOT_FOUND, detail: { refused: 'shed', id: other } });
  });
});
