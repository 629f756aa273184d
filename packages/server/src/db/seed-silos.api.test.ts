import { describe, expect, it } from 'vitest';
import type { SiloStatusRow } from '@farmsense/shared';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoStore } from '../test/demo-app.js';
import { call, farmIdByName, tokenFor } from '../test/factories.js';
import { DEMO_SEED } from './demo-codes.js';
import { demoScales } from './demo-scales.js';
import { seedDemoSilos } from './seed-silos.js';

/**
 * Demo silos: two per demo farm (and one of its own for the sow farm's feeder house) on a weigher of their own, 30 days of load-cell readings weighed
 * by the module, so the status, records and report screens have deliveries every few days, a
 * consumption per day and a forecast; a second start adds nothing.
 */
describe(`demo silos and their history (${TEST_DB})`, () => {
  let ctx: TestContext;
  const q = withDemoStore((made) => (ctx = made));

  it('stores and weighs 30 days of readings: deliveries every few days, every day consumed, once', async () => {
    expect(await seedDemoSilos(ctx.database)).toBeGreaterThan(5 * 30 * 144 - 10);
    const perSilo = await q<{ name: string; capacity: number; deliveries: number; days: number; consumed: number }>(
      `SELECT s.name, s.capacity_kg::float8 AS capacity, (SELECT count(*)::int FROM silo_deliveries d WHERE d.silo_id = s.id) AS deliveries,
              count(y.day)::int AS days, coalesce(sum(y.consumed_kg), 0)::float8 AS consumed
         FROM silos s LEFT JOIN silo_daily y ON y.silo_id = s.id GROUP BY s.id, s.name ORDER BY s.id`,
    );
    // Two per farm, and the sow farm's feeder house (Farrowing 1) has a small one of its own.
    expect(perSilo).toHaveLength(5);
    for (const s of perSilo) {
      expect(s.days).toBeGreaterThanOrEqual(30);
      if (s.capacity < 5_000) {
        // Some 150 kg a day (without the demo feeders in this app it draws like the others, in proportion).
        expect(s.deliveries).toBeGreaterThanOrEqual(1);
        expect(s.consumed / 30).toBeGreaterThan(100);
        expect(s.consumed / 30).toBeLessThan(250);
        continue;
      }
      expect(s.deliveries).toBeGreaterThanOrEqual(3);
      // Some 1.3 to 2.6 t a day over 30 days.
      expect(s.consumed / 30).toBeGreaterThan(1_000);
      expect(s.consumed / 30).toBeLessThan(3_000);
    }
    // A knock on the silo is never a delivery: each one is a truck's half silo or more.
    const [small] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM silo_deliveries d JOIN silos s ON s.id = d.silo_id WHERE d.kg < s.capacity_kg * 0.5`,
    );
    expect(small!.n).toBe(0);
    expect(await seedDemoSilos(ctx.database)).toBe(0);
  });

  it('gives every demo silo a state and a forecast on the status screen', async () => {
    const token = await tokenFor(ctx.database.db, 'demo');
    const farm = await farmIdByName(ctx.database.db, 'Demo Pig Farm');
    const res = await call<SiloStatusRow[]>(ctx, token, 'GET', `/api/breedpigbuilding/breedWeightFodder/silo/status?farmId=${farm}`);
    expect(res.data.map((s) => s.name)).toEqual(['Silo A', 'Silo B', 'Silo C']);
    for (const s of res.data) {
      expect(s.weightKg).toBeGreaterThan(0);
      expect(s.forecast).not.toBeNull();
      expect(s.forecast!.soonestDays).toBeLessThanOrEqual(s.forecast!.latestDays);
      expect(s.lastDelivery).not.toBeNull();
    }
  });

  it('runs the demo weighers live from their last stored readings', async () => {
    const scales = await demoScales(ctx.database, [], DEMO_SEED);
    const latest = await q<{ code: string; key: string; value: number; capacity: number }>(
      `SELECT g.code, l.key, l.value, s.capacity_kg AS capacity
         FROM silos s JOIN gateways g ON g.id = s.gateway_id
         JOIN telemetry_latest l ON l.gateway_id = g.id AND l.key = 'weight.' || s.channel
        ORDER BY g.code, l.key`,
    );
    expect(scales.map((m) => m.code).sort()).toEqual([...new Set(latest.map((r) => r.code))]);
    const now = Date.now();
    for (const m of scales) {
      const values = m.step(30, now).values;
      const mine = latest.filter((r) => r.code === m.code);
      expect(Object.keys(values).sort()).toEqual(mine.map((r) => r.key));
      // The history ends within ten minutes of now: the live reading goes on from its last one.
      for (const r of mine) expect(Math.abs(values[r.key]! - r.value)).toBeLessThan(r.capacity * 0.02);
    }
  });
});
