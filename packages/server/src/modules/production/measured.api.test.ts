import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Page, dayRange } from '@farmsense/shared';
import { auditLog, telemetryDaily } from '../../db/tables.js';
import { TEST_DB } from '../../test/harness.js';
import { productionWorld, TZ, type ProductionWorld } from './flock.fixtures.js';
import { dailyConsumption, fillMeasured } from './measured.js';
import { flockWaterDays } from './tables.js';

const DAILY = '/api/breedpigbuilding/flockDaily';
type Row = Record<string, unknown> & { id: number; day: string };

describe(`measured water and feed (${TEST_DB})`, () => {
  let w: ProductionWorld;
  const day = (n: number): string => addDays(w.today, -n);

  /** Daily rollups of a cumulative meter: [days ago, min, max]. */
  async function meter(gatewayId: number, key: string, days: [number, number, number][]): Promise<void> {
    await w.ctx.database.db.insert(telemetryDaily).values(
      days.map(([n, min, max]) => ({
        gatewayId,
        key,
        bucket: dayRange(day(n), TZ).start,
        min,
        max,
        sum: min + max,
        count: 2,
      })),
    );
  }

  beforeAll(async () => {
    w = await productionWorld();
  });
  afterAll(async () => {
    await w?.ctx.close();
  });

  it('computes a day from the day before (max - previous max), or max - min without one or after a reset', () => {
    const days = new Map([
      ['2026-01-01', { min: 10, max: 30 }],
      ['2026-01-02', { min: 30, max: 55 }],
      ['2026-01-04', { min: 60, max: 70 }],
      ['2026-01-05', { min: 0, max: 8 }],
    ]);
    expect([...dailyConsumption(days)]).toEqual([
      ['2026-01-01', 20],
      ['2026-01-02', 25],
      ['2026-01-04', 10],
      ['2026-01-05', 8],
    ]);
  });

  it("fills the house gateways' water and feed into the list, only for finished days, without overwriting entries", async () => {
    const shedId = await w.newShed();
    const gw1 = await w.newGateway(shedId, `prod-meter-a-${TEST_DB}`);
    const gw2 = await w.newGateway(shedId, `prod-meter-b-${TEST_DB}`);
    const flock = await w.newFlock({ shedId, groupNo: 'M-1' }, 5);
    await meter(gw1, 'water.1', [
      [6, 0, 90],
      [4, 100, 150],
      [3, 150, 210],
      [2, 210, 260],
      [0, 260, 270],
    ]);
    await meter(gw2, 'water.1', [[3, 1000, 1012.5]]);
    await meter(gw1, 'feed.1', [
      [4, 5, 25],
      [3, 25, 40],
    ]);
    await meter(gw1, 'temp.1', [[3, 20, 30]]);
    // An entry of the person's own for day 2 stays.
    expect((await w.api(w.tok.admin, 'POST', `${DAILY}/water`, { flockId: flock, day: day(2), waterL: 44 })).code).toBe(1);

    const water = await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/water/page`, { flockId: flock });
    expect(water.data.list.map((r) => [r.day, r.waterL, r.measured])).toEqual([
      [day(2), 44, false],
      [day(3), 60 + 12.5, true],
      // Day 4 has no day before with a reading of this meter: max - min.
      [day(4), 50, true],
    ]);
    const feed = await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/feed/page`, { flockId: flock, measured: true });
    expect(feed.data.list.map((r) => [r.day, r.feedKg, r.measuredValue])).toEqual([
      [day(3), 15, 15],
      [day(4), 20, 20],
    ]);
    expect((await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/feed/page`, { flockId: flock, measured: false })).data.total).toBe(0);
    // Filling again adds nothing.
    expect(await fillMeasured(w.ctx.database.db, [flock])).toBe(0);
  });

  it("reads only the flock's own gateway when it names one, and fills the quick form's day", async () => {
    const shedId = await w.newShed();
    const mine = await w.newGateway(shedId, `prod-meter-c-${TEST_DB}`);
    const neighbour = await w.newGateway(shedId, `prod-meter-d-${TEST_DB}`);
    const flock = await w.newFlock({ shedId, groupNo: 'M-2', deviceId: mine }, 5);
    await meter(mine, 'water.1', [
      [2, 10, 30],
      [1, 30, 45],
    ]);
    await meter(mine, 'water.2', [[1, 0, 5]]);
    await meter(neighbour, 'water.1', [[1, 0, 999]]);
    const quick = await w.api<Record<string, unknown>[]>(w.tok.admin, 'GET', `${DAILY}/quick?farmId=${w.poultryFarm}&day=${day(1)}`);
    expect(quick.data.find((r) => r.flockId === flock)).toMatchObject({ water: { waterL: 20, measured: true } });
    // Only the day asked for was filled.
    const rows = await w.ctx.database.db.select().from(flockWaterDays).where(eq(flockWaterDays.flockId, flock));
    expect(rows.map((r) => r.day)).toEqual([day(1)]);
  });

  it('keeps the meter figure when a person corrects a measured row, and audits old and new', async () => {
    const shedId = await w.newShed();
    const gw = await w.newGateway(shedId, `prod-meter-e-${TEST_DB}`);
    const flock = await w.newFlock({ shedId, groupNo: 'M-3' }, 5);
    await meter(gw, 'water.1', [
      [3, 0, 80],
      [2, 80, 200],
    ]);
    const list = await w.api<Page<Row>>(w.tok.admin, 'POST', `${DAILY}/water/page`, { flockId: flock });
    const measured = list.data.list.find((r) => r.day === day(2))!;
    expect(measured).toMatchObject({ waterL: 120, measured: true });

    const put = await w.api(w.tok.admin, 'PUT', `${DAILY}/water`, {
      id: measured.id,
      flockId: flock,
      day: day(2),
      waterL: 110,
      remark: 'leak',
    });
    expect(put.code).toBe(1);
    const [row] = await w.ctx.database.db.select().from(flockWaterDays).where(eq(flockWaterDays.id, measured.id));
    expect(row).toMatchObject({ waterL: 110, measured: false, measuredValue: 120, remark: 'leak' });
    const [entry] = await w.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, '/api/breedpigbuilding/flockDaily/:kind'), eq(auditLog.method, 'PUT')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ outcome: 'ok', code: 1 });
    expect(entry!.detail).toMatchObject({
      kind: 'water',
      id: measured.id,
      old: { waterL: 120, measured: true },
      new: { waterL: 110, measured: false, measuredValue: 120 },
    });

    // Adding a figure for a measured day corrects it the same way instead of answering 20078.
    const add = await w.api<{ id: number }>(w.tok.admin, 'POST', `${DAILY}/water`, { flockId: flock, day: day(3), waterL: 75 });
    expect(add.code).toBe(1);
    const [fixed] = await w.ctx.database.db.select().from(flockWaterDays).where(eq(flockWaterDays.id, add.data.id));
    expect(fixed).toMatchObject({ day: day(3), waterL: 75, measured: false, measuredValue: 80 });
    // A corrected day is not filled again.
    expect(await fillMeasured(w.ctx.database.db, [flock])).toBe(0);
  });
});
