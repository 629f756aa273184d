import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedInfoRow, type FeedOption, type FeedTypeRow, type Page } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { feedingTenant, gestationPlan } from './feeding.fixtures.js';
import { feedingPlans, feedingPlanStages } from './tables.js';

const TYPE = '/api/feeding/feedType';
const INFO = '/api/feeding/feedInfo';

describe(`feed types and feed info (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let tenant: number;
  let farm: number;

  const sowFeed = (typeId: number, over: Record<string, unknown> = {}): Record<string, unknown> => ({
    typeId,
    name: 'Gestation 16 %',
    batch: 'G-2026-11-01',
    formulaRatio: 'corn 62 %, soybean meal 18 %, bran 15 %, premix 5 %',
    weight: 40,
    unit: 'kg',
    price: 128.5,
    priceUnit: 'CNY/bag',
    animalType: 1,
    ...over,
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    const limited = { suffix: 'types', role: 'Feed types', code: 'accurate-feeding.info.type' };
    const w = await feedingTenant(ctx, { name: 'Feed', prefix: 'fd', limited });
    ({ tenant, farm } = w);
    Object.assign(tok, w.tok);
  });
  afterAll(async () => ctx?.close());

  it('adds, lists, renames and deletes feed types; a used name is 20034; another tenant sees none (30001)', async () => {
    const add = await call<{ id: number }>(ctx, tok['fd-types']!, 'POST', TYPE, { name: 'Sow feed', remark: 'gestation and lactation' });
    expect(add.code).toBe(1);
    const dup = await call(ctx, tok['fd-admin']!, 'POST', TYPE, { name: 'Sow feed' });
    expect([dup.code, dup.data]).toEqual([20034, { field: 'name' }]);
    const other = await call<{ id: number }>(ctx, tok['fd-admin']!, 'POST', TYPE, { name: 'Piglet creep' });
    expect((await call(ctx, tok['fd-admin']!, 'PUT', TYPE, { id: other.data.id, name: 'Sow feed' })).code).toBe(20034);
    expect((await call(ctx, tok['fd-admin']!, 'PUT', TYPE, { id: other.data.id, name: 'Creep feed' })).code).toBe(1);
    const page = await call<Page<FeedTypeRow>>(ctx, tok['fd-admin']!, 'GET', `${TYPE}/page?name=feed`);
    expect(page.data.list.map((t) => [t.name, t.infoCount])).toEqual([
      ['Creep feed', 0],
      ['Sow feed', 0],
    ]);
    // The same name in another tenant is free; this tenant's types are not its to see or change.
    expect((await call(ctx, tok['fd-second']!, 'POST', TYPE, { name: 'Sow feed' })).code).toBe(1);
    expect((await call<Page<FeedTypeRow>>(ctx, tok['fd-second']!, 'GET', `${TYPE}/page`)).data.total).toBe(1);
    expect((await call(ctx, tok['fd-second']!, 'PUT', TYPE, { id: add.data.id, name: 'Mine' })).code).toBe(30001);
    expect((await call(ctx, tok['fd-second']!, 'DELETE', `${TYPE}/${add.data.id}`)).code).toBe(30001);
    expect((await call(ctx, tok['fd-admin']!, 'DELETE', `${TYPE}/${other.data.id}`)).code).toBe(1);
    // Bad input is refused, not coerced; another screen's function does not open this one.
    expect((await call(ctx, tok['fd-admin']!, 'POST', TYPE, { name: '  ' })).code).toBe(99996);
    expect((await call(ctx, tok['fd-admin']!, 'POST', TYPE, { name: 'X', colour: 'red' })).code).toBe(99996);
    expect((await call(ctx, tok['fd-plans']!, 'GET', `${TYPE}/page`)).code).toBe(10009);
  });

  it('adds feed info with batch, formula, weight, price and unit; 20093 a used name, 20035 a used batch', async () => {
    const [type] = (await call<Page<FeedTypeRow>>(ctx, tok['fd-admin']!, 'GET', `${TYPE}/page?name=Sow`)).data.list;
    const add = await call<{ id: number }>(ctx, tok['fd-admin']!, 'POST', INFO, sowFeed(type!.id));
    expect(add.code).toBe(1);
    const byName = await call(ctx, tok['fd-admin']!, 'POST', INFO, sowFeed(type!.id, { batch: 'G-2' }));
    expect([byName.code, byName.data]).toEqual([20093, { field: 'name' }]);
    const byBatch = await call(ctx, tok['fd-admin']!, 'POST', INFO, sowFeed(type!.id, { name: 'Lactation 18 %' }));
    expect([byBatch.code, byBatch.data]).toEqual([20035, { field: 'batch' }]);
    const lact = await call<{ id: number }>(
      ctx,
      tok['fd-admin']!,
      'POST',
      INFO,
      sowFeed(type!.id, { name: 'Lactation 18 %', batch: 'L-1', unit: 'g', weight: 25000, price: null, priceUnit: '' }),
    );
    expect(lact.code).toBe(1);
    // Bad values: unit, weight, animal type, a type of nobody.
    for (const bad of [{ unit: 'lb' }, { weight: 0 }, { weight: '40' }, { animalType: 7 }, { price: -1 }]) {
      expect((await call(ctx, tok['fd-admin']!, 'POST', INFO, sowFeed(type!.id, { name: 'New', batch: 'N', ...bad }))).code).toBe(99996);
    }
    expect((await call(ctx, tok['fd-admin']!, 'POST', INFO, sowFeed(999_999, { name: 'New', batch: 'N' }))).code).toBe(30001);

    const page = await call<Page<FeedInfoRow>>(ctx, tok['fd-admin']!, 'GET', `${INFO}/page?animalType=1&name=L-1`);
    expect(page.data.list).toEqual([
      expect.objectContaining({
        name: 'Lactation 18 %',
        batch: 'L-1',
        typeName: 'Sow feed',
        unit: 'g',
        weight: 25000,
        price: null,
        planUses: 0,
      }),
    ]);
    expect((await call(ctx, tok['fd-admin']!, 'PUT', INFO, { ...sowFeed(type!.id, { batch: 'L-1' }), id: add.data.id })).code).toBe(20035);
    expect((await call(ctx, tok['fd-admin']!, 'PUT', INFO, { ...sowFeed(type!.id, { price: 130 }), id: add.data.id })).code).toBe(1);
    // The plan screen lists feeds to pick; the second tenant sees none of them.
    const list = await call<FeedOption[]>(ctx, tok['fd-plans']!, 'GET', `${INFO}/list?animalType=1`);
    expect(list.data.map((f) => f.name)).toEqual(['Gestation 16 %', 'Lactation 18 %']);
    expect((await call<FeedOption[]>(ctx, tok['fd-second']!, 'GET', `${INFO}/list`)).data).toEqual([]);
    expect((await call(ctx, tok['fd-second']!, 'DELETE', `${INFO}/${add.data.id}`)).code).toBe(30001);
    expect((await call(ctx, tok['fd-plans']!, 'POST', INFO, sowFeed(type!.id, { name: 'P', batch: 'P' }))).code).toBe(10009);
  });

  it('refuses to delete a type with feed, or a feed a plan uses (20036); deletes them once free', async () => {
    const { db } = ctx.database;
    const [type] = (await call<Page<FeedTypeRow>>(ctx, tok['fd-admin']!, 'GET', `${TYPE}/page?name=Sow`)).data.list;
    expect(type!.infoCount).toBe(2);
    const inUse = await call(ctx, tok['fd-admin']!, 'DELETE', `${TYPE}/${type!.id}`);
    expect([inUse.code, inUse.data]).toEqual([20036, { feedInfos: 2 }]);

    const feeds = (await call<Page<FeedInfoRow>>(ctx, tok['fd-admin']!, 'GET', `${INFO}/page`)).data.list;
    const planId = await gestationPlan(ctx, { tenant, farm });
    await db
      .insert(feedingPlanStages)
      .values({ tenantId: tenant, planId, seq: 1, startDay: 1, endDay: 114, feedId: feeds[0]!.id, dailyAmount: 2500 });
    expect((await call<Page<FeedInfoRow>>(ctx, tok['fd-admin']!, 'GET', `${INFO}/page`)).data.list[0]!.planUses).toBe(1);
    const used = await call(ctx, tok['fd-admin']!, 'DELETE', `${INFO}/${feeds[0]!.id}`);
    expect([used.code, used.data]).toEqual([20036, { planStages: 1 }]);

    await db.delete(feedingPlans);
    for (const f of feeds) expect((await call(ctx, tok['fd-admin']!, 'DELETE', `${INFO}/${f.id}`)).code).toBe(1);
    expect((await call(ctx, tok['fd-admin']!, 'DELETE', `${TYPE}/${type!.id}`)).code).toBe(1);
  });
});
