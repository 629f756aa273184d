import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_CURVES, curveValueAt, farmDay } from '@farmsense/shared';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoStore } from '../test/demo-app.js';
import { demoFleet, demoGateways } from './demo-fleet.js';
import { PROFILES } from '../../../simulator/src/index.js';
import { seedProduction } from './seed-production.js';

/**
 * CONTRACT §5 production demo: the poultry farm has current and closed flocks whose records
 * cover the last 60 days, follow the copied standard curves, and line up with the simulated
 * controllers' day ages; the seed runs once.
 */
interface FlockRow {
  id: number;
  shed_name: string;
  group_no: string;
  flock_type: number;
  status: number;
  birth: string;
  start: string;
  stop: string | null;
  placed: number;
}

describe(`demo production data (${TEST_DB})`, () => {
  let ctx: TestContext;
  let farmId = 0;
  let list: FlockRow[] = [];
  const today = (): string => farmDay(new Date(), 'Asia/Shanghai');
  const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const age = (birth: string, day: string): number =>
    Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${birth}T00:00:00Z`)) / 86_400_000);
  const q = withDemoStore((made) => (ctx = made));
  const flocksOf = async (): Promise<FlockRow[]> =>
    q<FlockRow>(
      `SELECT f.id, s.shed_name, f.group_no, f.flock_type, f.status, f.birth_date::text AS birth, f.start_date::text AS start,
            f.stop_date::text AS stop, f.female_count + f.male_count AS placed
       FROM flocks f JOIN sheds s ON s.id = f.shed_id WHERE f.farm_id = $1 ORDER BY s.shed_name, f.start_date`,
      [farmId],
    );

  beforeAll(async () => {
    const [farm] = await q<{ id: number }>(`SELECT id FROM farms WHERE farm_name = 'Demo Poultry Farm'`);
    farmId = farm!.id;
    list = await flocksOf();
  });

  it('has a current flock in every house and closed batches as history', () => {
    const current = list.filter((f) => f.status === 1);
    expect(current.map((f) => f.shed_name).sort()).toEqual(['Broiler House 1', 'Broiler House 2', 'Layer House 1']);
    expect(list.filter((f) => f.status === 2 && f.stop !== null).length).toBeGreaterThanOrEqual(2);
    // Day-olds are placed on their hatch day (day 0): a batch 42 days in the house leaves at day age 41.
    const lastAge = PROFILES.broiler.growDays - 1;
    expect(
      list.filter((f) => f.status === 2).every((f) => f.flock_type === 2 && f.birth === f.start && age(f.birth, f.stop!) === lastAge),
    ).toBe(true);
    const layer = current.find((f) => f.shed_name === 'Layer House 1')!;
    expect(layer.flock_type).toBe(4);
    expect(age(layer.birth, today())).toBeGreaterThanOrEqual(240);
    expect(age(layer.birth, today())).toBeLessThanOrEqual(310);
  });

  it('gives current flocks the day age their simulated controller reports', async () => {
    const gws = await demoGateways(ctx.database.db);
    const models = demoFleet(gws, false);
    const now = Date.now();
    const houses = await q<{ shed_name: string; gateway_id: number }>(
      'SELECT s.shed_name, g.id AS gateway_id FROM sheds s JOIN gateways g ON g.shed_id = s.id WHERE s.farm_id = $1',
      [farmId],
    );
    for (const f of list.filter((x) => x.status === 1)) {
      const gatewayId = houses.find((h) => h.shed_name === f.shed_name)!.gateway_id;
      const model = models[gws.findIndex((g) => g.id === gatewayId)]!;
      expect(age(f.birth, today())).toBe(model.occupancy(now).dayAge);
    }
  });

  it('has stock and feed records on each of the last 60 days, water left to the meter for a week in Broiler House 2', async () => {
    const from = addDays(today(), -60);
    for (const table of ['flock_stock_days', 'flock_feed_days', 'flock_water_days']) {
      const [r] = await q<{ n: number }>(
        `SELECT count(DISTINCT day)::int AS n FROM ${table} t JOIN flocks f ON f.id = t.flock_id WHERE f.farm_id = $1 AND t.day >= $2 AND t.day < $3`,
        [farmId, from, today()],
      );
      expect(r!.n).toBe(60);
    }
    const [eggs] = await q<{ n: number }>('SELECT count(DISTINCT day)::int AS n FROM flock_egg_days WHERE day >= $1', [from]);
    expect(eggs!.n).toBe(60);
    for (const f of list) {
      const [s] = await q<{ n: number; w: number; last: string }>(
        `SELECT count(*)::int AS n, (SELECT count(*)::int FROM flock_water_days w WHERE w.flock_id = $1) AS w, max(day)::text AS last
           FROM flock_stock_days WHERE flock_id = $1`,
        [f.id],
      );
      const end = f.stop ?? addDays(today(), -1);
      expect(s!.last).toBe(end);
      expect(s!.n).toBe(age(f.start, end) + 1);
      const metered = f.shed_name === 'Broiler House 2' && f.status === 1;
      expect(s!.w).toBe(metered ? s!.n - 7 : s!.n);
    }
  });

  it('copies the built-in curves of the demo breeds (Ross 308 broilers, brown hens) to the farm', async () => {
    const rows = await q<{ flock_type: number; indicator: string; builtin_id: string; values: number[]; source: string }>(
      'SELECT flock_type, indicator, builtin_id, "values", source FROM standard_curves WHERE farm_id = $1',
      [farmId],
    );
    // One breed per indicator: the Cobb 500 built-ins stay in the library, not on the Ross farm.
    const breeds = ['Ross 308', 'Broiler', 'Brown layer'];
    const expected = BUILTIN_CURVES.filter((c) => (c.flockType === 2 || c.flockType === 4) && breeds.includes(c.breed));
    expect(expected.some((c) => c.breed === 'Ross 308') && expected.some((c) => c.breed === 'Brown layer')).toBe(true);
    expect(rows.length).toBe(expected.length);
    expect(rows.some((r) => r.builtin_id.startsWith('cobb'))).toBe(false);
    for (const c of expected) {
      const row = rows.find((r) => r.builtin_id === c.id)!;
      expect(row).toMatchObject({ flock_type: c.flockType, indicator: c.indicator, source: c.source });
      expect(row.values).toEqual(c.values);
    }
  });

  it('has plausible figures: weights near the standard, low mortality, layers in lay', async () => {
    const weight = (type: number): (typeof BUILTIN_CURVES)[number] =>
      BUILTIN_CURVES.find((c) => c.flockType === type && c.indicator === '02')!;
    const grows = await q<{ flock_type: number; day_age: number; avg_weight: number; uniformity: number }>(
      'SELECT f.flock_type, g.day_age, g.avg_weight, g.uniformity FROM flock_grow_days g JOIN flocks f ON f.id = g.flock_id WHERE f.farm_id = $1',
      [farmId],
    );
    expect(grows.length).toBeGreaterThan(30);
    for (const g of grows) {
      const std = curveValueAt(weight(g.flock_type), g.day_age)!;
      expect(Math.abs(g.avg_weight / std - 1)).toBeLessThan(0.15);
      expect(g.uniformity).toBeGreaterThanOrEqual(80);
      expect(g.uniformity).toBeLessThanOrEqual(92);
    }
    const losses = await q<{ flock_id: number; lost: number }>(
      'SELECT flock_id, sum(dead + culled)::int AS lost FROM flock_stock_days GROUP BY flock_id',
    );
    for (const f of list) expect(losses.find((l) => l.flock_id === f.id)!.lost / f.placed).toBeLessThan(0.08);
    const [lay] = await q<{ rate: number; w: number }>(
      `SELECT avg(e.egg_count::float8 / 30000) AS rate, avg(e.egg_weight_kg * 1000 / e.egg_count) AS w
         FROM flock_egg_days e WHERE e.day >= $1`,
      [addDays(today(), -30)],
    );
    expect(lay!.rate).toBeGreaterThan(0.8);
    expect(lay!.rate).toBeLessThan(1);
    expect(lay!.w).toBeGreaterThan(58);
    expect(lay!.w).toBeLessThan(68);
    const [events] = await q<{ i: number; m: number }>(
      'SELECT (SELECT count(*)::int FROM flock_immunizations) AS i, (SELECT count(*)::int FROM flock_medications) AS m',
    );
    expect(events!.i).toBeGreaterThan(10);
    expect(events!.m).toBeGreaterThan(3);
  });

  it('runs once, and again gives the same figures on an empty farm, well under 2 s', async () => {
    expect(await seedProduction(ctx.database.db)).toBeNull();
    expect((await flocksOf()).length).toBe(list.length);
    // Day ages 1-30 of every batch do not depend on the hour the seed ran.
    const figures = async (): Promise<unknown[]> =>
      q(
        `SELECT s.shed_name, f.start_date::text, t.day_age, t.dead, t.culled, d.feed_kg
         FROM flock_stock_days t JOIN flocks f ON f.id = t.flock_id JOIN sheds s ON s.id = f.shed_id
         JOIN flock_feed_days d ON d.flock_id = t.flock_id AND d.day = t.day
        WHERE f.farm_id = $1 AND t.day_age <= 30 ORDER BY 1, 2, 3`,
        [farmId],
      );
    const before = await figures();
    await q('DELETE FROM flocks WHERE farm_id = $1', [farmId]);
    await q('DELETE FROM standard_curves WHERE farm_id = $1', [farmId]);
    const started = Date.now();
    const result = await seedProduction(ctx.database.db);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ flocks: list.length });
    expect(await figures()).toEqual(before);
  });
});
