/**
 * Helpers of the scale-out benchmark (scaleout.bench.ts): a Mosquitto of its own configured with
 * the values of deploy/mosquitto.conf and deploy/mosquitto.acl, devices publishing CONTRACT §4
 * telemetry at QoS 1 with a record of what the broker acknowledged, and the count of what the
 * database holds of it (stored, lost, doubled).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import type { Database } from '../packages/server/src/db/client.js';
import { root, freePort } from './serve.js';
import { sleep } from './load-kit.js';
import { device } from './mqtt-kit.js';

/** The settings of deploy/mosquitto.conf the product needs (README "Scaling out"), as written there. */
const KEPT = [
  'persistence',
  'autosave_interval',
  'max_queued_messages',
  'max_inflight_messages',
  'persistent_client_expiration',
  'allow_anonymous',
];

export interface Broker {
  port: number;
  /** The settings taken over from deploy/mosquitto.conf, one `key value` a line. */
  settings: string[];
  stop: () => Promise<void>;
}

/**
 * Mosquitto on a free port with deploy/mosquitto.conf's settings, its persistence in `dir`, a
 * password file of `users` (hashed by mosquitto_passwd -U) and deploy/mosquitto.acl with the
 * platform's user named `platformUser`.
 */
export async function startMosquitto(dir: string, users: [string, string][], platformUser: string): Promise<Broker> {
  const port = await freePort();
  const deploy = readFileSync(path.join(root, 'deploy/mosquitto.conf'), 'utf8').split('\n');
  const settings = deploy.map((l) => l.trim()).filter((l) => KEPT.includes(l.split(/\s+/)[0]!));
  const passwd = path.join(dir, 'passwd');
  writeFileSync(passwd, users.map(([u, p]) => `${u}:${p}`).join('\n') + '\n');
  const hashed = spawnSync('mosquitto_passwd', ['-U', passwd]);
  if (hashed.status !== 0) throw new Error(`mosquitto_passwd -U failed: ${hashed.stderr.toString()}`);
  const acl = readFileSync(path.join(root, 'deploy/mosquitto.acl'), 'utf8').replace(/^user farmsense$/m, `user ${platformUser}`);
  writeFileSync(path.join(dir, 'acl'), acl);
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      ...settings,
      `persistence_location ${dir}/`,
      `password_file ${passwd}`,
      `acl_file ${path.join(dir, 'acl')}`,
      // Run as root, Mosquitto would become the user "mosquitto", who may not read this run's folder.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      'log_dest stderr',
      'log_type error',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error('mosquitto did not listen in 10 s');
    await sleep(100);
  }
  return {
    port,
    settings,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** What the devices were told: the (gateway index, ts) of every message the broker acknowledged. */
export interface Sent {
  published: number;
  acked: number;
  failed: number;
  /** Per gateway index, the ts of its acknowledged messages. */
  ackedTs: number[][];
  /** The range of ts used. */
  from: number;
  to: number;
  values: number;
}

/** Device clients (username = code, client id = code-suffix) that publish telemetry at QoS 1. */
export class Devices {
  private clients: MqttClient[] = [];
  /** Every message gets a new ts: message m of a run starting at `cursor` has ts cursor + m s. */
  private cursor = Date.now() - 6 * 3600_000;

  constructor(
    private readonly url: string,
    private readonly codes: string[],
    private readonly password: string,
  ) {}

  async connect(): Promise<void> {
    this.clients = await Promise.all(
      this.codes.map((code) => device(this.url, code, this.password, { clientSuffix: 'd', reconnectMs: 1000 })),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.endAsync().catch(() => undefined)));
  }

  /**
   * Sends `perDevice` messages of `values` readings from every device. `rate` (messages a second
   * over all devices) paces them; without it each device sends as fast as the broker acknowledges,
   * 32 in flight (a fleet flushing after an outage). `during(done)` is called after each
   * acknowledgement with how many of all messages are sent so far, for a case's action mid-stream.
   */
  async send(perDevice: number, values: number, rate?: number, during?: (sent: number) => void): Promise<Sent> {
    const from = this.cursor;
    this.cursor += (perDevice + 1) * 1000;
    const sent: Sent = { published: 0, acked: 0, failed: 0, ackedTs: this.codes.map(() => []), from, to: from + perDevice * 1000, values };
    const keys = Array.from({ length: values }, (_, k) => `v${k}.1`);
    const payload = (g: number, m: number): string => {
      const v: Record<string, number> = {};
      for (let k = 0; k < keys.length; k++) v[keys[k]!] = Math.round((20 + ((g + k + m) % 100) / 10) * 10) / 10;
      return JSON.stringify({ ts: from + m * 1000, seq: m, values: v });
    };
    const one = (g: number, m: number): Promise<void> =>
      new Promise((resolve) => {
        sent.published++;
        this.clients[g]!.publish(`fs/${this.codes[g]}/telemetry`, payload(g, m), { qos: 1 }, (err) => {
          if (err) sent.failed++;
          else {
            sent.acked++;
            sent.ackedTs[g]!.push(from + m * 1000);
          }
          during?.(sent.published);
          resolve();
        });
      });
    const n = this.codes.length;
    if (rate) {
      // Message m of device g goes out at (m * n + g) / rate seconds.
      const started = performance.now();
      const pending: Promise<void>[] = [];
      for (let i = 0; i < perDevice * n; i++) {
        const wait = started + (i * 1000) / rate - performance.now();
        if (wait > 1) await sleep(wait);
        pending.push(one(i % n, Math.floor(i / n)));
      }
      await Promise.all(pending);
    } else {
      await Promise.all(
        this.codes.map(async (_, g) => {
          let next = 0;
          await Promise.all(
            Array.from({ length: Math.min(32, perDevice) }, async () => {
              while (next < perDevice) await one(g, next++);
            }),
          );
        }),
      );
    }
    return sent;
  }
}

