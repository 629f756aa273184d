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
 *      has no rules for the sweep to catch up on). ratio = evaluated / off, target >= 0.8.
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
import { createServer } from 'node:net';
import os from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import { AccountType, type LiveAlarm } from '@farmsense/shared';
import { buildApp, registerModuleWork, startModules } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedCatalogue } from '../packages/server/src/db/catalogue.js';
import { accounts } from '../packages/server/src/db/tables.js';
import { createDeps, type Deps } from '../packages/server/src/deps.js';
import { addGateway } from '../packages/server/src/iot/testkit.js';
import { MODULES } from '../packages/server/src/modules/index.js';
import type { IngestSubscriber } from '../packages/server/src/modules/module.js';
import { alarmEvaluator } from '../packages/server/src/modules/alarms/ingest.js';
import { fakeProvider } from '../packages/server/src/modules/alarms/push/testkit.js';
import { buildAccount, buildFarm, buildShed, buildTenant, tokenFor } from '../packages/server/src/test/factories.js';
import { SseParser } from '../packages/web/src/features/environment/live/sse.js';
import { eq } from 'drizzle-orm';

const GATEWAYS = Number(process.env.BENCH_ALARM_GATEWAYS ?? 10);
const MESSAGES = Number(process.env.BENCH_ALARM_MESSAGES ?? 300);
const ROUNDS = Number(process.env.BENCH_ALARM_ROUNDS ?? 3);
const SAMPLES = Number(process.env.BENCH_ALARM_SAMPLES ?? 60);
const DELAY_SEC = Number(process.env.BENCH_ALARM_DELAY_SEC ?? 2);
const RULES_PER_SENSOR = 10;
const WINDOW = 64; // QoS 1 messages in flight per gateway
const STEP_MS = 30_000; // a controller reports every 30 s
const KINDS = { temp: 16, rh: 4, co2: 2, nh3: 2 } as const;
const KEYS = Object.entries(KINDS).flatMap(([k, n]) => Array.from({ length: n }, (_, i) => `${k}.${i + 1}`));
const log = {
  info: () => undefined,
  warn: (o: object, m?: string) => console.error('warn', m, o),
  error: (o: object, m?: string) => console.error('error', m, o),
};
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

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function api<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 1) throw new Error(`${method} ${url} answered ${json.code} ${JSON.stringify(json.data)}`);
  return json.data;
}

function device(port: number, code: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      username: code,
      password: 'secret',
      clientId: `${code}-b`,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    c.once('connect', () => resolve(c));
    c.once('error', reject);
  });
}

/** Publishes messages [first, first + count) of every gateway; resolves with the time the last PUBACK came. */
async function publishAll(clients: MqttClient[], codes: string[], first: number, count: number): Promise<number> {
  await Promise.all(
    clients.map(
      (c, g) =>
        new Promise<void>((resolve, reject) => {
          let next = first;
          let done = 0;
          const send = (): void => {
            const m = next++;
            c.publish(`fs/${codes[g]}/telemetry`, payload(g, m), { qos: 1 }, (err) => {
              if (err) return reject(err);
              if (++done === count) resolve();
              else if (next < first + count) send();
            });
          };
          for (let i = 0; i < Math.min(WINDOW, count); i++) send();
        }),
    ),
  );
  return performance.now();
}

/** The alarm events of the live stream, as the console reads it (fetch, token header, its SSE parser). */
async function openConsole(
  base: string,
  token: string,
  shedIds: number[],
  onAlarm: (a: LiveAlarm, at: number) => void,
): Promise<() => void> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/telemetry/stream?shedIds=${shedIds.join(',')}`, { headers: { token }, signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`);
  const parser = new SseParser();
  const decoder = new TextDecoder();
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((r) => (ready = r));
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const at = Date.now();
        for (const m of parser.push(decoder.decode(chunk, { stream: true }))) {
          if (m.event === 'ready') ready();
          if (m.event === 'alarm') onAlarm(JSON.parse(m.data) as LiveAlarm, at);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await isReady;
  return () => abort.abort();
}

interface Bench {
  base: string;
  mqttPort: number;
  deps: Deps;
  token: string;
  tenant: number;
  /** Gateways whose readings the evaluator is not given (the "evaluation off" side). */
  off: Set<number>;
  /** Messages the evaluator has finished. */
  evaluated: { messages: number };
  stop(): Promise<void>;
}

