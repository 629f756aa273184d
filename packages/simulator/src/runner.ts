import type { Duplex } from 'node:stream';
import mqtt, { MqttClient, type IClientOptions } from 'mqtt';
import { applyCommand, parseCommand } from './commands.js';
import type { FeedConcentratorModel } from './feeders.js';
import { ShedModel } from './model.js';
import type { SiloScaleModel } from './silo-scales.js';

/**
 * Runs shed models as MQTT gateways (CONTRACT §4): connect with username = device code and
 * password = connection check code, the retained status `online` (and `offline` as last will),
 * telemetry every interval at QoS 1, commands obeyed and answered on `ack`. When a model's link
 * fails, the connection is cut without DISCONNECT, so the broker publishes the last will exactly
 * as for a real gateway losing power; when it comes back, the gateway connects again.
 */
export interface RunnerGateway {
  /** A house's climate controller, a feeder concentrator with its feeders (feeders.ts), or a silo weigher (silo-scales.ts). */
  model: ShedModel | FeedConcentratorModel | SiloScaleModel;
  /** Connection check code. */
  password: string;
}

export type Connection = { url: string } | { stream: () => Duplex };

export interface RunnerOptions {
  connection: Connection;
  gateways: RunnerGateway[];
  /** Seconds between readings of one gateway. */
  intervalS?: number;
  /** Load tests: total telemetry messages per second over all gateways (overrides intervalS). */
  rate?: number;
  /** Stop after this many ms (default: run until stop()). */
  durationMs?: number;
  /** Publish the first reading right after connecting (default true). */
  publishOnConnect?: boolean;
  log?: (line: string) => void;
  /** Injected clock for tests. */
  now?: () => number;
  /**
   * Seconds of barn physics per second of the clock (default 1). Demos and browser tests use 60
   * or more to show a changed setting taking effect (a lower target cooling the house) in a
   * minute instead of an hour; readings keep the real clock's timestamps, and the day age and the
   * weather follow the real clock.
   */
  timeScale?: number;
}

export interface RunnerStats {
  /** Telemetry messages handed to the client, and those the broker acknowledged (PUBACK). */
  published: number;
  acked: number;
  failed: number;
  /** Readings (key/value pairs) in acknowledged messages. */
  points: number;
  commands: number;
  connects: number;
  disconnects: number;
}

interface Link {
  gw: RunnerGateway;
  client: MqttClient | null;
  timer: NodeJS.Timeout | null;
  seq: number;
  lastTs: number;
  lastStep: number;
  online: boolean;
}

export class SimulatorRunner {
  readonly stats: RunnerStats = { published: 0, acked: 0, failed: 0, points: 0, commands: 0, connects: 0, disconnects: 0 };
  private readonly links: Link[];
  private readonly now: () => number;
  private stopped = false;
  private durationTimer: NodeJS.Timeout | null = null;
  private finished: Promise<void>;
  private finish!: () => void;

