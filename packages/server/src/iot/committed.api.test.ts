import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerModuleWork } from '../app.js';
import type { Deps } from '../deps.js';
import { defineJob } from '../jobs/define.js';
import type { ServerModule } from '../modules/module.js';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { buildTenant } from '../test/factories.js';
import type { CommittedBatch } from './committed.js';
import { addGateway, connected, deviceClient, newCode, sleep, telemetry, waitFor } from './testkit.js';

/**
 * `ingest.onCommitted` through the embedded broker, wired the way a module declares it: the
 * subscribers get the readings a batch inserted (a redelivery is left out), with the app's Deps;
 * a failing or stuck subscriber neither delays acknowledgements nor keeps readings from the
 * others; and a subscriber can turn a reading into a durable job.
 */
describe(`ingest subscribers after commit (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tenantId: number;
  const seen: { batch: CommittedBatch; deps: Deps }[] = [];
  let release: () => void = () => undefined;
  let stuckCalls = 0;

  const alarmJob = defineJob('test.alarm', async (p: { gatewayId: number; ts: number; value: number }, { tx }) => {
    await tx.execute(sql`INSERT INTO test_alarms (gateway_id, ts, value) VALUES (${p.gatewayId}, ${p.ts}, ${p.value})`);
  });
  const testModule: ServerModule = {
    name: 'test',
    routes: async () => undefined,
    jobs: [alarmJob],
    ingest: [
      { name: 'test.record', onCommitted: (batch, deps) => void seen.push({ batch, deps }) },
      {
        name: 'test.failing',
        onCommitted: () => {
          throw new Error('always fails');
        },
      },
      {
        name: 'test.stuck',
        maxQueuedReadings: 5,
        onCommitted: async () => {
          // Stuck on its first batch until the test releases it.
          if (++stuckCalls === 1) await new Promise<void>((r) => (release = r));
        },
      },
      {
        // What alarm evaluation will do: a reading over the limit becomes a job, once per reading.
        name: 'test.alarms',
        onCommitted: async (batch, deps) => {
          for (const m of batch.messages) {
            const v = m.values['temp.1'];
            if (v !== undefined && v > 30)
              await deps.jobs.enqueue(alarmJob, { gatewayId: m.device.id, ts: m.ts, value: v }, { key: `${m.device.id}:${m.ts}` });
          }
        },
      },
    ],
  };

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    registerModuleWork(ctx.deps, [testModule]);
    tenantId = await buildTenant(ctx.database.db, 'Subscriber Tenant');
    await ctx.database.query('CREATE TABLE test_alarms (gateway_id int, ts float8, value float8)');
  });
  afterAll(async () => {
    release();
    await ctx.close();
  });

  const newValues = (gatewayId: number): Record<string, number>[] =>
    seen.flatMap((s) => s.batch.messages.filter((m) => m.device.id === gatewayId).map((m) => ({ ...m.values, ts: m.ts })));

  it('hands on only what a batch inserted, with the app deps, while failing and stuck subscribers hold nothing up', async () => {
    const code = newCode();
    const id = await addGateway(ctx.database, { tenantId, code });
    const c = deviceClient(ctx.iot, { username: code, password: 'secret' });
    await connected(c);
    const t0 = Date.UTC(2026, 2, 1, 8);
    const started = Date.now();
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(t0, { 'temp.1': 20, 'rh.1': 60 }), { qos: 1 });
    // The same reading again, now with a third value: only co2.1 is new.
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(t0, { 'temp.1': 20, 'rh.1': 60, 'co2.1': 900 }), { qos: 1 });
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(t0, { 'temp.1': 20 }), { qos: 1 });
    for (let i = 1; i <= 20; i++) await c.publishAsync(`fs/${code}/telemetry`, telemetry(t0 + i * 1000, { 'temp.1': 20 + i }), { qos: 1 });
    // Every PUBACK came while test.stuck still sits on its first batch.
    expect(stuckCalls).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    await c.endAsync();

    await waitFor(() => newValues(id).length === 22);
    const values = newValues(id);
    expect(values[0]).toEqual({ ts: t0, 'temp.1': 20, 'rh.1': 60 });
    expect(values[1]).toEqual({ ts: t0, 'co2.1': 900 });
    expect(values.slice(2).map((v) => v['temp.1'])).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
    expect(seen.every((s) => s.deps === ctx.deps)).toBe(true);
    const [rows] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry WHERE gateway_id = $1', [id]);
    expect(rows!.n).toBe(23);

    const stats = Object.fromEntries(ctx.iot.ingest.subscriberStats().map((s) => [s.name, s]));
    expect(stats['test.failing']!.failedBatches).toBeGreaterThan(0);
    expect(stats['test.failing']!.deliveredBatches).toBe(0);
    // The stuck one kept at most its bound waiting and dropped the rest of its own backlog.
    expect(stats['test.stuck']!.queuedReadings).toBeLessThanOrEqual(5);
    expect(stats['test.stuck']!.droppedReadings).toBeGreaterThan(0);
    release();

    // temp.1 above 30 from t0 + 11 s: ten alarms, each once, through the job queue.
    await waitFor(async () => (await ctx.jobs.runDue()) === 0 && (await ctx.database.query('SELECT 1 FROM test_alarms')).length === 10);
    const alarms = await ctx.database.query<{ ts: number; value: number }>('SELECT ts, value FROM test_alarms ORDER BY ts');
    expect(alarms.map((a) => Number(a.value))).toEqual(Array.from({ length: 10 }, (_, i) => 31 + i));
  });

  it('hands a fully redelivered message to nobody', async () => {
    const code = newCode();
    const id = await addGateway(ctx.database, { tenantId, code });
    const c = deviceClient(ctx.iot, { username: code, password: 'secret' });
    await connected(c);
    const ts = Date.UTC(2026, 2, 2);
    await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'nh3.1': 4 }), { qos: 1 });
    await waitFor(() => newValues(id).length === 1);
    for (let i = 0; i < 3; i++) await c.publishAsync(`fs/${code}/telemetry`, telemetry(ts, { 'nh3.1': 4 }), { qos: 1 });
    await sleep(200);
    await c.endAsync();
    expect(newValues(id)).toEqual([{ ts, 'nh3.1': 4 }]);
  });
});
