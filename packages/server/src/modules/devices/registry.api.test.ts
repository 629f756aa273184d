import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TYPES, type ControllerRow, type NetworkRow, type Page } from '@farmsense/shared';
import { gateways } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { hashCheckCode } from '../../lib/check-codes.js';
import { buildAccount, buildRole, call, tokenFor } from '../../test/factories.js';
import { adminWorld, type AdminWorld } from '../farms/admin.fixtures.js';
import type { IotLink } from '../../iot/link.js';
import { connected, deviceClient, waitFor } from '../../iot/testkit.js';

const C = '/api/breedpigdevice/controller';
const N = '/api/breedpigdevice/network';

/**
 * The registry rules added for the 4008 page, DTUs and commands: extended gateway types,
 * serial numbers (20091), renames (20087), bus location (200323, 20086, 203341), parent DTUs
 * (200316, 20086, 20089), network names (200319), commands (200323, 20086, 203342, 20048), and
 * the immediate end of a live MQTT session when the registry withdraws a gateway's right to it.
 */
describe(`device registry rules (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let link: IotLink;
  let n = 0;
  const uid = (): string => `${Date.now().toString(36)}${++n}`;
  const ctl = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    code: `fs-rg${uid()}`,
    name: `Ctl ${uid()}`,
    gatewayType: 101,
    deviceCategory: 201,
    model: 'FS-100',
    serialNo: `SN-${uid()}`,
    checkCode: 'rule-secret',
    farmId: w.pigFarm,
    ...over,
  });
  const add = async (over: Record<string, unknown> = {}, tok = w.tok.demo): Promise<{ code: number; id: number }> => {
    const r = await call<{ id: number }>(ctx, tok, 'POST', `${C}/add`, ctl(over));
    return { code: r.code, id: r.data?.id };
  };
  const row = async (id: number): Promise<typeof gateways.$inferSelect> =>
    (await ctx.database.db.select().from(gateways).where(eq(gateways.id, id)))[0]!;
  const update = async (id: number, over: Record<string, unknown>): Promise<number> => {
    const r = await row(id);
    const body = {
      id,
      code: r.code,
      name: r.name,
      gatewayType: r.gatewayType,
      deviceCategory: r.deviceCategory,
      model: r.model,
      serialNo: r.serialNo,
      farmId: r.farmId,
      networkId: r.networkId,
      port: r.port,
      commPointNo: r.commPointNo,
      parentId: r.parentId,
      ...over,
    };
    return (await call(ctx, w.tok.demo, 'PUT', `${C}/update`, body)).code;
  };
  const network = async (name: string, ip: string, farmId = w.pigFarm): Promise<number> => {
    const r = await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${N}/add`, {
      name,
      ip,
      serverPort: 4001,
      connectionMode: 'tcpServer',
      farmId,
    });
    expect(r.code).toBe(1);
    return r.data.id;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ iot: { tcpPort: null, statusFlushMs: 200 } });
    w = await adminWorld(ctx);
    link = ctx.iot;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('accepts every gateway type 100-103 and 1000-1024, nothing else', async () => {
    expect(GATEWAY_TYPES).toHaveLength(29);
    for (const gatewayType of [100, 103, 1000, 1002, 1003, 1024])
      expect([gatewayType, (await add({ gatewayType })).code]).toEqual([gatewayType, 1]);
    for (const gatewayType of [104, 999, 1025]) expect([gatewayType, (await add({ gatewayType })).code]).toEqual([gatewayType, 99996]);
    const page = (await call<Page<ControllerRow>>(ctx, w.tok.demo, 'POST', `${C}/page`, { gatewayType: 1024, pageSize: 100 })).data;
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((r) => r.gatewayType === 1024)).toBe(true);
  });

  it('registers a serial number once per tenant (20091) and refuses renames onto a taken name (20087)', async () => {
    const serialNo = `SN-${uid()}`;
    const a = await add({ serialNo });
    expect(a.code).toBe(1);
    expect((await add({ serialNo })).code).toBe(20091);
    expect((await add({ serialNo, farmId: w.poultryFarm, deviceCategory: 200 })).code).toBe(20091);
    // Another tenant's unit may carry the same serial number.
    expect((await add({ serialNo, farmId: w.otherFarm }, w.tok.secondAdmin)).code).toBe(1);
    const b = await add();
    expect(await update(b.id, { serialNo })).toBe(20091);
    expect(await update(a.id, { serialNo })).toBe(1);
    expect(await update(b.id, { name: (await row(a.id)).name })).toBe(20087);
    expect((await add({ name: (await row(a.id)).name })).code).toBe(203340);
  });

  it('places a 4008 controller on a network device port: whole location (200323), same farm (20086), free point (203341)', async () => {
    const net = await network(`Serial server ${uid()}`, `10.8.0.${n % 250}`);
    const netOther = await network(`Poultry server ${uid()}`, `10.9.0.${n % 250}`, w.poultryFarm);
    const at = { model: 'FS-4008A', deviceCategory: 201, networkId: net, port: 1 };
    const a = await add({ ...at, commPointNo: 3 });
    expect(a.code).toBe(1);
    expect((await add({ ...at, commPointNo: 3 })).code).toBe(203341);
    expect((await add({ ...at, port: 2, commPointNo: 3 })).code).toBe(1);
    expect((await add({ networkId: net, port: 1 })).code).toBe(200323);
    expect((await add({ commPointNo: 4 })).code).toBe(200323);
    expect((await add({ ...at, networkId: netOther, commPointNo: 4 })).code).toBe(20086);
    expect((await add({ ...at, networkId: 99999999, commPointNo: 4 })).code).toBe(20088);
    expect((await add({ ...at, commPointNo: 248 })).code).toBe(99996);
    const b = await add({ ...at, commPointNo: 5 });
    expect(await update(b.id, { commPointNo: 3 })).toBe(203341);
    const list = (
      await call<Page<ControllerRow>>(ctx, w.tok.demo, 'POST', `${C}/page`, {
        modelFamily: '4008',
        deviceCategories: [200, 201],
        pageSize: 100,
      })
    ).data.list;
    expect(list.every((r) => r.model?.includes('4008') && [200, 201].includes(r.deviceCategory!))).toBe(true);
    expect(list.find((r) => r.id === a.id)).toMatchObject({ networkId: net, port: 1, commPointNo: 3 });
    expect(list.find((r) => r.id === a.id)?.networkName).toMatch(/^Serial server/);
    // Its status counts the controllers wired to it (none has connected yet); the other has none.
    const nets = (await call<Page<NetworkRow>>(ctx, w.tok.demo, 'POST', `${N}/page`, { pageSize: 100 })).data.list;
    expect(nets.find((r) => r.id === net)).toMatchObject({ gateways: 3, gatewaysOnline: 0 });
    expect(nets.find((r) => r.id === netOther)).toMatchObject({ gateways: 0, gatewaysOnline: 0 });
    // A network device with controllers wired to it stays (20089).
    expect((await call(ctx, w.tok.demo, 'DELETE', `${N}/delete/${net}`)).code).toBe(20089);
  });

  it('links sub-devices to a DTU of their farm (200316, 20086) and keeps a DTU with sub-devices (20089)', async () => {
    const dtu = await add({ gatewayType: 1000, deviceCategory: 202 });
    const plain = await add({ gatewayType: 1001, deviceCategory: 202 });
    const otherFarmDtu = await add({ gatewayType: 1000, deviceCategory: 200, farmId: w.poultryFarm });
    expect((await add({ parentId: plain.id, deviceCategory: 202 })).code).toBe(200316);
    expect((await add({ parentId: 99999999, deviceCategory: 202 })).code).toBe(200316);
    expect((await add({ parentId: otherFarmDtu.id, deviceCategory: 202 })).code).toBe(20086);
    expect((await add({ gatewayType: 1000, parentId: dtu.id, deviceCategory: 202 })).code).toBe(99996);
    const child = await add({ parentId: dtu.id, deviceCategory: 202 });
    expect(child.code).toBe(1);
    expect(
      (await call<Page<ControllerRow>>(ctx, w.tok.demo, 'POST', `${C}/page`, { keyword: (await row(child.id)).code })).data.list[0],
    ).toMatchObject({ parentId: dtu.id, parentCode: (await row(dtu.id)).code });
    expect((await call(ctx, w.tok.demo, 'DELETE', `${C}/delete/${dtu.id}`)).code).toBe(20089);
    expect(await update(dtu.id, { gatewayType: 1003 })).toBe(20089);
    expect(await update(child.id, { parentId: null })).toBe(1);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${C}/delete/${dtu.id}`)).code).toBe(1);
    // Another tenant's DTU is not found.
    const theirs = await add({ gatewayType: 1000, farmId: w.otherFarm }, w.tok.secondAdmin);
    expect((await add({ parentId: theirs.id, deviceCategory: 202 })).code).toBe(200316);
  });

  it('tells a code registered by another tenant (200320) from one of its own (203339)', async () => {
    const mine = await add();
    const theirs = await add({ farmId: w.otherFarm }, w.tok.secondAdmin);
    expect((await add({ code: (await row(mine.id)).code })).code).toBe(203339);
    expect((await add({ code: (await row(theirs.id)).code })).code).toBe(200320);
    expect(await update(mine.id, { code: (await row(theirs.id)).code })).toBe(200320);
  });

  it('hangs a sub-meter under a main meter of its kind: not itself (200318), not another kind or a missing meter (200321)', async () => {
    const dtu = await add({ gatewayType: 1000 });
    const main = await add({ gatewayType: 1004, parentId: dtu.id });
    expect(main.code).toBe(1);
    const sub = await add({ gatewayType: 1004, parentId: main.id });
    expect(sub.code).toBe(1);
    expect(await update(sub.id, { parentId: sub.id })).toBe(200318);
    expect((await add({ gatewayType: 1005, parentId: main.id })).code).toBe(200321);
    expect((await add({ gatewayType: 1004, parentId: 2_000_000_000 })).code).toBe(200321);
    // Two meter levels at most: a sub-meter is no main meter, and a main meter with sub-meters stays one.
    expect((await add({ gatewayType: 1004, parentId: sub.id })).code).toBe(200321);
    const other = await add({ gatewayType: 1004 });
    expect(await update(main.id, { parentId: other.id })).toBe(20089);
  });

  it("opens one controller's running status to the embeddable page's code, reading only", async () => {
    const role = await buildRole(ctx.database.db, w.demoTenant, `Running status ${uid()}`, [
      { code: 'device-running-status.controller.iframe', ops: ['view'] },
    ]);
    const account = `running-${uid()}`;
    await buildAccount(ctx.database.db, { tenantId: w.demoTenant, accountCode: account, farmIds: [w.pigFarm], roleIds: [role] });
    const tok = await tokenFor(ctx.database.db, account);
    const a = await add();
    const code = (await row(a.id)).code;
    expect(
      (await call(ctx, w.tok.demo, 'PUT', `${C}/channels`, { id: a.id, channels: [{ key: 'fan.1', subDevice: 14, name: 'Tunnel' }] })).code,
    ).toBe(1);
    const channels = await call<{ key: string; name: string }[]>(ctx, tok, 'GET', `${C}/channels?code=${code}`);
    expect(channels).toMatchObject({ code: 1, data: [{ key: 'fan.1', name: 'Tunnel' }] });
    expect((await call(ctx, tok, 'POST', '/api/breedpigbuilding/remoteHkqController/hkqDetail', { gatewayCode: 'fs-demo01' })).code).toBe(
      1,
    );
    expect((await call(ctx, tok, 'POST', `${C}/page`, {})).code).toBe(10009);
    expect((await call(ctx, tok, 'PUT', `${C}/channels`, { id: a.id, channels: [] })).code).toBe(10009);
    expect((await call(ctx, tok, 'POST', `${C}/command`, { id: a.id, op: 'time.sync' })).code).toBe(10009);
    // By code, still within the tenant and the caller's farms.
    expect((await call(ctx, w.tok.demo, 'GET', `${C}/channels?code=fs-nosuch${++n}`)).code).toBe(20088);
    expect((await call(ctx, w.tok.secondAdmin, 'GET', `${C}/channels?code=${code}`)).code).toBe(20088);
    const poultry = await add({ farmId: w.poultryFarm, deviceCategory: 200 });
    expect((await call(ctx, tok, 'GET', `${C}/channels?code=${(await row(poultry.id)).code}`)).code).toBe(20088);
  });

  it('keeps network device names unique within a farm (200319)', async () => {
    const name = `Switch ${uid()}`;
    const id = await network(name, '10.7.0.1');
    const dup = { name, ip: '10.7.0.2', serverPort: 502, connectionMode: 'tcpClient' };
    expect((await call(ctx, w.tok.demo, 'POST', `${N}/add`, { ...dup, farmId: w.pigFarm })).code).toBe(200319);
    expect((await call(ctx, w.tok.demo, 'POST', `${N}/add`, { ...dup, farmId: w.poultryFarm })).code).toBe(1);
    const other = await network(`Other ${uid()}`, '10.7.0.3');
    expect((await call(ctx, w.tok.demo, 'PUT', `${N}/update`, { id: other, ...dup, ip: '10.7.0.3', farmId: w.pigFarm })).code).toBe(200319);
    expect((await call(ctx, w.tok.demo, 'PUT', `${N}/update`, { id, ...dup, ip: '10.7.0.1', farmId: w.pigFarm })).code).toBe(1);
  });

  /** A device on the in-process broker that answers commands with `ok`. */
  async function device(code: string, ok = true): Promise<MqttClient> {
    const c = deviceClient(link, { username: code, password: 'rule-secret', clientId: `${code}-dev` });
    await connected(c);
    await c.subscribeAsync(`fs/${code}/cmd`, { qos: 1 });
    c.on('message', (_t, payload) => {
      const cmd = JSON.parse(payload.toString()) as { id: string; op: string; params: Record<string, unknown> };
      c.publish(`fs/${code}/ack`, JSON.stringify({ id: cmd.id, ok, msg: '', data: { op: cmd.op, params: cmd.params } }), { qos: 1 });
    });
    await c.publishAsync(`fs/${code}/status`, 'online', { qos: 1, retain: true });
    return c;
  }

  it('sends commands: params (200323), disabled (20086), offline (203342), refused (20048), answered (1)', async () => {
    const code = `fs-cmd${uid()}`;
    const a = await add({ code });
    const cmd = (body: Record<string, unknown>): Promise<{ code: number; data: { data: Record<string, unknown> } }> =>
      call(ctx, w.tok.demo, 'POST', `${C}/command`, { id: a.id, ...body });
    expect((await cmd({ op: 'params.read', params: {} })).code).toBe(200323);
    expect((await cmd({ op: 'params.read', params: { keys: [] } })).code).toBe(200323);
    expect((await cmd({ op: 'reboot' })).code).toBe(99996);
    expect((await cmd({ op: 'time.sync' })).code).toBe(203342);
    const c = await device(code);
    try {
      const read = await cmd({ op: 'params.read', params: { keys: ['targetTemp.1', 'targetTemp.1'] } });
      expect(read).toMatchObject({ code: 1, data: { data: { op: 'params.read', params: { keys: ['targetTemp.1'] } } } });
      const sync = await cmd({ op: 'time.sync' });
      expect(sync.code).toBe(1);
      expect(sync.data.data.params).toMatchObject({ tz: expect.any(String), ts: expect.any(Number) });
      expect((await call(ctx, w.tok.secondAdmin, 'POST', `${C}/command`, { id: a.id, op: 'time.sync' })).code).toBe(20088);
    } finally {
      c.end(true);
    }
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/enable`, { ids: [a.id], enabled: false })).code).toBe(1);
    expect((await cmd({ op: 'time.sync' })).code).toBe(20086);

    const refusing = `fs-cmd${uid()}`;
    const b = await add({ code: refusing });
    const r = await device(refusing, false);
    try {
      expect((await call(ctx, w.tok.demo, 'POST', `${C}/command`, { id: b.id, op: 'time.sync' })).code).toBe(20048);
    } finally {
      r.end(true);
    }
  });

  /** Resolves with ms from `act` to the client's close; fails if it stays open for `ms`. */
  async function closedWithin(c: MqttClient, act: () => Promise<void>, ms = 1_000): Promise<number> {
    const closed = new Promise<number>((resolve) => c.once('close', () => resolve(Date.now())));
    const start = Date.now();
    await act();
    const at = await Promise.race([
      closed,
      new Promise<number>((_r, reject) => setTimeout(() => reject(new Error('still connected')), ms)),
    ]);
    return at - start;
  }

  it('closes the live MQTT session at once when a gateway is disabled, re-keyed or deleted', async () => {
    const code = `fs-kick${uid()}`;
    const a = await add({ code });
    const c1 = await device(code);
    expect(
      await closedWithin(c1, async () => {
        expect((await call(ctx, w.tok.demo, 'POST', `${C}/enable`, { ids: [a.id], enabled: false })).code).toBe(1);
      }),
    ).toBeLessThan(1_000);
    await waitFor(
      async () =>
        (await ctx.database.query<{ online: boolean }>('SELECT online FROM gateway_status WHERE gateway_id = $1', [a.id]))[0]?.online ===
        false,
      2_000,
    );
    // Enabling again does not kick; the device signs in again.
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/enable`, { ids: [a.id], enabled: true })).code).toBe(1);
    const c2 = await device(code);
    expect(await update(a.id, { name: `Renamed ${uid()}` })).toBe(1);
    expect(c2.connected).toBe(true);
    expect(
      await closedWithin(c2, async () => {
        expect((await call(ctx, w.tok.demo, 'POST', `${C}/regenerateCheckCode`, { id: a.id })).code).toBe(1);
      }),
    ).toBeLessThan(1_000);
    await expect(connected(deviceClient(link, { username: code, password: 'rule-secret' }))).rejects.toMatchObject({ code: 4 });
    // Deleted: the session ends too.
    await ctx.database.db
      .update(gateways)
      .set({ checkCode: await hashCheckCode('rule-secret') })
      .where(eq(gateways.id, a.id));
    link.devices.invalidate(code);
    const c3 = await device(code);
    expect(
      await closedWithin(c3, async () => {
        expect((await call(ctx, w.tok.demo, 'DELETE', `${C}/delete/${a.id}`)).code).toBe(1);
      }),
    ).toBeLessThan(1_000);
  });
});
