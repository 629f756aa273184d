import type { LiveConnection, LiveReading, LiveStatus } from './types';

/**
 * The live values a page has received, per gateway: the newest value and time of every key, and
 * the link state. Snapshots are immutable (React compares them by reference); listeners are told
 * at most every `flushMs`, so a farm of a hundred chatty controllers re-renders a few times a
 * second, not a hundred.
 */
export interface LiveValue {
  value: number;
  ts: number;
}

export interface GatewayLive {
  gatewayId: number;
  shedId: number | null;
  /** Newest reading time. */
  ts: number | null;
  values: Readonly<Record<string, LiveValue>>;
  /** From a status event or implied by a reading; absent until either arrives. */
  online?: boolean;
  /** When this page last heard from the gateway (client clock). */
  heardAt?: number;
}

export interface LiveSnapshot {
  connection: LiveConnection;
  gateways: Readonly<Record<number, GatewayLive>>;
}

export class LiveStore {
  private snapshot: LiveSnapshot = { connection: 'connecting', gateways: {} };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly flushMs = 100) {}

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  readonly getSnapshot = (): LiveSnapshot => this.snapshot;

  reading(r: LiveReading, now = Date.now()): void {
    const prev = this.snapshot.gateways[r.gatewayId];
    const values: Record<string, LiveValue> = { ...prev?.values };
    for (const [key, value] of Object.entries(r.values)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      const old = values[key];
      // A late redelivery must not move a value backwards.
      if (!old || old.ts <= r.ts) values[key] = { value, ts: r.ts };
    }
    this.put({
      gatewayId: r.gatewayId,
      shedId: r.shedId ?? prev?.shedId ?? null,
      ts: Math.max(prev?.ts ?? 0, r.ts),
      values,
      online: true,
      heardAt: now,
    });
  }

  status(s: LiveStatus, now = Date.now()): void {
    const prev = this.snapshot.gateways[s.gatewayId];
    this.put({
      gatewayId: s.gatewayId,
      shedId: s.shedId ?? prev?.shedId ?? null,
      ts: prev?.ts ?? null,
      values: prev?.values ?? {},
      online: s.online,
      heardAt: s.online ? now : prev?.heardAt,
    });
  }

  connection(c: LiveConnection): void {
    if (this.snapshot.connection === c) return;
    this.snapshot = { ...this.snapshot, connection: c };
    this.notify();
  }

  private put(g: GatewayLive): void {
    this.snapshot = { ...this.snapshot, gateways: { ...this.snapshot.gateways, [g.gatewayId]: g } };
    this.notify();
  }

  private notify(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      for (const fn of this.listeners) fn();
    }, this.flushMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.listeners.clear();
  }
}

/** The gateways of one shed among the live ones. */
export function liveOfShed(snapshot: LiveSnapshot, shedId: number): GatewayLive[] {
  return Object.values(snapshot.gateways).filter((g) => g.shedId === shedId);
}
