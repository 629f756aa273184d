import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp, registerModuleWork } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seedCatalogue } from '../db/catalogue.js';
import { seedDemo } from '../db/seed.js';
import { createDeps, type Deps } from '../deps.js';
import type { IotLink, IotOptions } from '../iot/link.js';
import type { LiveHub } from '../iot/live.js';
import type { Jobs, JobsOptions } from '../jobs/queue.js';
import { quietLog } from '../lib/log.js';

/**
 * API tests run through the real HTTP layer (fastify.inject) against a fresh database: embedded
 * PGlite in memory by default, or a new database on the PostgreSQL server when TEST_DB=postgres
 * (created from DATABASE_URL, dropped afterwards). Both stores run the same test files.
 * The app has its full Deps; the device link and the job worker stay idle unless asked for
 * (`iot`, `jobs.start`), so a test that needs no devices starts no broker.
 */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (null on PGlite): a second app can open the same one. */
  databaseUrl: string | null;
  config: Config;
  deps: Deps;
  iot: IotLink;
  live: LiveHub;
  jobs: Jobs;
  close(): Promise<void>;
}

export interface TestAppOptions {
  demo?: boolean;
  env?: Record<string, string>;
  onRoute?: (route: RouteOptions) => void;
  /** Starts the device link with these options (embedded broker in process; `tcpPort: 0` adds TCP on a free port). */
  iot?: IotOptions;
  /** Job queue options; `start` runs the worker loop (else jobs run when the test calls `jobs.runDue()`). */
  jobs?: Omit<JobsOptions, 'log'> & { start?: boolean };
  /** PostgreSQL only: a second server on the first app's database (no seed; the first app drops it). */
  sameDatabaseAs?: TestContext;
  /** PGlite only: the store in a worker thread as the server runs it; by default in the test's own thread (cheaper per query, so the suite stays quick). */
  thread?: boolean;
}

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `fs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestContext> {
  let drop: (() => Promise<void>) | null = null;
  let database: Database;
  let databaseUrl: string | null = null;
  const shared = opts.sameDatabaseAs?.databaseUrl ?? null;
  if (opts.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs PostgreSQL');
  if (shared) {
    databaseUrl = shared;
    database = await openDatabase({ databaseUrl, poolSize: 4 });
  } else if (TEST_DB === 'postgres') {
    const fresh = await freshPostgres();
    databaseUrl = fresh.url;
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  } else {
    database = await openDatabase({ dataDir: 'memory://', thread: opts.thread ?? false, fromTemplate: true });
  }
  const config = loadConfig({ CAPTCHA: 'off', DEMO: '0', SIMULATOR: '0', MQTT_PORT: '0', LOG_LEVEL: 'silent', ...opts.env });
  if (!shared) {
    await seedCatalogue(database.db);
    if (opts.demo !== false) await seedDemo(database.db);
  }
  const { start: startJobs, ...jobOpts } = opts.jobs ?? {};
  const deps = createDeps({ config, database }, { log: quietLog, iot: { tcpPort: null, ...opts.iot }, jobs: { pollMs: 50, ...jobOpts } });
  const app = await buildApp(deps, opts.onRoute ? { onRoute: opts.onRoute } : {});
  await app.ready();
  registerModuleWork(deps);
  if (opts.iot) await deps.iot.start();
  if (startJobs) deps.jobs.start();
  return {
    app,
    database,
    databaseUrl,
    config,
    deps,
    iot: deps.iot,
    live: deps.live,
    jobs: deps.jobs,
    close: async () => {
      await deps.jobs.stop(0);
      await deps.iot.stop();
      await app.close();
      await database.close();
      if (drop) await drop();
    },
  };
}
