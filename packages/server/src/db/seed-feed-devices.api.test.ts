import { describe, expect, it } from 'vitest';
import type {
  FeedAlarmRow,
  FeedAlarmStatsAnswer,
  FeedAmountRow,
  ColumnAnswer,
  FeedAnalysisAnswer,
  FeedDeviceRow,
  FeederRemoteRow,
  FeedIntakeAnswer,
  FeedNowRecordRow,
  FeedRecordRow,
  Page,
  PlanRow,
  RackRow,
  MealAdjustRow,
} from '@farmsense/shared';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoStore } from '../test/demo-app.js';
import { call, tokenFor } from '../test/factories.js';
import { DEMO_SEED } from './demo-fleet.js';
import { demoConcentrators } from './demo-feeders.js';
import { DEMO_FEEDER_GATEWAY, seedDemoFeeders } from './seed-feed-devices.js';
import { seedDemoRacks } from './seed-feed-racks.js';
import { seedFeederHistory } from './seed-feeder-history.js';
import { seedMealAdjusts } from './seed-meal-adjusts.js';

/**
 * The demo sow farm's feeders: a feeder main unit in Farrowing 1 with its concentrator, two
 * collectors and six crate feeders per pen, listed on the device pages, run by the simulator's
 * concentrator, which keeps the last ration each feeder confirmed across a restart.
 */
