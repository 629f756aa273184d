import type { Database } from '../db/client.js';
import type { DeviceInfo } from './devices.js';
import { Partitions } from './partitions.js';
import { parseTelemetry, type MalformedReason } from './payload.js';
import { IngestCounters } from './stats.js';
import { emptyBatch, monthsOf, storeBatch, type ReadingBatch } from './store.js';

/** The subset of a pino/fastify logger that the link uses. */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A telemetry message that is durable now (for the live stream). */
export interface StoredMessage {
  device: DeviceInfo;
  ts: number;
  values: Record<string, number>;
}

export type IngestOutcome = 'stored' | 'malformed';

export interface IngestOptions {
  log: Log;
  /** Parallel writers; a gateway always goes to the same one, so they never contend. */
  lanes?: number;
  /** Flush as soon as a lane holds this many readings... */
  maxRows?: number;
  /** ...or this long after its first reading arrived. */
  lingerMs?: number;
  /** Called after each committed batch with its messages. */
  onStored?: (messages: StoredMessage[]) => void;
}

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

interface Lane {
  batch: ReadingBatch;
  messages: StoredMessage[];
  waiters: Waiter[];
  timer: NodeJS.Timeout | null;
  /** The running drain, if any. */
  writing: Promise<void> | null;
}

export class IngestStoppedError extends Error {
  constructor() {
    super('ingest stopped before the batch was durable');
  }
}

/**
 * Batched, idempotent, acknowledge-after-commit ingest (CONTRACT §4). `handle()` resolves only
 * when the message's readings are committed, so the broker layer sends PUBACK at that moment.
 * Readings are grouped per lane into one multi-row statement (group commit: while a batch is
 * being written the next one fills). A failed write is retried with backoff for as long as it
 * takes; the messages stay unacknowledged meanwhile, so nothing acknowledged is ever lost.
 */
