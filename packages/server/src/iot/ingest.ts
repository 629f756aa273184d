import type { Database } from '../db/client.js';
import { errorText, type Log } from '../lib/log.js';
import { inTurns } from '../lib/turns.js';
import { CommittedFanout, type CommittedBatch, type CommittedHandler, type CommittedMessage, type SubscriberOptions } from './committed.js';
import type { DeviceInfo } from './devices.js';
import { Partitions } from './partitions.js';
import { parseTelemetry, type MalformedReason } from './payload.js';
import { IngestCounters } from './stats.js';
import { emptyBatch, monthsOf, readingId, storeBatch, storeBatchReporting, type ReadingBatch, type StoredReport } from './store.js';

export type { Log };

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
  /**
   * Flush as soon as a lane holds this many readings, and never write more in one statement: what
   * arrived while a lane was writing goes out in statements of at most this many, so one write
   * holds the store (the embedded one serves one statement at a time) for a bounded time and the
   * console's reads are served between them.
   */
  maxRows?: number;
  /** ...or this long after its first reading arrived. */
  lingerMs?: number;
  /** Called after each committed batch with its messages (the live fan-out; synchronous and cheap). */
  onStored?: (messages: StoredMessage[]) => void;
}

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

const resolveWaiter = (w: Waiter): void => w.resolve();

interface Lane {
  batch: ReadingBatch;
  messages: StoredMessage[];
  /** Readings of each message, in `messages` order (its rows in `batch`). */
  rows: number[];
  waiters: Waiter[];
  timer: NodeJS.Timeout | null;
  /** When the oldest message of the filling batch arrived (null: the batch is empty). */
  oldestAt: number | null;
  /** The running drain, if any. */
  writing: Promise<void> | null;
  /** The acknowledgements of committed batches, released in turns and in commit order. */
  settling: Promise<void>;
}

/** Readings waiting longer than this from arrival to commit are reported in the log. */
export const LAG_WARN_MS = 5_000;

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
 * After the commit, `onCommitted` subscribers get the readings that were new (committed.ts says
 * exactly what is and is not guaranteed).
 */
