import { beforeAll, describe, expect, it } from 'vitest';
import type { CommuOffRow, RunStatsRow } from '@farmsense/shared';
import { withDemoApp } from '../../test/demo-app.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildFarm, buildTenant, call, farmIdByName } from '../../test/factories.js';
import { DAY, gatewayId, HOUR, MIN, series, storeLinkEvents, storeReadings } from './environment.fixtures.js';

const COMMU_OFF = '/api/environment/commuOff';
const RUN_STATS = '/api/environment/runStats';
const B = Date.UTC(2026, 8, 1);

describe(`device reports: communication-off and run hours (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tok: Record<string, string>;
  withDemoApp(['demo', 'chicken', 'pig'], (made) => ({ ctx, tok } = made));
  let poultry: number;
  let otherFarm: number;

  beforeAll(async () => {
    const { db } = ctx.database;
    poultry = await farmIdByName(db, 'Demo Poultry Farm');
    await storeLinkEvents(ctx.database, [
      // fs-demo04: two outages inside the day, 30 and 10 minutes.
      ['fs-demo04', B - DAY, true],
      ['fs-demo04', B + HOUR, false],
      ['fs-demo04', B + 90 * MIN, true],
      ['fs-demo04', B + 5 * HOUR, false],
      ['fs-demo04', B + 5 * HOUR + 10 * MIN, true],
      // fs-demo05: offline since before the range until 00:30, then offline from 23:00 on.
      ['fs-demo05', B - 2 * HOUR, false],
      ['fs-demo05', B + 30 * MIN, true],
      ['fs-demo05', B + 23 * HOUR, false],
      // An outage the day after: outside the range.
      ['fs-demo04', B + DAY + HOUR, false],
      ['fs-demo04', B + DAY + 2 * HOUR, true],
    ]);
    // Four readings an hour: fan.1 half of hour 0 and all of hour 1; heater.1 hour 0 and a quarter of hour 1.
    const q = 15 * MIN;
    await storeReadings(ctx.database, [
      ...series('fs-demo04', 'fan.1', B, q, [100, 100, 0, 0, 100, 100, 100, 100, 0, 0, 0, 0]),
      ...series('fs-demo04', 'fan.2', B, q, [50, 50, 50, 50]),
      ...series('fs-demo04', 'heater.1', B, q, [1, 1, 1, 1, 1, 0, 0, 0]),
      ...series('fs-demo04', 'pump.1', B, q, [0, 0, 0, 0]),
      ...series('fs-demo04', 'window.1', B, q, [80, 80, 80, 80]),
      // The day before: not counted.
      ...series('fs-demo04', 'fan.1', B - DAY, q, [100, 100, 100, 100]),
    ]);
    const other = await buildTenant(db, 'Second Agri');
    otherFarm = await buildFarm(db, other, 'Second Farm', 2);
    tok.second = await adminToken(db, other, 'second-admin');
  });

  const range = { startTime: B, endTime: B + DAY };

  it('gives each gateway its outages, their count, total and longest time inside the range', async () => {
    const res = await call<CommuOffRow[]>(ctx, tok.chicken!, 'POST', COMMU_OFF, { farmId: poultry, ...range });
    expect(res.code).toBe(1);
    const [d4, d5, d6] = res.data;
    expect(d4).toEqual({
      gatewayId: await gatewayId(ctx.database, 'fs-demo04'),
      gatewayCode: 'fs-demo04',
      gatewayName: 'Broiler House 1 controller',
      shedId: d4!.shedId,
      shedName: 'Broiler House 1',
      offCount: 2,
      offMs: 40 * MIN,
      longestMs: 30 * MIN,
      online: true,
      outages: [
        { from: B + HOUR, to: B + 90 * MIN },
        { from: B + 5 * HOUR, to: B + 5 * HOUR + 10 * MIN },
      ],
    });
    expect(d5).toMatchObject({
      gatewayCode: 'fs-demo05',
      offCount: 2,
      offMs: 90 * MIN,
      longestMs: HOUR,
      online: false,
      outages: [
        { from: B - 2 * HOUR, to: B + 30 * MIN },
        { from: B + 23 * HOUR, to: null },
      ],
    });
    expect(d6).toMatchObject({ gatewayCode: 'fs-demo06', offCount: 0, offMs: 0, longestMs: 0, outages: [] });
  });

  it('gives actuator run hours from the hourly rollups', async () => {
    const res = await call<RunStatsRow[]>(ctx, tok.chicken!, 'POST', RUN_STATS, { farmId: poultry, ...range });
    const d4 = res.data.find((r) => r.gatewayCode === 'fs-demo04')!;
    expect(d4.actuators).toEqual([
      { key: 'fan.1', runHours: 1.5, activeHours: 2 },
      { key: 'fan.2', runHours: 0.5, activeHours: 1 },
      { key: 'heater.1', runHours: 1.25, activeHours: 2 },
      { key: 'pump.1', runHours: 0, activeHours: 0 },
    ]);
    expect(d4.totals).toEqual({ fan: 2, heater: 1.25, pump: 0 });
    expect(res.data.map((r) => r.gatewayCode)).toEqual(['fs-demo04', 'fs-demo05', 'fs-demo06']);
    expect(res.data[1]).toMatchObject({ actuators: [], totals: {} });
    const firstHour = await call<RunStatsRow[]>(ctx, tok.chicken!, 'POST', RUN_STATS, { farmId: poultry, startTime: B, endTime: B + HOUR });
    expect(firstHour.data[0]!.totals).toEqual({ fan: 1, heater: 1, pump: 0 });
  });

  it('applies the range rules and the farm scope', async () => {
    for (const url of [COMMU_OFF, RUN_STATS]) {
      expect((await call(ctx, tok.chicken!, 'POST', url, { farmId: poultry, startTime: B, endTime: B - 1 })).code).toBe(20027);
      const long = await call<{ issues: { key: string }[] }>(ctx, tok.chicken!, 'POST', url, {
        farmId: poultry,
        startTime: B,
        endTime: B + 31 * DAY,
      });
      expect([long.code, long.data.issues[0]!.key]).toEqual([99996, 'validation.rangeMaxDays']);
      expect((await call(ctx, null, 'POST', url, { farmId: poultry, ...range })).code).toBe(10002);
      expect((await call(ctx, tok.pig!, 'POST', url, { farmId: poultry, ...range })).code).toBe(10007);
      expect((await call(ctx, tok.second!, 'POST', url, { farmId: poultry, ...range })).code).toBe(10007);
      expect((await call(ctx, tok.demo!, 'POST', url, { farmId: otherFarm, ...range })).code).toBe(10007);
      expect((await call(ctx, tok.second!, 'POST', url, { farmId: otherFarm, ...range })).data).toEqual([]);
    }
  });
});
