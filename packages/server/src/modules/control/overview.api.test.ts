import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyAnswer, EnvOverviewAnswer } from '@farmsense/shared';
import { pens } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildShed, call } from '../../test/factories.js';
import { waitFor } from '../../iot/testkit.js';
import { APPLY, buildWorld, curve, FakeController, online, securityCode, STATE, type ControlWorld } from './control.fixtures.js';

const OVERVIEW = '/api/remotecontrol/envControl/overview';

/** The climate overview: per house the controller, its latest values, each climate group's versions, and the pens. */
describe(`climate control overview (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let bare: number;
  let dev: FakeController;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    w = await buildWorld(ctx, 'ovw');
    bare = await buildShed(ctx.database.db, w.tenant, w.farm, { shedName: 'House C' });
    await ctx.database.db.insert(pens).values([
      { tenantId: w.tenant, shedId: w.sheds[0]!, fieldColumn: 2, field: 1, name: 'Pen 2' },
      { tenantId: w.tenant, shedId: w.sheds[0]!, fieldColumn: 1, field: 1, name: 'Pen 1' },
    ]);
    await ctx.database.query(
      `INSERT INTO telemetry_latest (gateway_id, key, ts, value) VALUES ($1, 'temp.1', now(), 23), ($1, 'temp.2', now(), 25),
        ($1, 'rh.1', now(), 61), ($1, 'fan.1', now(), 40), ($1, 'fan.2', now(), 0), ($1, 'water.1', now(), 5)`,
      [w.gateways[0]!.id],
    );
    dev = await FakeController.connect(ctx, w.gateways[0]!.code);
    await online(ctx, w.gateways[0]!.id);
  });
  afterAll(async () => {
    await dev?.client.endAsync();
    await ctx?.close();
  });

  it('shows each house with its controller, latest climate values, group versions and pens; a house without a controller has none', async () => {
    const applied = await call<ApplyAnswer>(ctx, w.token, 'POST', APPLY, {
      group: 'tempDayAge',
      shedIds: [w.sheds[0]!, w.sheds[1]!],
      payload: curve(22),
      codeKind: 'security',
      code: await securityCode(ctx),
    });
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

  it("answers 10007 for another tenant's farm and 99996 without a farm", async () => {
    expect((await call(ctx, w.otherToken, 'GET', `${OVERVIEW}?farmId=${w.farm}`)).code).toBe(10007);
    expect((await call(ctx, w.token, 'GET', OVERVIEW)).code).toBe(99996);
  });
});
