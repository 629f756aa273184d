import { DAY_MS } from '@farmsense/shared';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { Commands, type AckListener, type CommandAck } from './commands.js';
import { DeviceCache } from './devices.js';
import { startExternalLink, type ExternalLink } from './external.js';
import type { Log } from '../lib/log.js';
import { Ingest } from './ingest.js';
import { LiveHub } from './live.js';
import { parseTelemetry } from './payload.js';
import { DeviceRouter, parseStatus } from './router.js';
import { StatsWriter } from './stats.js';
import { StatusTracker, type StatusChange } from './status.js';
import { FINE_ROLLUP_DAYS } from './store.js';
import { SessionKeeper } from './adopt.js';

/**
 * The device link of one server process: the broker (embedded aedes, or the external one at
 * MQTT_URL), ingest, gateway status, commands, live fan-out and the daily telemetry
 * housekeeping (partitions ahead, retention). It is made with the app's Deps (`deps.iot`) and
 * connected by `start()` (startServices, or a test that needs devices); before that, and after
 * `stop()`, `running` is false and commands are refused.
 */
export interface IotLink {
  mode: 'embedded' | 'external';
  readonly running: boolean;
  /** Embedded broker's TCP port (null when MQTT_PORT=0, external, or not started). */
  readonly port: number | null;
  hub: LiveHub;
  ingest: Ingest;
  status: StatusTracker;
  devices: DeviceCache;
  /** Writes this process's ingest counters to ingest_stats (every 5 s; on demand for tests). */
  stats: StatsWriter;
  /** External mode only, once started: the two MQTT connections. */
  readonly external: ExternalLink | null;
  /**
   * A stream connected to the embedded broker for in-process MQTT clients:
   * `new MqttClient(() => link.connectInProcess(), options)`. Throws in external mode.
   */
  connectInProcess(): Duplex;
  /**
   * Ends the live sessions of a device the registry just disabled, deleted or re-keyed, and
   * records it offline (`gatewayId`, when the gateway still exists). Embedded broker only: an
   * external broker (MQTT_URL) gives a client no way to close another client's connection, so
   * there the answer is 0 and the device keeps its TCP session; what it publishes from then on is
   * dropped by ingest (disabled or unknown code), and its next CONNECT is refused by the broker's
   * own authentication (ops' password file or auth plugin, kept in step with the registry).
   */
  kick(code: string, gatewayId?: number): Promise<number>;
  /** Sends `{id, op, params}` to `fs/{code}/cmd` and resolves with the device's ack (rejects when not running). */
  sendCommand(code: string, op: string, params?: Record<string, unknown>, timeoutMs?: number): Promise<CommandAck>;
  /**
   * Publishes `{id, op, params}` to `fs/{code}/cmd` without waiting (rejects when not running);
   * the ack goes to `onAck` listeners of the process that receives it.
   */
  publishCommand(code: string, id: string, op: string, params: Record<string, unknown>): Promise<void>;
  /** Every ack a device sends to this process; returns the removal. */
  onAck(listener: AckListener): () => void;
  /** Gateways this process saw come online (status topic or first message after offline); returns the removal. */
  onOnline(listener: (gatewayId: number) => void): () => void;
  /** Runs the partition/retention housekeeping now (it also runs daily). */
  housekeeping(): Promise<void>;
  /** Connects: ingest, status, stats, the broker or the external link, daily housekeeping. Once. */
  start(): Promise<void>;
  /**
   * `graceMs`: how long queued readings may still be retried (and committed ones handed to the
   * onCommitted subscribers) before they are left. A link that never started stops at once.
   */
  stop(graceMs?: number): Promise<void>;
}

export interface IotOptions {
  /** Embedded broker TCP port; default from MQTT_PORT (0 there = none). 0 here = any free port. */
  tcpPort?: number | null;
  heartbeatTimeoutMs?: number;
  statusFlushMs?: number;
  /** External mode: shared-subscription group and persistent session id. */
  shareGroup?: string;
  clientId?: string;
  /** External mode: heartbeat of this server's session, and the age at which another's counts as dead (iot/adopt.ts). */
  sessionHeartbeatMs?: number;
  sessionStaleMs?: number;
  lanes?: number;
  maxRows?: number;
  lingerMs?: number;
}

