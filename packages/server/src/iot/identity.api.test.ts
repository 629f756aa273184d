import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControllerRow, DeviceConnectRow, Page } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { authed, loginAs, type AuthedClient } from '../test/login.js';
import { buildTenant } from '../test/factories.js';
import type { IotLink } from './link.js';
import { addGateway, connected, deviceClient, newCode, sleep, telemetry, waitFor } from './testkit.js';

/**
 * Device identity on the embedded broker (issue 16, defect 1): the MQTT client id must be the
 * device code or `code-suffix`, so one gateway's credentials cannot throw another gateway off the
 * broker (aedes, like any MQTT broker, closes the older session holding a client id). Refusals are
 * counted per code and shown with the gateway. Defect 7: telemetry alone is proof of life.
 */
describe(`device identity on the embedded broker (${TEST_DB})`, () => {
  let ctx: TestContext;
  let link: IotLink;
  let admin: AuthedClient;

  beforeAll(async () => {
    ctx = await createTestApp({ iot: { tcpPort: null, heartbeatTimeoutMs: 60_000, statusFlushMs: 100 } });
    link = ctx.iot;
    admin = authed(ctx, await loginAs(ctx, 'demo'));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const rowOf = async (code: string): Promise<ControllerRow> => {
    const res = await admin.post('/api/breedpigdevice/controller/page', { keyword: code, pageSize: 10 });
    const page = res.json().data as Page<ControllerRow>;
    const row = page.list.find((r) => r.code === code);
    if (!row) throw new Error(`${code} not listed`);
    return row;
  };

  it("refuses fs-demo01's credentials under fs-demo03's client id (identifier rejected) and fs-demo03 stays connected", async () => {
    const real = deviceClient(link, { username: 'fs-demo03', password: 'demo', clientId: 'fs-demo03' });
    await connected(real);
    let closed = false;
    real.on('close', () => (closed = true));

    for (const clientId of ['fs-demo03', 'fs-demo03-x', 'fs-demo0', 'fs-demo01-', 'fs-demo01/x', 'mqttjs_1234', '']) {
      const thief = deviceClient(link, { username: 'fs-demo01', password: 'demo', clientId, clean: true });
      await expect(connected(thief), clientId).rejects.toMatchObject({ code: 2 });
      thief.end(true);
    }
    await sleep(100);
    expect(closed).toBe(false);
    expect(real.connected).toBe(true);
    // The real device still publishes (PUBACK received) on its session.
    await real.publishAsync('fs/fs-demo03/telemetry', telemetry(Date.now(), { 'temp.1': 22 }), { qos: 1 });

    // Its own code, with or without a suffix, is accepted.
    for (const clientId of ['fs-demo01', 'fs-demo01-backup', 'fs-demo01-a.b_c']) {
      const own = deviceClient(link, { username: 'fs-demo01', password: 'demo', clientId });
      await connected(own);
      own.end(true);
    }
    real.end(true);
  });

  it('refuses a takeover across tenants too', async () => {
    const other = await buildTenant(ctx.database.db, 'Other IoT Tenant');
    const code = newCode('x');
    await addGateway(ctx.database, { tenantId: other, code });
    const real = deviceClient(link, { username: 'fs-demo04', password: 'demo', clientId: 'fs-demo04-main' });
    await connected(real);
    const thief = deviceClient(link, { username: code, password: 'secret', clientId: 'fs-demo04-main' });
    await expect(connected(thief)).rejects.toMatchObject({ code: 2 });
    thief.end(true);
    await sleep(100);
    expect(real.connected).toBe(true);
    real.end(true);
  });

  it('counts refused connects per code and shows the last reason with the gateway', async () => {
    const before = await rowOf('fs-demo05');
    expect(before.refusal).toBeNull();
    for (const [password, clientId] of [
      ['wrong', 'fs-demo05'],
      ['wrong', 'fs-demo05-a'],
      ['demo', 'fs-demo06'],
    ] as const) {
      const c = deviceClient(link, { username: 'fs-demo05', password, clientId });
      await expect(connected(c)).rejects.toBeTruthy();
      c.end(true);
    }
    // Written in bulk every 2 s.
    const after = await waitFor(async () => {
      const r = await rowOf('fs-demo05');
      return r.refusal?.count === 3 ? r : null;
    });
    expect(after!.refusal).toMatchObject({ count: 3, lastReason: 'clientId' });
    expect(Date.parse(after!.refusal!.lastAt)).toBeGreaterThan(Date.now() - 60_000);
    const c = deviceClient(link, { username: 'fs-demo05', password: 'nope', clientId: 'fs-demo05' });
    await expect(connected(c)).rejects.toMatchObject({ code: 4 });
    c.end(true);
    await waitFor(async () => (await rowOf('fs-demo05')).refusal?.count === 4);
    expect((await rowOf('fs-demo05')).refusal).toMatchObject({ count: 4, lastReason: 'checkCode' });
    // Unknown codes are counted and logged, never stored.
    const stored = async (): Promise<number> =>
      Number((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM gateway_refusals'))[0]!.n);
    const rowsBefore = await stored();
    const ghost = deviceClient(link, { username: 'fs-nosuch01', password: 'x', clientId: 'fs-nosuch01' });
    await expect(connected(ghost)).rejects.toMatchObject({ code: 4 });
    ghost.end(true);
    await sleep(2_500);
    expect(await stored()).toBe(rowsBefore);
  });

  it('shows a gateway online that sends telemetry without any status message', async () => {
    const tenantId = (await ctx.database.query<{ id: number }>("SELECT id FROM tenants WHERE name = 'Demo Agri Group'"))[0]!.id;
    const farmId = (
      await ctx.database.query<{ id: number }>('SELECT id FROM farms WHERE tenant_id = $1 ORDER BY id LIMIT 1', [tenantId])
    )[0]!.id;
    const code = newCode('s');
    const id = await addGateway(ctx.database, { tenantId, farmId, code });
    expect((await rowOf(code)).online).toBe(false);
    const c = deviceClient(link, { username: code, password: 'secret' });
    await connected(c);
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(Date.now() - 5 * 60_000, { 'temp.1': 21 }), { qos: 1 });
    await waitFor(async () => (await rowOf(code)).online, 5_000);
    const connect = (await admin.post('/api/breedpigdevice/busi/data/monitor/pageDeviceConnectStatus', { farmId, pageSize: 1000 })).json()
      .data as Page<DeviceConnectRow>;
    expect(connect.list.find((g) => g.gatewayCode === code)?.online).toBe(true);
    const events = await ctx.database.query<{ online: boolean }>('SELECT online FROM gateway_status_events WHERE gateway_id = $1', [id]);
    expect(events.map((e) => e.online)).toEqual([true]);
    c.end(true);
  });
});