export interface Count {
  stored: number;
  lost: number;
  doubled: number;
}

/**
 * What the database holds of what the broker acknowledged: rows per (gateway, ts) in the run's ts
 * range. A message is stored when all its readings are there; lost when any is missing; doubled
 * counts readings beyond a message's values, plus hourly-rollup counts beyond the rows (a
 * redelivered reading counted twice).
 */
export async function count(database: Database, gatewayIds: number[], sent: Sent): Promise<Count> {
  const rows = await database.query<{ g: number; t: number; n: number }>(
    `SELECT gateway_id AS g, (extract(epoch FROM ts) * 1000)::bigint AS t, count(*)::int AS n FROM telemetry
     WHERE gateway_id = ANY($1::int[]) AND ts >= to_timestamp($2 / 1000.0) AND ts <= to_timestamp($3 / 1000.0) GROUP BY 1, 2`,
    [gatewayIds, sent.from, sent.to],
  );
  const have = new Map<string, number>();
  for (const r of rows) have.set(`${r.g}:${Number(r.t)}`, r.n);
  let stored = 0;
  let lost = 0;
  let doubled = 0;
  sent.ackedTs.forEach((list, g) => {
    for (const t of list) {
      const n = have.get(`${gatewayIds[g]}:${t}`) ?? 0;
      if (n >= sent.values) stored++;
      else lost++;
    }
  });
  for (const n of have.values()) doubled += Math.max(0, n - sent.values);
  const [roll] = await database.query<{ h: number; r: number }>(
    `SELECT (SELECT coalesce(sum(count), 0) FROM telemetry_hourly WHERE gateway_id = ANY($1::int[]))::bigint AS h,
            (SELECT count(*) FROM telemetry WHERE gateway_id = ANY($1::int[]))::bigint AS r`,
    [gatewayIds],
  );
  doubled += Math.max(0, Number(roll!.h) - Number(roll!.r));
  return { stored, lost, doubled };
}

/** Counts until every acknowledged message is stored or `ms` have passed; with the seconds it took. */
export async function settle(database: Database, gatewayIds: number[], sent: Sent, ms: number): Promise<Count & { seconds: number }> {
  const started = performance.now();
  for (;;) {
    const c = await count(database, gatewayIds, sent);
    if (c.lost === 0 || performance.now() - started > ms) return { ...c, seconds: (performance.now() - started) / 1000 };
    await sleep(1000);
  }
}
