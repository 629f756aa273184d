import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelRow, ControllerRow, NetworkRow, Page } from '@farmsense/shared';
import { auditLog, gatewayChannels, gateways, gatewayStatus, systemAuth } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { verifyPassword } from '../../lib/passwords.js';
import { adminToken, buildFarm, buildTenant, call } from '../../test/factories.js';
import { adminWorld, newPigShed, type AdminWorld } from '../farms/admin.fixtures.js';
import type { IotLink } from '../../iot/link.js';
import { connected, deviceClient } from '../../iot/testkit.js';

const C = '/api/breedpigdevice/controller';
const N = '/api/breedpigdevice/network';

describe(`device registry (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let link: IotLink;
  let freeShed: number;
  let freeShed2: number;
  let n = 0;
  const code = (): string => `fs-dv${Date.now().toString(36)}${++n}`;
  const ctl = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    code: code(),
    name: `Controller ${++n}`,
    gatewayType: 101,
    deviceCategory: 201,
    model: 'FS-100',
    serialNo: `SN-${++n}`,
    checkCode: 'check-secret',
    farmId: w.pigFarm,
    ...over,
  });
  const add = async (over: Record<string, unknown> = {}, tok = w.tok.demo): Promise<{ code: number; id: number }> => {
    const r = await call<{ id: number }>(ctx, tok, 'POST', `${C}/add`, ctl(over));
    return { code: r.code, id: r.data?.id };
  };
  const page = async (body: Record<string, unknown>, tok = w.tok.demo): Promise<Page<ControllerRow>> =>
    (await call<Page<ControllerRow>>(ctx, tok, 'POST', `${C}/page`, { pageNo: 1, pageSize: 1000, ...body })).data;

  beforeAll(async () => {
    ctx = await createTestApp({ iot: { tcpPort: null, statusFlushMs: 200 } });
    w = await adminWorld(ctx);
    freeShed = await newPigShed(ctx, w, 'Free A', 9, 1);
    freeShed2 = await newPigShed(ctx, w, 'Free B', 9, 2);
    link = ctx.iot;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("lists the demo farms' seeded network devices, each on its farm (CONTRACT §5)", async () => {
    const onFarm = async (farmId: number): Promise<[string, string, number, string][]> =>
      (await call<Page<NetworkRow>>(ctx, w.tok.demo, 'POST', `${N}/page`, { farmId, pageNo: 1, pageSize: 50 })).data.list.map((r) => {
        expect(r.farmId).toBe(farmId);
        return [r.name, r.ip, r.serverPort, r.connectionMode];
      });
    expect(await onFarm(w.pigFarm)).toEqual([
      ['DTU Area 1', '192.168.10.11', 8899, 'tcpClient'],
      ['DTU Area 2', '192.168.10.12', 8899, 'tcpClient'],
      ['Meter hub', '192.168.10.20', 502, 'tcpServer'],
      ['Feeder main unit', '192.168.10.30', 1883, 'mqtt'],
    ]);
    expect(await onFarm(w.poultryFarm)).toEqual([
      ['DTU Building 1', '192.168.20.11', 8899, 'tcpClient'],
      ['DTU Building 2', '192.168.20.12', 8899, 'tcpClient'],
      ['Meter hub', '192.168.20.20', 502, 'tcpServer'],
    ]);
    // Another tenant sees none of them.
    expect((await call<Page<NetworkRow>>(ctx, w.tok.secondAdmin, 'POST', `${N}/page`, {})).data.total).toBe(0);
  });

  it('refuses every route without a token (10002) and without the application (viewer)', async () => {
    const routes: [Parameters<typeof call>[2], string, unknown?][] = [
      ['POST', `${C}/page`, {}],
      ['POST', `${C}/add`, {}],
      ['PUT', `${C}/update`, {}],
      ['DELETE', `${C}/delete/1`],
      ['POST', `${C}/bind`, {}],
      ['POST', `${C}/unbind`, {}],
      ['POST', `${C}/enable`, {}],
      ['GET', `${C}/channels?id=1`],
      ['PUT', `${C}/channels`, {}],
      ['POST', `${N}/page`, {}],
      ['POST', `${N}/add`, {}],
      ['PUT', `${N}/update`, {}],
      ['DELETE', `${N}/delete/1`],
    ];
    for (const [method, url, body] of routes) {
      expect([url, (await call(ctx, null, method, url, body)).code]).toEqual([url, 10002]);
      expect([url, (await call(ctx, w.tok.viewer, method, url, body)).code]).toEqual([url, 10009]);
    }
  });

  it('adds gateways with the code rule, unique codes (203339) and names per farm (203340); never returns check codes', async () => {
    const a = await add({ code: 'fs-Alpha01', name: 'Alpha' });
    expect(a.code).toBe(1);
    for (const bad of ['fs-', 'fs-a_b', 'FS-abc', 'fs-12345678901234567', 'gw-1']) expect((await add({ code: bad })).code).toBe(99996);
    expect((await add({ checkCode: '' })).code).toBe(99996);
    expect((await add({ gatewayType: 99 })).code).toBe(99996);
    expect((await add({ deviceCategory: 204 })).code).toBe(99996);
    expect((await add({ code: 'fs-Alpha01' })).code).toBe(203339);
    expect((await add({ name: 'Alpha' })).code).toBe(203340);
    // The same name in another farm is fine.
    expect((await add({ name: 'Alpha', farmId: w.poultryFarm, deviceCategory: 200 })).code).toBe(1);
    const list = await page({ keyword: 'alpha01' });
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      id: a.id,
      code: 'fs-Alpha01',
      name: 'Alpha',
      online: false,
      enabled: true,
      checkCodeSet: true,
      farmId: w.pigFarm,
    });
    expect(JSON.stringify(list)).not.toContain('check-secret');
    // Filters.
    expect((await page({ farmId: w.poultryFarm })).list.every((r) => r.farmId === w.poultryFarm)).toBe(true);
    expect((await page({ gatewayType: 100 })).list.every((r) => r.gatewayType === 100)).toBe(true);
  });

  it('shows the online state from gateway_status', async () => {
    const a = await add();
    await ctx.database.db.insert(gatewayStatus).values({ gatewayId: a.id, online: true, since: new Date(), lastSeenAt: new Date() });
    const row = (await page({ farmId: w.pigFarm })).list.find((r) => r.id === a.id);
    expect(row).toMatchObject({ online: true });
    expect(row?.lastSeenAt).toBeTruthy();
  });

  it('binds and unbinds sheds (20039 bound already, 20063 shed has one of the category) and deletes only unbound (20090)', async () => {
    const a = await add();
    const b = await add();
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/bind`, { id: a.id, shedId: freeShed })).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/bind`, { id: a.id, shedId: freeShed2 })).code).toBe(20039);
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/bind`, { id: b.id, shedId: freeShed })).code).toBe(20063);
    expect((await add({ shedId: freeShed })).code).toBe(20063);
    // Another category in the same shed is allowed.
    const other = await add({ shedId: freeShed, deviceCategory: 202 });
    expect(other.code).toBe(1);
    expect((await page({ shedId: freeShed })).list.map((r) => r.id).sort()).toEqual([a.id, other.id].sort());
    expect((await call(ctx, w.tok.demo, 'DELETE', `${C}/delete/${a.id}`)).code).toBe(20090);
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/unbind`, { id: a.id })).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${C}/delete/${a.id}`)).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${C}/delete/${a.id}`)).code).toBe(20088);
    // A shed of another farm or tenant is not found.
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/bind`, { id: b.id, shedId: w.otherShed })).code).toBe(30004);
    // Writes are audited with their outcome, refusals included.
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, `${C}/delete/:id`));
    expect(audits.map((r) => [r.module, r.outcome, r.code])).toEqual(
      expect.arrayContaining([
        ['device-mng', 'failed', 20090],
        ['device-mng', 'ok', 1],
      ]),
    );
  });

  it('updates a gateway keeping its hashed check code, refuses a check code in an edit (renaming onto a taken name: 20087)', async () => {
    const a = await add();
    const b = await add();
    const [before] = await ctx.database.db.select().from(gateways).where(eq(gateways.id, a.id));
    const body = { id: a.id, code: before!.code, name: 'Renamed', gatewayType: 102, deviceCategory: 203, farmId: w.pigFarm };
    expect((await call(ctx, w.tok.demo, 'PUT', `${C}/update`, body)).code).toBe(1);
    const [after] = await ctx.database.db.select().from(gateways).where(eq(gateways.id, a.id));
    expect(after).toMatchObject({ name: 'Renamed', gatewayType: 102, deviceCategory: 203, checkCode: before!.checkCode });
    expect(await verifyPassword(after!.checkCode, 'check-secret')).toBe(true);
    // Only "regenerate" replaces the code: an edit naming one is refused, not half-applied.
    const rekey = await call(ctx, w.tok.demo, 'PUT', `${C}/update`, { ...body, checkCode: 'rotated' });
    expect([rekey.code, rekey.data]).toEqual([99996, { issues: [{ field: 'checkCode', key: 'validation.unknownField' }] }]);
    const [bRow] = await ctx.database.db.select().from(gateways).where(eq(gateways.id, b.id));
    expect((await call(ctx, w.tok.demo, 'PUT', `${C}/update`, { ...body, code: bRow!.code })).code).toBe(203339);
    // Renaming to a name the farm already has: rename failed (20087).
    expect((await call(ctx, w.tok.demo, 'PUT', `${C}/update`, { ...body, name: bRow!.name })).code).toBe(20087);
    expect((await call(ctx, w.tok.demo, 'PUT', `${C}/update`, { ...body, id: 9999999 })).code).toBe(20088);
  });

  it('replaces sub-device channels (types only where they belong: 20008, 20009, 20010; duplicate key 99996)', async () => {
    const a = await add();
    const put = (channels: unknown[]): Promise<{ code: number }> => call(ctx, w.tok.demo, 'PUT', `${C}/channels`, { id: a.id, channels });
    expect(
      (
        await put([
          { key: 'temp.1', subDevice: 1, name: 'Inside 1' },
          { key: 'fan.2', subDevice: 5, fanType: 2 },
          { key: 'curtain.1', subDevice: 8, curtainType: 1 },
          { key: 'heater.1', subDevice: 9, heatType: 2 },
        ])
      ).code,
    ).toBe(1);
    const got = (await call<ChannelRow[]>(ctx, w.tok.demo, 'GET', `${C}/channels?id=${a.id}`)).data;
    expect(got.map((c) => c.key)).toEqual(['curtain.1', 'fan.2', 'heater.1', 'temp.1']);
    expect(got.find((c) => c.key === 'fan.2')).toEqual({
      key: 'fan.2',
      subDevice: 5,
      name: null,
      fanType: 2,
      curtainType: null,
      heatType: null,
    });
    expect((await put([{ key: 'temp.1', subDevice: 1, fanType: 1 }])).code).toBe(20008);
    expect((await put([{ key: 'fan.1', subDevice: 1, fanType: 4 }])).code).toBe(20008);
    expect((await put([{ key: 'fan.1', subDevice: 1, curtainType: 1 }])).code).toBe(20009);
    expect((await put([{ key: 'curtain.1', subDevice: 1, heatType: 1 }])).code).toBe(20010);
    expect(
      (
        await put([
          { key: 'temp.1', subDevice: 1 },
          { key: 'temp.1', subDevice: 2 },
        ])
      ).code,
    ).toBe(99996);
    for (const key of ['temp.17', 'rh.5', 'temp.0', 'nope.1', 'temp'])
      expect([key, (await put([{ key, subDevice: 1 }])).code]).toEqual([key, 99996]);
    expect((await put([{ key: 'temp.16', subDevice: 18 }])).code).toBe(99996);
    // A refused set left the saved one untouched.
    expect((await call<ChannelRow[]>(ctx, w.tok.demo, 'GET', `${C}/channels?id=${a.id}`)).data).toHaveLength(4);
    expect((await put([{ key: 'rh.4', subDevice: 2 }])).code).toBe(1);
    expect((await ctx.database.db.select().from(gatewayChannels).where(eq(gatewayChannels.gatewayId, a.id))).map((c) => c.key)).toEqual([
      'rh.4',
    ]);
  });

  it('keeps tenants apart', async () => {
    const a = await add();
    const mine = await page({});
    expect(mine.list.some((r) => r.id === a.id)).toBe(true);
    const theirs = await page({}, w.tok.secondAdmin);
    expect(theirs.list.some((r) => r.id === a.id)).toBe(false);
    expect((await add({ farmId: w.pigFarm }, w.tok.secondAdmin)).code).toBe(10007);
    for (const [method, url, body] of [
      ['PUT', `${C}/update`, { id: a.id, code: code(), name: 'X', gatewayType: 101, deviceCategory: 201, farmId: w.otherFarm }],
      ['DELETE', `${C}/delete/${a.id}`, undefined],
      ['POST', `${C}/bind`, { id: a.id, shedId: w.otherShed }],
      ['POST', `${C}/unbind`, { id: a.id }],
      ['POST', `${C}/enable`, { ids: [a.id], enabled: false }],
      ['GET', `${C}/channels?id=${a.id}`, undefined],
      ['PUT', `${C}/channels`, { id: a.id, channels: [] }],
    ] as const) {
      expect([url, (await call(ctx, w.tok.secondAdmin, method, url, body)).code]).toEqual([url, 20088]);
    }
    const [row] = await ctx.database.db.select().from(gateways).where(eq(gateways.id, a.id));
    expect(row).toMatchObject({ enabled: true, farmId: w.pigFarm });
  });

  it('enforces the device limit of the tenant authorization (20102)', async () => {
    const db = ctx.database.db;
    const t = await buildTenant(db, 'Capped Devices');
    const farm = await buildFarm(db, t, 'Capped Farm');
    await db.insert(systemAuth).values({ tenantId: t, deviceNum: 1 });
    const tok = await adminToken(db, t, 'capped-admin');
    expect((await add({ farmId: farm }, tok)).code).toBe(1);
    expect((await add({ farmId: farm }, tok)).code).toBe(20102);
  });

  it('refuses a disabled gateway at its next MQTT CONNECT and accepts it again once enabled', async () => {
    const c = code();
    const a = await add({ code: c, checkCode: 'mqtt-secret' });
    const attempt = async (): Promise<void> => {
      const client = deviceClient(link, { username: c, password: 'mqtt-secret', clientId: `${c}-t${++n}` });
      try {
        await connected(client);
      } finally {
        client.end(true);
      }
    };
    await attempt();
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/enable`, { ids: [a.id], enabled: false })).code).toBe(1);
    await expect(attempt()).rejects.toMatchObject({ code: 5 });
    expect((await page({ keyword: c })).list[0]).toMatchObject({ enabled: false });
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/enable`, { ids: [a.id], enabled: true })).code).toBe(1);
    await attempt();
    // A regenerated check code applies at once too.
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/regenerateCheckCode`, { id: a.id })).code).toBe(1);
    await expect(attempt()).rejects.toMatchObject({ code: 4 });
  });

  it('manages network devices (200324 IP, 200325 port, 200326 IP in the tenant) within the tenant', async () => {
    const dev = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
      name: 'Switch 1',
      ip: '192.168.1.10',
      serverPort: 502,
      connectionMode: 'tcpClient',
      farmId: w.pigFarm,
      ...over,
    });
    const a = await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${N}/add`, dev());
    expect(a.code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', `${N}/add`, dev({ ip: 'fe80::1', name: 'v6' }))).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', `${N}/add`, dev({ ip: 'FE80::1', name: 'v6 again' }))).code).toBe(200326);
    expect((await call(ctx, w.tok.demo, 'POST', `${N}/add`, dev())).code).toBe(200326);
    for (const ip of ['256.1.1.1', '1.2.3', 'host.local', '1::2::3', '12345::1']) {
      expect([ip, (await call(ctx, w.tok.demo, 'POST', `${N}/add`, dev({ ip }))).code]).toEqual([ip, 200324]);
    }
    for (const serverPort of [0, -1, 65536, 1.5]) {
      expect([serverPort, (await call(ctx, w.tok.demo, 'POST', `${N}/add`, dev({ ip: '10.0.0.9', serverPort }))).code]).toEqual([
        serverPort,
        200325,
      ]);
    }
    expect((await call(ctx, w.tok.demo, 'POST', `${N}/add`, dev({ ip: '10.0.0.9', connectionMode: 'udp' }))).code).toBe(99996);
    // The same IP in another tenant is fine.
    expect((await call(ctx, w.tok.secondAdmin, 'POST', `${N}/add`, dev({ farmId: w.otherFarm }))).code).toBe(1);
    const list = (await call<Page<NetworkRow>>(ctx, w.tok.demo, 'POST', `${N}/page`, { pageNo: 1, pageSize: 50 })).data;
    // Beside the demo's seeded devices (192.168.10.x and 192.168.20.x), only the two added here.
    expect(
      list.list
        .map((r) => r.ip)
        .filter((ip) => !/^192\.168\.[12]0\./.test(ip))
        .sort(),
    ).toEqual(['192.168.1.10', 'fe80::1']);
    const upd = { id: a.data.id, ...dev({ name: 'Core switch', ip: '10.0.0.1', serverPort: 8080, connectionMode: 'mqtt' }) };
    expect((await call(ctx, w.tok.demo, 'PUT', `${N}/update`, upd)).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'PUT', `${N}/update`, { ...upd, ip: 'fe80::1' })).code).toBe(200326);
    expect((await call(ctx, w.tok.secondAdmin, 'PUT', `${N}/update`, { ...upd, farmId: w.otherFarm })).code).toBe(20088);
    expect((await call(ctx, w.tok.secondAdmin, 'DELETE', `${N}/delete/${a.data.id}`)).code).toBe(20088);
    const after = (await call<Page<NetworkRow>>(ctx, w.tok.demo, 'POST', `${N}/page`, { keyword: 'core' })).data;
    expect(after.list).toEqual([
      {
        id: a.data.id,
        name: 'Core switch',
        ip: '10.0.0.1',
        serverPort: 8080,
        connectionMode: 'mqtt',
        farmId: w.pigFarm,
        farmName: 'Demo Pig Farm',
        gateways: 0,
        gatewaysOnline: 0,
      },
    ]);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${N}/delete/${a.data.id}`)).code).toBe(1);
  });
});
