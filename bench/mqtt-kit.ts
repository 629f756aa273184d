import mqtt, { type MqttClient } from 'mqtt';

/** QoS 1 messages in flight per gateway, as a device with a send queue keeps them. */
export const WINDOW = 64;

/**
 * A gateway signed in over TCP (MQTT 3.1.1) to the broker at `target` (a port on this machine, or
 * a URL). Without `reconnectMs` it does not reconnect: a bench counts what it sent.
 */
export function device(
  target: number | string,
  code: string,
  password: string,
  opts: { clientSuffix?: string; reconnectMs?: number } = {},
): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(typeof target === 'number' ? `mqtt://127.0.0.1:${target}` : target, {
      username: code,
      password,
      clientId: `${code}-${opts.clientSuffix ?? 'b'}`,
      reconnectPeriod: opts.reconnectMs ?? 0,
      protocolVersion: 4,
    });
    c.once('connect', () => resolve(c));
    c.once('error', reject);
  });
}

/**
 * Publishes messages `first` .. `first + count - 1` of every gateway (client g sends as codes[g],
 * the body from `payload(g, m)`) with WINDOW in flight each; resolves when every PUBACK is in.
 */
export async function publishWindowed(
  clients: readonly MqttClient[],
  codes: readonly string[],
  first: number,
  count: number,
  payload: (g: number, m: number) => string,
): Promise<void> {
  await Promise.all(
    clients.map(
      (c, g) =>
        new Promise<void>((resolve, reject) => {
          let next = first;
          let done = 0;
          const end = first + count;
          const send = (): void => {
            const m = next++;
            c.publish(`fs/${codes[g]}/telemetry`, payload(g, m), { qos: 1 }, (err) => {
              if (err) return reject(err);
              if (++done === count) resolve();
              else if (next < end) send();
            });
          };
          for (let i = 0; i < Math.min(WINDOW, count); i++) send();
        }),
    ),
  );
}
