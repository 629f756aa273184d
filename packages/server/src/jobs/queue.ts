import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.js';
import { jobs } from '../db/tables.js';
import { errorText, type Log } from '../lib/log.js';
import { backoffDelay, defineJob, type JobContext, type JobDefinition, type JobDeps, type JobHandler, type JobOptions } from './define.js';
import { claimJobs, holdLease, markDone, markFailed, markLeaseExpired, purgeDone, release, type Claimed } from './sql.js';

export interface JobsOptions {
  log: Log;
  /** Attempts this process runs at once; default 4 on PostgreSQL, 1 on PGlite (one connection). */
  concurrency?: number;
  /** How often an idle worker looks for due jobs (default 1 s); an enqueue in this process wakes it at once. */
  pollMs?: number;
  /** Lease = the job's timeout + this (default 30 s): room for the commit after a slow attempt. */
  leaseMarginMs?: number;
  /** How long done jobs stay in the table (default 7 days). */
  keepDoneMs?: number;
  /** This worker's name in `locked_by` (default host:pid:random). */
  worker?: string;
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date | number;
  /**
   * Makes the enqueue idempotent: while a job of this name and key is in the table (queued,
   * running, failed, or done and not yet purged), enqueueing it again returns that job.
   */
  key?: string;
  /** Enqueue inside the caller's transaction, so the job exists only if that work commits. */
  tx?: Tx | Db;
}

export interface Enqueued {
  id: number;
  /** False when `key` matched a job already there (nothing new was added). */
  created: boolean;
}

const HOUR_MS = 3_600_000;

/**
 * The durable job queue of one process (DESIGN.md §1 src/jobs). Guarantees, for every job kind
 * registered here:
 * - a job runs no earlier than its `runAt`; two workers (in one or several processes) never
 *   run it at the same time (FOR UPDATE SKIP LOCKED, and the row stays locked while it runs);
 * - its completion is exactly once: the handler's writes through `ctx.tx` and the `done` mark
 *   commit together, and an attempt whose lease was taken over does not run;
 * - a crash loses nothing: a claimed job whose worker died is claimed again once its lease
 *   (timeout + margin) has passed, and that counts as an attempt;
 * - failed attempts are retried with the kind's backoff until its attempts are used up, then
 *   the row stays `failed` with the last error.
 * Effects outside the database (an e-mail, an HTTP call) are at least once: an attempt may do
 * them and then fail or die before its commit. Give such calls an idempotency key of their own.
 */
export class Jobs {
  readonly worker: string;
  private readonly defs = new Map<string, JobDefinition>();
  private readonly inflight = new Map<number, { abort: AbortController; done: Promise<void> }>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMarginMs: number;
  private readonly keepDoneMs: number;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** A wake-up that came while the loop was not pausing (it must not be lost). */
  private woken = false;
  private lastPurge = 0;
  private deps: JobDeps | null = null;