export class Ingest {
  readonly counters = new IngestCounters();
  readonly partitions: Partitions;
  private readonly committed: CommittedFanout;
  private readonly lanes: Lane[];
  private readonly maxRows: number;
  private readonly lingerMs: number;
  private stopping = false;
  private stopDeadline = Infinity;
  /** Messages of the batches being written now. */
  private inFlight = 0;
  private lastLog = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly database: Database,
    private readonly opts: IngestOptions,
  ) {
    this.partitions = new Partitions(database);
    this.committed = new CommittedFanout(opts.log);
    this.maxRows = opts.maxRows ?? 5_000;
    this.lingerMs = opts.lingerMs ?? 20;
    this.lanes = Array.from({ length: Math.max(1, opts.lanes ?? 2) }, () => ({
      batch: emptyBatch(),
      messages: [],
      rows: [],
      waiters: [],
      timer: null,
      oldestAt: null,
      writing: null,
      settling: Promise.resolve(),
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
    lane.oldestAt ??= Date.now();
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
    lane.rows.push(t.keys.length);
    const done = new Promise<IngestOutcome>((resolve, reject) => {
      lane.waiters.push({ resolve: () => resolve('stored'), reject });
    });
    this.schedule(lane);
    return done;
  }

  /**
   * Subscribes `handler` to every committed batch (its new readings only), for as long as the
   * returned function is not called. The handler runs apart from ingest, one batch at a time:
   * its slowness or failure never delays an acknowledgement nor loses a reading.
   */
  onCommitted(name: string, handler: CommittedHandler, opts: SubscriberOptions = {}): () => void {
    return this.committed.subscribe(name, handler, opts);
  }

  /** Queue length, deliveries, failures and drops of each subscriber in this process. */
  subscriberStats(): ReturnType<CommittedFanout['stats']> {
    return this.committed.stats();
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
    await Promise.all(this.lanes.map((lane) => lane.settling));
    // Subscribers get what is left of the grace to finish what was committed.
    await this.committed.drain(Math.max(0, this.stopDeadline - Date.now()));
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
      const { batch, messages, waiters, oldestAt } = this.take(lane);
      // Which rows were new is asked only when someone listens for them.
      this.inFlight += waiters.length;
      const report = await this.writeWithRetry(batch, this.committed.size > 0).finally(() => (this.inFlight -= waiters.length));
      if (!report) {
        const err = new IngestStoppedError();
        for (const w of waiters) w.reject(err);
        continue;
      }
      // Acknowledged a few dozen at a time (lib/turns.ts) while the next batch is written, so the
      // console's requests are read between them; in order, so a device's PUBACKs keep its order.
      lane.settling = lane.settling.then(() => inTurns(waiters, resolveWaiter));
      this.noteLag(oldestAt === null ? 0 : Date.now() - oldestAt);
      try {
        this.opts.onStored?.(messages);
      } catch (err) {
        this.opts.log.error({ err }, 'live fan-out failed');
      }
      if (report.reported) this.committed.publish(committedBatch(messages, report.inserted));
    }
  }

  /** The lane's oldest messages up to `maxRows` readings (at least one message), as one batch. */
  private take(lane: Lane): { batch: ReadingBatch; messages: StoredMessage[]; waiters: Waiter[]; oldestAt: number | null } {
    const oldestAt = lane.oldestAt;
    if (lane.batch.keys.length <= this.maxRows) {
      const whole = { batch: lane.batch, messages: lane.messages, waiters: lane.waiters, oldestAt };
      lane.batch = emptyBatch();
      lane.messages = [];
      lane.rows = [];
      lane.waiters = [];
      lane.oldestAt = null;
      return whole;
    }
    let n = 0;
    let rows = 0;
    while (n < lane.rows.length && (n === 0 || rows + lane.rows[n]! <= this.maxRows)) rows += lane.rows[n++]!;
    const all = lane.batch;
    const batch: ReadingBatch = {
      gatewayIds: all.gatewayIds.splice(0, rows),
      keys: all.keys.splice(0, rows),
      ts: all.ts.splice(0, rows),
      values: all.values.splice(0, rows),
      zones: new Map(all.zones),
    };
    lane.rows.splice(0, n);
    // The rest keeps the first arrival as its oldest: its lag is never reported short.
    return { batch, messages: lane.messages.splice(0, n), waiters: lane.waiters.splice(0, n), oldestAt };
  }

  /** The stored batch's report, or null when stop's grace ended before it could be written. */
  private async writeWithRetry(batch: ReadingBatch, reporting: boolean): Promise<(StoredReport & { reported: boolean }) | null> {
    let delay = 50;
    for (;;) {
      if (this.stopping && Date.now() > this.stopDeadline) return null;
      try {
        await this.partitions.ensure(monthsOf(batch.ts));
        const report: StoredReport = reporting
          ? await storeBatchReporting(this.database, batch)
          : { stored: await storeBatch(this.database, batch), inserted: null };
        this.counters.batches++;
        this.counters.stored += report.stored;
        this.counters.duplicates += batch.keys.length - report.stored;
        return { ...report, reported: reporting };
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

  /** Messages received and not yet durable (each holds an unacknowledged broker delivery). */
  pending(): number {
    let n = 0;
    for (const lane of this.lanes) n += lane.waiters.length;
    return n + this.inFlight;
  }

  /**
   * A committed batch waited `lagMs` from its oldest message's arrival: kept as the gauge the
   * stats flush reports, and said in the log when readings wait longer than LAG_WARN_MS (the
   * database does not keep up: the broker's queue for this server is growing).
   */
  private noteLag(lagMs: number): void {
    if (lagMs > this.counters.lagMs) this.counters.lagMs = lagMs;
    if (lagMs > LAG_WARN_MS) {
      this.logLimited(
        'lag',
        { lagMs, pending: this.pending() },
        'ingest is falling behind: readings wait this long before they are stored',
      );
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

/**
 * The messages of a committed batch cut down to the readings it inserted (`inserted` null: all
 * of them). Each inserted row is claimed by the first message naming it, so a reading that came
 * twice in one batch is handed on once.
 */
export function committedBatch(messages: readonly StoredMessage[], inserted: Set<string> | null): CommittedBatch {
  let readings = 0;
  if (inserted === null) {
    for (const m of messages) readings += Object.keys(m.values).length;
    return { messages, readings };
  }
  const out: CommittedMessage[] = [];
  for (const m of messages) {
    let values: Record<string, number> | null = null;
    for (const k in m.values) {
      if (!inserted.delete(readingId(m.device.id, k, m.ts))) continue;
      (values ??= {})[k] = m.values[k]!;
      readings++;
    }
    if (values) out.push({ device: m.device, ts: m.ts, values });
  }
  return { messages: out, readings };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
