/**
 * Alarms benchmark (issue 13 "Benchmarks and reliability"). One server in this process, built as
 * main.ts builds it (the app on an HTTP port, the embedded broker on a TCP port, the job worker
 * with its production poll of 1 s, embedded PGlite), with the alarm evaluator of the product
 * (modules/alarms ingest.ts). Three measurements, in one run:
 *   1. Ingest throughput with evaluation: gateways publish telemetry over MQTT QoS 1 (24 sensors:
 *      temp.1-16, rh.1-4, co2.1-2, nh3.1-2) into sheds whose rule group holds 10 threshold rules
 *      per sensor kind, so every sensor is judged against 10 rules. The clock stops when the last
 *      PUBACK is in and the evaluator has finished the last batch. Beside it, in the same run and
 *      alternating rounds, as many gateways publish as many readings into sheds whose readings
 *      the evaluator is not given (evaluation off: the subscriber passes them by, and their farm
 *      has no rules for the sweep to catch up on). ratio = evaluated / off, target >= 0.8. A first
 *      round of both warms up and is not counted; the order of the two sides alternates.
 *      Checked after: every reading stored, every (rule, sensor) condition written, no alarm
 *      raised (the values stay inside the limits), no batch dropped or failed.
 *   2. Reading -> alarm on screen: a device publishes a reading above a rule's limit; the time
 *      until the `alarm` event reaches a signed-in console client on the live stream the console
 *      uses (GET /api/telemetry/stream, Server-Sent Events read with fetch and the console's own
 *      parser). p95 over SAMPLES readings, one gateway (and shed) each, target < 1 s.
 *   3. Alarm -> message at the provider: the farm's push strategy (SMS, send delay D) texts the
 *      first person; the fake SMS webhook of the push tests (push/testkit.ts) is the provider.
 *      From the raised event on the console to the request at the provider, p95, target D + 2 s;
 *      every alarm is texted once.
 *
 * Run: npm run bench -- alarms   (env: BENCH_ALARM_GATEWAYS, BENCH_ALARM_MESSAGES, BENCH_ALARM_ROUNDS,
 * BENCH_ALARM_SAMPLES, BENCH_ALARM_DELAY_SEC)
 */
import os from 'node:os';
import type { MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { accounts } from '../packages/server/src/db/tables.js';
import { alarmEvaluator } from '../packages/server/src/modules/alarms/ingest.js';
import { fakeProvider } from '../packages/server/src/modules/alarms/push/testkit.js';
import { buildAccount } from '../packages/server/src/test/factories.js';
import { api, device, farmOf, openConsole, start, type Bench } from './alarms-kit.js';
import { publishWindowed } from './mqtt-kit.js';

const GATEWAYS = Number(process.env.BENCH_ALARM_GATEWAYS ?? 10);
const MESSAGES = Number(process.env.BENCH_ALARM_MESSAGES ?? 300);
const ROUNDS = Number(process.env.BENCH_ALARM_ROUNDS ?? 3);
const SAMPLES = Number(process.env.BENCH_ALARM_SAMPLES ?? 60);
const DELAY_SEC = Number(process.env.BENCH_ALARM_DELAY_SEC ?? 2);
const RULES_PER_SENSOR = 10;
const STEP_MS = 30_000; // a controller reports every 30 s
const KINDS = { temp: 16, rh: 4, co2: 2, nh3: 2 } as const;
const KEYS = Object.entries(KINDS).flatMap(([k, n]) => Array.from({ length: n }, (_, i) => `${k}.${i + 1}`));
const load = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;
const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.5) - 1] ?? NaN;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Three days back, so the sweep's 24-hour catch-up never takes these readings from the subscriber. */
const T0 = Math.floor((Date.now() - 3 * 86_400_000) / STEP_MS) * STEP_MS;
const payload = (g: number, m: number): string => {
  const values: Record<string, number> = {};
  KEYS.forEach((k, i) => (values[k] = Math.round((20 + ((g * 7 + i * 3 + m) % 100) / 10) * 100) / 100));
  return JSON.stringify({ ts: T0 + m * STEP_MS, seq: m, values });
};

