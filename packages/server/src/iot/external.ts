import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import type { DeviceCache } from './devices.js';
import type { Log } from './ingest.js';
import { parseTopic } from './payload.js';
import { takeMessages } from './session.js';
import type { DeviceRouter } from './router.js';

/**
 * The platform side of an external broker (MQTT_URL: Mosquitto, EMQX). Two connections:
 *
 * - ingest: a persistent session (clean=false, stable client id per host and HTTP port) in the
 *   shared subscription group `$share/<group>/fs/+/telemetry` and `.../status` at QoS 1, so
 *   several processes split the devices' load and unacknowledged messages survive a restart.
 *   The PUBACK for a message is held back until its batch is durable.
 * - live: a plain QoS 0 subscription to every device's status and acks (each process needs the
 *   acks of the commands it sent), and to every device's telemetry only while this process has
 *   open live streams (watchTelemetry), so a process nobody watches parses no more than its
 *   share of ingest.
 *
 * The external broker authenticates devices and confines them to `fs/{code}/` itself (ops'
 * ACL job: Mosquitto's password file + pattern ACL `pattern readwrite fs/%u/#`); here a
 * message from a code the registry does not know is counted and dropped.
 */
export interface ExternalLink {
  ingestClient: MqttClient;
  liveClient: MqttClient;
  publish(topic: string, payload: string): Promise<void>;
  /**
   * Leaves the shared group before a graceful stop: unsubscribes, so the broker sends the
   * devices' messages to the other servers from now on, then goes on taking what it had already
   * queued for this session until none has come for a moment (or `graceMs` is over) and every
   * PUBACK is out. Without it a stopped server's persistent session stays in the group and the
   * broker keeps queueing its share there, for nobody. True when the session was drained.
   */
  leave(graceMs: number): Promise<boolean>;
  /** Subscribes to the shared group again (after another server adopted this live session by mistake). */
  rejoin(): Promise<void>;
  /** Handles one message of the devices as the ingest session does (also for an adopted session). */
  take(packet: IPublishPacket): Promise<void>;
  /** The group's topics at QoS 1 (an adopter unsubscribes a dead session from them). */
  shareTopics: string[];
  /** This server's persistent session id and its shared group. */
  clientId: string;
  shareGroup: string;
  /** Reads every device's telemetry on the live connection (true) or stops (false): on while this process has open live streams. */
  watchTelemetry(on: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startExternalLink(opts: {
  url: string;
  devices: DeviceCache;
  router: DeviceRouter;
  log: Log;
  onLive: (code: string, channel: string, payload: Buffer) => void;
  onUnknownDevice: (code: string) => void;
  /** A registry lookup failed (counted with the database errors). */
  onLookupError: (err: unknown) => void;
  /** Shared-subscription group; processes of one deployment use the same one. */
  shareGroup?: string;
  /** Stable id of this worker's persistent session (the same after a restart). */
  clientId: string;
  /** Whether live streams are open at start (every device's telemetry is read while they are). */
  watching?: boolean;
}): Promise<ExternalLink> {
  const { devices, router, log } = opts;
  const group = opts.shareGroup ?? 'ingest';
  const base: IClientOptions = { protocolVersion: 4, reconnectPeriod: 1_000, connectTimeout: 10_000, keepalive: 30 };

  const ingestClient = mqtt.connect(opts.url, {
    ...base,
    clientId: opts.clientId,
    clean: false,
  });

  const session = takeMessages(ingestClient, (packet) => handleIngest(packet));
  let left = false;

  let closing = false;
  /**
   * The registry lookup is retried like a batch write: a message left neither stored nor
   * acknowledged would hold one of the broker's few in-flight slots for this session forever.
   */
  async function lookup(code: string): ReturnType<DeviceCache['get']> {
    let delay = 50;
    for (;;) {
      try {
        return await devices.get(code);
      } catch (err) {
        if (closing) throw err;
        opts.onLookupError(err);
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 5_000);
      }
    }
  }

  async function handleIngest(packet: IPublishPacket): Promise<void> {
    const topic = parseTopic(packet.topic);
    if (!topic || staleStatus(packet, topic.channel)) return;
    const device = await lookup(topic.code);
    if (!device) {
      opts.onUnknownDevice(topic.code);
      return;
    }
    if (!device.enabled) return;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    await router.route(device, topic.channel, payload);
  }

  const liveClient = mqtt.connect(opts.url, {
    ...base,
    clientId: `farmsense-live-${randomBytes(6).toString('hex')}`,
    clean: true,
  });
  liveClient.on('message', (topicName, payload, packet) => {
    const topic = parseTopic(topicName);
    if (topic && !staleStatus(packet, topic.channel)) opts.onLive(topic.code, topic.channel, payload);
  });

  const shareTopics = [`$share/${group}/fs/+/telemetry`, `$share/${group}/fs/+/status`];
  // Status and command acks are few and every process needs them; the telemetry of every device
  // only while this process has open live streams (opts.watching at start, then watchTelemetry).
  let watching = opts.watching ?? false;
  for (const [name, c] of [
    ['ingest', ingestClient],
    ['live', liveClient],
  ] as const) {
    c.on('error', (err) => log.warn({ connection: name, err: err.message }, 'external MQTT broker error'));
    c.on('offline', () => log.warn({ connection: name }, 'external MQTT broker unreachable, reconnecting'));
  }

  await Promise.all([
    subscribeOnConnect(
      ingestClient,
      () => shareTopics,
      1,
      log,
      () => !left,
    ),
    subscribeOnConnect(
      liveClient,
      () => (watching ? [...LIVE_TOPICS, LIVE_TELEMETRY] : LIVE_TOPICS),
      0,
      log,
      () => true,
    ),
  ]).catch(async (err: unknown) => {
    ingestClient.end(true);
    liveClient.end(true);
    throw err;
  });

  return {
    ingestClient,
    liveClient,
    publish: (topic, payload) =>
      new Promise((resolve, reject) => {
        ingestClient.publish(topic, payload, { qos: 1 }, (err) => (err ? reject(err) : resolve()));
      }),
    take: handleIngest,
    shareTopics,
    clientId: opts.clientId,
    shareGroup: group,
    async watchTelemetry(on) {
      if (on === watching) return;
      watching = on;
      try {
        if (on) await liveClient.subscribeAsync(LIVE_TELEMETRY, { qos: 0 });
        else await liveClient.unsubscribeAsync(LIVE_TELEMETRY);
      } catch (err) {
        // Not connected: the next connect subscribes as `watching` then says.
        log.warn({ err: String(err), watching: on }, 'live telemetry subscription not changed');
      }
    },
    async rejoin() {
      if (left) return;
      await ingestClient.subscribeAsync(shareTopics, { qos: 1 });
    },
    async leave(graceMs) {
      if (left) return true;
      left = true;
      const deadline = Date.now() + graceMs;
      await ingestClient
        .unsubscribeAsync(shareTopics)
        .catch((err: unknown) => log.warn({ err: String(err) }, 'leaving the shared group failed'));
      return session.drained(deadline);
    },
    async close() {
      closing = true;
      await Promise.all([ingestClient.endAsync(), liveClient.endAsync()]);
    },
  };
}

/**
 * A status the broker replays from its retained store as we subscribe (RETAIN set: a message
 * forwarded to an established subscription has it cleared, MQTT 3.1.1 §3.3.1.3) says what a
 * device last declared, maybe long ago: a gateway that only sends telemetry keeps the `offline`
 * of an old last will there forever. It is not news of a change, so it does not count; telemetry
 * and live status messages do.
 */
function staleStatus(packet: IPublishPacket, channel: string): boolean {
  return channel === 'status' && packet.retain;
}

/**
 * Subscribes on the first connect and again after any reconnect whose session the broker lost;
 * resolves after the first SUBACK, rejects if the first connection or subscription fails.
 */
const LIVE_TOPICS = ['fs/+/status', 'fs/+/ack'];
const LIVE_TELEMETRY = 'fs/+/telemetry';

function subscribeOnConnect(client: MqttClient, topicsNow: () => string[], qos: 0 | 1, log: Log, wanted: () => boolean): Promise<void> {
  const subscribe = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const topics = topicsNow();
      client.subscribe(topics, { qos }, (err, granted) => {
        if (err) return reject(err);
        const refused = (granted ?? []).find((g) => g.qos === 128);
        if (refused) return reject(new Error(`subscription refused: ${refused.topic}`));
        resolve();
      });
    });
  return new Promise((resolve, reject) => {
    let first = true;
    const fail = (err: Error): void => {
      if (first) reject(err);
    };
    client.once('error', fail);
    client.on('connect', (connack) => {
      if (!first && (connack.sessionPresent || !wanted())) return;
      const wasFirst = first;
      first = false;
      client.off('error', fail);
      subscribe().then(
        () => (wasFirst ? resolve() : undefined),
        (err: unknown) => (wasFirst ? reject(err as Error) : log.warn({ topics: topicsNow(), err: String(err) }, 'resubscribe failed')),
      );
    });
  });
}
