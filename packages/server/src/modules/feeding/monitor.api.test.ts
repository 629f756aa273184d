import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, type PenFeedRow } from '@farmsense/shared';
import { pens, telemetryLatest } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, buildFarm, buildShed, buildTenant, call, tokenFor } from '../../test/factories.js';
import { buildFeeders, type FeederSet } from './feeding.fixtures.js';

const PENS = '/api/feeding/monitor/pens';

describe(`feeding monitor (${TEST_DB})`, () => {
  let ctx: TestContext;
  let farm: number;
  let shed: number;
  let penIds: number[];
  let set: FeederSet;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Monitor Agri', ['pig']);
    farm = await buildFarm(db, tenant, 'Monitor Farm', 1);
    shed = await buildShed(db, tenant, farm, { shedName: 'Farrowing M', shedType: 2 });
    penIds = (
      await db
        .insert(pens)
        .values([1, 2].map((n) => ({ tenantId: tenant, shedId: shed, fieldColumn: n, field: 1 })))
        .returning({ id: pens.id })
    ).map((p) => p.id);
    // Pen 1 has two feeders, pen 2 one.
    set = await buildFeeders(ctx.database, {
      tenantId: tenant,
      farmId: farm,
      shedId: shed,
      code: 'fs-fdmon1',
      pens: [penIds[0]!, penIds[0]!, penIds[1]!],
    });
    await buildAccount(db, { tenantId: tenant, accountCode: 'mo-admin', accountType: AccountType.TENANT_ADMIN });
    const other = await buildTenant(db, 'Monitor Other', ['pig']);
    await buildAccount(db, { tenantId: other, accountCode: 'mo-other', accountType: AccountType.TENANT_ADMIN });
    for (const a of ['mo-admin', 'mo-other']) tok[a] = await tokenFor(db, a);
  });
  afterAll(async () => ctx?.close());

  it('sums today per pen: planned and dispensed of the reporting feeders, feeding and not eating; yesterday does not count', async () => {
    const now = new Date();
    const yesterday = new Date(Date.now() - 2 * 86_400_000);
    const [a, b, c] = set.feeders as [number, number, number];
    const row = (feeder: number, key: string, value: number, ts = now) => ({
      gatewayId: set.gatewayId,
      key: `${key}.${feeder}`,
      ts,
      value,
    });
    await ctx.database.db.insert(telemetryLatest).values([
      row(a, 'feederRation', 5000),
      row(a, 'feederFeed', 1500),
      row(a, 'feederState', 1),
      row(b, 'feederRation', 5000),
      row(b, 'feederFeed', 200),
      row(b, 'feederState', 2),
      // Pen 2's feeder last reported two days ago: it is not reporting today.
      row(c, 'feederRation', 4000, yesterday),
      row(c, 'feederFeed', 3900, yesterday),
    ]);
    const r = await call<{ day: string; pens: PenFeedRow[] }>(ctx, tok['mo-admin']!, 'GET', `${PENS}?farmId=${farm}`);
    expect(r.code).toBe(1);
    expect(r.data.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.data.pens.map((p) => [p.penColumn, p.feeders, p.reporting, p.planned, p.dispensed, p.feeding, p.notEating])).toEqual([
      [1, 2, 2, 10000, 1700, 1, 1],
      [2, 1, 0, 0, 0, 0, 0],
    ]);
    expect(r.data.pens[0]!.lastReport).toBeGreaterThan(Date.now() - 60_000);
    expect(r.data.pens[1]!.lastReport).toBeNull();
    const one = await call<{ pens: PenFeedRow[] }>(ctx, tok['mo-admin']!, 'GET', `${PENS}?farmId=${farm}&shedId=${shed}`);
    expect(one.data.pens).toHaveLength(2);
  });

  it("answers 10007 for another tenant's farm", async () => {
    expect((await call(ctx, tok['mo-other']!, 'GET', `${PENS}?farmId=${farm}`)).code).toBe(10007);
  });
});
