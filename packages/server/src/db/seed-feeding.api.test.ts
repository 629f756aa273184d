import { describe, expect, it } from 'vitest';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoStore } from '../test/demo-app.js';
import {
  belowMinimum,
  planIssues,
  stagesFromSplitPoints,
  standardAdjustmentIssues,
  standardAgeIssues,
  standardMinimum,
  type StandardAdjustment,
  type StandardAge,
} from '@farmsense/shared';
import { seedFeedingPlans, seedFeeds } from './seed-feeding.js';
import { seedFeedingStandards } from './seed-feeding-standards.js';

/** Demo feeding: the feed catalogue of the demo tenant matches its farms (pig and poultry), once. */
describe(`demo feeding (${TEST_DB})`, () => {
  let ctx: TestContext;
  const q = withDemoStore((made) => (ctx = made));

  it('seeds feed types and feeds for each demo farm type, once', async () => {
    const rows = await q<{ animal_type: number; types: number; feeds: number }>(
      `SELECT i.animal_type, count(DISTINCT t.id)::int AS types, count(i.id)::int AS feeds
         FROM feed_types t JOIN feed_infos i ON i.type_id = t.id JOIN tenants n ON n.id = t.tenant_id
        WHERE n.name = 'Demo Agri Group' GROUP BY i.animal_type ORDER BY i.animal_type`,
    );
    expect(rows).toEqual([
      { animal_type: 1, types: 3, feeds: 5 },
      { animal_type: 2, types: 2, feeds: 4 },
    ]);
    const farmTypes = await q<{ type: number }>(
      `SELECT DISTINCT f.type FROM farms f JOIN tenants n ON n.id = f.tenant_id WHERE n.name = 'Demo Agri Group' ORDER BY 1`,
    );
    expect(farmTypes.map((f) => f.type)).toEqual(rows.map((r) => r.animal_type));
    expect(await seedFeeds(ctx.database.db)).toBe(false);
  });

  it('seeds a plan per demo house kind that keeps every SPEC §5 rule, with feeds of its farm, once', async () => {
    const plans = await q<{
      name: string;
      total_days: number;
      split_points: number[];
      farm_type: number;
      feed_types: number[];
      meals: number;
    }>(
      `SELECT p.name, p.total_days, p.split_points, f.type AS farm_type,
              array(SELECT DISTINCT i.animal_type::int FROM feeding_plan_stages s JOIN feed_infos i ON i.id = s.feed_id WHERE s.plan_id = p.id) AS feed_types,
              (SELECT count(*)::int FROM feeding_plan_meals m WHERE m.plan_id = p.id) AS meals
         FROM feeding_plans p JOIN farms f ON f.id = p.farm_id ORDER BY p.name`,
    );
    expect(plans.map((p) => p.name)).toEqual(['Broiler 42 days', 'Grow-finish', 'Lactating sows', 'Weaned piglets']);
    for (const p of plans) {
      expect(p.feed_types).toEqual([p.farm_type]);
      const meals = await q<{ startMinute: number; endMinute: number; share: number }>(
        `SELECT m.start_minute AS "startMinute", m.end_minute AS "endMinute", m.share FROM feeding_plan_meals m JOIN feeding_plans p ON p.id = m.plan_id WHERE p.name = $1 ORDER BY m.seq`,
        [p.name],
      );
      expect(
        planIssues({ totalDays: p.total_days, splitPoints: p.split_points, stages: stagesFromSplitPoints(p.split_points), meals }),
      ).toEqual([]);
    }
    expect(await seedFeedingPlans(ctx.database.db)).toBe(false);
  });

  it('seeds sow and nursery feeding standards that keep their rules, once', async () => {
    const standards = await q<{ id: number; name: string; pen_feeding_type: string }>(
      `SELECT s.id, s.name, s.pen_feeding_type FROM feeding_standards s JOIN tenants n ON n.id = s.tenant_id
        WHERE n.name = 'Demo Agri Group' ORDER BY s.name`,
    );
    expect(standards.map((s) => s.pen_feeding_type)).toEqual(['pregnant', 'breastfeed', 'wean']);
    for (const s of standards) {
      const ages = await q<StandardAge>(
        `SELECT start_day AS "startDay", end_day AS "endDay", min_amount AS "minAmount", daily_amount AS "dailyAmount", max_amount AS "maxAmount"
           FROM feeding_standard_ages WHERE standard_id = $1 ORDER BY seq`,
        [s.id],
      );
      const adjustments = await q<StandardAdjustment>(
        `SELECT factor, value_from AS "from", value_to AS "to", percent FROM feeding_standard_adjustments WHERE standard_id = $1 ORDER BY seq`,
        [s.id],
      );
      expect(ages.length).toBeGreaterThan(0);
      expect([...standardAgeIssues(ages), ...standardAdjustmentIssues(adjustments)]).toEqual([]);
    }
    // The demo lactation plan feeds 5 kg from day 11, below its standard's 5.5 kg: the plan screen shows the flag.
    const [plan] = await q<{ id: number; standard_id: number }>(`SELECT id, standard_id FROM feeding_plans WHERE name = 'Lactating sows'`);
    const stages = await q<{ startDay: number; endDay: number; dailyAmount: number }>(
      `SELECT start_day AS "startDay", end_day AS "endDay", daily_amount AS "dailyAmount" FROM feeding_plan_stages WHERE plan_id = $1 ORDER BY seq`,
      [plan!.id],
    );
    const ages = await q<StandardAge>(
      `SELECT start_day AS "startDay", end_day AS "endDay", min_amount AS "minAmount", daily_amount AS "dailyAmount", max_amount AS "maxAmount"
         FROM feeding_standard_ages WHERE standard_id = $1 ORDER BY seq`,
      [plan!.standard_id],
    );
    expect(belowMinimum(stages, standardMinimum(ages))).toEqual([{ index: 2, day: 11, minimum: 5500 }]);
    expect(await seedFeedingStandards(ctx.database.db)).toBe(false);
  });
});
