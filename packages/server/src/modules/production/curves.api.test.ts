import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_CURVES, type CurveRow, type Page } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildFarm, buildTenant, call, tenantAccounts } from '../../test/factories.js';

const BASE = '/api/breedpigbuilding/standardCurve';

describe(`standard curves (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let farm: number;
  let otherFarm: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Curve Agri', ['chicken']);
    farm = await buildFarm(db, tenant, 'Curve Farm', 2);
    otherFarm = await buildFarm(db, tenant, 'Curve Farm Two', 2);
    const limited = [
      { suffix: 'two', role: 'Standards', code: 'ci18.std', farm: otherFarm },
      { suffix: 'env', role: 'Temperature only', code: 'ci18.env.temp', farm },
    ];
    Object.assign(tok, await tenantAccounts(db, { tenant, name: 'Curve', prefix: 'curve', modules: ['chicken'], limited }));
  });
  afterAll(async () => ctx?.close());

  it('lists the built-in standards as shared/production/standards.ts defines them', async () => {
    const res = await call<typeof BUILTIN_CURVES>(ctx, tok['curve-admin']!, 'GET', `${BASE}/builtins`);
    expect(res.code).toBe(1);
    expect(res.data).toEqual(BUILTIN_CURVES);
    expect(res.data.find((c) => c.id === 'ross308-weight')?.values.slice(0, 1)).toEqual([44]);
  });

  it('adds, lists, edits and deletes a curve; the same farm, flock type and indicator twice is 20064 on indicator', async () => {
    const add = await call<{ id: number }>(ctx, tok['curve-admin']!, 'POST', BASE, {
      farmId: farm,
      flockType: 2,
      indicator: '05',
      name: 'Feed',
      startDay: 1,
      values: '20, 30，40',
    });
    expect(add.code).toBe(1);
    const dup = await call(ctx, tok['curve-admin']!, 'POST', BASE, {
      farmId: farm,
      flockType: 2,
      indicator: '05',
      name: 'Feed again',
      values: [1],
    });
    expect([dup.code, dup.data]).toEqual([20064, { field: 'indicator' }]);
    // Another flock type or farm is another curve.
    expect(
      (
        await call(ctx, tok['curve-admin']!, 'POST', BASE, {
          farmId: farm,
          flockType: 4,
          indicator: '05',
          name: 'Layer feed',
          values: [100],
        })
      ).code,
    ).toBe(1);
    expect(
      (
        await call(ctx, tok['curve-admin']!, 'POST', BASE, {
          farmId: otherFarm,
          flockType: 2,
          indicator: '05',
          name: 'Feed',
          values: [1, 2],
        })
      ).code,
    ).toBe(1);

    const page = await call<Page<CurveRow>>(ctx, tok['curve-admin']!, 'POST', `${BASE}/page`, { farmId: farm, indicator: '05' });
    expect(page.data.total).toBe(2);
    expect(page.data.list[0]).toEqual({
      id: add.data.id,
      farmId: farm,
      farmName: 'Curve Farm',
      flockType: 2,
      indicator: '05',
      name: 'Feed',
      startDay: 1,
      values: [20, 30, 40],
      source: null,
      builtinId: null,
    });

    const edit = await call(ctx, tok['curve-admin']!, 'PUT', BASE, {
      id: add.data.id,
      farmId: farm,
      flockType: 2,
      indicator: '05',
      name: 'Feed g',
      startDay: 0,
      values: [10, 20],
    });
    expect(edit.code).toBe(1);
    // Moving it onto the layer curve's place collides.
    const clash = await call(ctx, tok['curve-admin']!, 'PUT', BASE, {
      id: add.data.id,
      farmId: farm,
      flockType: 4,
      indicator: '05',
      name: 'x',
      values: [1],
    });
    expect(clash.code).toBe(20064);
    const after = await call<Page<CurveRow>>(ctx, tok['curve-admin']!, 'POST', `${BASE}/page`, { farmId: farm, flockType: 2 });
    expect(after.data.list.map((c) => [c.name, c.startDay, c.values])).toEqual([['Feed g', 0, [10, 20]]]);

    expect((await call(ctx, tok['curve-admin']!, 'DELETE', `${BASE}/${add.data.id}`)).code).toBe(1);
    expect((await call(ctx, tok['curve-admin']!, 'DELETE', `${BASE}/${add.data.id}`)).code).toBe(30001);
  });

  it('copies a built-in standard (optionally for another flock type); a second copy is 20064, an unknown one 30001', async () => {
    const ross = BUILTIN_CURVES.find((c) => c.id === 'ross308-weight')!;
    const copy = await call<{ id: number }>(ctx, tok['curve-admin']!, 'POST', `${BASE}/copy`, {
      builtinId: 'ross308-weight',
      farmId: farm,
    });
    expect(copy.code).toBe(1);
    const page = await call<Page<CurveRow>>(ctx, tok['curve-admin']!, 'POST', `${BASE}/page`, { farmId: farm, indicator: '02' });
    expect(page.data.list).toEqual([
      {
        id: copy.data.id,
        farmId: farm,
        farmName: 'Curve Farm',
        flockType: 2,
        indicator: '02',
        name: ross.name,
        startDay: 0,
        values: ross.values,
        source: ross.source,
        builtinId: 'ross308-weight',
      },
    ]);
    expect((await call(ctx, tok['curve-admin']!, 'POST', `${BASE}/copy`, { builtinId: 'ross308-weight', farmId: farm })).code).toBe(20064);
    const mixed = await call(ctx, tok['curve-admin']!, 'POST', `${BASE}/copy`, { builtinId: 'ross308-weight', farmId: farm, flockType: 5 });
    expect(mixed.code).toBe(1);
    expect((await call(ctx, tok['curve-admin']!, 'POST', `${BASE}/copy`, { builtinId: 'no-such-curve', farmId: farm })).code).toBe(30001);
  });

  it("keeps to the caller's farms and tenant, and needs the standards screen", async () => {
    // An account authorized for the second farm only: the first farm is not found, its curves are not listed.
    expect((await call(ctx, tok['curve-two']!, 'POST', `${BASE}/page`, { farmId: farm })).code).toBe(10007);
    const own = await call<Page<CurveRow>>(ctx, tok['curve-two']!, 'POST', `${BASE}/page`, {});
    expect(own.data.list.every((c) => c.farmId === otherFarm)).toBe(true);
    expect(
      (await call(ctx, tok['curve-two']!, 'POST', BASE, { farmId: farm, flockType: 3, indicator: '01', name: 'T', values: [30] })).code,
    ).toBe(10007);
    const [first] = (await call<Page<CurveRow>>(ctx, tok['curve-admin']!, 'POST', `${BASE}/page`, { farmId: farm })).data.list;
    expect((await call(ctx, tok['curve-two']!, 'DELETE', `${BASE}/${first!.id}`)).code).toBe(30001);
    // Another tenant sees neither the farm nor the curve.
    expect((await call(ctx, tok['curve-second']!, 'POST', `${BASE}/copy`, { builtinId: 'ross308-weight', farmId: farm })).code).toBe(10007);
    expect(
      (
        await call(ctx, tok['curve-second']!, 'PUT', BASE, {
          id: first!.id,
          farmId: farm,
          flockType: 2,
          indicator: '02',
          name: 'x',
          values: [1],
        })
      ).code,
    ).toBe(30001);
    expect((await call<Page<CurveRow>>(ctx, tok['curve-second']!, 'POST', `${BASE}/page`, {})).data.total).toBe(0);
    // Without the standards screen: refused.
    expect((await call(ctx, tok['curve-env']!, 'GET', `${BASE}/builtins`)).code).toBe(10009);
  });
});
