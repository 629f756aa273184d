import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the benchmarks use (BENCH_PG_URL, else DATABASE_URL, else the local one). */
export const PG_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new, empty database on that server for one benchmark run, and how to drop it afterwards. */
export async function freshPg(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fs_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
