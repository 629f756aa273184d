import { errorText, type Log } from '../lib/log.js';
import type { DeviceInfo } from './devices.js';

/** The newly stored readings of one telemetry message (values that were redeliveries are left out). */
export interface CommittedMessage {
  readonly device: DeviceInfo;
  /** Epoch ms of the reading (the payload's `ts`). */
  readonly ts: number;
  readonly values: Readonly<Record<string, number>>;
}

/** What one committed ingest batch added; shared by every subscriber, so read-only. */
export interface CommittedBatch {
  readonly messages: readonly CommittedMessage[];
  /** Number of values over all messages. */
  readonly readings: number;
}

export type CommittedHandler = (batch: CommittedBatch) => Promise<void> | void;

export interface SubscriberOptions {
  /**
   * Readings this subscriber may have waiting (default 100,000, about 4 s of the 10x load of
   * issue 19). Beyond it the oldest waiting batches are dropped for it, counted and logged:
   * a slow subscriber loses its own backlog, never the readings or another subscriber's.
   */
  maxQueuedReadings?: number;
  /**
   * Batches that queued while the subscriber was busy come to it as one, in commit order, up to
   * this many readings (default 5,000): a subscriber that spends a transaction per call (the
   * alarm evaluator) then opens a few a second under load instead of one per small ingest batch,
   * and the embedded store serves the console between them.
   */
  mergeReadings?: number;
}

export interface SubscriberStats {
  name: string;
  queuedReadings: number;
  deliveredBatches: number;
  failedBatches: number;
  droppedReadings: number;
}

interface Subscriber extends SubscriberStats {
  handler: CommittedHandler;
  max: number;
  merge: number;
  queue: CommittedBatch[];
  pumping: Promise<void> | null;
}

const DEFAULT_MAX_QUEUED = 100_000;
const DEFAULT_MERGE = 5_000;

/**
 * Hands committed batches to the `onCommitted` subscribers (alarm evaluation, metering, feeding
 * records) without ever making ingest wait for them. Delivery guarantee:
 * - only after the batch's statement committed, and only readings it inserted: a QoS 1
 *   redelivery, or the same reading twice in one batch, reaches subscribers once;
 * - each subscriber gets batches one at a time, in the order they committed in this process
 *   (so a gateway's batches in order: a gateway always writes through the same lane); what
 *   queued while it was busy comes as one batch (`mergeReadings`);
 * - at most once, in memory: a reading is not delivered when the process dies (or stop's grace
 *   ends) after its commit and before its turn, when its subscriber's queue overflows, or when
 *   the handler throws (logged, not retried). The device got its PUBACK at the commit, so
 *   nothing redelivers it. A subscriber that must not miss one keeps its own durable state and
 *   catches up from the stored readings on start-up (telemetry, telemetry_latest, the rollups),
 *   or turns what it must not lose into a job (deps.jobs.enqueue, with a key) right away;
 * - with several processes (MQTT_URL, shared subscription) a reading is delivered only in the
 *   process that stored it.
 */
export class CommittedFanout {
  private readonly subs: Subscriber[] = [];
  private lastLog = new Map<string, number>();

  constructor(private readonly log: Log) {}

  /** Adds a subscriber; the returned function removes it (what it has queued is dropped). */
  subscribe(name: string, handler: CommittedHandler, opts: SubscriberOptions = {}): () => void {
    if (this.subs.some((s) => s.name === name)) throw new Error(`ingest subscriber ${name} is registered twice`);
    const sub: Subscriber = {
      name,
      handler,
      max: Math.max(1, opts.maxQueuedReadings ?? DEFAULT_MAX_QUEUED),
      merge: Math.max(1, opts.mergeReadings ?? DEFAULT_MERGE),
      queue: [],
      pumping: null,
      queuedReadings: 0,
      deliveredBatches: 0,
      failedBatches: 0,
      droppedReadings: 0,
    };
    this.subs.push(sub);
    return () => {
      const i = this.subs.indexOf(sub);
      if (i >= 0) this.subs.splice(i, 1);
      sub.queue = [];
      sub.queuedReadings = 0;
    };
  }

  get size(): number {
    return this.subs.length;
  }

  /** Queues the batch for every subscriber and returns at once. */
  publish(batch: CommittedBatch): void {
    if (batch.messages.length === 0) return;
    for (const sub of this.subs) {
      sub.queue.push(batch);
      sub.queuedReadings += batch.readings;
      while (sub.queuedReadings > sub.max && sub.queue.length > 1) {
        const dropped = sub.queue.shift()!;
        sub.queuedReadings -= dropped.readings;
        sub.droppedReadings += dropped.readings;
        this.warnLimited(
          sub.name,
          'overflow',
          { subscriber: sub.name, droppedReadings: sub.droppedReadings },
          'ingest subscriber falls behind: oldest readings dropped for it',
        );
      }
      this.kick(sub);
    }
  }

  private kick(sub: Subscriber): void {
    if (sub.pumping) return;
    sub.pumping = this.pump(sub).finally(() => {
      sub.pumping = null;
      // A batch published between the loop's last look and now.
      if (sub.queue.length > 0) this.kick(sub);
    });
  }

  /** Waits until every queue is empty, or `ms` has passed (what is left is then not delivered). */
  async drain(ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const busy = this.subs.filter((s) => s.pumping).map((s) => s.pumping!);
      if (busy.length === 0) return;
      await Promise.race([Promise.all(busy), new Promise((r) => setTimeout(r, Math.max(0, end - Date.now())))]);
    }
    const left = this.subs.reduce((n, s) => n + s.queuedReadings, 0);
    if (left > 0) this.log.warn({ readings: left }, 'ingest subscribers stopped before delivering every committed reading');
  }

  stats(): SubscriberStats[] {
    return this.subs.map(({ name, queuedReadings, deliveredBatches, failedBatches, droppedReadings }) => ({
      name,
      queuedReadings,
      deliveredBatches,
      failedBatches,
      droppedReadings,
    }));
  }

  private async pump(sub: Subscriber): Promise<void> {
    // Not in publish's call stack: ingest goes on before any handler code runs.
    await Promise.resolve();
    for (let batch = this.next(sub); batch; batch = this.next(sub)) {
      try {
        await sub.handler(batch);
        sub.deliveredBatches++;
      } catch (err) {
        sub.failedBatches++;
        this.warnLimited(
          sub.name,
          'failed',
          { subscriber: sub.name, err: errorText(err), failedBatches: sub.failedBatches },
          'ingest subscriber failed on a batch',
        );
      }
    }
  }

  /** The oldest queued batch with those after it merged in, up to the subscriber's bound. */
  private next(sub: Subscriber): CommittedBatch | undefined {
    const first = sub.queue.shift();
    if (!first) return undefined;
    sub.queuedReadings -= first.readings;
    if (sub.queue.length === 0 || first.readings + sub.queue[0]!.readings > sub.merge) return first;
    const messages = [...first.messages];
    let readings = first.readings;
    while (sub.queue.length > 0 && readings + sub.queue[0]!.readings <= sub.merge) {
      const b = sub.queue.shift()!;
      sub.queuedReadings -= b.readings;
      readings += b.readings;
      for (const m of b.messages) messages.push(m);
    }
    return { messages, readings };
  }

  /** At most one line per subscriber and kind every 10 s. */
  private warnLimited(name: string, kind: string, obj: object, msg: string): void {
    const key = `${name}:${kind}`;
    const now = Date.now();
    if (now - (this.lastLog.get(key) ?? 0) < 10_000) return;
    this.lastLog.set(key, now);
    this.log.warn(obj, msg);
  }
}
