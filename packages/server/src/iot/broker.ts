import { createServer, type AddressInfo, type Server } from 'node:net';
import { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { CheckCodeCache } from './check-cache.js';
import type { DeviceCache, DeviceInfo } from './devices.js';
import { DEVICE_CODE_RE } from './devices.js';
import type { Database } from '../db/client.js';
import type { Log } from './ingest.js';
import { parseTopic } from './payload.js';
import { clientIdAllowed, RefusalLog } from './refusals.js';
import type { DeviceRouter } from './router.js';

/**
 * The embedded MQTT 3.1.1 broker (aedes). Devices sign in with username = device code,
 * password = the gateway's check code and client id = the code or `code-suffix` (anything else is
 * refused with "identifier rejected" before aedes would close the session holding that id, so
 * one device cannot throw another off); refusals are counted per code (refusals.ts). A device
 * may publish and subscribe only under its own `fs/{code}/`. Its publishes are handled inside `authorizePublish`, whose callback is what lets
 * aedes send the PUBACK: telemetry is acknowledged only once the ingest batch holding it has
 * committed. A refused publish (another device's topic, the platform's `cmd` channel) drops the
 * connection, as MQTT 3.1.1 has no negative PUBACK.
 */
export interface EmbeddedBroker {
  /** The TCP port it listens on, or null when MQTT_PORT=0. */
  port: number | null;
  /** A stream connected to the broker, for in-process clients (tests, the simulator). */
  connectInProcess(): Duplex;
  publish(topic: string, payload: string): Promise<void>;
  /** Refused CONNECTs, counted per code. */
  refusals: RefusalLog;
  /**
   * Closes every live session signed in as this device code at once (the registry disabled,
   * deleted or re-keyed it); resolves with the number of sessions closed.
   */
  kick(code: string): Promise<number>;
  close(): Promise<void>;
}

const RC_IDENTIFIER_REJECTED = 2;
const RC_BAD_CREDENTIALS = 4;
const RC_NOT_AUTHORIZED = 5;
const RC_UNAVAILABLE = 3;

function authError(returnCode: number): AuthenticateError {
  return Object.assign(new Error('connection refused'), { returnCode }) as AuthenticateError;
}

export async function startEmbeddedBroker(opts: {
  devices: DeviceCache;
  router: DeviceRouter;
  log: Log;
  /** Where refused CONNECTs of registered gateways are kept. */
  database: Database;
  /** TCP port (0 = any free port); absent = no TCP listener. */
  tcpPort?: number;
  host?: string;
}): Promise<EmbeddedBroker> {
  const { devices, router, log } = opts;
  const signedIn = new WeakMap<Client, DeviceInfo>();
  const checkCodes = new CheckCodeCache();
  const refusals = new RefusalLog(opts.database, log);
  refusals.start();

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const code = username ?? '';
      if (!DEVICE_CODE_RE.test(code)) return done(authError(RC_BAD_CREDENTIALS), false);
      devices.get(code).then(
        async (info) => {
          if (!info) {
            refusals.refuse(code, null, 'unknownCode');
            return done(authError(RC_BAD_CREDENTIALS), false);
          }
          // The registry holds only the argon2id hash of the check code (lib/check-codes.ts).
          if (!password || !(await checkCodes.check(info.id, info.checkCode, password.toString()))) {
            refusals.refuse(code, info.id, 'checkCode');
            return done(authError(RC_BAD_CREDENTIALS), false);
          }
          if (!clientIdAllowed(code, client.id)) {
            refusals.refuse(code, info.id, 'clientId');
            return done(authError(RC_IDENTIFIER_REJECTED), false);
          }
          if (!info.enabled) {
            refusals.refuse(code, info.id, 'disabled');
            return done(authError(RC_NOT_AUTHORIZED), false);
          }
          signedIn.set(client, info);
          done(null, true);
        },
        (err: unknown) => {
          log.warn({ code, err: err instanceof Error ? err.message : String(err) }, 'device lookup failed at CONNECT');
          done(authError(RC_UNAVAILABLE), false);
        },
      );
    },

    authorizePublish(client, packet: PublishPacket, callback) {
      // Publishes without a client are the platform's own (commands).
      if (!client) return callback(null);
      const signed = signedIn.get(client);
      const device = signed ? devices.current(signed.code, signed) : null;
      const topic = parseTopic(packet.topic);
      if (!device || !device.enabled) {
        // Deleted or disabled since it connected: drop the link; CONNECT will refuse it now.
        return callback(new Error('device no longer enabled'));
      }
      if (!topic || topic.code !== device.code || topic.channel === 'cmd') {
        log.warn({ code: device?.code, topic: packet.topic }, "publish outside the device's own topics refused");
        return callback(new Error('publish not authorized'));
      }
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      router.route(device, topic.channel, payload).then(
        () => callback(null),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },

    authorizeSubscribe(client, sub, callback) {
      const device = signedIn.get(client);
      if (!device || !sub.topic.startsWith(`fs/${device.code}/`)) {
        log.warn({ code: device?.code, topic: sub.topic }, "subscription outside the device's own topics refused");
        // null subscription = SUBACK 0x80 for this topic; the connection stays up.
        return callback(null, null);
      }
      callback(null, sub);
    },
  });

  let closing = false;
  broker.on('clientError', (client, err) => {
    if (!closing) log.info({ code: signedIn.get(client)?.code, err: err.message }, 'device connection error');
  });

  let server: Server | null = null;
  let port: number | null = null;
  if (opts.tcpPort !== undefined) {
    const srv = createServer((socket) => broker.handle(socket));
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(opts.tcpPort, opts.host, () => {
        srv.off('error', reject);
        resolve();
      });
    });
    server = srv;
    port = (srv.address() as AddressInfo).port;
  }

  return {
    port,
    refusals,
    connectInProcess(): Duplex {
      const [clientSide, brokerSide] = duplexPair();
      broker.handle(brokerSide);
      return clientSide;
    },
    publish(topic, payload) {
      return new Promise((resolve, reject) => {
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (err) =>
          err ? reject(err) : resolve(),
        );
      });
    },
    async kick(code) {
      // The broker's table of live clients by client id; a device may add a suffix to its code, so
      // the ones signed in with this code are picked out (kicks are rare admin actions).
      const live = (broker as unknown as { clients: Record<string, Client> }).clients;
      const clients = Object.values(live).filter((c) => signedIn.get(c)?.code === code);
      await Promise.all(clients.map((c) => new Promise<void>((resolve) => c.close(() => resolve()))));
      if (clients.length > 0) log.info({ code, sessions: clients.length }, 'device sessions closed by the registry');
      return clients.length;
    },
    async close() {
      closing = true;
      if (server) {
        const srv = server;
        await new Promise<void>((resolve) => srv.close(() => resolve()));
      }
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await refusals.stop();
    },
  };
}

/**
 * Two connected in-memory streams (Node 20 has no stream.duplexPair): what one side writes the
 * other reads; ending or destroying one side ends the other, as a closed socket would.
 */
export function duplexPair(): [Duplex, Duplex] {
  const sides: Duplex[] = [];
  const make = (peer: () => Duplex): Duplex =>
    new Duplex({
      allowHalfOpen: false,
      read() {},
      write(chunk: Buffer, _enc, cb) {
        const p = peer();
        if (!p.destroyed && !p.readableEnded) p.push(chunk);
        cb();
      },
      final(cb) {
        const p = peer();
        if (!p.destroyed) p.push(null);
        cb();
      },
      destroy(err, cb) {
        const p = peer();
        if (!p.destroyed && !p.readableEnded) p.push(null);
        cb(err);
      },
    });
  sides.push(
    make(() => sides[1]!),
    make(() => sides[0]!),
  );
  return [sides[0]!, sides[1]!];
}
