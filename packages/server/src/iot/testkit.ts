import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { gateways } from '../db/tables.js';
import { hashCheckCode } from '../lib/check-codes.js';
import type { IotLink } from './link.js';

/** Helpers for the device-link tests (not loaded by the server). */
export { quietLog } from '../lib/log.js';

/** A fresh, valid device code: `fs-` + 12 letters/digits. */
export function newCode(prefix = 't'): string {
  return `fs-${prefix}${randomBytes(8).toString('hex')}`.slice(0, 19);
}

/** Registers a gateway (bound to `shedId` when given) and returns its id. */
export async function addGateway(
  database: Database,
  g: { tenantId: number; code: string; checkCode?: string; farmId?: number | null; shedId?: number | null; enabled?: boolean },
): Promise<number> {
  const [row] = await database.db
    .insert(gateways)
    .values({
      tenantId: g.tenantId,
      farmId: g.farmId ?? null,
      shedId: g.shedId ?? null,
      code: g.code,
      name: `gw ${g.code}`,
      gatewayType: 101,
      // Stored as the registry stores it: hashed (lib/check-codes.ts).
      checkCode: await hashCheckCode(g.checkCode ?? 'secret'),
      enabled: g.enabled ?? true,
    })
    .returning({ id: gateways.id });
  return row!.id;
}

/**
 * An mqtt.js client over the embedded broker's in-process stream (or TCP when `url` is given). Its
 * client id is the username with a random suffix (CONTRACT §4) unless the test names one.
 */
export function deviceClient(link: IotLink | null, opts: IClientOptions & { url?: string }): MqttClient {
  const { url, ...rest } = opts;
  const clientId = `${opts.username ?? 'anon'}-${randomBytes(4).toString('hex')}`;
  const options: IClientOptions = { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5_000, clientId, ...rest };
  if (url) return mqtt.connect(url, options);
  if (!link) throw new Error('need a link or a url');
  return new mqtt.MqttClient(() => link.connectInProcess() as never, options);
}

/** Resolves on CONNACK success, rejects with the refusal (its `code` is the return code). */
export function connected(client: MqttClient): Promise<void> {
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (err) => reject(err));
  });
}

export function telemetry(ts: number, values: Record<string, unknown>, seq = 1): string {
  return JSON.stringify({ ts, seq, values });
}

/** Polls `check` until it returns a truthy value (or throws after `ms`). */
export async function waitFor<T>(check: () => Promise<T> | T, ms = 10_000, every = 50): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`condition not met in ${ms} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * A bare MQTT 3.1.1 connection for what mqtt.js will not do on request: resend a PUBLISH with
 * the same packet id and the dup flag, as a device does after a lost PUBACK.
 */
export class RawDevice {
  readonly received: Packet[] = [];
  private readonly parser = mqttPacket.parser({ protocolVersion: 4 });

  constructor(private readonly stream: Duplex) {
    this.parser.on('packet', (p: Packet) => this.received.push(p));
    stream.on('data', (buf: Buffer) => this.parser.parse(buf));
  }

  send(packet: Packet): void {
    this.stream.write(mqttPacket.generate(packet));
  }

  async connect(code: string, password: string): Promise<number> {
    this.send({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean: true,
      clientId: `${code}-raw`,
      keepalive: 30,
      username: code,
      password: Buffer.from(password),
    });
    const ack = await waitFor(() => this.received.find((p) => p.cmd === 'connack'), 5_000, 10);
    return (ack as { returnCode: number }).returnCode;
  }

  publish(topic: string, payload: string, messageId: number, dup: boolean): void {
    this.send({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, messageId, dup, retain: false });
  }

  pubacks(messageId: number): number {
    return this.received.filter((p) => p.cmd === 'puback' && p.messageId === messageId).length;
  }

  close(): void {
    this.stream.destroy();
  }
}

/**
 * A database whose plain queries (ingest's included) fail while `down` is set, as during a server
 * restart (the PGlite stand-in for terminating PostgreSQL backends).
 */
export function flakyDatabase(database: Database): Database & { down: boolean } {
  const flaky = {
    ...database,
    down: false,
    query<T>(text: string, params?: unknown[]): Promise<T[]> {
      if (flaky.down) return Promise.reject(new Error('terminating connection due to administrator command'));
      return database.query<T>(text, params);
    },
    ingestQuery<T>(text: string, params?: unknown[]): Promise<T[]> {
      if (flaky.down) return Promise.reject(new Error('terminating connection due to administrator command'));
      return database.ingestQuery<T>(text, params);
    },
  };
  return flaky;
}

/** Ends every other connection to this test database, as a PostgreSQL restart does. */
export async function terminateBackends(database: Database): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return rows[0]?.n ?? 0;
}

/** Wipes a persistent MQTT session left on an external broker by a test. */
export async function dropSession(url: string, clientId: string): Promise<void> {
  const c = mqtt.connect(url, { clientId, clean: true, reconnectPeriod: 0, protocolVersion: 4 });
  await connected(c);
  await c.endAsync();
}

/** The external broker the Mosquitto tests use (MQTT_TEST_URL, else the machine's own). */
export const BROKER_URL = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

/** Whether a broker answers a TCP connect at `url` (a fresh machine has none). */
export function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = connect({ host: u.hostname, port: Number(u.port || 1883), timeout: 1_500 }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/**
 * Whether the test broker answers; with MQTT_TEST=required (CI) a missing broker fails the run
 * instead of skipping the tests that need it.
 */
export async function brokerAvailable(url = BROKER_URL): Promise<boolean> {
  const up = await reachable(url);
  if (!up && process.env.MQTT_TEST === 'required') throw new Error(`MQTT_TEST=required but no broker at ${url}`);
  return up;
}

/**
 * Holds the latest-value table locked for `ms` from the moment this resolves, so an ingest batch
 * cannot commit until then: `holder` ends with the lock, `released()` is when it let go (0 before).
 */
export async function holdLatestTable(database: Database, ms: number): Promise<{ holder: Promise<void>; released: () => number }> {
  let releasedAt = 0;
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = database.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE telemetry_latest IN EXCLUSIVE MODE`);
    locked();
    await sleep(ms);
    releasedAt = Date.now();
  });
  await isLocked;
  return { holder, released: () => releasedAt };
}
