import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Reply, Request, WireError, WireResult } from './pglite-wire.js';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Body<R> = R extends unknown ? Omit<R, 'id'> : never;

/** A database error with PostgreSQL's fields back on it, as PGlite throws it in one thread. */
class ThreadDatabaseError extends Error {
  constructor(wire: WireError) {
    super(wire.message);
    Object.assign(this, wire);
    this.name = wire.name;
  }
}

/**
 * The worker: the built dist/pglite-worker.js beside main.js, or (tsx, vitest) the TypeScript
 * source, loaded through tsx's API from a small bootstrap since a worker does not inherit loaders.
 */
function startWorker(dataDir: string): Worker {
  const built = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built, { workerData: { dataDir } });
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => t.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(boot, { eval: true, workerData: { dataDir } });
}

/**
 * PGlite in a thread of its own (issue 19), with the part of PGlite's interface the drizzle driver
 * and db/client.ts use: `query`, `transaction`, `listen`, `close`, `closed`. While the worker runs
 * a write batch, this thread keeps answering requests, reading MQTT and streaming live values.
 */
export class ThreadedPGlite {
  closed = false;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
  }

  static async create(dataDir: string): Promise<ThreadedPGlite> {
    const worker = startWorker(dataDir);
    const db = new ThreadedPGlite(worker);
    await new Promise<void>((ready, failed) => {
      worker.once('error', failed);
      worker.on('message', (m: Reply) => {
        if ('ready' in m) {
          worker.off('error', failed);
          ready();
        } else db.receive(m);
      });
    });
    worker.on('error', (e) => db.stop(e));
    worker.on('exit', (code) => db.stop(new Error(`the embedded database thread stopped (exit ${code})`)));
    return db;
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<WireResult & { rows: T[] }> {
    return (await this.call({ op: 'query', sql, params, tx, ...wireOptions(options) })) as WireResult & { rows: T[] };
  }

  /** A statement of bulk work (an ingest write): it waits while requests' statements are queued. */
  async bulkQuery<T>(sql: string, params?: unknown[]): Promise<WireResult & { rows: T[] }> {
    return (await this.call({ op: 'query', sql, params, bulk: true })) as WireResult & { rows: T[] };
  }

  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await fn(new ThreadTransaction(this, id));
    } catch (e) {
      await this.call({ op: 'end', tx: id, commit: false });
      throw e;
    }
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextId++;
    this.listeners.set(listener, onMessage);
    await this.call({ op: 'listen', channel, listener });
    return async () => {
      this.listeners.delete(listener);
      if (!this.closed) await this.call({ op: 'unlisten', listener });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' });
    this.closed = true;
    await this.worker.terminate();
  }

  private call(body: Body<Request>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }

  private receive(m: Reply): void {
    if ('notify' in m) {
      this.listeners.get(m.notify)?.(m.payload);
      return;
    }
    if (!('id' in m)) return;
    const waiting = this.pending.get(m.id);
    this.pending.delete(m.id);
    if ('error' in m) waiting?.reject(new ThreadDatabaseError(m.error));
    else waiting?.resolve(m.result);
  }

  private stop(e: Error): void {
    if (this.closed) return;
    this.failure ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }
}

/** One open transaction: its queries run inside it, in order. */
export class ThreadTransaction {
  constructor(
    private readonly db: ThreadedPGlite,
    private readonly id: number,
  ) {}

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<WireResult & { rows: T[] }> {
    return this.db.query<T>(sql, params, options, this.id);
  }
}

/** Drizzle's parsers keep some types as text; the worker rebuilds them from the type ids. */
function wireOptions(options?: QueryOptions): { rowMode?: 'array' | 'object'; rawTypes?: number[] } {
  if (!options) return {};
  return { rowMode: options.rowMode, rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : undefined };
}
