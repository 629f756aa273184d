import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LiveAlarm } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../../test/harness.js';
import { evaluateReadings, type GatewayRef } from '../evaluate.js';
import { alarms } from '../tables.js';
import { pushFarm, pushStrategy } from './push.fixtures.js';
import { pushEpisodes, pushMessages } from './tables.js';
import { fakeProvider, type FakeProvider } from './testkit.js';

/**
 * Issue 13 "two server processes": two servers on one PostgreSQL database hear the same readings
 * (a redelivery to both, the catch-up of one beside the subscriber of the other) at the same
 * moment, and both job workers run the push queue at once: one alarm, one episode, one SMS at the
 * provider. PGlite is one process's database, so the test runs on PostgreSQL only.
 */
describe.skipIf(TEST_DB !== 'postgres')(`alarms and push on two servers (${TEST_DB})`, () => {
  let a: TestContext;
  let b: TestContext;
  let provider: FakeProvider;
  let gw: GatewayRef;
  const heard: Record<'a' | 'b', LiveAlarm[]> = { a: [], b: [] };

  beforeAll(async () => {
    provider = await fakeProvider();
    const env = { SMS_WEBHOOK_URL: `${provider.url}/sms` };
    a = await createTestApp({ demo: false, env });
    b = await createTestApp({ sameDatabaseAs: a, env });
    a.live.subscribe((e) => void (e.type === 'alarm' && heard.a.push(e.data)));
    b.live.subscribe((e) => void (e.type === 'alarm' && heard.b.push(e.data)));
    const f = await pushFarm(a, {
      name: 'Two Servers',
      prefix: 'ts',
      house: 'House T',
      keeper: { phoneNo: '13900000009' },
      rule: { name: 'Hot', message: 'Check the house' },
    });
    gw = f.g;
    expect(await pushStrategy(a, f, { name: 'Now', language: 'en-us', methods: ['sms'], intervalMinutes: 60 })).toBe(1);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await provider?.close();
  });

  it('raises one alarm and sends one SMS when both servers evaluate the same readings and run the queue at once', async () => {
    const readings = [
      { ts: Date.now() - 2000, values: { 'temp.1': 35, 'temp.2': 25 } },
      { ts: Date.now() - 1000, values: { 'temp.1': 36, 'temp.2': 26 } },
    ];
    await Promise.all([evaluateReadings(a.deps, gw, readings), evaluateReadings(b.deps, gw, readings)]);
    const raised = await a.database.db.select().from(alarms).where(eq(alarms.gatewayId, gw.id));
    expect(raised.map((r) => [r.key, r.active, r.peak])).toEqual([['temp.1', true, 36]]);
    // Each server tells its own screens; neither tells of a second alarm.
    expect(new Set([...heard.a, ...heard.b].map((e) => e.id))).toEqual(new Set([raised[0]!.id]));
    const episodes = await a.database.db.select().from(pushEpisodes).where(eq(pushEpisodes.shedId, gw.shedId!));
    expect(episodes.map((e) => e.alarmIds)).toEqual([[raised[0]!.id]]);

    await Promise.all([a.jobs.runDue(), b.jobs.runDue(), a.jobs.runDue(), b.jobs.runDue()]);
    const sent = await a.database.db.select().from(pushMessages).where(eq(pushMessages.episodeId, episodes[0]!.id));
    expect(sent.map((m) => [m.method, m.recipient, m.status, m.attempts])).toEqual([['sms', '13900000009', 'success', 1]]);
    expect(provider.requests.map((r) => r.key)).toEqual([`push-${sent[0]!.id}`]);
    expect(provider.delivered.size).toBe(1);
  });
});
