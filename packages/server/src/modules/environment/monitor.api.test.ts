import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DeviceConnectRow,
  type EnvMonitorAnswer,
  type HkqDetail,
  type MonitorStatistics,
  type Page,
  dayRange,
  farmDay,
} from '@farmsense/shared';
import { accountSheds, gateways, roles } from '../../db/tables.js';
import { withDemoApp } from '../../test/demo-app.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, call, farmIdByName, tokenFor } from '../../test/factories.js';
import { DAY, HOUR, MIN, type Reading, secondTenant, shedId, storeLinkEvents, storeReadings } from './environment.fixtures.js';
import { eq } from 'drizzle-orm';

const MONITOR = '/api/breedpigbuilding/pigFarmManagePlus/pigEnvMonitorPlus';
const DETAIL = '/api/breedpigbuilding/remoteHkqController/hkqDetail';
const STATS = '/api/breedpigbuilding/api/device/statistics/monitor';
const CONNECT = '/api/breedpigdevice/busi/data/monitor/pageDeviceConnectStatus';

describe(`environment monitoring calls (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tok: Record<string, string>;
  withDemoApp(['demo', 'chicken', 'pig'], (made) => ({ ctx, tok } = made));
  let poultry: number;
  let pig: number;
  let otherFarm: number;
  const shed: Record<string, number> = {};
  const now = Date.now();
  const readings: Reading[] = [];

  beforeAll(async () => {
    const { db } = ctx.database;
    poultry = await farmIdByName(db, 'Demo Poultry Farm');
    pig = await farmIdByName(db, 'Demo Pig Farm');
    for (const n of ['Broiler House 1', 'Broiler House 2', 'Layer House 1', 'Farrowing 1']) shed[n] = await shedId(ctx.database, n);

    // Broiler House 1 (fs-demo04): a full set a minute ago, and a sensor silent for 30 minutes.
    const t = now - MIN;
    const b1: [string, number][] = [
      ['temp.1', 24.5],
      ['temp.2', 25.5],
      ['temp.3', 26],
      ['rh.1', 60],
      ['co2.1', 1200],
      ['nh3.1', 8.5],
      ['outTemp.1', 12.3],
      ['dayAge.1', 30],
      ['targetTemp.1', 22.4],
      ['fan.1', 55],
      ['fan.2', 0],
      ['fan.3', 100],
      ['heater.1', 0],
      ['window.1', 40],
      ['water.1', 123456.7],
      ['elec.1', 5432.1],
    ];
    readings.push(...b1.map(([k, v]): Reading => ['fs-demo04', k, t, v]));
    readings.push(['fs-demo04', 'temp.4', now - 30 * MIN, 30]);
    // Broiler House 2 (fs-demo05): two values two minutes ago.
    readings.push(['fs-demo05', 'temp.1', now - 2 * MIN, 28], ['fs-demo05', 'rh.1', now - 2 * MIN, 50]);
    // Farrowing 1 (fs-demo01), pig farm.
    readings.push(['fs-demo01', 'temp.1', now - 3 * MIN, 24]);
    await storeReadings(ctx.database, readings);
    await storeLinkEvents(ctx.database, [
      ['fs-demo05', now - 10 * DAY, false],
      ['fs-demo05', now - 10 * DAY + HOUR, true],
      ['fs-demo05', now - 3 * DAY, false],
      ['fs-demo05', now - 2 * DAY, true],
      ['fs-demo05', now - HOUR, false],
      ['fs-demo04', now - 5 * HOUR, true],
      ['fs-demo01', now - 4 * HOUR, true],
    ]);

    // A second tenant with its own farm, shed and gateway.
    const second = await secondTenant(db);
    otherFarm = second.farm;
    tok.second = second.token;
    await storeReadings(ctx.database, [['fs-second01', 'temp.1', now - MIN, 19]]);

    // A poultry keeper limited to Broiler House 2.
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, 'Poultry staff'));
    const limited = await buildAccount(db, {
      tenantId: (await db.select().from(gateways).where(eq(gateways.code, 'fs-demo04')))[0]!.tenantId,
      accountCode: 'limited',
      farmIds: [poultry],
      roleIds: [role!.id],
    });
    await db.insert(accountSheds).values({ accountId: limited, shedId: shed['Broiler House 2']! });
    tok.limited = await tokenFor(db, 'limited');
  });

  it('refuses every call without a token (10002)', async () => {
    for (const url of [MONITOR, DETAIL, STATS, CONNECT]) {
      const res = await call(ctx, null, 'POST', url, { farmId: poultry, gatewayCode: 'fs-demo04', pageNo: 1, pageSize: 10 });
      expect([url, res.status, res.code]).toEqual([url, 401, 10002]);
    }
  });

  it('gives each shed its latest values by kind, day age, target and running actuators', async () => {
    const res = await call<EnvMonitorAnswer>(ctx, tok.chicken!, 'POST', MONITOR, { farmId: poultry });
    expect(res.code).toBe(1);
    expect(res.data.staleAfterMs).toBe(15 * MIN);
    expect(res.data.sheds.map((s) => s.shedName)).toEqual(['Broiler House 1', 'Broiler House 2', 'Layer House 1']);
    const [b1, b2, layer] = res.data.sheds;
    expect(b1!.kinds.temp).toEqual({
      kind: 'temp',
      unit: '°C',
      min: 24.5,
      max: 26,
      avg: 25.333,
      values: [
        { key: 'temp.1', value: 24.5, ts: now - MIN, gatewayCode: 'fs-demo04' },
        { key: 'temp.2', value: 25.5, ts: now - MIN, gatewayCode: 'fs-demo04' },
        { key: 'temp.3', value: 26, ts: now - MIN, gatewayCode: 'fs-demo04' },
      ],
    });
    expect(Object.keys(b1!.kinds).sort()).toEqual(['co2', 'nh3', 'outTemp', 'rh', 'temp']);
    expect(b1!.kinds.co2).toMatchObject({ unit: 'ppm', min: 1200, max: 1200, avg: 1200 });
    expect(b1!.kinds.outTemp).toMatchObject({ unit: '°C', avg: 12.3 });
    expect(b1).toMatchObject({ dayAge: 30, targetTemp: 22.4, online: true, lastTs: now - MIN, shedType: 1001 });
    expect(b1!.activeActuators.map((a) => [a.key, a.value])).toEqual([
      ['fan.1', 55],
      ['fan.3', 100],
      ['window.1', 40],
    ]);
    expect(b1!.actuators.map((a) => a.key)).toEqual(['fan.1', 'fan.2', 'fan.3', 'heater.1', 'window.1']);
    expect(b1!.meters.map((m) => [m.key, m.value])).toEqual([
      ['water.1', 123456.7],
      ['elec.1', 5432.1],
    ]);
    expect(b1!.gateways).toEqual([{ code: 'fs-demo04', name: 'Broiler House 1 controller', online: true, lastSeenAt: now - 5 * HOUR }]);
    expect(b2).toMatchObject({ online: false, dayAge: null, targetTemp: null, activeActuators: [], lastTs: now - 2 * MIN });
    expect(b2!.kinds.temp).toMatchObject({ min: 28, max: 28, avg: 28 });
    expect(layer).toMatchObject({
      online: false,
      lastTs: null,
      kinds: {},
      gateways: [{ code: 'fs-demo06', online: false, lastSeenAt: null }],
    });

    const only = await call<EnvMonitorAnswer>(ctx, tok.demo!, 'POST', MONITOR, { farmId: poultry, shedIds: [shed['Broiler House 2']] });
    expect(only.data.sheds.map((s) => s.shedName)).toEqual(['Broiler House 2']);
    const limited = await call<EnvMonitorAnswer>(ctx, tok.limited!, 'POST', MONITOR, { farmId: poultry });
    expect(limited.data.sheds.map((s) => s.shedName)).toEqual(['Broiler House 2']);
  });

  it('keeps each farm to its tenant and authorized accounts (10007)', async () => {
    expect((await call(ctx, tok.pig!, 'POST', MONITOR, { farmId: poultry })).code).toBe(10007);
    expect((await call(ctx, tok.second!, 'POST', MONITOR, { farmId: poultry })).code).toBe(10007);
    expect((await call(ctx, tok.demo!, 'POST', MONITOR, { farmId: otherFarm })).code).toBe(10007);
    expect((await call(ctx, tok.second!, 'POST', STATS, { farmId: pig })).code).toBe(10007);
    expect((await call(ctx, tok.second!, 'POST', CONNECT, { farmId: pig, pageNo: 1, pageSize: 10 })).code).toBe(10007);
    const own = await call<EnvMonitorAnswer>(ctx, tok.second!, 'POST', MONITOR, { farmId: otherFarm });
    expect(own.data.sheds.map((s) => s.kinds.temp?.avg)).toEqual([19]);
    // Sheds of another farm are not picked up through shedIds.
    const mixed = await call<EnvMonitorAnswer>(ctx, tok.demo!, 'POST', MONITOR, { farmId: poultry, shedIds: [shed['Farrowing 1']] });
    expect(mixed.data.sheds).toEqual([]);
    expect((await call(ctx, tok.demo!, 'POST', MONITOR, {})).code).toBe(99996);
  });

  it("gives one controller's full state, stale sensors marked", async () => {
    const res = await call<HkqDetail>(ctx, tok.chicken!, 'POST', DETAIL, { gatewayCode: 'fs-demo04' });
    expect(res.data).toMatchObject({
      gatewayCode: 'fs-demo04',
      gatewayName: 'Broiler House 1 controller',
      gatewayType: 101,
      deviceCategory: 200,
      model: 'FS-ENV-8',
      farmId: poultry,
      farmName: 'Demo Poultry Farm',
      shedId: shed['Broiler House 1'],
      shedName: 'Broiler House 1',
      online: true,
      since: now - 5 * HOUR,
      lastSeenAt: now - 5 * HOUR,
    });
    expect(res.data.values.map((v) => v.key)).toEqual([
      'temp.1',
      'temp.2',
      'temp.3',
      'temp.4',
      'outTemp.1',
      'targetTemp.1',
      'rh.1',
      'co2.1',
      'nh3.1',
      'dayAge.1',
      'fan.1',
      'fan.2',
      'fan.3',
      'heater.1',
      'window.1',
      'water.1',
      'elec.1',
    ]);
    expect(res.data.values.find((v) => v.key === 'temp.4')).toEqual({
      key: 'temp.4',
      value: 30,
      ts: now - 30 * MIN,
      gatewayCode: 'fs-demo04',
      unit: '°C',
      stale: true,
    });
    expect(res.data.values.find((v) => v.key === 'water.1')).toMatchObject({ unit: 'L', stale: false });
    const byShed = await call<HkqDetail>(ctx, tok.demo!, 'POST', DETAIL, { shedId: shed['Broiler House 2'] });
    expect(byShed.data).toMatchObject({ gatewayCode: 'fs-demo05', online: false, since: now - HOUR });
    expect((await call(ctx, tok.pig!, 'POST', DETAIL, { gatewayCode: 'fs-demo04' })).code).toBe(10011);
    expect((await call(ctx, tok.second!, 'POST', DETAIL, { gatewayCode: 'fs-demo04' })).code).toBe(10011);
    expect((await call(ctx, tok.demo!, 'POST', DETAIL, { gatewayCode: 'fs-second01' })).code).toBe(10011);
    expect((await call(ctx, tok.limited!, 'POST', DETAIL, { gatewayCode: 'fs-demo04' })).code).toBe(10011);
    expect((await call(ctx, tok.second!, 'POST', DETAIL, { shedId: shed['Broiler House 1'] })).code).toBe(30004);
    expect((await call(ctx, tok.demo!, 'POST', DETAIL, {})).code).toBe(99996);
    expect((await call(ctx, tok.demo!, 'POST', DETAIL, { gatewayCode: 'nope' })).code).toBe(99996);
  });

  it('counts gateways online and offline, sheds with data and readings today', async () => {
    const res = await call<MonitorStatistics>(ctx, tok.chicken!, 'POST', STATS, { farmId: poultry });
    const midnight = dayRange(farmDay(new Date(), 'Asia/Shanghai'), 'Asia/Shanghai').start.getTime();
    const poultryToday = readings.filter(([code, , ts]) => ['fs-demo04', 'fs-demo05', 'fs-demo06'].includes(code) && ts >= midnight).length;
    expect(res.data).toEqual({
      farmId: poultry,
      gateways: 3,
      online: 1,
      offline: 2,
      sheds: 3,
      shedsWithData: 2,
      readingsToday: poultryToday,
    });
    const pigStats = await call<MonitorStatistics>(ctx, tok.pig!, 'POST', STATS, { farmId: pig });
    expect(pigStats.data).toMatchObject({ gateways: 3, online: 1, offline: 2, sheds: 3, shedsWithData: 1 });
    const limited = await call<MonitorStatistics>(ctx, tok.limited!, 'POST', STATS, { farmId: poultry });
    expect(limited.data).toMatchObject({ gateways: 1, online: 0, offline: 1, sheds: 1, shedsWithData: 1 });
  });

  it('pages gateways with their link state and outages of the last 7 days', async () => {
    const res = await call<Page<DeviceConnectRow>>(ctx, tok.chicken!, 'POST', CONNECT, { farmId: poultry, pageNo: 1, pageSize: 10 });
    expect(res.data).toMatchObject({ total: 3, pageNo: 1, pageSize: 10 });
    expect(res.data.list.map((r) => [r.gatewayCode, r.online, r.since, r.offCount7d])).toEqual([
      ['fs-demo04', true, now - 5 * HOUR, 0],
      ['fs-demo05', false, now - HOUR, 2],
      ['fs-demo06', false, null, 0],
    ]);
    expect(res.data.list[0]).toMatchObject({
      farmName: 'Demo Poultry Farm',
      shedName: 'Broiler House 1',
      gatewayType: 101,
      lastSeenAt: now - 5 * HOUR,
    });
    const online = await call<Page<DeviceConnectRow>>(ctx, tok.chicken!, 'POST', CONNECT, {
      farmId: poultry,
      online: true,
      pageNo: 1,
      pageSize: 10,
    });
    expect(online.data.list.map((r) => r.gatewayCode)).toEqual(['fs-demo04']);
    const offline = await call<Page<DeviceConnectRow>>(ctx, tok.chicken!, 'POST', CONNECT, {
      farmId: poultry,
      online: 0,
      pageNo: 1,
      pageSize: 10,
    });
    expect(offline.data.list.map((r) => r.gatewayCode)).toEqual(['fs-demo05', 'fs-demo06']);
    // Without a farm: every gateway the caller may see, paged.
    const all = await call<Page<DeviceConnectRow>>(ctx, tok.demo!, 'POST', CONNECT, { pageNo: 2, pageSize: 4 });
    expect(all.data.total).toBe(6);
    expect(all.data.list.map((r) => r.gatewayCode)).toEqual(['fs-demo05', 'fs-demo06']);
    const second = await call<Page<DeviceConnectRow>>(ctx, tok.second!, 'POST', CONNECT, { pageNo: 1, pageSize: 10 });
    expect(second.data.list.map((r) => r.gatewayCode)).toEqual(['fs-second01']);
    const pigOnly = await call<Page<DeviceConnectRow>>(ctx, tok.pig!, 'POST', CONNECT, { pageNo: 1, pageSize: 10 });
    expect(pigOnly.data.list.map((r) => r.gatewayCode)).toEqual(['fs-demo01', 'fs-demo02', 'fs-demo03']);
  });
});
