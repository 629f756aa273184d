import { addDays, dayRange, farmDay } from '@farmsense/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedReconcileAnswer } from '@farmsense/shared';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoApp } from '../test/demo-app.js';
import { call, farmIdByName, tokenFor } from '../test/factories.js';
import { seedDemoFeeders } from './seed-feed-devices.js';
import { seedFeederHistory } from './seed-feeder-history.js';
import { seedDemoSilos } from './seed-silos.js';

const ZONE = 'Asia/Shanghai';

/**
 * The demo sow farm's feed reconciliation: Farrowing 1 has a silo of its own whose load cells
 * follow what its feeders dispense, so every finished day of the feeders' history is metered,
 * with real figures inside the tolerance (the silo loses a little more than the feeders report).
 */
describe(`demo feeder house reconciliation (${TEST_DB})`, () => {
  let ctx: TestContext;

  withDemoApp([], (made) => ({ ctx } = made));
  beforeAll(async () => {
    expect(await seedDemoFeeders(ctx.database.db)).toBe(true);
    expect(await seedFeederHistory(ctx.database)).toBeGreaterThan(0);
    expect(await seedDemoSilos(ctx.database)).toBeGreaterThan(0);
  });

  it('meters Farrowing 1 on every finished day with its own silo and real figures', async () => {
    const token = await tokenFor(ctx.database.db, 'demo');
    const farm = await farmIdByName(ctx.database.db, 'Demo Pig Farm');
    const today = farmDay(new Date(), ZONE);
    const from = dayRange(addDays(today, -5), ZONE).start.getTime();
    const res = await call<FeedReconcileAnswer>(
      ctx,
      token,
      'GET',
      `/api/feeding/analysis/reconcile?farmId=${farm}&startTime=${from}&endTime=${dayRange(today, ZONE).start.getTime() - 1}`,
    );
    const rows = res.data.list.filter((r) => r.shedName === 'Farrowing 1');
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect([r.silos, r.metered]).toEqual([['Silo C'], true]);
      expect(r.dispensedKg).toBeGreaterThan(50);
      expect(Math.abs(r.gapPct!)).toBeLessThanOrEqual(res.data.tolerancePct);
      expect(r.flagged).toBe(false);
    }
  });
});