  constructor(
    private readonly database: Database,
    private readonly opts: JobsOptions,
  ) {
    this.concurrency = Math.max(1, opts.concurrency ?? (database.kind === 'pglite' ? 1 : 4));
    this.pollMs = opts.pollMs ?? 1_000;
    this.leaseMarginMs = opts.leaseMarginMs ?? 30_000;
    this.keepDoneMs = opts.keepDoneMs ?? 7 * 24 * HOUR_MS;
    this.worker = opts.worker ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /** The app this queue belongs to (createDeps): handlers reach it as `ctx.deps`. */
  provide(deps: JobDeps): void {
    this.deps = deps;
  }

  /** Declares and registers a job kind (see defineJob); returns the definition to enqueue with. */
  define<P>(name: string, handler: JobHandler<P>, opts: JobOptions = {}): JobDefinition<P> {
    const def = defineJob(name, handler, opts);
    this.register(def);
    return def;
  }

  /** Registers a kind declared with defineJob (a module's `jobs`). Names are unique. */
  register(def: JobDefinition): void {
    if (this.defs.has(def.name)) throw new Error(`job ${def.name} is defined twice`);
    this.defs.set(def.name, def);
  }

  get names(): string[] {
    return [...this.defs.keys()];
  }

  /** Adds a job; with `key`, a second enqueue of the same name and key returns the first job. */
  async enqueue<P>(job: JobDefinition<P> | string, payload: P, opts: EnqueueOptions = {}): Promise<Enqueued> {
    const name = typeof job === 'string' ? job : job.name;
    const def = this.defs.get(name);
    if (!def) throw new Error(`job ${name} is not defined in this app`);
    const json = JSON.stringify(payload);
    if (json === undefined) throw new Error(`job ${name}: the payload is not JSON`);
    const db = opts.tx ?? this.database.db;
    const runAt = opts.runAt === undefined ? undefined : new Date(opts.runAt);
    const [row] = await db
      .insert(jobs)
      .values({
        name,
        key: opts.key ?? null,
        payload: sql`${json}::jsonb`,
        maxAttempts: def.attempts,
        ...(runAt ? { runAt } : {}),
      })
      .onConflictDoNothing({ target: [jobs.name, jobs.key] })
      .returning({ id: jobs.id });
    if (row) {
      if (!runAt || runAt.getTime() <= Date.now()) this.notify();
      return { id: row.id, created: true };
    }
    const [existing] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, name), eq(jobs.key, opts.key!)));
    if (!existing) throw new Error(`job ${name} key ${opts.key}: conflict without a row`);
    return { id: existing.id, created: false };
  }

  /** Starts the worker loop (once). */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run().catch((err: unknown) => this.opts.log.error({ err: errorText(err) }, 'job worker stopped on an error'));
  }

  get running(): boolean {
    return this.loop !== null && !this.stopping;
  }

  /**
   * Stops claiming, lets running attempts finish for `graceMs`, then aborts the rest: they roll
   * back and are released (queued again, the attempt not counted) for another worker.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    this.notify();
    const loop = this.loop;
    this.loop = null;
    await loop;
    const running = [...this.inflight.values()];
    const timer = setTimeout(() => {
      for (const r of running) r.abort.abort(new JobStopError());
    }, graceMs);
    await Promise.all(running.map((r) => r.done));
    clearTimeout(timer);
  }

  /**
   * Runs every due job now, one after another, in this call (tests, and tools that run without
   * the loop); returns how many attempts ran. Not for use while the loop runs.
   */
  async runDue(): Promise<number> {
    let n = 0;
    for (;;) {
      const claimed = await claimJobs(this.database, this.leases(), 1, this.worker);
      if (claimed.length === 0) return n;
      await this.execute(claimed[0]!);
      n++;
    }
  }

  private leases(): Map<string, number> {
    return new Map([...this.defs.values()].map((d) => [d.name, d.timeoutMs + this.leaseMarginMs]));
  }

  private async run(): Promise<void> {
    let delay = this.pollMs;
    while (!this.stopping) {
      const free = this.concurrency - this.inflight.size;
      let claimed: Claimed[] = [];
      if (free > 0 && this.defs.size > 0) {
        try {
          claimed = await claimJobs(this.database, this.leases(), free, this.worker);
          await this.purge();
          delay = this.pollMs;
        } catch (err) {
          // The database is away: keep trying, more slowly, without losing the loop.
          this.opts.log.warn({ err: errorText(err), retryInMs: delay }, 'job claim failed');
          delay = Math.min(delay * 2, 30_000);
        }
      }
      for (const c of claimed) this.launch(c);
      // Every slot filled: more may be due, and a finishing attempt wakes the loop to claim it.
      if (!this.stopping) await this.pause(delay);
    }
  }

  private notify(): void {
    if (this.wake) this.wake();
    else this.woken = true;
  }

  /** Waits `ms`, or until an enqueue, a finished attempt or stop() wakes the loop. */
  private pause(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        this.wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private launch(c: Claimed): void {
    const abort = new AbortController();
    const done = this.execute(c, abort).finally(() => {
      this.inflight.delete(c.id);
      this.notify();
    });
    this.inflight.set(c.id, { abort, done });
  }

  /** One attempt; never throws (every outcome is written to the row, or left to the lease). */
  private async execute(c: Claimed, abort = new AbortController()): Promise<void> {
    const def = this.defs.get(c.name)!;
    const log = this.opts.log;
    try {
      if (c.attempts > c.maxAttempts) {
        await markLeaseExpired(this.database, c, this.worker);
        log.warn({ job: c.name, id: c.id }, 'job failed: its last attempt ran out of lease');
        return;
      }
      const timer = setTimeout(() => {
        abort.abort(new JobTimeoutError(def.timeoutMs));
        log.warn({ job: c.name, id: c.id, timeoutMs: def.timeoutMs }, 'job attempt timed out; waiting for its handler to give up');
      }, def.timeoutMs);
      let held = false;
      try {
        await this.database.db.transaction(async (tx) => {
          // A query stuck on a lock ends with the attempt instead of holding the row forever.
          if (this.database.kind === 'postgres') await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.ceil(def.timeoutMs)}`));
          held = await holdLease(tx, c, this.worker);
          if (!held) return;
          const deps = this.deps;
          const ctx: JobContext = {
            tx,
            signal: abort.signal,
            job: { id: c.id, name: c.name, key: c.key, attempt: c.attempts, maxAttempts: c.maxAttempts },
            get deps(): JobDeps {
              if (!deps) throw new Error('this job queue runs outside an app: no deps');
              return deps;
            },
          };
          // The handler is awaited to its end even after an abort: ending the transaction under
          // a handler still using it would send its late queries outside any transaction.
          await def.run(c.payload, ctx);
          abort.signal.throwIfAborted();
          await markDone(tx, c);
        });
      } finally {
        clearTimeout(timer);
      }
      if (!held) log.warn({ job: c.name, id: c.id }, 'job attempt skipped: its lease was taken over');
    } catch (err) {
      await this.afterFailure(c, def, abort.signal, err);
    }
  }

  private async afterFailure(c: Claimed, def: JobDefinition, signal: AbortSignal, err: unknown): Promise<void> {
    const log = this.opts.log;
    try {
      if (signal.reason instanceof JobStopError) {
        await release(this.database, c, this.worker);
        log.info({ job: c.name, id: c.id }, 'job attempt released at stop');
        return;
      }
      const cause = signal.aborted && signal.reason instanceof Error ? signal.reason : err;
      await markFailed(this.database, c, this.worker, errorText(cause), backoffDelay(def.backoff, c.attempts));
      const last = c.attempts >= c.maxAttempts;
      log[last ? 'error' : 'warn'](
        { job: c.name, id: c.id, attempt: c.attempts, of: c.maxAttempts, err: errorText(cause) },
        last ? 'job failed for good' : 'job attempt failed; retrying later',
      );
    } catch (writeErr) {
      // The row keeps its lease; once that passes another claim retries the job.
      log.error({ job: c.name, id: c.id, err: errorText(writeErr) }, 'job outcome not recorded; the lease will retry it');
    }
  }

  private async purge(): Promise<void> {
    if (Date.now() - this.lastPurge < HOUR_MS) return;
    this.lastPurge = Date.now();
    const n = await purgeDone(this.database, this.keepDoneMs);
    if (n > 0) this.opts.log.info({ purged: n }, 'old done jobs purged');
  }
}

export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`job attempt timed out after ${ms} ms`);
  }
}

export class JobStopError extends Error {
  constructor() {
    super('the app stopped during the attempt');
  }
}