  constructor(private readonly opts: RunnerOptions) {
    this.now = opts.now ?? Date.now;
    this.links = opts.gateways.map((gw) => ({ gw, client: null, timer: null, seq: 0, lastTs: 0, lastStep: 0, online: true }));
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  /** Milliseconds between two readings of one gateway. */
  get periodMs(): number {
    if (this.opts.rate && this.opts.rate > 0) return (1000 * this.links.length) / this.opts.rate;
    return (this.opts.intervalS ?? 10) * 1000;
  }

  /** Gateways whose connection is up now. */
  get connected(): number {
    let n = 0;
    for (const link of this.links) if (link.client?.connected) n++;
    return n;
  }

  /** Connects every gateway and starts publishing; resolves once each is connected or has failed once (it keeps trying). */
  async start(): Promise<void> {
    const start = this.now();
    const period = this.periodMs;
    await Promise.all(
      this.links.map(async (link, i) => {
        link.lastStep = start;
        await this.connect(link);
        // Spread the gateways over the period so the broker sees a steady stream, not bursts.
        const delay = (period * i) / Math.max(1, this.links.length);
        link.timer = setTimeout(() => this.tick(link), delay);
      }),
    );
    if (this.opts.durationMs) this.durationTimer = setTimeout(() => void this.stop(), this.opts.durationMs);
  }

  /** Resolves when the runner has stopped (duration reached or stop() called). */
  done(): Promise<void> {
    return this.finished;
  }

  async stop(): Promise<void> {
    if (this.stopped) return this.finished;
    this.stopped = true;
    if (this.durationTimer) clearTimeout(this.durationTimer);
    await Promise.all(
      this.links.map(async (link) => {
        if (link.timer) clearTimeout(link.timer);
        link.timer = null;
        const c = link.client;
        link.client = null;
        if (!c) return;
        if (!c.connected) {
          // Never connected (refused, unreachable): nothing to say, and queued messages would wait forever.
          await c.endAsync(true).catch(() => undefined);
          return;
        }
        // A gateway switched off cleanly says so before it goes.
        await c.publishAsync(`fs/${link.gw.model.code}/status`, 'offline', { qos: 1, retain: true }).catch(() => undefined);
        await c.endAsync().catch(() => undefined);
      }),
    );
    this.finish();
    return this.finished;
  }

  private options(code: string, password: string): IClientOptions {
    return {
      username: code,
      password,
      clientId: `${code}-${Math.random().toString(16).slice(2, 10)}`,
      protocolVersion: 4,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      will: { topic: `fs/${code}/status`, payload: Buffer.from('offline'), qos: 1, retain: true },
    };
  }

  private connect(link: Link): Promise<void> {
    const { model, password } = link.gw;
    const code = model.code;
    const opts = this.options(code, password);
    const conn = this.opts.connection;
    const client = 'url' in conn ? mqtt.connect(conn.url, opts) : new MqttClient(() => conn.stream(), opts);
    link.client = client;
    client.on('close', () => this.stats.disconnects++);
    client.on('message', (topic, payload) => this.onCommand(link, topic, payload));
    return new Promise((resolve) => {
      let first = true;
      // A refused or unreachable gateway must not hold up the others: the client keeps retrying.
      client.on('error', (err) => {
        this.opts.log?.(`${code}: ${err.message}`);
        resolve();
      });
      client.on('connect', () => {
        this.stats.connects++;
        void client.publishAsync(`fs/${code}/status`, 'online', { qos: 1, retain: true }).catch(() => undefined);
        void client.subscribeAsync(`fs/${code}/cmd`, { qos: 1 }).catch(() => undefined);
        if (!first && this.opts.publishOnConnect !== false) this.publish(link, 0);
        if (first) {
          first = false;
          if (this.opts.publishOnConnect !== false) this.publish(link, 0);
          resolve();
        }
      });
    });
  }

  private tick(link: Link): void {
    if (this.stopped) return;
    const now = this.now();
    const dt = (Math.max(0, now - link.lastStep) / 1000) * (this.opts.timeScale ?? 1);
    link.lastStep = now;
    const result = link.gw.model.step(dt, now);
    for (const e of result.events) {
      if (e.status === 'offline') this.goOffline(link);
    }
    if (result.online && !link.online) {
      link.online = true;
      void this.connect(link);
    } else if (result.online) {
      this.send(link, result.values, now);
    }
    link.timer = setTimeout(() => this.tick(link), this.periodMs);
  }

  /** The link fails: cut the connection without DISCONNECT so the broker sends the last will. */
  private goOffline(link: Link): void {
    if (!link.online) return;
    link.online = false;
    const c = link.client;
    link.client = null;
    c?.end(true);
    this.opts.log?.(`${link.gw.model.code}: link down`);
  }

  /** Publishes a reading now (after a command, or on connect) without advancing the model. */
  private publish(link: Link, dt: number): void {
    const now = this.now();
    const result = link.gw.model.step(dt, now);
    link.lastStep = now;
    if (result.online) this.send(link, result.values, now);
  }

  private send(link: Link, values: Record<string, number>, now: number): void {
    const c = link.client;
    if (!c || Object.keys(values).length === 0) return;
    // A reading is identified by (code, key, ts): two readings of one gateway never share a ts.
    const ts = Math.max(Math.round(now), link.lastTs + 1);
    link.lastTs = ts;
    link.seq += 1;
    const payload = JSON.stringify({ ts, seq: link.seq, values });
    const points = Object.keys(values).length;
    this.stats.published++;
    c.publish(`fs/${link.gw.model.code}/telemetry`, payload, { qos: 1 }, (err) => {
      if (err) this.stats.failed++;
      else {
        this.stats.acked++;
        this.stats.points += points;
      }
    });
  }

  private onCommand(link: Link, topic: string, payload: Buffer): void {
    const code = link.gw.model.code;
    if (topic !== `fs/${code}/cmd`) return;
    const cmd = parseCommand(payload);
    if (!cmd) {
      this.opts.log?.(`${code}: unreadable command ignored`);
      return;
    }
    this.stats.commands++;
    const model = link.gw.model;
    const ack = model instanceof ShedModel ? applyCommand(model, cmd, this.now()) : model.obey(cmd, this.now());
    link.client?.publish(`fs/${code}/ack`, JSON.stringify(ack), { qos: 1 });
    // Report the new actuator states at once, as controllers do after a remote change.
    if (ack.ok) this.publish(link, 0);
  }
}
