import { addDays, dayRange, farmDay } from '@farmsense/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlockRow } from '@farmsense/shared';
import { demoGateways, demoSheds } from '../db/demo-fleet.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { call, tokenFor } from '../test/factories.js';
import { houseStates, startFlockSync, syncFlocks, type SimulatedShed } from './flock-sync.js';
import { waitFor } from './testkit.js';

/**
 * The live demo simulator follows the flock register: the demo gateways' models, built as
 * startDemoSimulator builds them, take the day age and birds of their house's current flock,
 * show an empty house when it is closed, and pick up a new flock with the register's day age
 * (days since hatch; broiler chicks placed the day after hatch are day 1 on placement day).
 */
const FLOCK = '/api/breedpigbuilding/flock';
const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;

describe(`simulated controllers follow the flock register (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token = '';
  let sheds: SimulatedShed[] = [];
  let farmId = 0;
  const byHouse = new Map<string, { gatewayId: number; shedId: number }>();
  const today = (): string => farmDay(new Date(), TZ);
  const modelOf = (house: string): SimulatedShed => sheds.find((s) => s.gatewayId === byHouse.get(house)!.gatewayId)!;
  const currentIn = async (house: string): Promise<FlockRow | undefined> => {
    const res = await call<{ list: FlockRow[] }>(ctx, token, 'POST', `${FLOCK}/page`, {
      farmId,
      shedId: byHouse.get(house)!.shedId,
      status: 1,
    });
    return res.data.list[0];
  };
  /** Enters a mixed broiler flock of `hens` birds in the house through the register: its id. */
  const placeFlock = async (house: string, groupNo: string, birthDate: string, startDate: string, hens: number): Promise<number> => {
    const added = await call<{ id: number }>(ctx, token, 'POST', FLOCK, {
      farmId,
      shedId: byHouse.get(house)!.shedId,
      groupNo,
      flockType: 2,
      sex: 3,
      birthDate,
      startDate,
      femaleCount: hens,
    });
    expect(added.code).toBe(1);
    return added.data.id;
  };
  /** What the house's controller would publish now. */
  const reading = (house: string, now: number): Record<string, number> => modelOf(house).model.step(60, now).values;

  beforeAll(async () => {
    ctx = await createTestApp();
    token = await tokenFor(ctx.database.db, 'demo');
    sheds = demoSheds(await demoGateways(ctx.database.db), false);
    const rows = await ctx.database.query<{ shed_name: string; gateway_id: number; shed_id: number; farm_id: number }>(
      `SELECT s.shed_name, g.id AS gateway_id, s.id AS shed_id, s.farm_id FROM gateways g JOIN sheds s ON s.id = g.shed_id
        WHERE g.code LIKE 'fs-demo%' AND s.shed_name IN ('Broiler House 1', 'Broiler House 2', 'Layer House 1')`,
    );
    for (const r of rows) byHouse.set(r.shed_name, { gatewayId: r.gateway_id, shedId: r.shed_id });
    farmId = rows[0]!.farm_id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('gives the poultry models the day ages and birds of the seeded current flocks; pig houses keep their cycle', async () => {
    const now = Date.now();
    // At seed time the register was written from the cycle, so both agree before the sync.
    const cycleAges = new Map(sheds.map((s) => [s.gatewayId, s.model.occupancy(now).dayAge]));
    expect(await syncFlocks(ctx.database, sheds, now)).toBe(3);
    for (const house of ['Broiler House 1', 'Broiler House 2', 'Layer House 1']) {
      const flock = (await currentIn(house))!;
      const { model, gatewayId } = modelOf(house);
      expect(model.following).toBe(true);
      expect(reading(house, now)['dayAge.1']).toBe(flock.dayAge);
      expect(cycleAges.get(gatewayId)).toBe(flock.dayAge);
      expect(model.inspect(now).head).toBe(flock.present);
      expect(flock.present).toBeLessThan(flock.femaleCount + flock.maleCount);
    }
    const pigs = sheds.filter((s) => s.model.profile.species === 'pig');
    expect(pigs.length).toBe(3);
    expect(pigs.every((s) => !s.model.following)).toBe(true);
  });

  it('empties the house when its flock is closed, and takes a new flock at day age 5', async () => {
    const house = 'Broiler House 1';
    const old = (await currentIn(house))!;
    const closed = await call(ctx, token, 'POST', `${FLOCK}/close`, { id: old.id, stopDate: today() });
    expect(closed.code).toBe(1);
    let now = Date.now();
    await syncFlocks(ctx.database, sheds, now);
    const empty = modelOf(house).model;
    expect(empty.occupancy(now)).toMatchObject({ occupied: false, dayAge: null });
    expect(empty.inspect(now).head).toBe(0);
    expect(reading(house, now)['dayAge.1']).toBeUndefined();
    expect(reading(house, now)['targetTemp.1']).toBeUndefined();
    // Washing days are counted from the midnight after the stop day.
    expect(empty.occupancy(dayRange(today(), TZ).end.getTime() + 12 * HOUR).emptyFor).toBeCloseTo(0.5, 3);

    // Hatched 5 days ago, placed the day after: the register says day 5, so does the controller.
    const added = await placeFlock(house, 'SYNC-1', addDays(today(), -5), addDays(today(), -4), 15_000);
    const stock = await call(ctx, token, 'POST', '/api/breedpigbuilding/flockDaily/stock', {
      flockId: added,
      day: addDays(today(), -1),
      dead: 40,
      culled: 10,
    });
    expect(stock.code).toBe(1);
    expect(await currentIn(house)).toMatchObject({ id: added, dayAge: 5, present: 14_950 });
    now = Date.now();
    await syncFlocks(ctx.database, sheds, now);
    expect(reading(house, now)['dayAge.1']).toBe(5);
    expect(modelOf(house).model.inspect(now).head).toBe(14_950);
    expect(modelOf(house).model.occupancy(dayRange(addDays(today(), 1), TZ).start.getTime() + HOUR).dayAge).toBe(6);
    // The other houses are untouched.
    expect(reading('Broiler House 2', now)['dayAge.1']).toBe((await currentIn('Broiler House 2'))!.dayAge);
  });

  it('keeps a house empty, heating up the day before, for a flock entered ahead of its placement day', async () => {
    const house = 'Broiler House 1';
    const current = (await currentIn(house))!;
    expect((await call(ctx, token, 'POST', `${FLOCK}/close`, { id: current.id, stopDate: today() })).code).toBe(1);
    const placement = addDays(today(), 2);
    await placeFlock(house, 'SYNC-2', addDays(placement, -1), placement, 20_000);
    const now = Date.now();
    const [state] = await houseStates(ctx.database, [byHouse.get(house)!.gatewayId], now);
    const start = dayRange(placement, TZ).start.getTime();
    expect(state).toEqual({
      gatewayId: byHouse.get(house)!.gatewayId,
      flock: null,
      empty: { since: dayRange(today(), TZ).end.getTime(), next: start },
    });
    await syncFlocks(ctx.database, sheds, now);
    const { model } = modelOf(house);
    expect(model.occupancy(now)).toMatchObject({ occupied: false, preheat: false });
    expect(model.occupancy(start - 2 * HOUR)).toMatchObject({ occupied: false, preheat: true });
    expect(model.targetAt(start - 2 * HOUR)).toBe(34);
  });

  it('re-reads the register on its timer until stopped', async () => {
    const house = 'Broiler House 2';
    const flock = (await currentIn(house))!;
    const sync = startFlockSync(ctx.database, sheds, { intervalMs: 50 });
    try {
      expect((await call(ctx, token, 'POST', `${FLOCK}/close`, { id: flock.id, stopDate: today() })).code).toBe(1);
      await waitFor(() => (modelOf(house).model.occupancy(Date.now()).occupied ? undefined : true), 10_000);
    } finally {
      await sync.stop();
    }
    expect(reading(house, Date.now())['dayAge.1']).toBeUndefined();
  });
});
