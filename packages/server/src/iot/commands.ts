import { randomUUID } from 'node:crypto';
import { AppError, ErrorCodes } from '@farmsense/shared';

/** CONTRACT §4 `fs/{code}/ack` payload. */
export interface CommandAck {
  id: string;
  ok: boolean;
  msg: string;
  data: Record<string, unknown>;
}

interface Pending {
  code: string;
  resolve: (ack: CommandAck) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Platform -> device commands: publish `{id, op, params}` on `fs/{code}/cmd` (QoS 1) and wait for
 * the `fs/{code}/ack` carrying the same id. The acks reach the process that sent the command:
 * through the embedded broker's publish hook, or its plain subscription to `fs/+/ack`.
 */
/** Hears every well-formed ack from a device, whoever sent the command (durable commands: modules/control). */
export type AckListener = (code: string, ack: CommandAck) => void;

export class Commands {
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Set<AckListener>();
  private readonly onlineListeners = new Set<(gatewayId: number) => void>();

  constructor(private readonly publishRaw: (topic: string, payload: string) => Promise<void>) {}

  /** Resolves with the device's ack; throws DEVICE_OFFLINE (203342) when none comes in time. */
  async send(code: string, op: string, params: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<CommandAck> {
    const id = randomUUID();
    const answer = new Promise<CommandAck>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new AppError(ErrorCodes.DEVICE_OFFLINE));
      }, timeoutMs);
      this.pending.set(id, { code, resolve, reject, timer });
    });
    try {
      await this.publishRaw(`fs/${code}/cmd`, JSON.stringify({ id, op, params }));
    } catch {
      const p = this.pending.get(id);
      if (p) clearTimeout(p.timer);
      this.pending.delete(id);
      throw new AppError(ErrorCodes.DEVICE_OFFLINE);
    }
    return answer;
  }

  /**
   * Publishes a command whose id the caller chose and keeps (a durable command row) without
   * waiting: its ack reaches the `listen` listeners of whichever process receives it.
   */
  async publish(code: string, id: string, op: string, params: Record<string, unknown>): Promise<void> {
    await this.publishRaw(`fs/${code}/cmd`, JSON.stringify({ id, op, params }));
  }

  /** Adds a listener for every ack; returns its removal. */
  listen(listener: AckListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a listener for gateways that came online or said so; returns its removal. */
  listenOnline(listener: (gatewayId: number) => void): () => void {
    this.onlineListeners.add(listener);
    return () => this.onlineListeners.delete(listener);
  }

  /**
   * A gateway is online: its state turned online, or it published `online` on its status topic
   * (also when it was still recorded online: a quick reconnect). Durable commands re-send to it.
   */
  announceOnline(gatewayId: number): void {
    for (const l of this.onlineListeners) l(gatewayId);
  }

  /** An ack from device `code`: to its waiting `send` (same device only), and to every listener. */
  onAck(code: string, payload: Buffer | string): void {
    let doc: unknown;
    try {
      doc = JSON.parse(payload.toString());
    } catch {
      return;
    }
    if (!doc || typeof doc !== 'object') return;
    const { id, ok, msg, data } = doc as Partial<CommandAck>;
    if (typeof id !== 'string') return;
    const ack: CommandAck = {
      id,
      ok: ok === true,
      msg: typeof msg === 'string' ? msg : '',
      data: data && typeof data === 'object' ? (data as Record<string, unknown>) : {},
    };
    for (const l of this.listeners) l(code, ack);
    const p = this.pending.get(id);
    if (!p || p.code !== code) return;
    clearTimeout(p.timer);
    this.pending.delete(id);
    p.resolve(ack);
  }

  /** Stops waiting for every command (shutdown): they fail as unanswered. */
  close(): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new AppError(ErrorCodes.DEVICE_OFFLINE));
    }
    this.pending.clear();
  }
}