async function publishAll(clients: MqttClient[], codes: string[], first: number, count: number): Promise<number> {
  await publishWindowed(clients, codes, first, count, payload);
  return performance.now();
}

/** The alarm events of the live stream, as the console reads it (fetch, token header, its SSE parser). */
async function addRules(b: Bench, farmId: number): Promise<void> {
  const group = await api<{ id: number }>(b.base, b.token, 'POST', '/api/warning/ruleGroup', { farmId, shedType: 3, name: 'Sows' });
  for (const property of Object.keys(KINDS)) {
    for (let i = 0; i < RULES_PER_SENSOR; i++) {
      const op = (['gt', 'lt', 'outside'] as const)[i % 3];
      const stages =
        op === 'gt'
          ? [
              { fromDay: 0, toDay: 20, high: 60 + i },
              { fromDay: 21, toDay: 9999, high: 70 + i },
            ]
          : op === 'lt'
            ? [{ fromDay: 0, toDay: 9999, low: 5 - i }]
            : [{ fromDay: 0, toDay: 9999, low: 0 - i, high: 80 + i }];
      await api(b.base, b.token, 'POST', '/api/warning/rule', {
        groupId: group.id,
        name: `${property} ${i + 1}`,
        level: 1 + (i % 3),
        message: `Check ${property} in {shed}`,
        kind: 'threshold',
        property,
        operator: op,
        durationSec: (i % 4) * 60,
        deadband: 1,
        stages,
      });
    }
  }
}

async function throughput(b: Bench): Promise<{ on: number; off: number }> {
  const rated = await farmOf(b, 'Rated', GATEWAYS);
  const plain = await farmOf(b, 'Plain', GATEWAYS);
  for (const id of plain.ids) b.off.add(id);
  await addRules(b, rated.farm);
  const onClients = await Promise.all(rated.codes.map((c) => device(b.mqttPort, c)));
  const offClients = await Promise.all(plain.codes.map((c) => device(b.mqttPort, c)));
  const per = Math.ceil(MESSAGES / ROUNDS);
  const readings = GATEWAYS * per * KEYS.length;
  let onSeconds = 0;
  let offSeconds = 0;
  // Round 0 warms up (JIT, the first partitions and plans) and is not counted; the order alternates.
  for (let r = 0; r <= ROUNDS; r++) {
    const offSide = async (): Promise<number> => {
      const t = performance.now();
      return ((await publishAll(offClients, plain.codes, r * per, per)) - t) / 1000;
    };
    const onSide = async (): Promise<number> => {
      const target = b.evaluated.messages + GATEWAYS * per;
      const before = { ...b.evaluated };
      const t = performance.now();
      await publishAll(onClients, rated.codes, r * per, per);
      while (b.evaluated.messages < target) {
        const stats = b.deps.iot.ingest.subscriberStats().find((s) => s.name === alarmEvaluator.name)!;
        if (stats.failedBatches > 0 || stats.droppedReadings > 0) throw new Error(`evaluator failed or dropped: ${JSON.stringify(stats)}`);
        await sleep(2);
      }
      const batches = b.evaluated.batches - before.batches;
      busy = `evaluator: ${batches} batches of ${Math.round((GATEWAYS * per) / batches)} messages, busy ${((b.evaluated.busyMs - before.busyMs) / 1000).toFixed(1)} s`;
      return (performance.now() - t) / 1000;
    };
    let busy = '';
    let offRound: number;
    let onRound: number;
    if (r % 2 === 0) {
      offRound = await offSide();
      onRound = await onSide();
    } else {
      onRound = await onSide();
      offRound = await offSide();
    }
    console.log(
      `  round ${r}${r === 0 ? ' (warm-up, not counted)' : ''}: evaluation off ${Math.round(readings / offRound)} readings/s, evaluated ${Math.round(readings / onRound)} readings/s in ${onRound.toFixed(1)} s (${busy})`,
    );
    if (r === 0) continue;
    offSeconds += offRound;
    onSeconds += onRound;
  }
  await Promise.all([...onClients, ...offClients].map((c) => c.endAsync()));
  await verify(b, rated.ids, plain.ids, per * (ROUNDS + 1));
  return { on: (readings * ROUNDS) / onSeconds, off: (readings * ROUNDS) / offSeconds };
}

