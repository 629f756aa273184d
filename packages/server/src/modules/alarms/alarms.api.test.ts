import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { AlarmCount, AlarmRow, LiveAlarm, Page } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildFarm, buildPlace, call, tenantAccounts } from '../../test/factories.js';
import { telemetry, waitFor } from '../../iot/testkit.js';
import { alarmDevice, evaluatedUpTo, hotRule } from './alarms.fixtures.js';
import { enqueueSweep, SWEEP_EVERY_MS } from './jobs.js';
import { evaluateReadings } from './evaluate.js';

const RECORD = '/api/warning/record';
const MIN = 60_000;

/**
 * Readings through the embedded broker to the evaluator (ingest.onCommitted), and the alarm
 * records screen's calls: raise once, peak, deadband, duration, acknowledge, clear, shelve, the
 * bell, the live events, and the scope.
 */
describe(`alarm evaluation and records (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tok: Record<string, string> = {};
  let tenant: number;
  let farm: number;
  let shed: number;
  let gatewayId: number;
  let code: string;
  let device: MqttClient;
  let events: LiveAlarm[] = [];
  const t0 = Date.now() - 60 * MIN;

  const alarmsOf = async (q = ''): Promise<AlarmRow[]> =>
    (await call<Page<AlarmRow>>(ctx, tok['al-admin']!, 'GET', `${RECORD}/page?farmId=${farm}${q}`)).data.list;
  const publish = async (ts: number, values: Record<string, number>): Promise<void> => {
    await device.publishAsync(`fs/${code}/telemetry`, telemetry(ts, values), { qos: 1 });
  };
  /** Waits until the evaluator has gone over every reading up to `ts` (its progress row). */
  const evaluated = (ts: number): Promise<void> => evaluatedUpTo(ctx, gatewayId, ts);

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    const { db } = ctx.database;
    ({ tenant, farm, shed } = await buildPlace(
      db,
      'Live',
      { shedName: 'Sow House', shedType: 3 },
      { tenant: 'Alarm Live', modules: ['pig'] },
    ));
    const otherFarm = await buildFarm(db, tenant, 'Live Farm Two', 1);
    Object.assign(
      tok,
      await tenantAccounts(db, {
        tenant,
        name: 'Alarm',
        prefix: 'al',
        modules: ['pig'],
        limited: [{ suffix: 'other', role: 'Records', code: 'warningmanagement.warningrecord', farm: otherFarm }],
        other: { suffix: 'second', tenant: 'Alarm Elsewhere' },
      }),
    );

    const group = await call<{ id: number }>(ctx, tok['al-admin']!, 'POST', '/api/warning/ruleGroup', {
      farmId: farm,
      shedType: 3,
      name: 'Sows',
    });
    const rule = (over: Record<string, unknown>) =>
      call(ctx, tok['al-admin']!, 'POST', '/api/warning/rule', { groupId: group.data.id, message: 'Check the house', ...over });
    expect((await rule({ ...hotRule(30), deadband: 1 })).code).toBe(1);
    expect(
      (
        await rule({
          name: 'Humid',
          level: 2,
          kind: 'threshold',
          property: 'rh',
          operator: 'gte',
          durationSec: 300,
          stages: [{ fromDay: 0, toDay: 9999, high: 80 }],
        })
      ).code,
    ).toBe(1);

    ({ code, gatewayId, device, events } = await alarmDevice(ctx, { tenantId: tenant, farmId: farm, shedId: shed }, 'al'));
  });
  afterAll(async () => {
    await device?.endAsync();
    await ctx?.close();
  });

  it('raises one alarm for a reading above the limit, even published twice; keeps the peak; clears below limit minus deadband', async () => {
    await publish(t0, { 'temp.1': 25 });
    await publish(t0 + MIN, { 'temp.1': 31 });
    await publish(t0 + MIN, { 'temp.1': 31 });
    await evaluated(t0 + MIN);
    let list = await alarmsOf('&property=temp');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      shedId: shed,
      gatewayCode: code,
      key: 'temp.1',
      level: 1,
      active: true,
      acknowledged: false,
      state: 'activeUnacknowledged',
    });
    expect(list[0]).toMatchObject({ value: 31, peak: 31, high: 30, readingTs: t0 + MIN, startedAt: t0 + MIN, message: 'Check the house' });
    expect(events.map((e) => [e.change, e.id])).toEqual([['raised', list[0]!.id]]);

    // The same reading evaluated again (a second process, the catch-up): still one.
    await evaluateReadings(ctx.deps, { id: gatewayId, code, tenantId: tenant, farmId: farm, shedId: shed, timeZone: 'UTC' }, [
      { ts: t0 + MIN, values: { 'temp.1': 31 } },
    ]);
    await publish(t0 + 2 * MIN, { 'temp.1': 33 });
    // 29.5 is under the limit but inside the deadband: still in alarm.
    await publish(t0 + 3 * MIN, { 'temp.1': 29.5 });
    await evaluated(t0 + 3 * MIN);
    list = await alarmsOf();
    expect(list.map((a) => [a.active, a.peak])).toEqual([[true, 33]]);
    await publish(t0 + 4 * MIN, { 'temp.1': 29 });
    await evaluated(t0 + 4 * MIN);
    list = await alarmsOf();
    expect(list.map((a) => [a.active, a.endedAt, a.durationSec, a.state])).toEqual([[false, t0 + 4 * MIN, 180, 'clearedUnacknowledged']]);
    expect(events.map((e) => e.change)).toEqual(['raised', 'peak', 'cleared']);
  });

  it('holds a breach for the rule duration before raising', async () => {
    // A condition row is kept only while a breach is pending: none for the quiet rh.3.
    const conditions = async (): Promise<{ key: string; pending: number | null }[]> =>
      (
        await ctx.database.query<{ key: string; pending: number | null }>(
          `SELECT key, extract(epoch FROM pending_since) * 1000 AS pending FROM alarm_conditions WHERE gateway_id = $1 AND key LIKE 'rh.%' ORDER BY key`,
          [gatewayId],
        )
      ).map((c) => ({ key: c.key, pending: c.pending === null ? null : Number(c.pending) }));
    await publish(t0 + 10 * MIN, { 'rh.2': 85, 'rh.3': 50 });
    await publish(t0 + 14 * MIN, { 'rh.2': 86, 'rh.3': 50 });
    await evaluated(t0 + 14 * MIN);
    expect(await alarmsOf('&property=rh')).toEqual([]);
    expect(await conditions()).toEqual([{ key: 'rh.2', pending: t0 + 10 * MIN }]);
    await publish(t0 + 15 * MIN, { 'rh.2': 84 });
    await evaluated(t0 + 15 * MIN);
    const [a] = await alarmsOf('&property=rh');
    expect(a).toMatchObject({ key: 'rh.2', level: 2, active: true, value: 84, startedAt: t0 + 15 * MIN });
    expect(await conditions()).toEqual([{ key: 'rh.2', pending: null }]);
    // A late reading, older than what the gateway already reported, changes nothing.
    await publish(t0 + 12 * MIN, { 'rh.2': 40 });
    await evaluateReadings(ctx.deps, { id: gatewayId, code, tenantId: tenant, farmId: farm, shedId: shed, timeZone: 'UTC' }, [
      { ts: t0 + 12 * MIN, values: { 'rh.2': 40 } },
    ]);
    expect((await alarmsOf('&property=rh'))[0]).toMatchObject({ active: true, value: 84 });
    const bell = await call<AlarmCount>(ctx, tok['al-admin']!, 'GET', `${RECORD}/count`);
    expect(bell.data).toEqual({ total: 1, high: 0, medium: 1, low: 0 });
  });

  it('leaves readings after a gap of lost ones to the sweep, which evaluates them in order', async () => {
    await publish(t0 + 20 * MIN, { 'temp.1': 25 });
    await evaluated(t0 + 20 * MIN);
    // Stored but never handed to the subscriber (a restart): a short excursion.
    await ctx.database.query(`INSERT INTO telemetry (gateway_id, key, ts, value) VALUES ($1, 'temp.1', $2, 35), ($1, 'temp.1', $3, 25)`, [
      gatewayId,
      new Date(t0 + 21 * MIN).toISOString(),
      new Date(t0 + 22 * MIN).toISOString(),
    ]);
    const delivered = (): number => ctx.iot.ingest.subscriberStats().find((s) => s.name === 'alarms.evaluate')!.deliveredBatches;
    const before = delivered();
    await publish(t0 + 23 * MIN, { 'temp.1': 25 });
    await waitFor(() => delivered() > before);
    const [p] = await ctx.database.query<{ ms: number }>(
      `SELECT extract(epoch FROM last_ts) * 1000 AS ms FROM alarm_progress WHERE gateway_id = $1`,
      [gatewayId],
    );
    expect(Math.round(Number(p!.ms))).toBe(t0 + 20 * MIN);
    await enqueueSweep(ctx.deps, Math.floor(Date.now() / SWEEP_EVERY_MS) - 5000);
    await ctx.jobs.runDue();
    const excursion = (await alarmsOf('&property=temp.1')).find((a) => a.startedAt === t0 + 21 * MIN);
    expect([excursion?.value, excursion?.active, excursion?.endedAt]).toEqual([35, false, t0 + 22 * MIN]);
    // The gap closed: the subscriber evaluates again.
    await publish(t0 + 24 * MIN, { 'temp.1': 25 });
    await evaluated(t0 + 24 * MIN);
    events.splice(0);
  });

  it('acknowledges, clears and shelves with the audit log; the bell counts what is left', async () => {
    const [rh] = await alarmsOf('&state=active');
    const ack = await call<{ acknowledged: number }>(ctx, tok['al-admin']!, 'POST', `${RECORD}/ack`, {
      ids: [rh!.id],
      comment: 'Fans checked',
    });
    expect(ack.data).toEqual({ acknowledged: 1 });
    expect((await call(ctx, tok['al-admin']!, 'POST', `${RECORD}/ack`, { ids: [rh!.id] })).data).toEqual({ acknowledged: 0 });
    const [acked] = await alarmsOf('&state=activeAcknowledged');
    expect(acked).toMatchObject({ id: rh!.id, ackByName: 'Name of al-admin', ackComment: 'Fans checked', state: 'activeAcknowledged' });
    expect((await call<AlarmCount>(ctx, tok['al-admin']!, 'GET', `${RECORD}/count`)).data.total).toBe(0);

    const until = Date.now() + 3_600_000;
    expect((await call(ctx, tok['al-admin']!, 'POST', `${RECORD}/shelve`, { id: rh!.id, until })).code).toBe(1);
    expect((await alarmsOf('&shelved=true')).map((a) => [a.id, a.shelvedUntil])).toEqual([[rh!.id, until]]);
    expect((await call(ctx, tok['al-admin']!, 'POST', `${RECORD}/shelve`, { id: rh!.id, until: Date.now() - 1000 })).code).toBe(99996);
    expect((await call(ctx, tok['al-admin']!, 'POST', `${RECORD}/shelve`, { id: rh!.id, until: Date.now() + 31 * 86_400_000 })).code).toBe(
      99996,
    );
    expect((await call(ctx, tok['al-admin']!, 'POST', `${RECORD}/shelve`, { id: rh!.id, until: null })).code).toBe(1);

    expect((await call(ctx, tok['al-admin']!, 'POST', `${RECORD}/clear`, { id: rh!.id, comment: 'Sensor replaced' })).code).toBe(1);
    expect((await call(ctx, tok['al-admin']!, 'POST', `${RECORD}/clear`, { id: rh!.id })).code).toBe(21018);
    const [cleared] = await alarmsOf('&property=rh.2');
    expect(cleared).toMatchObject({ active: false, acknowledged: true, state: 'cleared', clearedByName: 'Name of al-admin' });
    expect(events.slice(-4).map((e) => e.change)).toEqual(['acknowledged', 'shelved', 'shelved', 'cleared']);

    const logged = await ctx.database.query<{ action: string; outcome: string }>(
      `SELECT action, outcome FROM audit_log WHERE action LIKE '%/warning/record/%' ORDER BY id`,
    );
    expect(logged.map((l) => `${l.action.replace(/^.*\/warning\/record\//, '')} ${l.outcome}`)).toEqual([
      'ack ok',
      'ack ok',
      'shelve ok',
      'shelve failed',
      'shelve failed',
      'shelve ok',
      'clear ok',
      'clear failed',
    ]);
  });

  it('filters by state, level and time; refuses ranges over 30 days (99996) and end before start (20027)', async () => {
    expect((await alarmsOf('&state=cleared')).length).toBe(3);
    expect((await alarmsOf('&state=activeUnacknowledged')).length).toBe(0);
    expect((await alarmsOf('&level=1')).map((a) => a.key)).toEqual(['temp.1', 'temp.1']);
    const from = new Date(t0 + 10 * MIN).toISOString();
    const to = new Date(t0 + 20 * MIN).toISOString();
    expect((await alarmsOf(`&startTime=${from}&endTime=${to}`)).map((a) => a.key)).toEqual(['rh.2']);
    expect((await call(ctx, tok['al-admin']!, 'GET', `${RECORD}/page?startTime=${to}&endTime=${from}`)).code).toBe(20027);
    const long = `startTime=${new Date(t0 - 31 * 86_400_000).toISOString()}&endTime=${to}`;
    expect((await call(ctx, tok['al-admin']!, 'GET', `${RECORD}/page?${long}`)).code).toBe(99996);
    expect((await call(ctx, tok['al-admin']!, 'GET', `${RECORD}/page?state=open`)).code).toBe(99996);
  });

  it("answers another farm's and another tenant's alarm with 30001, and lists none of them", async () => {
    const [a] = await alarmsOf();
    for (const who of ['al-other', 'al-second']) {
      expect((await call(ctx, tok[who]!, 'POST', `${RECORD}/ack`, { ids: [a!.id] })).code).toBe(30001);
      expect((await call(ctx, tok[who]!, 'POST', `${RECORD}/clear`, { id: a!.id })).code).toBe(30001);
      expect((await call(ctx, tok[who]!, 'POST', `${RECORD}/shelve`, { id: a!.id, until: null })).code).toBe(30001);
      expect((await call<Page<AlarmRow>>(ctx, tok[who]!, 'GET', `${RECORD}/page`)).data.total).toBe(0);
      expect((await call<AlarmCount>(ctx, tok[who]!, 'GET', `${RECORD}/count`)).data.total).toBe(0);
    }
    expect((await call(ctx, tok['al-other']!, 'GET', `${RECORD}/page?farmId=${farm}`)).code).toBe(10007);
    // A refused id among visible ones changes nothing.
    expect((await call(ctx, tok['al-other']!, 'POST', `${RECORD}/ack`, { ids: [a!.id, 999999] })).code).toBe(30001);
  });
  it('ends the live alarms of a deleted rule and tells open screens', async () => {
    await publish(t0 + 30 * MIN, { 'temp.1': 36 });
    await evaluated(t0 + 30 * MIN);
    const [live] = await alarmsOf('&state=active&property=temp.1');
    expect(live).toMatchObject({ value: 36, active: true });
    const rules = await call<Page<{ id: number; name: string }>>(ctx, tok['al-admin']!, 'GET', `/api/warning/rule/page?farmId=${farm}`);
    const hot = rules.data.list.find((r) => r.name === 'Hot')!;
    events.splice(0);
    expect((await call(ctx, tok['al-admin']!, 'DELETE', `/api/warning/rule/${hot.id}`)).code).toBe(1);
    expect(events.map((e) => [e.id, e.change, e.active])).toEqual([[live!.id, 'cleared', false]]);
    const [ended] = (await alarmsOf('&property=temp.1')).filter((a) => a.id === live!.id);
    // The record stays, with its rule's name and who ended it.
    expect(ended).toMatchObject({ active: false, ruleId: null, ruleName: 'Hot', clearedByName: 'Name of al-admin' });
  });
});
