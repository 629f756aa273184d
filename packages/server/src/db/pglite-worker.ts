import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { Request, Reply, WireError, WireResult } from './pglite-wire.js';
import { pgliteOptions } from './pglite-options.js';

/**
 * The embedded store's own thread (issue 19): PGlite runs its WebAssembly PostgreSQL
 * synchronously, so in the thread that answers the console every write batch made every request
 * wait. Here it runs beside it; db/pglite-thread.ts is the other end. Queries outside a
 * transaction wait for an open one inside PGlite, exactly as in one thread.
 */
if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const { dataDir } = workerData as { dataDir: string };

const client = await PGlite.create(dataDir, pgliteOptions());
const transactions = new Map<number, { tx: Transaction; outcome: Promise<unknown>; done: (commit: boolean) => void }>();
const listeners = new Map<number, () => Promise<void>>();
let nextTx = 1;
/** Rolls a transaction back on the caller's word (PGlite rolls back when its callback throws). */
class RollbackSignal extends Error {}

/** Drizzle hands PGlite identity parsers (keep the text) for some types; functions do not cross threads. */
function queryOptions(req: Extract<Request, { op: 'query' }>): Parameters<PGlite['query']>[2] {
  if (!req.rowMode && !req.rawTypes) return undefined;
  const parsers = Object.fromEntries((req.rawTypes ?? []).map((oid) => [oid, (value: string) => value]));
  return { rowMode: req.rowMode, parsers };
}

function wireResult(r: Results): WireResult {
  return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
}

function wireError(e: unknown): WireError {
  const err = e as Record<string, unknown> & Error;
  const out: WireError = { message: String(err?.message ?? e), name: String(err?.name ?? 'Error') };
  for (const key of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where']) {
    if (err && err[key] !== undefined) out[key] = String(err[key]);
  }
  return out;
}

/**
 * `PGLITE_TRACE=<file>`: every 10 s, the statements' total and longest time in the store and the
 * transactions' time open (with their first statement), worst first: what the console waits behind.
 */
const TRACE = process.env.PGLITE_TRACE;
const spent = new Map<string, { n: number; ms: number; max: number }>();
const txOpen = new Map<number, { at: number; first: string | null }>();
/** Statements and transactions over 250 ms, with the wall-clock time they ended. */
const slow: string[] = [];
const note = (key: string, ms: number): void => {
  if (ms > 250) slow.push(`${new Date().toISOString().slice(11, 23)} ${ms.toFixed(0)} ms ${key}`);
  const s = spent.get(key) ?? { n: 0, ms: 0, max: 0 };
  s.n += 1;
  s.ms += ms;
  s.max = Math.max(s.max, ms);
  spent.set(key, s);
};
if (TRACE) {
  const { writeFileSync } = await import('node:fs');
  setInterval(() => {
    const rows = [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 60);
    const lines = rows.map(([k, v]) => `${v.ms.toFixed(0)} ms  n=${v.n}  max=${v.max.toFixed(0)}  ${k}`);
    writeFileSync(TRACE, [...lines, '', 'slow:', ...slow.slice(-400)].join('\n') + '\n');
  }, 10_000).unref();
}

/**
 * Statements outside transactions go to PGlite one at a time from here, the requests' before bulk
 * work (ingest writes, `bulk`): PGlite serves one statement at a time in arrival order, so a
 * console read that came behind two lanes' write batches waited for both. Now it waits for at
 * most the one statement running. Statements of an open transaction go straight in (the
 * transaction holds PGlite until it ends, as before).
 */
const urgent: (() => Promise<void>)[] = [];
const bulk: (() => Promise<void>)[] = [];
let dispatching = false;
function dispatch<T>(isBulk: boolean, run: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    (isBulk ? bulk : urgent).push(() => run().then(resolve, reject));
    if (!dispatching) void drainQueue();
  });
}
async function drainQueue(): Promise<void> {
  dispatching = true;
  try {
    for (;;) {
      // Let the requests that arrived while PGlite held this thread join the queues first.
      await new Promise((r) => setImmediate(r));
      const next = urgent.shift() ?? bulk.shift();
      if (!next) break;
      await next();
    }
  } finally {
    dispatching = false;
  }
}

async function runQuery(req: Extract<Request, { op: 'query' }>): Promise<WireResult> {
  const target = req.tx ? transactions.get(req.tx)?.tx : client;
  if (!target) throw new Error('Transaction is closed');
  if (!TRACE) return wireResult(await target.query(req.sql, req.params, queryOptions(req)));
  const t = performance.now();
  const key = req.sql.replace(/\s+/g, ' ').slice(0, 140);
  const tx = req.tx ? txOpen.get(req.tx) : undefined;
  if (tx && tx.first === null) tx.first = key;
  try {
    return wireResult(await target.query(req.sql, req.params, queryOptions(req)));
  } finally {
    note(`Q ${key}`, performance.now() - t);
  }
}

async function handle(req: Request): Promise<unknown> {
  switch (req.op) {
    case 'query': {
      if (!req.tx) return dispatch(req.bulk === true, () => runQuery(req));
      return runQuery(req);
    }
    case 'begin':
      return new Promise<number>((opened, failed) => {
        const id = nextTx++;
        let isOpen = false;
        const outcome = client.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              isOpen = true;
              transactions.set(id, { tx, outcome, done: (ok) => (ok ? commit() : rollback(new RollbackSignal())) });
              if (TRACE) txOpen.set(id, { at: performance.now(), first: null });
              opened(id);
            }),
        );
        // BEGIN itself failed: the caller hears it; a later failure goes to the `end` that waits for it.
        outcome.catch((e: unknown) => {
          if (!isOpen) failed(e);
        });
      });
    case 'end': {
      const open = transactions.get(req.tx);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(req.tx);
      const traced = txOpen.get(req.tx);
      if (traced) {
        txOpen.delete(req.tx);
        note(`TX ${traced.first ?? '(empty)'}`, performance.now() - traced.at);
      }
      open.done(req.commit);
      try {
        await open.outcome;
      } catch (e) {
        if (!(e instanceof RollbackSignal)) throw e;
      }
      return null;
    }
    case 'listen': {
      const stop = await client.listen(req.channel, (payload) => port.postMessage({ notify: req.listener, payload } satisfies Reply));
      listeners.set(req.listener, stop);
      return null;
    }
    case 'unlisten': {
      const stop = listeners.get(req.listener);
      listeners.delete(req.listener);
      if (stop && !client.closed) await stop();
      return null;
    }
    case 'close':
      if (!client.closed) await client.close();
      return null;
  }
}

port.on('message', (req: Request) => {
  handle(req).then(
    (result) => port.postMessage({ id: req.id, result } satisfies Reply),
    (e: unknown) => port.postMessage({ id: req.id, error: wireError(e) } satisfies Reply),
  );
});
port.postMessage({ ready: true } satisfies Reply);
