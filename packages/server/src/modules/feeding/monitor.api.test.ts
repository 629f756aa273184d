import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PenFeedRow } from '@farmsense/shared';
import { telemetryLatest } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { feederHouse, type FeederSet } from './feeding.fixtures.js';

const PENS = '/api/feeding/monitor/pens';

describe(`feeding monitor (${TEST_DB})`, () => {
  let ctx: TestContext;
  let farm: number;
  let shed: number;
  let set: FeederSet;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    // Pen 1 has two feeders, pen 2 one.
    const h = await feederHouse(ctx, { name: 'Monitor', prefix: 'mo', house: 'Farrowing M', code: 'fs-fdmon1', feeders: [0, 0, 1] });
    ({ farm, shed, set } = h);
    Object.assign(tok, h.tok);
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
