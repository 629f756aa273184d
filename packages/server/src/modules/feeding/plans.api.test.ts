import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeederDispatchRow, Page, PlanRow } from '@farmsense/shared';
import { DEMO_FEEDING_STANDARDS } from '../../db/seed-feeding-standards.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildFarm, buildPens, buildShed, buildTenant, call, tenantAccounts } from '../../test/factories.js';
import { buildFeeders } from './feeding.fixtures.js';
import { feedInfos, feedTypes } from './tables.js';

const PLAN = '/api/feeding/plan';

/** Issue keys of a 99996 answer. */
const keys = (a: { code: number; data: unknown }): string[] =>
  a.code === 99996 ? ((a.data as { issues: { key: string }[] }).issues ?? []).map((i) => i.key) : [`code ${a.code}`];

describe(`feeding plans (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let farm: number;
  let shed: number;
  let bare: number;
  let otherFarmShed: number;
  let pen: number;
  let otherPen: number;
  const feed: number[] = [];
  let poultryFeed: number;

  /** Three stages (gestation 1-30, 31-84, 85-114) and four meals; amounts in g per sow per day. */
  const sows = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    farmId: farm,
    shedId: shed,
    penIds: [pen],
    name: 'Gestation sows',
    totalDays: 114,
    splitPoints: [1, 30, 31, 84, 85, 114],
    stages: [
      { startDay: 1, endDay: 30, feedId: feed[0], dailyAmount: 2200 },
      { startDay: 31, endDay: 84, feedId: feed[0], dailyAmount: 2500 },
      { startDay: 85, endDay: 114, feedId: feed[1], dailyAmount: 3200 },
    ],
    meals: [
      { startMinute: 360, endMinute: 420, share: 30 },
      { startMinute: 600, endMinute: 660, share: 20 },
      { startMinute: 840, endMinute: 900, share: 20 },
      { startMinute: 1080, endMinute: 1140, share: 30 },
    ],
    dispatchMode: 'immediate',
    ...over,
  });

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    const { db } = ctx.database;
    const tenant = await buildTenant(db, 'Plan Agri', ['pig']);
    farm = await buildFarm(db, tenant, 'Plan Farm', 1);
    const farm2 = await buildFarm(db, tenant, 'Plan Farm Two', 1);
    shed = await buildShed(db, tenant, farm, { shedName: 'Gestation 1', shedType: 1 });
    bare = await buildShed(db, tenant, farm, { shedName: 'No feeders', shedType: 1 });
    otherFarmShed = await buildShed(db, tenant, farm2, { shedName: 'Elsewhere', shedType: 1 });
    [pen, otherPen] = (await buildPens(db, tenant, [{ shedId: shed }, { shedId: bare }])) as [number, number];
    await buildFeeders(ctx.database, { tenantId: tenant, farmId: farm, shedId: shed, code: 'fs-plfeed1', pens: [pen, pen] });
    const [type] = await db.insert(feedTypes).values({ tenantId: tenant, name: 'Sow feed' }).returning({ id: feedTypes.id });
    const rows = await db
      .insert(feedInfos)
      .values([
        { tenantId: tenant, typeId: type!.id, name: 'Gestation', batch: 'G1', weight: 40, unit: 'kg', animalType: 1 },
        { tenantId: tenant, typeId: type!.id, name: 'Late gestation', batch: 'G2', weight: 40, unit: 'kg', animalType: 1 },
        { tenantId: tenant, typeId: type!.id, name: 'Broiler starter', batch: 'B1', weight: 25, unit: 'kg', animalType: 2 },
      ])
      .returning({ id: feedInfos.id });
    feed.push(rows[0]!.id, rows[1]!.id);
    poultryFeed = rows[2]!.id;
    const limited = [{ suffix: 'two', role: 'Plans', code: 'accurate-feeding.plan', farm: farm2 }];
    Object.assign(tok, await tenantAccounts(db, { tenant, name: 'Plan', prefix: 'pl', modules: ['pig'], limited }));
  });
  afterAll(async () => ctx?.close());

  const post = (body: Record<string, unknown>, who = 'pl-admin') => call<{ id: number }>(ctx, tok[who]!, 'POST', PLAN, body);

  it('adds a plan with three stages and four meals and reads it back; 20092 for a name used in the farm', async () => {
    const add = await post(sows());
    expect(add.code).toBe(1);
    const detail = await call<PlanRow>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/${add.data.id}`);
    expect(detail.data).toMatchObject({
      farmName: 'Plan Farm',
      shedName: 'Gestation 1',
      penIds: [pen],
      splitPoints: [1, 30, 31, 84, 85, 114],
      maxStep: 1000,
      steps: [],
      dispatchStatus: 'draft',
      dispatch: { feeders: 0 },
    });
    expect(detail.data.stages.map((s) => [s.startDay, s.endDay, s.feedName, s.dailyAmount])).toEqual([
      [1, 30, 'Gestation', 2200],
      [31, 84, 'Gestation', 2500],
      [85, 114, 'Late gestation', 3200],
    ]);
    expect(detail.data.meals).toHaveLength(4);
    const dup = await post(sows());
    expect([dup.code, dup.data]).toEqual([20092, { field: 'name' }]);
    const page = await call<Page<PlanRow>>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/page?farmId=${farm}&name=sows`);
    expect(page.data.list.map((p) => p.name)).toEqual(['Gestation sows']);
  });

  it('refuses every SPEC §5 plan rule with its code or field issue', async () => {
    expect(keys(await post(sows({ name: 'P1', splitPoints: [1, 30, 31] })))).toContain('validation.splitPointsEven');
    const first = await post(sows({ name: 'P2', splitPoints: [2, 30, 31, 84, 85, 114] }));
    expect([first.code, first.data]).toEqual([203333, { field: 'splitPoints' }]);
    expect(keys(await post(sows({ name: 'P3', splitPoints: [1, 30, 31, 84, 85, 200] })))).toContain('validation.splitPointsOrder');
    expect(keys(await post(sows({ name: 'P4', splitPoints: [1, 30, 31, 114] })))).toContain('validation.stagesGenerate');
    const gap = sows({ name: 'P5', splitPoints: [1, 30, 32, 84, 85, 114] });
    expect(keys(await post({ ...gap, stages: (gap.stages as object[]).map((s, i) => (i === 1 ? { ...s, startDay: 32 } : s)) }))).toContain(
      'validation.stagesContinuous',
    );
    const meals = (list: [number, number, number][]) => list.map(([startMinute, endMinute, share]) => ({ startMinute, endMinute, share }));
    expect(
      keys(
        await post(
          sows({ name: 'P6', meals: meals(Array.from({ length: 11 }, (_, i) => [i * 60, i * 60 + 30, 9] as [number, number, number])) }),
        ),
      ),
    ).toContain('validation.tooMany');
    expect(keys(await post(sows({ name: 'P7', meals: meals([[420, 360, 100]]) })))).toContain('validation.startAfterEnd');
    expect(
      keys(
        await post(
          sows({
            name: 'P8',
            meals: meals([
              [360, 420, 60],
              [600, 660, 30],
            ]),
          }),
        ),
      ),
    ).toContain('validation.mealSharesTotal');
    expect(
      keys(
        await post(
          sows({
            name: 'P9',
            meals: meals([
              [360, 420, 60],
              [600, 660, 50],
            ]),
          }),
        ),
      ),
    ).toContain('validation.mealSharesOver');
    expect(keys(await post(sows({ name: 'P10', dispatchMode: 'timed' })))).toContain('validation.required');
    expect(keys(await post(sows({ name: 'P11', totalDays: '114' })))).toEqual(['validation.integer']);
    // A poultry feed in a pig plan is a wrong pick on its stage.
    const wrongFeed = sows({ name: 'P12' });
    (wrongFeed.stages as { feedId: number }[])[0]!.feedId = poultryFeed;
    expect(keys(await post(wrongFeed))).toEqual(['validation.invalid']);
  });

  it('needs a confirmation for a ration step above the limit (1 kg a day for sows) and shows the steps', async () => {
    const jump = sows({ name: 'Lactation jump' });
    (jump.stages as { dailyAmount: number }[])[2]!.dailyAmount = 6000;
    const refused = await post(jump);
    expect([refused.code, refused.data]).toEqual([99996, { issues: [{ field: 'confirmStep', key: 'validation.rationStepConfirm' }] }]);
    const ok = await post({ ...jump, confirmStep: true });
    expect(ok.code).toBe(1);
    const row = await call<PlanRow>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/${ok.data.id}`);
    expect(row.data.steps).toEqual([{ index: 2, step: 3500 }]);
    // A plan's own limit may allow it.
    expect((await post({ ...jump, name: 'Wide limit', maxStep: 4000 })).code).toBe(1);
  });

  it("flags the stages below the minimum of the plan's feeding standard, follows edits of the standard; another tenant's standard is 30001", async () => {
    // The demo's gestation standard (db/seed-feeding-standards.ts) with higher minimums: days 1-30
    // at least 2300 g, 31-84 at least 1800 g, 85-114 at least 3300 g.
    const gestation = DEMO_FEEDING_STANDARDS.find((s) => s.penFeedingType === 'pregnant')!;
    const [early, mid, late] = gestation.ages;
    const standard = {
      ...gestation,
      name: 'Gestation standard',
      ages: [{ ...early!, minAmount: 2300 }, mid!, { ...late!, minAmount: 3300, dailyAmount: 3500, maxAmount: 4000 }],
    };
    const std = await call<{ id: number }>(ctx, tok['pl-admin']!, 'POST', '/api/feeding/standard', standard);
    expect(std.code).toBe(1);
    // 2200 g on days 1-30 is below 2300 g (from day 1), 3200 g on days 85-114 below 3300 g (from day 85): saved and flagged.
    const add = await post(sows({ name: 'Below standard', standardId: std.data.id }));
    expect(add.code).toBe(1);
    const row = (await call<PlanRow>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/${add.data.id}`)).data;
    expect([row.standardId, row.standardName, row.belowMinimum]).toEqual([
      std.data.id,
      'Gestation standard',
      [
        { index: 0, day: 1, minimum: 2300 },
        { index: 2, day: 85, minimum: 3300 },
      ],
    ]);
    // The standard lowered: the flags follow it. A plan without a standard has none.
    const lowered = { ...standard, id: std.data.id, ages: standard.ages.map((a) => ({ ...a, minAmount: 1800 })) };
    expect((await call(ctx, tok['pl-admin']!, 'PUT', '/api/feeding/standard', lowered)).code).toBe(1);
    expect((await call<PlanRow>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/${add.data.id}`)).data.belowMinimum).toEqual([]);
    const page = await call<Page<PlanRow>>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/page?name=Gestation sows`);
    expect(page.data.list.map((p) => [p.standardId, p.belowMinimum])).toEqual([[null, []]]);
    // The plan keeps the standard: it cannot be deleted while the plan follows it.
    expect((await call(ctx, tok['pl-admin']!, 'DELETE', `/api/feeding/standard/${std.data.id}`)).code).toBe(20036);
    const other = await call<{ id: number }>(ctx, tok['pl-second']!, 'POST', '/api/feeding/standard', standard);
    expect((await post(sows({ name: 'Foreign standard', standardId: other.data.id }))).code).toBe(30001);
    expect((await call(ctx, tok['pl-admin']!, 'DELETE', `${PLAN}/${add.data.id}`)).code).toBe(1);
  });

  it('keeps plans to the houses and pens the account sees: 20094 a pen of another house, 20095 a plan not its own', async () => {
    expect((await post(sows({ name: 'Q1', penIds: [otherPen] }))).code).toBe(20094);
    expect((await post(sows({ name: 'Q2', shedId: otherFarmShed }))).code).toBe(30004);
    const [mine] = (await call<Page<PlanRow>>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/page?name=Gestation`)).data.list;
    expect((await call(ctx, tok['pl-two']!, 'GET', `${PLAN}/${mine!.id}`)).code).toBe(20095);
    expect((await call(ctx, tok['pl-second']!, 'DELETE', `${PLAN}/${mine!.id}`)).code).toBe(20095);
    expect((await call(ctx, tok['pl-second']!, 'POST', `${PLAN}/dispatch`, { id: mine!.id })).code).toBe(20095);
    expect((await call<Page<PlanRow>>(ctx, tok['pl-two']!, 'GET', `${PLAN}/page`)).data.total).toBe(0);
    expect((await call(ctx, tok['pl-two']!, 'POST', PLAN, sows({ name: 'Q3' }))).code).toBe(10007);
  });

  it('dispatches now: one pending copy per feeder of the plan pens; a house without feeders is 20047', async () => {
    const [plan] = (await call<Page<PlanRow>>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/page?name=Gestation`)).data.list;
    const sent = await call<{ dispatchStatus: string }>(ctx, tok['pl-admin']!, 'POST', `${PLAN}/dispatch`, { id: plan!.id });
    expect(sent.data).toEqual({ dispatchStatus: 'dispatching' });
    const feeders = await call<FeederDispatchRow[]>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/feeders/${plan!.id}`);
    expect(feeders.data.map((f) => [f.feederNo, f.gatewayCode, f.status, f.result, f.attempts])).toEqual([
      ['001', 'fs-plfeed1', 'sending', null, 1],
      ['002', 'fs-plfeed1', 'sending', null, 1],
    ]);
    const again = await call<PlanRow>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/${plan!.id}`);
    expect(again.data.dispatch).toEqual({ feeders: 2, notSent: 0, sending: 2, sent: 0, failed: 0 });
    const none = await post(sows({ name: 'Bare house', shedId: bare, penIds: [] }));
    const refused = await call(ctx, tok['pl-admin']!, 'POST', `${PLAN}/dispatch`, { id: none.data.id });
    expect([refused.code, refused.data]).toEqual([20047, { feeders: 0 }]);
    // Editing a dispatched plan takes it back to draft and drops the old copies.
    expect((await call(ctx, tok['pl-admin']!, 'PUT', PLAN, { ...sows(), id: plan!.id })).code).toBe(1);
    expect((await call<PlanRow>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/${plan!.id}`)).data).toMatchObject({
      dispatchStatus: 'draft',
      dispatch: { feeders: 0 },
    });
  });

  it('dispatches a timed plan at its time from a durable job, once however often it is asked', async () => {
    const at = Date.now() + 1_500;
    const add = await post(sows({ name: 'Timed', dispatchMode: 'timed', dispatchAt: at }));
    expect(add.code).toBe(1);
    const first = await call<{ dispatchStatus: string }>(ctx, tok['pl-admin']!, 'POST', `${PLAN}/dispatch`, { id: add.data.id });
    expect(first.data).toEqual({ dispatchStatus: 'scheduled' });
    // A second click makes no second job.
    await call(ctx, tok['pl-admin']!, 'POST', `${PLAN}/dispatch`, { id: add.data.id });
    const jobs = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE name = 'feeding.dispatch' AND key = $1`,
      [`dispatch-${add.data.id}-${at}`],
    );
    expect(jobs[0]!.n).toBe(1);
    await ctx.jobs.runDue();
    expect((await call<PlanRow>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/${add.data.id}`)).data.dispatchStatus).toBe('scheduled');
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 100));
    expect(await ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const done = await call<PlanRow>(ctx, tok['pl-admin']!, 'GET', `${PLAN}/${add.data.id}`);
    expect(done.data).toMatchObject({ dispatchStatus: 'dispatching', dispatch: { feeders: 2, sending: 2 } });
  });

  it('survives a restart: a scheduled dispatch runs in a server started after the one that scheduled it', async () => {
    if (TEST_DB !== 'postgres') return; // one in-memory database per process: the PostgreSQL run shows it.
    const at = Date.now() + 1_000;
    const add = await post(sows({ name: 'After restart', dispatchMode: 'timed', dispatchAt: at }));
    await call(ctx, tok['pl-admin']!, 'POST', `${PLAN}/dispatch`, { id: add.data.id });
    await ctx.jobs.stop(0);
    const second = await createTestApp({ sameDatabaseAs: ctx });
    try {
      await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 100));
      expect(await second.jobs.runDue()).toBeGreaterThanOrEqual(1);
      const rows = await second.database.query<{ status: string }>(`SELECT dispatch_status AS status FROM feeding_plans WHERE id = $1`, [
        add.data.id,
      ]);
      expect(rows[0]!.status).toBe('dispatching');
    } finally {
      await second.close();
    }
  });
});
