import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type Page, type StandardOption, type StandardRow } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { feedingTenant, gestationPlan } from './feeding.fixtures.js';
import { auditLog } from '../../db/tables.js';
import { feedingPlans } from './tables.js';
import { DEMO_FEEDING_STANDARDS } from '../../db/seed-feeding-standards.js';

const STD = '/api/feeding/standard';

/** A lactation standard as a sow farm writes it (g per sow per day by lactation day): the demo's, for another breed. */
const lactation = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...DEMO_FEEDING_STANDARDS.find((s) => s.penFeedingType === 'breastfeed')!,
  name: 'Lactation PIC',
  breed: 'PIC Camborough',
  ...over,
});

describe(`feeding standards (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let tenant: number;
  let farm: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const w = await feedingTenant(ctx, { name: 'Std', prefix: 'st', limited: { suffix: 'std', role: 'Standards', code: 'std.mgn' } });
    ({ tenant, farm } = w);
    Object.assign(tok, w.tok);
  });
  afterAll(async () => ctx?.close());

  it('adds, lists and replaces a standard with its ages and adjustments; a used name is 10010; writes are audit-logged', async () => {
    const add = await call<{ id: number }>(ctx, tok['st-std']!, 'POST', STD, lactation());
    expect(add.code).toBe(1);
    const dup = await call(ctx, tok['st-admin']!, 'POST', STD, lactation({ breed: 'Other' }));
    expect([dup.code, dup.data]).toEqual([10010, { field: 'name' }]);
    const gest = await call<{ id: number }>(
      ctx,
      tok['st-admin']!,
      'POST',
      STD,
      lactation({
        name: 'Gestation LY',
        penFeedingType: 'pregnant',
        breed: 'Landrace x Yorkshire',
        excessRatio: 0,
        ages: [{ startDay: 1, endDay: 114, minAmount: 1800, dailyAmount: 2400, maxAmount: 3200 }],
        adjustments: [],
        remark: '',
      }),
    );
    expect(gest.code).toBe(1);

    const page = await call<Page<StandardRow>>(ctx, tok['st-std']!, 'GET', `${STD}/page?penFeedingType=breastfeed`);
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]).toEqual({ ...lactation(), id: add.data.id, planUses: 0, updatedAt: expect.any(Number) });
    const byBreed = await call<Page<StandardRow>>(ctx, tok['st-std']!, 'GET', `${STD}/page?name=yorkshire`);
    expect(byBreed.data.list.map((s) => [s.name, s.remark, s.adjustments])).toEqual([['Gestation LY', null, []]]);

    // Replacing: fewer rows, another order; the name of the other standard is taken.
    const ages = [{ startDay: 1, endDay: 28, minAmount: 4000, dailyAmount: 5500, maxAmount: 7000 }];
    expect((await call(ctx, tok['st-std']!, 'PUT', STD, { ...lactation({ name: 'Gestation LY' }), id: add.data.id })).code).toBe(10010);
    expect((await call(ctx, tok['st-std']!, 'PUT', STD, { ...lactation({ ages, adjustments: [] }), id: add.data.id })).code).toBe(1);
    const after = (await call<Page<StandardRow>>(ctx, tok['st-std']!, 'GET', `${STD}/page?penFeedingType=breastfeed`)).data.list[0]!;
    expect([after.ages, after.adjustments]).toEqual([ages, []]);

    // The plan screen lists them to pick; the feeding plan function opens the list, not the page.
    const list = await call<StandardOption[]>(ctx, tok['st-plans']!, 'GET', `${STD}/list`);
    expect(list.data.map((s) => [s.name, s.penFeedingType, s.breed])).toEqual([
      ['Gestation LY', 'pregnant', 'Landrace x Yorkshire'],
      ['Lactation PIC', 'breastfeed', 'PIC Camborough'],
    ]);
    expect((await call(ctx, tok['st-plans']!, 'GET', `${STD}/page`)).code).toBe(10009);
    expect((await call(ctx, tok['st-plans']!, 'POST', STD, lactation({ name: 'P' }))).code).toBe(10009);

    const { db } = ctx.database;
    const audits = await db
      .select({ action: auditLog.action, outcome: auditLog.outcome, code: auditLog.code })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant), eq(auditLog.method, 'PUT')));
    expect(audits.map((a) => a.code)).toEqual(expect.arrayContaining([10010, 1]));
  });

  it('refuses rows out of order, bounds out of order, factor values and overlaps (99996), and bad types', async () => {
    const issues = async (over: Record<string, unknown>): Promise<[number, unknown]> => {
      const r = await call<{ issues?: { path: string; message: string }[] }>(
        ctx,
        tok['st-admin']!,
        'POST',
        STD,
        lactation({ name: 'Bad', ...over }),
      );
      return [r.code, r.data];
    };
    const row = { startDay: 1, endDay: 10, minAmount: 2000, dailyAmount: 2500, maxAmount: 3000 };
    for (const over of [
      { ages: [] },
      { ages: [row, { ...row, startDay: 10, endDay: 20 }] },
      { ages: [{ ...row, minAmount: 2600 }] },
      { ages: [{ ...row, maxAmount: 2400 }] },
      { ages: [{ ...row, endDay: 0 }] },
      { adjustments: [{ factor: 'season', from: 1, to: 5, percent: 5 }] },
      { adjustments: [{ factor: 'bodyCondition', from: 2.2, to: 3, percent: 5 }] },
      {
        adjustments: [
          { factor: 'parity', from: 1, to: 3, percent: 5 },
          { factor: 'parity', from: 3, to: 4, percent: 5 },
        ],
      },
      { adjustments: [{ factor: 'parity', from: 1, to: 3, percent: 150 }] },
      { adjustments: [{ factor: 'weight', from: 1, to: 3, percent: 5 }] },
      { penFeedingType: 'fattening' },
      { excessRatio: '10' },
      { excessRatio: 120 },
      { breed: ' ' },
      { colour: 'red' },
    ]) {
      expect((await issues(over))[0], JSON.stringify(over)).toBe(99996);
    }
  });

  it('keeps standards to their tenant (30001) and refuses to delete one a plan follows (20036)', async () => {
    const { db } = ctx.database;
    const [std] = (await call<Page<StandardRow>>(ctx, tok['st-admin']!, 'GET', `${STD}/page?penFeedingType=pregnant`)).data.list;
    expect((await call<Page<StandardRow>>(ctx, tok['st-second']!, 'GET', `${STD}/page`)).data.total).toBe(0);
    expect((await call<StandardOption[]>(ctx, tok['st-second']!, 'GET', `${STD}/list`)).data).toEqual([]);
    expect((await call(ctx, tok['st-second']!, 'PUT', STD, { ...lactation({ name: 'Mine' }), id: std!.id })).code).toBe(30001);
    expect((await call(ctx, tok['st-second']!, 'DELETE', `${STD}/${std!.id}`)).code).toBe(30001);
    // The same name is free in another tenant.
    expect((await call(ctx, tok['st-second']!, 'POST', STD, lactation({ name: std!.name }))).code).toBe(1);

    await gestationPlan(ctx, { tenant, farm }, { standardId: std!.id });
    expect(
      (await call<Page<StandardRow>>(ctx, tok['st-admin']!, 'GET', `${STD}/page?penFeedingType=pregnant`)).data.list[0]!.planUses,
    ).toBe(1);
    const used = await call(ctx, tok['st-admin']!, 'DELETE', `${STD}/${std!.id}`);
    expect([used.code, used.data]).toEqual([20036, { plans: 1 }]);
    await db.delete(feedingPlans).where(eq(feedingPlans.standardId, std!.id));
    expect((await call(ctx, tok['st-admin']!, 'DELETE', `${STD}/${std!.id}`)).code).toBe(1);
    expect((await call(ctx, tok['st-admin']!, 'DELETE', `${STD}/${std!.id}`)).code).toBe(30001);
  });
});
