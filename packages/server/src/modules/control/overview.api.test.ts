import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EnvOverviewAnswer, farmDay } from '@farmsense/shared';
import { flocks, gatewayStatus } from '../../db/tables.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { buildFarm, buildPens, buildShed, call } from '../../test/factories.js';
import { addGateway, newCode, waitFor } from '../../iot/testkit.js';
import { closeBench, controlBench, type ControlWorld, curve, FakeController, groupCalls, STATE } from './control.fixtures.js';

const OVERVIEW = '/api/remotecontrol/envControl/overview';

/** The climate overview: per house the controller, its latest values, each climate group's versions, and the pens. */
describe(`climate control overview (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let bare: number;
  let dev: FakeController;

  beforeAll(async () => {
    ({ ctx, w, dev } = await controlBench('ovw'));
    bare = await buildShed(ctx.database.db, w.tenant, w.farm, { shedName: 'House C' });
    await buildPens(ctx.database.db, w.tenant, [
      { shedId: w.sheds[0]!, fieldColumn: 2, name: 'Pen 2' },
      { shedId: w.sheds[0]!, name: 'Pen 1' },
    ]);
    await ctx.database.query(
      `INSERT INTO telemetry_latest (gateway_id, key, ts, value) VALUES ($1, 'temp.1', now(), 23), ($1, 'temp.2', now(), 25),
        ($1, 'rh.1', now(), 61), ($1, 'fan.1', now(), 40), ($1, 'fan.2', now(), 0), ($1, 'water.1', now(), 5)`,
      [w.gateways[0]!.id],
    );
  });
  afterAll(async () => closeBench(ctx, dev));

  it('shows each house with its controller, latest climate values, group versions and pens; a house without a controller has none', async () => {
    const applied = await groupCalls(ctx, w, 'tempDayAge').apply([w.sheds[0]!, w.sheds[1]!], curve(22));
    expect(applied.code).toBe(1);
    await waitFor(async () => {
      const s = await call<{ status: string }>(ctx, w.token, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=tempDayAge`);
      return s.data.status === 'synced';
    });

    const r = await call<EnvOverviewAnswer>(ctx, w.token, 'GET', `${OVERVIEW}?farmId=${w.farm}`);
    expect(r.code).toBe(1);
    expect(r.data.sheds.map((s) => s.shedName)).toEqual(['House A', 'House B', 'House C']);
    const [a, b, c] = r.data.sheds;
    expect(a!.controller).toMatchObject({ gatewayId: w.gateways[0]!.id, code: w.gateways[0]!.code, online: true });
    expect(a!.values).toEqual({ 'temp.1': 23, 'temp.2': 25, 'rh.1': 61, 'fan.1': 40, 'fan.2': 0 });
    expect(a!.lastTs).toBeGreaterThan(0);
    expect(a!.groups.map((g) => g.group)).toEqual(['tempDayAge', 'fixedWind', 'dynamicWind', 'window', 'pumps', 'heater']);
    expect(a!.groups[0]).toMatchObject({
      desiredVersion: 1,
      reportedVersion: 1,
      status: 'synced',
      desired: curve(22),
      reported: curve(22),
    });
    expect(a!.groups[1]).toMatchObject({ desiredVersion: null, reportedVersion: null, status: null, desired: null, reported: null });
    expect(a!.pens.map((p) => p.name)).toEqual(['Pen 1', 'Pen 2']);
    // House B's controller is offline: its version waits, nothing acknowledged.
    expect(b!.controller?.online).toBe(false);
    expect(b!.groups[0]).toMatchObject({ desiredVersion: 1, reportedVersion: null, status: 'pending', reported: null });
    expect(b!.values).toEqual({});
    expect(c).toMatchObject({ shedId: bare, controller: null, values: {}, lastTs: null, pens: [] });
  });

  it('gives each of many houses its own controller, online state, values, day age and versions', async () => {
    const { db } = ctx.database;
    const farm = await buildFarm(db, w.tenant, 'Control Farm ovw many');
    const today = Date.parse(`${farmDay(new Date(), 'Asia/Shanghai')}T00:00:00Z`);
    const daysAgo = (n: number) => new Date(today - n * 86_400_000).toISOString().slice(0, 10);
    const flock = (shedId: number, groupNo: string, birth: number, start: number, status = 1) => ({
      tenantId: w.tenant,
      farmId: farm,
      shedId,
      groupNo,
      flockType: 2,
      sex: 3,
      birthDate: daysAgo(birth),
      startDate: daysAgo(start),
      status,
    });
    const houses: { id: number; gw: number | null }[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await buildShed(db, w.tenant, farm, { shedName: `M${i}`, shedNum: i + 1 });
      // House 4's first controller is disabled; house 11 has none.
      if (i === 4) await addGateway(ctx.database, { tenantId: w.tenant, code: newCode('md'), farmId: farm, shedId: id, enabled: false });
      const gw = i === 11 ? null : await addGateway(ctx.database, { tenantId: w.tenant, code: newCode('mc'), farmId: farm, shedId: id });
      // House 3 has a second, newer controller: the oldest takes the commands.
      if (i === 3) await addGateway(ctx.database, { tenantId: w.tenant, code: newCode('mn'), farmId: farm, shedId: id });
      houses.push({ id, gw });
      if (gw !== null) {
        if (i % 2 === 0 || i === 1)
          await db.insert(gatewayStatus).values({ gatewayId: gw, online: i % 2 === 0, since: new Date(), lastSeenAt: new Date() });
        await ctx.database.query(`INSERT INTO telemetry_latest (gateway_id, key, ts, value) VALUES ($1, 'temp.1', now(), $2)`, [
          gw,
          20 + i,
        ]);
      }
      // Houses 0-9 have a current flock 3 days older per house; house 6 a newer one placed after it; house 5 a closed later one.
      if (i < 10) await db.insert(flocks).values(flock(id, `F${i}`, i * 3, i * 3));
      if (i === 6) await db.insert(flocks).values(flock(id, 'F6b', 7, 2));
      if (i === 5) await db.insert(flocks).values(flock(id, 'F5b', 1, 0, 2));
    }
    const apply = async (n: number) =>
      groupCalls(ctx, w, 'tempDayAge').apply(
        houses.slice(0, n).map((h) => h.id),
        curve(22 + n),
      );
    expect((await apply(8)).code).toBe(1);
    expect((await apply(3)).code).toBe(1);
    await ctx.database.query(`UPDATE control_commands SET status = 'synced' WHERE shed_id = $1 AND version = 1`, [houses[0]!.id]);

    const r = await call<EnvOverviewAnswer>(ctx, w.token, 'GET', `${OVERVIEW}?farmId=${farm}`);
    expect(r.code).toBe(1);
    expect(r.data.sheds.map((s) => s.shedId)).toEqual(houses.map((h) => h.id));
    r.data.sheds.forEach((s, i) => {
      const gw = houses[i]!.gw;
      expect(s.controller?.gatewayId ?? null).toBe(gw);
      if (gw !== null) expect(s.controller?.online).toBe(i % 2 === 0);
      expect(s.values).toEqual(gw === null ? {} : { 'temp.1': 20 + i });
      expect(s.dayAge).toBe(i === 6 ? 7 : i < 10 ? i * 3 : null);
      const desired = i < 3 ? 2 : i < 8 ? 1 : null;
      expect(s.groups[0]).toMatchObject({
        desiredVersion: desired,
        reportedVersion: i === 0 ? 1 : null,
        status: desired === null ? null : 'pending',
        desired: desired === null ? null : curve(i < 3 ? 25 : 30),
        reported: i === 0 ? curve(30) : null,
      });
    });
  });

  it("answers 10007 for another tenant's farm and 99996 without a farm", async () => {
    expect((await call(ctx, w.otherToken, 'GET', `${OVERVIEW}?farmId=${w.farm}`)).code).toBe(10007);
    expect((await call(ctx, w.token, 'GET', OVERVIEW)).code).toBe(99996);
  });
});