/** What the link is made from: the app's config and database, and its live hub when it has one. */
export interface IotDeps {
  config: Config;
  database: Database;
  live?: LiveHub;
}

/** A link that is started (for a test or a benchmark that drives devices without an app). */
export async function startIot(deps: IotDeps, log: Log, opts: IotOptions = {}): Promise<IotLink> {
  const link = createIot(deps, log, opts);
  await link.start();
  return link;
}

/** Makes the link without connecting anything (cheap: no broker, no timers, no queries). */
export function createIot(deps: IotDeps, log: Log, opts: IotOptions = {}): IotLink {
  const { config, database } = deps;
  const hub = deps.live ?? new LiveHub();
  const devices = new DeviceCache(database);
  const external = Boolean(config.mqttUrl);
  // Made before the status tracker, whose online transitions it announces (durable commands).
  let sendRaw: (topic: string, payload: string) => Promise<void> = () => Promise.reject(new Error('the device link is not running'));
  const commands = new Commands((topic, payload) => sendRaw(topic, payload));
  const publishStatus = (changes: StatusChange[]): void => {
    for (const c of changes) if (c.online) commands.announceOnline(c.gatewayId);
    for (const c of changes)
      hub.publishStatus({ gatewayId: c.gatewayId, shedId: devices.known(c.gatewayId)?.shedId ?? null, online: c.online });
  };
  const ingest = new Ingest(database, {
    log,
    lanes: opts.lanes ?? 2,
    maxRows: opts.maxRows ?? 5_000,
    lingerMs: opts.lingerMs ?? 20,
    // With an external broker every process hears the readings on its live subscription instead.
    onStored: external
      ? undefined
      : (messages) => {
          for (const m of messages) hub.publishReading({ gatewayId: m.device.id, shedId: m.device.shedId, ts: m.ts, values: m.values });
        },
  });
  const status = new StatusTracker(database, log, { timeoutMs: opts.heartbeatTimeoutMs, onChange: publishStatus });
  const stats = new StatsWriter(database, ingest.counters, undefined, () => ingest.pending());

  const router = new DeviceRouter(ingest, status, commands, log);

  let broker: EmbeddedBroker | null = null;
  let ext: ExternalLink | null = null;
  let keeper: SessionKeeper | null = null;
  let stopWatching: (() => void) | null = null;
  let daily: NodeJS.Timeout | null = null;
  let state: 'new' | 'starting' | 'running' | 'stopped' = 'new';

  async function connect(): Promise<void> {
    await ingest.start();
    status.start(opts.statusFlushMs);
    stats.start();
    try {
      if (config.mqttUrl) {
        ext = await startExternalLink({
          url: config.mqttUrl,
          devices,
          router,
          log,
          shareGroup: opts.shareGroup,
          // Host and HTTP port name this worker's session stably across restarts.
          clientId: opts.clientId ?? `farmsense-ingest-${hostname()}-${config.port}`,
          onUnknownDevice: (code) => ingest.countUnknownDevice(code),
          onLookupError: () => ingest.counters.dbErrors++,
          onLive: (code, channel, payload) => void relayLive(code, channel, payload),
          watching: hub.listeners > 0,
        });
        const e = ext;
        stopWatching = hub.onWatching((w) => void e.watchTelemetry(w));
        sendRaw = (topic, payload) => e.publish(topic, payload);
        keeper = new SessionKeeper({
          url: config.mqttUrl,
          clientId: e.clientId,
          shareGroup: e.shareGroup,
          node: stats.node,
          database,
          log,
          take: (packet) => e.take(packet),
          shareTopics: e.shareTopics,
          rejoin: () => e.rejoin(),
          heartbeatMs: opts.sessionHeartbeatMs,
          staleMs: opts.sessionStaleMs,
        });
        await keeper.start();
      } else {
        const tcpPort = opts.tcpPort === undefined ? (config.mqttPort > 0 ? config.mqttPort : undefined) : (opts.tcpPort ?? undefined);
        broker = await startEmbeddedBroker({ devices, router, log, tcpPort, host: config.host, database });
        const b = broker;
        sendRaw = (topic, payload) => b.publish(topic, payload);
      }
    } catch (err) {
      await keeper?.stop(false);
      await ext?.close().catch(() => undefined);
      await Promise.all([status.stop(), stats.stop(), ingest.stop(0)]);
      throw err;
    }
    runHousekeeping();
    daily = setInterval(runHousekeeping, DAY_MS);
    daily.unref();
  }

  async function relayLive(code: string, channel: string, payload: Buffer): Promise<void> {
    const device = await devices.get(code).catch(() => null);
    if (!device) return;
    if (channel === 'telemetry') {
      const parsed = parseTelemetry(payload);
      if (!parsed.ok || parsed.telemetry.keys.length === 0) return;
      const t = parsed.telemetry;
      const values: Record<string, number> = {};
      t.keys.forEach((k, i) => (values[k] = t.values[i]!));
      hub.publishReading({ gatewayId: device.id, shedId: device.shedId, ts: t.ts, values });
    } else if (channel === 'status') {
      const s = parseStatus(payload);
      if (s) hub.publishStatus({ gatewayId: device.id, shedId: device.shedId, online: s === 'online' });
    } else if (channel === 'ack') {
      status.markSeen(device.id);
      commands.onAck(code, payload);
    }
  }

  const housekeeping = async (): Promise<void> => {
    await ingest.partitions.ensureAhead();
    if (config.telemetryRetentionDays > 0) {
      const dropped = await ingest.partitions.dropBefore(Date.now() - config.telemetryRetentionDays * DAY_MS);
      if (dropped.length > 0) log.info({ dropped }, 'telemetry retention dropped old months');
    }
    // Charts read the 5-minute rollup only for recent ranges (telemetry/query.ts).
    await database.query(`DELETE FROM telemetry_5min WHERE bucket < now() - make_interval(days => $1)`, [FINE_ROLLUP_DAYS]);
    // Rows of processes gone for a month only clutter the stats answer.
    await database.query(`DELETE FROM ingest_stats WHERE updated_at < now() - interval '30 days'`);
  };
  const runHousekeeping = (): void =>
    void housekeeping().catch((err: unknown) =>
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'telemetry housekeeping failed'),
    );

  return {
    mode: external ? 'external' : 'embedded',
    get running() {
      return state === 'running';
    },
    get port() {
      return broker?.port ?? null;
    },
    hub,
    ingest,
    status,
    devices,
    stats,
    get external() {
      return ext;
    },
    connectInProcess() {
      if (external) throw new Error('in-process MQTT connections need the embedded broker (MQTT_URL is set)');
      if (!broker) throw new Error('the device link is not running');
      return broker.connectInProcess();
    },
    async kick(code, gatewayId) {
      devices.invalidate(code);
      if (!broker) return 0;
      const closed = await broker.kick(code);
      if (closed > 0 && gatewayId !== undefined) await status.setStatus(gatewayId, false);
      return closed;
    },
    sendCommand: (code, op, params = {}, timeoutMs) => commands.send(code, op, params, timeoutMs),
    publishCommand: (code, id, op, params) => commands.publish(code, id, op, params),
    onAck: (listener) => commands.listen(listener),
    onOnline: (listener) => commands.listenOnline(listener),
    housekeeping,
    async start() {
      if (state !== 'new') throw new Error(`the device link cannot start: it is ${state}`);
      state = 'starting';
      try {
        await connect();
        state = 'running';
      } catch (err) {
        state = 'stopped';
        throw err;
      }
    },
    async stop(graceMs?: number) {
      if (state !== 'running') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      if (daily) clearInterval(daily);
      // On an external broker, leave the shared group first and take what the broker had queued
      // for this session (scale-down loses nothing); then write what was accepted (new messages
      // are refused, so never acknowledged), which sends the last PUBACKs, then close the
      // connections and record the counters.
      const started = Date.now();
      stopWatching?.();
      if (ext) {
        const drained = await ext.leave(graceMs ?? 5_000);
        await keeper?.stop(drained);
      }
      await ingest.stop(graceMs === undefined ? undefined : Math.max(0, graceMs - (Date.now() - started)));
      if (broker) await broker.close();
      if (ext) await ext.close();
      commands.close();
      await status.stop();
      await stats.stop();
    },
  };
}
