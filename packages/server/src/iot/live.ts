import { EventEmitter } from 'node:events';
import type { LiveAlarm, LiveReading, LiveStatus } from '@farmsense/shared';

/** A telemetry message, a link change or an alarm change as the live stream sends it (shared telemetry/ and alarms/endpoints.ts). */
export type LiveEvent =
  { type: 'telemetry'; data: LiveReading } | { type: 'status'; data: LiveStatus } | { type: 'alarm'; data: LiveAlarm };

/**
 * In-process fan-out of live values to open SSE streams (`deps.live`, one per app). With the
 * embedded broker the ingest of this process feeds it after each commit; with MQTT_URL every API
 * process with an open stream feeds it from its own plain (non-shared) subscription, so a page
 * sees a device whichever process it talks to, and a process nobody watches parses no telemetry
 * beyond its share of ingest.
 */
export class LiveHub {
  private readonly emitter = new EventEmitter();
  /** Newest ts sent per gateway: a late redelivery must not move a live card backwards. */
  private readonly newest = new Map<number, number>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publishReading(r: LiveReading): void {
    const prev = this.newest.get(r.gatewayId);
    if (prev !== undefined && prev >= r.ts) return;
    this.newest.set(r.gatewayId, r.ts);
    this.emitter.emit('event', { type: 'telemetry', data: r } satisfies LiveEvent);
  }

  publishStatus(s: LiveStatus): void {
    this.emitter.emit('event', { type: 'status', data: s } satisfies LiveEvent);
  }

  /** An alarm was raised, cleared, acknowledged, shelved or got worse (the alarms module, after its commit). */
  publishAlarm(a: LiveAlarm): void {
    this.emitter.emit('event', { type: 'alarm', data: a } satisfies LiveEvent);
  }

  /** Calls `fn` for every event until the returned function is called. */
  subscribe(fn: (e: LiveEvent) => void): () => void {
    this.emitter.on('event', fn);
    if (this.listeners === 1) this.emitter.emit('watching', true);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.emitter.off('event', fn);
      if (this.listeners === 0) this.emitter.emit('watching', false);
    };
  }

  /**
   * Tells `fn` when this process gets its first open live stream (true) and loses its last
   * (false), so the device link reads every device's telemetry only while someone watches.
   */
  onWatching(fn: (watching: boolean) => void): () => void {
    this.emitter.on('watching', fn);
    return () => this.emitter.off('watching', fn);
  }

  get listeners(): number {
    return this.emitter.listenerCount('event');
  }
}
