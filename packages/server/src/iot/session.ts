import type { IPublishPacket, MqttClient, Packet } from 'mqtt';

type SendPacket = (packet: Packet, cb?: (err?: Error) => void, cbStorePut?: () => void, noStore?: boolean) => void;

/** How long no message may arrive before a session counts as drained. */
export const QUIET_MS = 300;

export interface TakenSession {
  /**
   * Resolves once no message has come for QUIET_MS, none is being handled and the PUBACKs of the
   * stored ones are out, or at the deadline (what is not durable then stays unacknowledged: the
   * broker keeps it in the session). True when the session was drained before the deadline.
   */
  drained(deadline: number): Promise<boolean>;
}

/**
 * Takes the messages of a broker session (an ingest server's own, or one it adopts) through
 * `handle`, acknowledging each only once it is durable.
 *
 * mqtt.js handles incoming packets one at a time and sends the PUBACK when handleMessage calls
 * back. Waiting there for the commit would allow one message per database round trip, so
 * handleMessage returns at once and the PUBACK itself is held until the message is durable, sent
 * in arrival order. (If the client's internals ever change, fall back to waiting.)
 */
export function takeMessages(client: MqttClient, handle: (packet: IPublishPacket) => Promise<void>): TakenSession {
  const durable = new Map<number, Promise<void>>();
  let ackChain: Promise<void> = Promise.resolve();
  const internals = client as unknown as { _sendPacket?: SendPacket };
  const originalSend = internals._sendPacket?.bind(client);
  const deferAcks = typeof originalSend === 'function';
  if (originalSend) {
    internals._sendPacket = (packet, cb, cbStorePut, noStore) => {
      const id = packet.cmd === 'puback' ? packet.messageId : undefined;
      const pending = id === undefined ? undefined : durable.get(id);
      if (id === undefined || !pending) return originalSend(packet, cb, cbStorePut, noStore);
      durable.delete(id);
      // Settle eagerly (a rejection must not wait unobserved behind earlier acks), send in order.
      const ok = pending.then(
        () => true,
        () => false,
      );
      ackChain = ackChain.then(async () => {
        // Not durable (stopping): no PUBACK, the broker redelivers to the session later.
        if (!(await ok)) return;
        try {
          originalSend(packet, undefined, cbStorePut, noStore);
        } catch {
          // Connection gone: the broker redelivers the message to the session.
        }
      });
      cb?.();
    };
  }

  let lastMessageAt = 0;
  let inProgress = 0;
  client.handleMessage = (packet: IPublishPacket, done: (err?: Error) => void): void => {
    lastMessageAt = Date.now();
    inProgress++;
    const work = handle(packet);
    const settled = (): void => {
      inProgress--;
    };
    work.then(settled, settled);
    if (deferAcks && packet.qos > 0 && packet.messageId !== undefined) {
      durable.set(packet.messageId, work);
      done();
    } else {
      work.then(
        () => done(),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }
  };

  return {
    async drained(deadline) {
      lastMessageAt = Math.max(lastMessageAt, Date.now());
      while (Date.now() < deadline && (Date.now() - lastMessageAt < QUIET_MS || inProgress > 0)) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const quiet = Date.now() - lastMessageAt >= QUIET_MS && inProgress === 0;
      const rest = Math.max(0, deadline - Date.now());
      const acked = await Promise.race([ackChain.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), rest).unref())]);
      return quiet && acked;
    },
  };
}
