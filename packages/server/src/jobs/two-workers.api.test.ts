import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { quietLog } from '../lib/log.js';
import { Jobs } from './queue.js';

/**
 * Issue 11's done-when for jobs: two server processes on one PostgreSQL database run 1,000 jobs
 * exactly once each while one of them is killed (SIGKILL) midway. Each job's effect (a row in
 * job_results under the job's key) commits with its completion; a second completion of a job
 * would find its key taken and leave a row in job_doubles. PGlite is one process's database:
 * there is nothing to share, so the test runs on PostgreSQL only.
 */
const JOBS = 1_000;
const WORKER = fileURLToPath(new URL('./testkit-worker.ts', import.meta.url));

describe.skipIf(TEST_DB !== 'postgres')(`jobs shared by two processes, one killed midway (${TEST_DB})`, () => {
  let ctx: TestContext;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    await ctx.database.query('CREATE TABLE job_results (k text PRIMARY KEY, pid int NOT NULL)');
    await ctx.database.query('CREATE TABLE job_doubles (k text NOT NULL, pid int NOT NULL)');
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await ctx?.close();
  });

  function startWorker(url: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('ready')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)));
    });
  }
  const count = async (q: string): Promise<number> => (await ctx.database.query<{ n: number }>(q))[0]!.n;
  async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`not reached in ${ms} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('runs 1,000 jobs exactly once each', { timeout: 180_000 }, async () => {
    const url = (await ctx.database.query<{ url: string }>(`SELECT current_database() AS url`))[0]!.url;
    const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    base.pathname = `/${url}`;
    const [a, b] = await Promise.all([startWorker(base.toString()), startWorker(base.toString())]);

    // All 1,000 become visible at once (one transaction), so both workers start on them together.
    const producer = new Jobs(ctx.database, { log: quietLog });
    const job = producer.define('test.effect', async () => undefined);
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < JOBS; i++) await producer.enqueue(job, { k: `job-${i}` }, { tx, key: `job-${i}` });
    });

    // Midway: half of the jobs are done, both workers have been taking them.
    await until(async () => (await count(`SELECT count(*)::int AS n FROM job_results`)) >= JOBS / 2, 60_000);
    const exited = new Promise((r) => a.once('exit', r));
    a.kill('SIGKILL');
    await exited;
    const atKill = await count(`SELECT count(*)::int AS n FROM job_results`);
    expect(atKill).toBeLessThan(JOBS);

    await until(async () => (await count(`SELECT count(*)::int AS n FROM jobs WHERE state = 'done'`)) === JOBS, 120_000);
    const stopped = new Promise((r) => b.once('exit', r));
    b.kill('SIGTERM');
    expect(await stopped).toBe(0);

    expect(await count(`SELECT count(*)::int AS n FROM job_results`)).toBe(JOBS);
    expect(await count(`SELECT count(DISTINCT k)::int AS n FROM job_results`)).toBe(JOBS);
    expect(await count(`SELECT count(*)::int AS n FROM job_doubles`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM jobs WHERE state <> 'done'`)).toBe(0);
    // Both processes did work, and the jobs the killed one had claimed ran again after their lease.
    const byA = await count(`SELECT count(*)::int AS n FROM job_results WHERE pid = ${a.pid}`);
    const byB = await count(`SELECT count(*)::int AS n FROM job_results WHERE pid = ${b.pid}`);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA + byB).toBe(JOBS);
    const retried = await count(`SELECT count(*)::int AS n FROM jobs WHERE attempts > 1`);
    expect(retried).toBeGreaterThan(0);
    if (process.env.JOBS_TEST_FIGURES)
      console.info(`jobs: killed worker completed ${byA}, survivor ${byB}, ${retried} ran again after the kill`);
  });
});