async function start(smsUrl: string): Promise<Bench> {
  const mqttPort = await freePort();
  const config = loadConfig({
    DEMO: '0',
    SIMULATOR: '0',
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    MQTT_PORT: String(mqttPort),
    SMS_WEBHOOK_URL: smsUrl,
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const deps = createDeps({ config, database }, { log });
  const off = new Set<number>();
  const evaluated = { messages: 0 };
  // The product's evaluator, not given the "off" gateways' readings.
  const gated: IngestSubscriber = {
    name: alarmEvaluator.name,
    async onCommitted(batch, d) {
      const messages = batch.messages.filter((m) => !off.has(m.device.id));
      if (messages.length === 0) return;
      const readings = messages.reduce((n, m) => n + Object.keys(m.values).length, 0);
      await alarmEvaluator.onCommitted({ messages, readings }, d);
      evaluated.messages += messages.length;
    },
  };
  const modules = MODULES.map((m) => (m.name === 'alarms' ? { ...m, ingest: [gated] } : m));
  const app = await buildApp(deps);
  // services.ts startServices, with the module list above and without demo data.
  await seedCatalogue(database.db);
  registerModuleWork(deps, modules);
  await startModules(deps, modules);
  await deps.iot.start();
  deps.jobs.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const tenant = await buildTenant(database.db, 'Alarm Bench', ['pig']);
  await buildAccount(database.db, { tenantId: tenant, accountCode: 'bench-admin', accountType: AccountType.TENANT_ADMIN });
  const token = await tokenFor(database.db, 'bench-admin');
  return {
    base,
    mqttPort,
    deps,
    token,
    tenant,
    off,
    evaluated,
    stop: async () => {
      await app.close();
      await deps.jobs.stop();
      await deps.iot.stop();
      await database.close();
    },
  };
}

/** A farm of `n` sow houses (type 3), one gateway each; returns the gateway codes, ids and shed ids. */
async function farmOf(b: Bench, name: string, n: number): Promise<{ farm: number; codes: string[]; ids: number[]; sheds: number[] }> {
  const { db } = b.deps.database;
  const farm = await buildFarm(db, b.tenant, name, 1);
  const out = { farm, codes: [] as string[], ids: [] as number[], sheds: [] as number[] };
  for (let i = 0; i < n; i++) {
    const shedId = await buildShed(db, b.tenant, farm, { shedName: `${name} ${i + 1}`, shedType: 3 });
    const code = `fs-${name.slice(0, 3).toLowerCase()}${String(i).padStart(4, '0')}`;
    out.codes.push(code);
    out.ids.push(await addGateway(b.deps.database, { tenantId: b.tenant, code, farmId: farm, shedId }));
    out.sheds.push(shedId);
  }
  return out;
}

/** 10 threshold rules per sensor kind, through the API; none of them is crossed by the published values (20-30). */
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
  for (let r = 0; r < ROUNDS; r++) {
    let t = performance.now();
    const offRound = ((await publishAll(offClients, plain.codes, r * per, per)) - t) / 1000;
    const target = b.evaluated.messages + GATEWAYS * per;
    t = performance.now();
    await publishAll(onClients, rated.codes, r * per, per);
    while (b.evaluated.messages < target) {
      const stats = b.deps.iot.ingest.subscriberStats().find((s) => s.name === alarmEvaluator.name)!;
      if (stats.failedBatches > 0 || stats.droppedReadings > 0) throw new Error(`evaluator failed or dropped: ${JSON.stringify(stats)}`);
      await sleep(2);
    }
    const onRound = (performance.now() - t) / 1000;
    offSeconds += offRound;
    onSeconds += onRound;
    console.log(
      `  round ${r + 1}: evaluation off ${Math.round(readings / offRound)} readings/s, evaluated ${Math.round(readings / onRound)} readings/s`,
    );
  }
  await Promise.all([...onClients, ...offClients].map((c) => c.endAsync()));
  await verify(b, rated.ids, plain.ids, per * ROUNDS);
  return { on: (readings * ROUNDS) / onSeconds, off: (readings * ROUNDS) / offSeconds };
}

async function verify(b: Bench, on: number[], off: number[], messages: number): Promise<void> {
  const q = async (sql: string, params: unknown[]): Promise<number> => (await b.deps.database.query<{ n: number }>(sql, params))[0]!.n;
  const stored = await q(`SELECT count(*)::int AS n FROM telemetry WHERE gateway_id = ANY($1::int[])`, [[...on, ...off]]);
  const conditions = await q(`SELECT count(*)::int AS n FROM alarm_conditions WHERE gateway_id = ANY($1::int[])`, [on]);
  const evaluatedUpTo = await q(`SELECT count(*)::int AS n FROM alarm_progress WHERE gateway_id = ANY($1::int[]) AND last_ts = $2`, [
    on,
    new Date(T0 + (messages - 1) * STEP_MS),
  ]);
  const raised = await q(`SELECT count(*)::int AS n FROM alarms WHERE gateway_id = ANY($1::int[])`, [[...on, ...off]]);
  const offTouched = await q(`SELECT count(*)::int AS n FROM alarm_progress WHERE gateway_id = ANY($1::int[])`, [off]);
  const want = { stored: 2 * GATEWAYS * messages * KEYS.length, conditions: on.length * KEYS.length * RULES_PER_SENSOR };
  const ok = stored === want.stored && conditions === want.conditions && evaluatedUpTo === on.length && raised === 0 && offTouched === 0;
  console.log(
    `  ${stored}/${want.stored} readings stored; ${conditions}/${want.conditions} (rule, sensor) conditions; ${evaluatedUpTo}/${on.length} gateways evaluated to their last reading; ${raised} alarms; ${offTouched} off gateways evaluated: ${ok ? 'ok' : 'MISMATCH'}`,
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
