import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seedCatalogue } from '../db/catalogue.js';
import { seedDemo } from '../db/seed.js';

/**
 * API tests run through the real HTTP layer (fastify.inject) against a fresh database: embedded
 * PGlite in memory by default, or a new database on the PostgreSQL server when TEST_DB=postgres
 * (created from DATABASE_URL, dropped afterwards). Both stores run the same test files.
 */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
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

export async function createTestApp(
  opts: { demo?: boolean; env?: Record<string, string>; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestContext> {
  let drop: (() => Promise<void>) | null = null;
  let database: Database;
  if (TEST_DB === 'postgres') {
    const fresh = await freshPostgres();
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  const config = loadConfig({ CAPTCHA: 'off', DEMO: '0', SIMULATOR: '0', MQTT_PORT: '0', LOG_LEVEL: 'silent', ...opts.env });
  await seedCatalogue(database.db);
  if (opts.demo !== false) await seedDemo(database.db);
  const app = await buildApp({ config, database }, opts.onRoute ? { onRoute: opts.onRoute } : {});
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      if (drop) await drop();
    },
  };
}
