import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { quietLog } from '../lib/log.js';
import { Jobs } from './queue.js';

/**
 * A server process as far as jobs go, for two-workers.api.test.ts (not loaded by the server):
 * `node --import tsx testkit-worker.ts <DATABASE_URL>` runs `test.effect` jobs until SIGTERM.
 * Each job inserts its key into job_results in its transaction; finding the key already there
 * means the job completed twice, which is written to job_doubles (the test expects none).
 */
const url = process.argv[2];
if (!url) throw new Error('usage: testkit-worker.ts <DATABASE_URL>');
const database = await openDatabase({ databaseUrl: url, poolSize: 6 });
const jobs = new Jobs(database, { log: quietLog, concurrency: 4, pollMs: 25, leaseMarginMs: 500, worker: `child-${process.pid}` });
jobs.define(
  'test.effect',
  async (p: { k: string }, { tx }) => {
    await new Promise((r) => setTimeout(r, 5));
    const res = await tx.execute(sql`INSERT INTO job_results (k, pid) VALUES (${p.k}, ${process.pid}) ON CONFLICT DO NOTHING RETURNING k`);
    if (res.rows.length === 0) await tx.execute(sql`INSERT INTO job_doubles (k, pid) VALUES (${p.k}, ${process.pid})`);
  },
  { timeoutMs: 1_500, attempts: 10, backoff: { baseMs: 50 } },
);
jobs.start();
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void jobs
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