describe(`demo feeders (${TEST_DB})`, () => {
  let ctx: TestContext;
  const q = withDemoStore((made) => (ctx = made));

  /** `feederId-day` of each demo feeder's farm days of the last week with a fault, as the simulator has them. */
  const faultDays = async (): Promise<Set<string>> => {
    const [model] = await demoConcentrators(ctx.database, DEMO_SEED);
    const ids = await q<{ id: number }>(`SELECT id FROM feed_devices WHERE kind = 'feeder'`);
    const out = new Set<string>();
    for (let back = 0; back <= 8; back++) {
      // Noon of that farm day on the demo farms' clock (UTC+8).
      const day = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
      const noon = Date.parse(`${day}T12:00:00Z`) - 8 * 3_600_000;
      for (const { id } of ids) if (model!.faultOf(id, noon)) out.add(`${id}-${day}`);
    }
    return out;
  };

  it('adds the Farrowing 1 hierarchy once and lists it on the device pages', async () => {
    expect(await seedDemoFeeders(ctx.database.db)).toBe(true);
    expect(await seedDemoFeeders(ctx.database.db)).toBe(false);
    const token = await tokenFor(ctx.database.db, 'demo');
    const page = (kind: string) => call<Page<FeedDeviceRow>>(ctx, token, 'GET', `/api/feeding/${kind}/page?pageSize=100`);
    const [jzq, cjq, swq] = await Promise.all([page('concentrator'), page('collector'), page('feeder')]);
    expect(jzq.data.list.map((r) => [r.shedName, r.gatewayCode, r.childCount])).toEqual([['Farrowing 1', DEMO_FEEDER_GATEWAY, 2]]);
    expect(cjq.data.list.map((r) => r.childCount)).toEqual([12, 12]);
    expect(swq.data.total).toBe(24);
    expect(new Set(swq.data.list.map((r) => r.penId)).size).toBe(4);
    // The house's plan went to every feeder and each confirmed it.
    const plans = await call<Page<PlanRow>>(ctx, token, 'GET', '/api/feeding/plan/page?name=Lactating');
    expect(plans.data.list[0]).toMatchObject({ dispatchStatus: 'dispatched', dispatch: { feeders: 24, sent: 24, failed: 0 } });
  });

  it('puts each crate feeder at its position on one rack per row, once, for the rack and relation screens', async () => {
    expect(await seedDemoRacks(ctx.database.db)).toBe(true);
    expect(await seedDemoRacks(ctx.database.db)).toBe(false);
    const token = await tokenFor(ctx.database.db, 'demo');
    const racks = await call<Page<RackRow>>(ctx, token, 'GET', '/api/feeding/rack/page?pageSize=100');
    expect(racks.data.list.map((r) => [r.name, r.startNo, r.endNo, r.bound])).toEqual([
      ['Row 1 crates', 1, 6, 6],
      ['Row 2 crates', 7, 12, 6],
      ['Row 3 crates', 13, 18, 6],
      ['Row 4 crates', 19, 24, 6],
    ]);
    const view = await call<ColumnAnswer>(ctx, token, 'GET', `/api/feeding/position/columns?shedId=${racks.data.list[0]!.shedId}`);
    expect(view.data).toMatchObject({ positions: 24, bound: 24, unplaced: 0 });
    expect(view.data.pens[0]!.racks[0]!.positions[0]!.feeder).toMatchObject({ deviceNo: '001', name: 'Crate 1' });
  });

  it('shows the Farrowing 1 house and pen meal adjustments confirmed by their feeders', async () => {
    expect(await seedMealAdjusts(ctx.database.db)).toBe(false);
    const token = await tokenFor(ctx.database.db, 'demo');
    const page = (kind: string) => call<Page<MealAdjustRow>>(ctx, token, 'GET', `/api/feeding/meal/page?kind=${kind}&pageNo=1&pageSize=20`);
    const [house, pen] = [(await page('shed')).data.list, (await page('field')).data.list];
    expect(house.map((a) => [a.shedName, a.ration, a.meals?.length, a.feeders, a.confirmed])).toEqual([
      ['Farrowing 1', { unit: 'percent', value: 5 }, 4, 24, 24],
    ]);
    expect(pen.map((a) => [a.shedName, a.penColumn, a.ration, a.meals, a.feeders, a.confirmed])).toEqual([
      ['Farrowing 1', 1, { unit: 'kg', value: -0.5 }, null, 6, 6],
    ]);
    // A crate of the first pen runs the house's meals with its pen's ration; the others the house's 5 % more.
    const copies = await q<{ feeder: string; stages: { grams: number }[]; meals: { start: number }[] }>(
      `SELECT payload->>'feeder' AS feeder, payload->'stages' AS stages, payload->'meals' AS meals FROM control_commands
        WHERE grp = 'feeding' AND payload->>'feeder' IN ('001', '024') ORDER BY 1`,
    );
    expect(copies.map((c) => [c.feeder, c.stages.map((s) => s.grams), c.meals[0]!.start])).toEqual([
      ['001', [2500, 3500, 4500], 330],
      ['024', [3150, 4200, 5250], 330],
    ]);
  });

  it('shows the remote history on the remote feeder page and the feed-now record', async () => {
    const [house] = await q<{ id: number; farm_id: number }>(`SELECT id, farm_id FROM sheds WHERE shed_name = 'Farrowing 1'`);
    const token = await tokenFor(ctx.database.db, 'demo');
    const records = await call<Page<FeedNowRecordRow>>(ctx, token, 'GET', `/api/feeding/remote/feedNow/page?farmId=${house!.farm_id}`);
    expect(records.data.list.map((r) => [r.grams, r.status])).toEqual([
      [600, 'synced'],
      [300, 'synced'],
      [300, 'expired'],
      [400, 'synced'],
      [400, 'failed'],
      [500, 'synced'],
    ]);
    expect(records.data.list[0]).toMatchObject({ shedName: 'Farrowing 1', codeKind: 'security', feederNo: expect.any(String) });
    const feeders = await call<FeederRemoteRow[]>(ctx, token, 'GET', `/api/feeding/remote/feeder/list?shedId=${house!.id}`);
    const first = feeders.data.find((f) => f.deviceNo === '001')!;
    expect(first.params.amountPerFeed).toBe(350);
    expect(first.commands.map((c) => [c.action, c.status])).toEqual([['params', 'synced']]);
  });

  it('runs the unit as a simulated concentrator that keeps each feeder confirmed ration', async () => {
    const [feeder] = await q<{ id: number }>(`SELECT id FROM feed_devices WHERE kind = 'feeder' AND device_no = '001'`);
    const [model] = await demoConcentrators(ctx.database, DEMO_SEED);
    expect(model!.code).toBe(DEMO_FEEDER_GATEWAY);
    const values = model!.step(30, Date.now()).values;
    // Every crate reports its ration (a lactation stage: 3 to 5 kg, adjusted), what it gave today and its state.
    expect(Object.keys(values)).toHaveLength(24 * 3);
    // Crate 001 is in the first pen: the plan's stages less its pen's 0.5 kg (seed-meal-adjusts.ts).
    expect([2500, 3500, 4500]).toContain(values[`feederRation.${feeder!.id}`]);
    expect(values[`feederFeed.${feeder!.id}`]).toBeGreaterThanOrEqual(0);
  });

  it('stores the feeders last week once, which the feeding records and the not-eating list read', async () => {
    expect(await seedFeederHistory(ctx.database)).toBeGreaterThan(24 * 3 * 48 * 7);
    expect(await seedFeederHistory(ctx.database)).toBe(0);
    const [house] = await q<{ farm_id: number }>(`SELECT farm_id FROM sheds WHERE shed_name = 'Farrowing 1'`);
    const token = await tokenFor(ctx.database.db, 'demo');
    const range = `startTime=${Date.now() - 6 * 86_400_000}&endTime=${Date.now()}`;
    const records = await call<Page<FeedRecordRow>>(
      ctx,
      token,
      'GET',
      `/api/feeding/records/feeding?farmId=${house!.farm_id}&${range}&pageSize=1000`,
    );
    expect(records.code).toBe(1);
    // 24 crates a day over seven farm days.
    expect(records.data.total).toBe(24 * 7);
    // The plan's stages with the meal adjustments: the first pen 0.5 kg less, the rest of the house 5 % more.
    for (const r of records.data.list) expect([2500, 3500, 4500, 3150, 4200, 5250]).toContain(r.planned);
    // Finished days: a sow that ate got her ration within the feeders' spread, unless her feeder
    // had a fault that day (the simulator's feeder-faults.ts: it drops nothing while down).
    const faulty = await faultDays();
    const past = records.data.list.filter((r) => r.day < records.data.list[0]!.day && r.ate && !faulty.has(`${r.feederId}-${r.day}`));
    expect(past.length).toBeGreaterThan(0);
    for (const r of past) expect(r.share).toBeGreaterThan(85);
    const list = await call<{ today: string; yesterday: string; list: FeedAlarmRow[] }>(
      ctx,
      token,
      'GET',
      `/api/feeding/alarms/notEating?farmId=${house!.farm_id}`,
    );
    expect(list.code).toBe(1);
    const refused = records.data.list.filter((r) => !r.ate && (r.day === list.data.today || r.day === list.data.yesterday));
    expect(list.data.list.map((r) => r.feederId).sort()).toEqual([...new Set(refused.map((r) => r.feederId))].sort());
  });

  it('fills the amount records, feed analysis, intake trend and not-eaten statistics of the demo sow farm', async () => {
    await seedFeederHistory(ctx.database);
    const [house] = await q<{ farm_id: number }>(`SELECT farm_id FROM sheds WHERE shed_name = 'Farrowing 1'`);
    const token = await tokenFor(ctx.database.db, 'demo');
    const at = `farmId=${house!.farm_id}&startTime=${Date.now() - 6 * 86_400_000}&endTime=${Date.now()}`;
    const get = <T>(url: string) => call<T>(ctx, token, 'GET', `/api/feeding/${url}`);
    const amounts = await get<Page<FeedAmountRow>>(`records/amount?${at}&pageSize=1000`);
    expect(amounts.data.total).toBe(24 * 7);
    // The demo feeders confirmed their plan: every finished day of a sow that ate did its meals.
    const records = await get<Page<FeedRecordRow>>(`records/feeding?${at}&pageSize=1000`);
    const ate = new Set(records.data.list.filter((r) => r.ate && r.day < records.data.list[0]!.day).map((r) => `${r.feederId}-${r.day}`));
    const faulty = await faultDays();
    const done = amounts.data.list.filter((r) => ate.has(`${r.feederId}-${r.day}`) && !faulty.has(`${r.feederId}-${r.day}`));
    expect(done.length).toBeGreaterThan(0);
    for (const r of done) {
      expect(r.meals).toBeGreaterThan(0);
      expect(r.mealsDone).toBe(r.meals);
    }
    const byDay = await get<FeedAnalysisAnswer>(`analysis/feed?${at}&groupBy=day`);
    expect(byDay.data.list).toHaveLength(7);
    expect(byDay.data.total.dispensed).toBe(records.data.list.reduce((sum, r) => sum + r.dispensed, 0));
    const intake = await get<FeedIntakeAnswer>(`analysis/intake?${at}&feederId=${records.data.list[0]!.feederId}`);
    expect(intake.data.days).toHaveLength(7);
    const stats = await get<FeedAlarmStatsAnswer>(`alarms/analysis?${at}`);
    expect(stats.data.total.refused + stats.data.total.low).toBe(records.data.list.filter((r) => !r.ate).length);
  });
});