export class Ingest {
  readonly counters = new IngestCounters();
  readonly partitions: Partitions;
  private readonly lanes: Lane[];
  private readonly maxRows: number;
  private readonly lingerMs: number;
  private stopping = false;
  private stopDeadline = Infinity;
  private lastLog = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly database: Database,
    private readonly opts: IngestOptions,
  ) {
    this.partitions = new Partitions(database);
    this.maxRows = opts.maxRows ?? 5_000;
    this.lingerMs = opts.lingerMs ?? 20;
    this.lanes = Array.from({ length: Math.max(1, opts.lanes ?? 2) }, () => ({
      batch: emptyBatch(),
      messages: [],
      waiters: [],
      timer: null,
      writing: null,
    }));
  }

  async start(): Promise<void> {
    await this.partitions.refresh();
    await this.partitions.ensureAhead();
  }

  /** Parses, validates and queues one telemetry payload; resolves once it is durable. */
  handle(device: DeviceInfo, payload: Buffer | string): Promise<IngestOutcome> {
    this.counters.messages++;
    const parsed = parseTelemetry(payload);
    if (!parsed.ok) {
      this.counters.malformed++;
      this.logLimited(
        'malformed',
        { code: device.code, reason: parsed.reason satisfies MalformedReason },
        'malformed telemetry payload dropped',
      );
      return Promise.resolve('malformed');
    }
    const t = parsed.telemetry;
    this.counters.badValues += t.badValues;
    if (t.badValues > 0) this.logLimited('bad-values', { code: device.code, dropped: t.badValues }, 'telemetry values dropped');
    if (t.keys.length === 0) return Promise.resolve('stored');
    if (this.stopping) return Promise.reject(new IngestStoppedError());
    this.counters.points += t.keys.length;
    const lane = this.lanes[device.id % this.lanes.length]!;
    const b = lane.batch;
    for (let i = 0; i < t.keys.length; i++) {
      b.gatewayIds.push(device.id);
      b.keys.push(t.keys[i]!);
      b.ts.push(t.ts);
      b.values.push(t.values[i]!);
    }
    b.zones.set(device.id, device.timeZone);
    const values: Record<string, number> = {};
    for (let i = 0; i < t.keys.length; i++) values[t.keys[i]!] = t.values[i]!;
    lane.messages.push({ device, ts: t.ts, values });
    const done = new Promise<IngestOutcome>((resolve, reject) => {
      lane.waiters.push({ resolve: () => resolve('stored'), reject });
    });
    this.schedule(lane);
    return done;
  }

  /** Counts a message from a code the registry does not know (external broker only). */
  countUnknownDevice(code: string): void {
    this.counters.unknownDevice++;
    this.logLimited('unknown', { code }, 'telemetry from an unknown device code ignored');
  }

  /** Writes what is queued (bounded by `graceMs` of retries), then refuses new work. */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    this.stopDeadline = Date.now() + graceMs;
    for (const lane of this.lanes) {
      if (lane.timer) clearTimeout(lane.timer);
      lane.timer = null;
    }
    while (this.lanes.some((l) => l.writing || l.waiters.length > 0)) {
      await Promise.all(this.lanes.map((lane) => this.drain(lane)));
    }
  }

  private schedule(lane: Lane): void {
    if (lane.writing) return; // the running write picks the batch up when it finishes
    if (lane.batch.keys.length >= this.maxRows) {
      if (lane.timer) clearTimeout(lane.timer);
      lane.timer = null;
      void this.drain(lane);
    } else if (!lane.timer) {
      lane.timer = setTimeout(() => {
        lane.timer = null;
        void this.drain(lane);
      }, this.lingerMs);
    }
  }

  /** Writes the lane's batches one after another until it is empty (one drain per lane). */
  private drain(lane: Lane): Promise<void> {
    lane.writing ??= this.drainLoop(lane).finally(() => {
      lane.writing = null;
      // A message queued between the loop's last check and now would otherwise wait forever.
      if (lane.waiters.length > 0) this.schedule(lane);
    });
    return lane.writing;
  }

  private async drainLoop(lane: Lane): Promise<void> {
    while (lane.waiters.length > 0) {
      const { batch, messages, waiters } = lane;
      lane.batch = emptyBatch();
      lane.messages = [];
      lane.waiters = [];
      if (!(await this.writeWithRetry(batch))) {
        const err = new IngestStoppedError();
        for (const w of waiters) w.reject(err);
        continue;
      }
      for (const w of waiters) w.resolve();
      try {
        this.opts.onStored?.(messages);
      } catch (err) {
        this.opts.log.error({ err }, 'live fan-out failed');
      }
    }
  }

  private async writeWithRetry(batch: ReadingBatch): Promise<boolean> {
    let delay = 50;
    for (;;) {
      if (this.stopping && Date.now() > this.stopDeadline) return false;
      try {
        await this.partitions.ensure(monthsOf(batch.ts));
        const stored = await storeBatch(this.database, batch);
        this.counters.batches++;
        this.counters.stored += stored;
        this.counters.duplicates += batch.keys.length - stored;
        return true;
      } catch (err) {
        this.counters.dbErrors++;
        this.logLimited('db', { err: errorText(err), rows: batch.keys.length, retryInMs: delay }, 'telemetry batch not stored, retrying');
        await sleep(this.stopping ? Math.min(delay, Math.max(0, this.stopDeadline - Date.now())) : delay);
        delay = Math.min(delay * 2, 5_000);
        // A partition dropped by another process makes the cached list wrong: read it again.
        await this.partitions.refresh().catch(() => undefined);
      }
    }
  }

  /** At most one line per kind every 10 s, with the number of lines it held back. */
  private logLimited(kind: string, obj: object, msg: string): void {
    const now = Date.now();
    const last = this.lastLog.get(kind);
    if (last && now - last.at < 10_000) {
      last.suppressed++;
      return;
    }
    this.lastLog.set(kind, { at: now, suppressed: 0 });
    this.opts.log.warn({ ...obj, suppressedSinceLast: last?.suppressed ?? 0 }, msg);
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
