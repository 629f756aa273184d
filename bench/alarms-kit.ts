/**
 * The alarms benchmark's server and clients (alarms.bench.ts): the server built as main.ts builds
 * it, with the alarm evaluator behind a gate that passes by the readings of the "evaluation off"
 * gateways; device clients over TCP; the console's live stream read as the console reads it.
 */
import { createServer } from 'node:net';
import type { MqttClient } from 'mqtt';
import { AccountType, type LiveAlarm } from '@farmsense/shared';
import { buildApp, registerModuleWork, startModules } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { seedCatalogue } from '../packages/server/src/db/catalogue.js';
import { createDeps, type Deps } from '../packages/server/src/deps.js';
import { addGateway } from '../packages/server/src/iot/testkit.js';
import { MODULES } from '../packages/server/src/modules/index.js';
import type { IngestSubscriber } from '../packages/server/src/modules/module.js';
import { alarmEvaluator } from '../packages/server/src/modules/alarms/ingest.js';
import { buildAccount, buildFarm, buildShed, buildTenant, tokenFor } from '../packages/server/src/test/factories.js';
import { SseParser } from '../packages/web/src/features/environment/live/sse.js';
import { device as mqttDevice } from './mqtt-kit.js';

const log = {
  info: () => undefined,
  warn: (o: object, m?: string) => console.error('warn', m, o),
  error: (o: object, m?: string) => console.error('error', m, o),
};

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function api<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 1) throw new Error(`${method} ${url} answered ${json.code} ${JSON.stringify(json.data)}`);
  return json.data;
}

export function device(port: number, code: string): Promise<MqttClient> {
  return mqttDevice(port, code, 'secret');
}

/** Publishes messages [first, first + count) of every gateway; resolves with the time the last PUBACK came. */
export async function openConsole(
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

export interface Bench {
  base: string;
  mqttPort: number;
  deps: Deps;
  token: string;
  tenant: number;
  /** Gateways whose readings the evaluator is not given (the "evaluation off" side). */
  off: Set<number>;
  /** Messages and batches the evaluator has finished, and the time it spent on them. */
  evaluated: { messages: number; batches: number; busyMs: number };
  stop(): Promise<void>;
}

export async function start(smsUrl: string): Promise<Bench> {
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
  const evaluated = { messages: 0, batches: 0, busyMs: 0 };
  // The product's evaluator, not given the "off" gateways' readings.
  const gated: IngestSubscriber = {
    name: alarmEvaluator.name,
    async onCommitted(batch, d) {
      const messages = batch.messages.filter((m) => !off.has(m.device.id));
      if (messages.length === 0) return;
      const readings = messages.reduce((n, m) => n + Object.keys(m.values).length, 0);
      const t = performance.now();
      await alarmEvaluator.onCommitted({ messages, readings }, d);
      evaluated.busyMs += performance.now() - t;
      evaluated.batches++;
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
export async function farmOf(
  b: Bench,
  name: string,
  n: number,
): Promise<{ farm: number; codes: string[]; ids: number[]; sheds: number[] }> {
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
