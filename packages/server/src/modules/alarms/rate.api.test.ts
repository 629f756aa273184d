import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { AlarmRow, LiveAlarm, Page } from '@farmsense/shared';
import { telemetry } from '../../iot/testkit.js';
import { alarmDevice, evaluatedUpTo } from './alarms.fixtures.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildPlace, call } from '../../test/factories.js';
import { evaluateReadings } from './evaluate.js';

const MIN = 60_000;
/** The rule under test: a climb of more than 3 °C within 10 minutes, held a minute, cleared 1 °C under. */
const RATE_RULE = {
  kind: 'rateOfChange',
  property: 'temp.1',
  direction: 'rising',
  rateAmount: 3,
  windowMinutes: 10,
  durationSec: 60,
  deadband: 1,
};

/**
 * A rate-of-change rule through the real path: saved over HTTP (bad inputs refused with their
 * fields), readings published on the embedded broker, evaluated after they are stored; one alarm
 * while the temperature climbs faster than allowed, cleared once the climb over the window is
 * back under the amount by the deadband.
 */
describe(`rate of change alarms (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let farm: number;
  let shed: number;
  let groupId: number;
  let gatewayId: number;
  let code: string;
  let tenant: number;
  let device: MqttClient;
  let events: LiveAlarm[] = [];
  const t0 = Date.now() - 60 * MIN;

  const publish = (ts: number, values: Record<string, number>) =>
    device.publishAsync(`fs/${code}/telemetry`, telemetry(ts, values), { qos: 1 });
  const evaluated = (ts: number): Promise<void> => evaluatedUpTo(ctx, gatewayId, ts);
  const alarmsOf = async (): Promise<AlarmRow[]> =>
    (await call<Page<AlarmRow>>(ctx, token, 'GET', `/api/warning/record/page?farmId=${farm}&kind=rateOfChange`)).data.list;
  const rule = (over: Record<string, unknown>) =>
    call<{ id: number }>(ctx, token, 'POST', '/api/warning/rule', {
      groupId,
      name: 'Fast climb',
      level: 1,
      message: 'Temperature climbs fast',
      ...RATE_RULE,
      ...over,
    });

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    const { db } = ctx.database;
    ({ tenant, farm, shed } = await buildPlace(db, 'Rate', { shedName: 'Nursery', shedType: 4 }, { modules: ['pig'] }));
    token = await adminToken(db, tenant, 'ra-admin');
    groupId = (await call<{ id: number }>(ctx, token, 'POST', '/api/warning/ruleGroup', { farmId: farm, shedType: 4, name: 'Nursery' }))
      .data.id;
    ({ code, gatewayId, device, events } = await alarmDevice(ctx, { tenantId: tenant, farmId: farm, shedId: shed }, 'ra'));
  });
  afterAll(async () => {
    await device?.endAsync();
    await ctx?.close();
  });

  it('refuses bad rate rules field by field and stores a good one with its direction, amount and window', async () => {
    const bad = await rule({ rateAmount: 0, windowMinutes: 0, deadband: 5, direction: 'up' });
    expect(bad.code).not.toBe(1);
    expect(JSON.stringify(bad)).toContain('rateAmount');
    expect(JSON.stringify(bad)).toContain('windowMinutes');
    expect(JSON.stringify(bad)).toContain('direction');
    const tooWide = await rule({ deadband: 3 });
    expect(JSON.stringify(tooWide)).toContain('validation.deadbandBelowAmount');
    const ok = await rule({});
    expect(ok.code).toBe(1);
    const page = await call<Page<Record<string, unknown>>>(ctx, token, 'GET', `/api/warning/rule/page?farmId=${farm}&kind=rateOfChange`);
    expect(page.data.list).toEqual([expect.objectContaining({ ...RATE_RULE, stages: [] })]);
  });

  it('raises once when the climb over the window exceeds the amount for the duration, then clears past the deadband', async () => {
    // Minute by minute: 20, 21, 22.5 (climb 2.5: fine), 23.5 (3.5: breach starts), 24.5 (4.5,
    // held a minute: raised), 24.5 again (redelivered: nothing), 25 (5: peak).
    const temps = [20, 21, 22.5, 23.5, 24.5];
    for (const [i, v] of temps.entries()) await publish(t0 + i * MIN, { 'temp.1': v });
    await evaluated(t0 + 4 * MIN);
    let list = await alarmsOf();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ key: 'temp.1', active: true, value: 4.5, peak: 4.5, high: 3, startedAt: t0 + 4 * MIN, level: 1 });
    await publish(t0 + 4 * MIN, { 'temp.1': 24.5 });
    await evaluateReadings(ctx.deps, { id: gatewayId, code, tenantId: tenant, farmId: farm, shedId: shed, timeZone: 'UTC' }, [
      { ts: t0 + 4 * MIN, values: { 'temp.1': 24.5 } },
    ]);
    await publish(t0 + 5 * MIN, { 'temp.1': 25 });
    await evaluated(t0 + 5 * MIN);
    list = await alarmsOf();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ active: true, value: 4.5, peak: 5 });

    // Flat at 25. Minute 11: the window (minutes 1 to 11) still holds 21, a climb of 4: active.
    // Minute 13: its low is 23.5 (minute 3), a climb of 1.5, at most 3 - 1: cleared.
    await publish(t0 + 11 * MIN, { 'temp.1': 25 });
    await evaluated(t0 + 11 * MIN);
    expect((await alarmsOf())[0]!.active).toBe(true);
    await publish(t0 + 13 * MIN, { 'temp.1': 25 });
    await evaluated(t0 + 13 * MIN);
    list = await alarmsOf();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ active: false, endedAt: t0 + 13 * MIN });
    const id = list[0]!.id;
    expect(events.filter((e) => e.id === id).map((e) => e.change)).toEqual(['raised', 'peak', 'cleared']);
  });

  it('leaves a falling value alone when the rule watches rises', async () => {
    for (const [i, v] of [25, 22, 19].entries()) await publish(t0 + (20 + i) * MIN, { 'temp.1': v });
    await evaluated(t0 + 22 * MIN);
    expect((await alarmsOf()).filter((a) => a.active)).toEqual([]);
  });
});
