import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { hashStoredCheckCodes } from './after-migrations.js';
import { listenPg } from './notify.js';
import { pgliteOptions } from './pglite-options.js';
import { migratedTemplate } from './pglite-template.js';
import { ThreadedPGlite } from './pglite-thread.js';
import * as tables from './tables.js';

/**
 * One PostgreSQL dialect for both stores: the drizzle query builder is the same whether rows live
 * in embedded PGlite or on a PostgreSQL server, so the code is typed against the node-postgres
 * flavour and the PGlite instance is used through the same interface.
 */
export type Db = NodePgDatabase<typeof tables>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL with positional parameters, for bulk paths that the query builder does not fit. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Ingest's write statements (iot/store.ts). On PostgreSQL a small pool of its own beside the
   * requests' pool, so a burst of device batches holds at most INGEST_CONNECTIONS connections and
   * never queues the console behind it (issue 19); on PGlite the one store (in its own thread).
   */
  ingestQuery<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Listens on a PostgreSQL notification channel (db/notify.ts): `onMessage` for each NOTIFY,
   * `onGap` when the listening connection was lost and came back (notifications may be missed).
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Where the generated migrations are, from src/ (tests, tsx) or from the built dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle'), path.resolve(here, 'drizzle')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`migrations not found near ${here}`);
  return found;
}

/** Connections ingest may hold on PostgreSQL (a batch is one statement; two overlap commit and the next batch). */
export const INGEST_CONNECTIONS = 2;

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * Embedded store only: run PGlite in a worker thread (db/pglite-thread.ts), so a write batch
   * never holds up the requests, MQTT and live streams of this thread. The server does; tests
   * that open many short-lived stores keep it in their own thread.
   */
  thread?: boolean;
  /**
   * Embedded in-memory store only: start from a dump of an already migrated store
   * (db/pglite-template.ts) instead of replaying every migration. Tests use it.
   */
  fromTemplate?: boolean;
}

export async function openDatabase(opts: DbOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => undefined); // a dropped idle client is replaced on next use
    // A backend terminated mid-query (server restart) fails that query, then its socket's end is
    // emitted as 'error' on a client the pool already dropped: without a listener that would
    // crash the process instead of letting the caller retry.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const ingestPool = new pg.Pool({ connectionString: opts.databaseUrl, max: INGEST_CONNECTIONS });
    ingestPool.on('error', () => undefined);
    ingestPool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema: tables });
    await migratePg(db, { migrationsFolder: folder });
    return afterMigrations({
      db,
      kind: 'postgres',
      async query<T>(text: string, params: unknown[] = []) {
        return (await pool.query(text, params)).rows as T[];
      },
      async ingestQuery<T>(text: string, params: unknown[] = []) {
        return (await ingestPool.query(text, params)).rows as T[];
      },
      listen: (channel, onMessage, onGap) => listenPg(opts.databaseUrl!, channel, onMessage, onGap),
      close: async () => {
        await ingestPool.end();
        await pool.end();
      },
    });
  }
  const dir = opts.dataDir ?? 'memory://';
  let pgDir = dir;
  if (!dir.startsWith('memory://')) {
    pgDir = path.resolve(dir, 'pg');
    mkdirSync(pgDir, { recursive: true });
  }
  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => (await client.query<T>(text, params)).rows;
  const loadDataDir = opts.fromTemplate && !opts.thread && dir.startsWith('memory://') ? await migratedTemplate(folder) : undefined;
  const client = opts.thread
    ? await ThreadedPGlite.create(pgDir)
    : await PGlite.create(pgDir, { ...pgliteOptions(), ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client as PGlite, { schema: tables }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: folder });
  return afterMigrations({
    db,
    kind: 'pglite',
    query,
    // In its thread, ingest's statements give way to the requests' (pglite-worker.ts).
    ingestQuery:
      client instanceof ThreadedPGlite
        ? async <T>(text: string, params: unknown[] = []) => (await client.bulkQuery<T>(text, params)).rows
        : query,
    // One process holds the embedded store: its notifications never leave it, none is missed.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  });
}

/** Data steps SQL cannot do, run after the migrations: check codes still in plain text are hashed. */
async function afterMigrations(database: Database): Promise<Database> {
  await hashStoredCheckCodes(database);
  return database;
}

/** A drizzle transaction of `Db` (what `db.transaction(async (tx) => ...)` hands over). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