async function verify(b: Bench, on: number[], off: number[], messages: number): Promise<void> {
  const q = async (sql: string, params: unknown[]): Promise<number> => (await b.deps.database.query<{ n: number }>(sql, params))[0]!.n;
  const stored = await q(`SELECT count(*)::int AS n FROM telemetry WHERE gateway_id = ANY($1::int[])`, [[...on, ...off]]);
  // A condition row is written only while a breach is pending; the bench's readings never breach.
  const conditions = await q(`SELECT count(*)::int AS n FROM alarm_conditions WHERE gateway_id = ANY($1::int[])`, [on]);
  const evaluatedUpTo = await q(`SELECT count(*)::int AS n FROM alarm_progress WHERE gateway_id = ANY($1::int[]) AND last_ts = $2`, [
    on,
    new Date(T0 + (messages - 1) * STEP_MS),
  ]);
  const raised = await q(`SELECT count(*)::int AS n FROM alarms WHERE gateway_id = ANY($1::int[])`, [[...on, ...off]]);
  const offTouched = await q(`SELECT count(*)::int AS n FROM alarm_progress WHERE gateway_id = ANY($1::int[])`, [off]);
  const want = { stored: 2 * GATEWAYS * messages * KEYS.length, conditions: 0 };
  const ok = stored === want.stored && conditions === want.conditions && evaluatedUpTo === on.length && raised === 0 && offTouched === 0;
  console.log(
    `  ${stored}/${want.stored} readings stored; ${conditions} pending conditions (want ${want.conditions}); ${evaluatedUpTo}/${on.length} gateways evaluated to their last reading; ${raised} alarms; ${offTouched} off gateways evaluated: ${ok ? 'ok' : 'MISMATCH'}`,
  );
  if (!ok) process.exitCode = 1;
}

/** Parts 2 and 3: one reading above the limit per gateway; the console's alarm event; the provider's SMS. */
async function latencies(b: Bench, provider: Awaited<ReturnType<typeof fakeProvider>>): Promise<{ screen: number[]; sms: number[] }> {
  const hot = await farmOf(b, 'Hot', SAMPLES);
  const { db } = b.deps.database;
  const keeper = await buildAccount(db, { tenantId: b.tenant, accountCode: 'bench-keeper', farmIds: [hot.farm] });
  await db.update(accounts).set({ phoneNo: '13900000001' }).where(eq(accounts.id, keeper));
  const group = await api<{ id: number }>(b.base, b.token, 'POST', '/api/warning/ruleGroup', {
    farmId: hot.farm,
    shedType: 3,
    name: 'Sows',
  });
  await api(b.base, b.token, 'POST', '/api/warning/rule', {
    groupId: group.id,
    name: 'Hot',
    level: 1,
    message: 'Check the house',
    kind: 'threshold',
    property: 'temp',
    operator: 'gt',
    stages: [{ fromDay: 0, toDay: 9999, high: 30 }],
  });
  await api(b.base, b.token, 'POST', '/api/warning/push/strategy', {
    farmId: hot.farm,
    name: 'Night',
    levels: [1, 2, 3],
    kinds: ['threshold'],
    accountIds: [keeper],
    language: 'en-us',
    methods: ['sms'],
    intervalMinutes: 60,
    sendDelaySec: DELAY_SEC,
  });
  const raisedAt = new Map<number, number>(); // alarm id -> event at the console (epoch ms)
  const byGateway = new Map<number, (at: number) => void>();
  const close = await openConsole(b.base, b.token, hot.sheds, (a, at) => {
    if (a.change !== 'raised') return;
    raisedAt.set(a.id, at);
    byGateway.get(a.gatewayId)?.(at);
  });
  // The provider's requests as they come (its fake keeps them in order; the time is taken here).
  const arrived = new Map<string, number>();
  const watch = setInterval(() => {
    for (const r of provider.requests) if (r.key && !arrived.has(r.key)) arrived.set(r.key, Date.now());
  }, 2);
  const clients = await Promise.all(hot.codes.map((c) => device(b.mqttPort, c)));
  const screen: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const seen = new Promise<number>((resolve, reject) => {
      byGateway.set(hot.ids[i]!, resolve);
      setTimeout(() => reject(new Error(`no alarm on the console 10 s after reading ${i + 1}`)), 10_000);
    });
    const sent = Date.now();
    await clients[i]!.publishAsync(`fs/${hot.codes[i]}/telemetry`, JSON.stringify({ ts: sent, seq: 1, values: { 'temp.1': 35 } }), {
      qos: 1,
    });
    screen.push((await seen) - sent);
    await sleep(150);
  }
  const deadline = Date.now() + (DELAY_SEC + 30) * 1000;
  while (arrived.size < SAMPLES && Date.now() < deadline) await sleep(50);
  clearInterval(watch);
  close();
  await Promise.all(clients.map((c) => c.endAsync()));
  const rows = await b.deps.database.query<{ id: number; alarm_ids: number[] }>(
    `SELECT m.id, m.alarm_ids FROM push_messages m WHERE m.farm_id = $1 AND m.method = 'sms'`,
    [hot.farm],
  );
  const sms: number[] = [];
  for (const r of rows) {
    const at = arrived.get(`push-${r.id}`);
    const raised = Math.min(...r.alarm_ids.map((id) => raisedAt.get(id) ?? Infinity));
    if (at !== undefined && Number.isFinite(raised)) sms.push(at - raised);
  }
  const once = provider.delivered.size === SAMPLES && provider.requests.length === SAMPLES && rows.length === SAMPLES;
  console.log(
    `  ${raisedAt.size} alarms on the console, ${rows.length} SMS in the outbox, ${provider.requests.length} requests at the provider, ${provider.delivered.size} delivered: ${once ? 'each alarm texted once' : 'MISMATCH'}`,
  );
  if (!once) process.exitCode = 1;
  return { screen, sms };
}

