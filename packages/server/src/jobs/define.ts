import type { Tx } from '../db/client.js';

/** Retry spacing: attempt n (from 1) failed, the next one waits min(maxMs, baseMs * factor^(n-1)). */
export interface Backoff {
  baseMs: number;
  /** 2 by default; 1 gives a fixed interval (alarm push: every 4 minutes). */
  factor?: number;
  maxMs?: number;
}

export interface JobOptions {
  /** Attempts in all, the first included (default 5); after the last failure the job is `failed`. */
  attempts?: number;
  backoff?: Backoff;
  /**
   * One attempt's time limit (default 60 s): the handler's signal aborts and its transaction
   * rolls back. The lease is this plus the queue's margin, so a live worker never loses a job
   * it is still running.
   */
  timeoutMs?: number;
}

/**
 * The app's parts a handler reaches as `ctx.deps`. deps.ts fills this in (interface merging:
 * `JobDeps extends Deps`), so the queue never imports the app that owns it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by deps.ts
export interface JobDeps {}

export interface JobContext {
  /**
   * The attempt's transaction: the job's own writes go through it and commit together with its
   * `done` mark, or not at all. On PGlite (one connection) a query outside it waits for it, so
   * a handler that uses `deps.database` instead would stall until its timeout.
   */
  tx: Tx;
  job: { id: number; name: string; key: string | null; attempt: number; maxAttempts: number };
  /** Aborted at the timeout and when the app stops before the attempt ends. */
  signal: AbortSignal;
  /** The app's parts (config, iot, live, jobs); reading it throws in a queue made without an app. */
  deps: JobDeps;
}

/** Runs one attempt. `payload` is what was enqueued, after a JSON round trip (plain data only). */
export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

/** A job kind: its name, handler and retry rules. Modules list theirs in `ServerModule.jobs`. */
export interface JobDefinition<P = unknown> {
  readonly name: string;
  // A method, so a list of definitions with different payload types is one JobDefinition[].
  run(payload: P, ctx: JobContext): Promise<void>;
  readonly attempts: number;
  readonly backoff: Required<Backoff>;
  readonly timeoutMs: number;
}

const NAME_RE = /^[a-z][a-z0-9]*([.-][a-z0-9]+)*$/;

export const DEFAULT_BACKOFF: Required<Backoff> = { baseMs: 10_000, factor: 2, maxMs: 3_600_000 };

/**
 * Declares a job kind. Names are `<module>.<what>` in lower case (`alarms.push`), unique in
 * the app; a name is what links a row in `jobs` to its handler, so it must not change once rows
 * with it may exist.
 */
export function defineJob<P>(name: string, handler: JobHandler<P>, opts: JobOptions = {}): JobDefinition<P> {
  if (!NAME_RE.test(name) || name.length > 100) throw new Error(`job name "${name}" is not <module>.<what> in lower case`);
  const attempts = opts.attempts ?? 5;
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`job ${name}: attempts must be a whole number >= 1`);
  const backoff = { ...DEFAULT_BACKOFF, ...opts.backoff };
  if (!(backoff.baseMs >= 0 && backoff.factor >= 1 && backoff.maxMs >= backoff.baseMs)) throw new Error(`job ${name}: bad backoff`);
  const timeoutMs = opts.timeoutMs ?? 60_000;
  if (!(timeoutMs > 0)) throw new Error(`job ${name}: timeoutMs must be positive`);
  return { name, run: handler, attempts, backoff, timeoutMs };
}

/** How long after failed attempt `attempt` (1-based) the next one may start. */
export function backoffDelay(backoff: Required<Backoff>, attempt: number): number {
  const n = Math.max(1, attempt);
  return Math.min(backoff.maxMs, Math.round(backoff.baseMs * backoff.factor ** (n - 1)));
}