async function main(): Promise<void> {
  console.log(
    `alarms: ${GATEWAYS} + ${GATEWAYS} gateways x ${MESSAGES} messages x ${KEYS.length} sensors over MQTT QoS 1, ${RULES_PER_SENSOR} rules per sensor, ${ROUNDS} alternating rounds; ${SAMPLES} alarm samples, send delay ${DELAY_SEC} s; embedded PGlite`,
  );
  console.log(`  load average at start: ${load()} (${os.cpus().length} cores)`);
  const provider = await fakeProvider();
  const b = await start(`${provider.url}/sms`);
  try {
    const t = await throughput(b);
    const ratio = t.on / t.off;
    console.log(
      `ingest with ${RULES_PER_SENSOR} rules per sensor evaluated: ${Math.round(t.on)} readings/s; evaluation off: ${Math.round(t.off)} readings/s; ratio ${ratio.toFixed(2)} (target >= 0.8)${ratio < 0.8 ? ' MISSED' : ''}`,
    );
    if (ratio < 0.8) process.exitCode = 1;

    const l = await latencies(b, provider);
    const screen95 = p95(l.screen);
    const sms95 = p95(l.sms);
    console.log(
      `reading -> alarm on the console: p50 ${p50(l.screen)} ms, p95 ${screen95} ms, max ${Math.max(...l.screen)} ms over ${l.screen.length} (target p95 < 1000 ms)${screen95 < 1000 ? '' : ' MISSED'}`,
    );
    console.log(
      `alarm -> SMS at the provider (send delay ${DELAY_SEC} s): p50 ${p50(l.sms)} ms, p95 ${sms95} ms, max ${Math.max(...l.sms)} ms over ${l.sms.length} (target p95 <= ${(DELAY_SEC + 2) * 1000} ms)${sms95 <= (DELAY_SEC + 2) * 1000 ? '' : ' MISSED'}`,
    );
    if (!(screen95 < 1000) || !(sms95 <= (DELAY_SEC + 2) * 1000) || l.screen.length < SAMPLES || l.sms.length < SAMPLES)
      process.exitCode = 1;
    console.log(`  load average at end: ${load()}`);
    console.log(`alarms: ${Math.round(t.on)} readings/s (evaluation-off=${Math.round(t.off)} readings/s, ratio=${ratio.toFixed(2)})`);
  } finally {
    await b.stop();
    await provider.close();
  }
}

await main();
