import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { quietLog } from '../lib/log.js';
import { Jobs, type JobsOptions } from './queue.js';

/**
 * The job queue on the test database: run-at, retries with backoff, the final `failed` state,
 * idempotent keys, lease expiry after a dead worker, one transaction for the job's writes and
 * its `done` mark, and a clean stop. (Two processes on PostgreSQL: two-workers.api.test.ts.)
 */
describe(`durable jobs (${TEST_DB})`, () => {
  let ctx: TestContext;
  const queues: Jobs[] = [];
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false });
    await ctx.database.query('CREATE TABLE job_effects (k text PRIMARY KEY, attempt int NOT NULL)');
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop(0);
  });
  afterAll(async () => {
    await ctx.close();
  });

  function queue(opts: Partial<JobsOptions> = {}): Jobs {
    const q = new Jobs(ctx.database, { log: quietLog, pollMs: 20, leaseMarginMs: 200, ...opts });
    queues.push(q);
    return q;
  }
  /** A fresh job name per test: the table is shared by the tests of this file. */
  const fresh = (): string => `test.job${++n}`;
  const row = async (id: number): Promise<{ state: string; attempts: number; last_error: string | null; run_ms: number }> =>
    (
      await ctx.database.query<{ state: string; attempts: number; last_error: string | null; run_ms: number }>(
        `SELECT state, attempts, last_error, (extract(epoch FROM run_at) * 1000)::float8 AS run_ms FROM jobs WHERE id = $1`,
        [id],
      )
    )[0]!;
  const effects = async (k: string): Promise<number> =>
    (await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM job_effects WHERE k = $1', [k]))[0]!.n;
  const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

  it('runs a job no earlier than its run-at, with its payload, and its write commits with done', async () => {
    const q = queue();
    const seen: unknown[] = [];
    const job = q.define(fresh(), async (p: { k: string; n: number[] }, { tx, job: j }) => {
      seen.push(p);
      await tx.execute(sql`INSERT INTO job_effects (k, attempt) VALUES (${p.k}, ${j.attempt})`);
    });
    const runAt = Date.now() + 400;
    const { id, created } = await q.enqueue(job, { k: 'run-at', n: [1, 2] }, { runAt });
    expect(created).toBe(true);
    expect(await q.runDue()).toBe(0);
    await sleep(450);
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ k: 'run-at', n: [1, 2] }]);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await effects('run-at')).toBe(1);
    expect(await q.runDue()).toBe(0);
  });

  it('the worker loop runs a job as soon as it is enqueued here, and a later one at its time', async () => {
    // Polling once a minute: only the wake-up from enqueue can make the first job run quickly.
    const q = queue({ pollMs: 60_000 });
    const ran: number[] = [];
    const name = fresh();
    const job = q.define(name, async (p: { at: number }) => {
      ran.push(Date.now() - p.at);
    });
    q.start();
    await q.enqueue(job, { at: Date.now() });
    for (let i = 0; i < 100 && ran.length < 1; i++) await sleep(20);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toBeLessThan(1_500);
    await q.stop();
    const polling = queue({ pollMs: 20 });
    polling.define(name, async (p: { at: number }) => {
      ran.push(Date.now() - p.at);
    });
    polling.start();
    const later = Date.now();
    await polling.enqueue(name, { at: later }, { runAt: later + 300 });
    for (let i = 0; i < 150 && ran.length < 2; i++) await sleep(20);
    expect(ran).toHaveLength(2);
    expect(ran[1]).toBeGreaterThanOrEqual(290);
  });

  it('retries a failing job with exponential backoff, rolling back each failed attempt', async () => {
    const q = queue();
    const job = q.define(
      fresh(),
      async (p: { k: string }, { tx, job: j }) => {
        await tx.execute(sql`INSERT INTO job_effects (k, attempt) VALUES (${p.k}, ${j.attempt})`);
        if (j.attempt < 3) throw new Error(`flaky ${j.attempt}`);
      },
      { attempts: 4, backoff: { baseMs: 150, factor: 2 } },
    );
    const { id } = await q.enqueue(job, { k: 'retry' });
    let t = Date.now();
    expect(await q.runDue()).toBe(1);
    let r = await row(id);
    expect(r).toMatchObject({ state: 'queued', attempts: 1, last_error: 'flaky 1' });
    expect(r.run_ms - t).toBeGreaterThanOrEqual(100);
    expect(await effects('retry')).toBe(0);
    expect(await q.runDue()).toBe(0);
    await sleep(200);
    t = Date.now();
    expect(await q.runDue()).toBe(1);
    r = await row(id);
    expect(r).toMatchObject({ state: 'queued', attempts: 2, last_error: 'flaky 2' });
    // Second retry waits twice as long as the first.
    expect(r.run_ms - t).toBeGreaterThanOrEqual(250);
    await sleep(350);
    expect(await q.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 3, last_error: null });
    expect(await ctx.database.query('SELECT attempt FROM job_effects WHERE k = $1', ['retry'])).toEqual([{ attempt: 3 }]);
  });

  it('keeps a job that used up its attempts as failed, with the last error', async () => {
    const q = queue();
    const job = q.define(
      fresh(),
      async (_p: null, { job: j }) => {
        throw new Error(`broken ${j.attempt}`);
      },
      { attempts: 2, backoff: { baseMs: 0 } },
    );
    const { id } = await q.enqueue(job, null);
    expect(await q.runDue()).toBe(2);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 2, last_error: 'broken 2' });
    expect(await q.runDue()).toBe(0);
  });

  it('enqueues a keyed job once, however often and however concurrently it is asked', async () => {
    const q = queue();
    const job = q.define(fresh(), async () => undefined);
    const answers = await Promise.all(Array.from({ length: 8 }, () => q.enqueue(job, { v: 1 }, { key: 'alarm-7:acc-3:email' })));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(await q.runDue()).toBe(1);
    // Still the same job once it is done: the key does not let it run a second time.
    const again = await q.enqueue(job, { v: 2 }, { key: 'alarm-7:acc-3:email' });
    expect(again).toEqual({ id: answers[0]!.id, created: false });
    expect(await q.runDue()).toBe(0);
    // Another key, or no key, is another job.
    expect((await q.enqueue(job, { v: 3 }, { key: 'alarm-7:acc-4:email' })).created).toBe(true);
    const a = await q.enqueue(job, { v: 4 });
    const b = await q.enqueue(job, { v: 4 });
    expect(a.id).not.toBe(b.id);
    expect(await q.runDue()).toBe(3);
  });

  it('enqueues inside the caller transaction: a rolled-back write leaves no job', async () => {
    const q = queue();
    const job = q.define(fresh(), async () => undefined);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await q.enqueue(job, { v: 1 }, { tx, key: 'rolled-back' });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await q.runDue()).toBe(0);
    expect((await q.enqueue(job, { v: 1 }, { key: 'rolled-back' })).created).toBe(true);
  });

  it('runs a job again after the lease of a dead worker, and fails it when that was the last attempt', async () => {
    const q = queue({ leaseMarginMs: 0 });
    const job = q.define(
      fresh(),
      async (p: { k: string }, { tx, job: j }) => {
        await tx.execute(sql`INSERT INTO job_effects (k, attempt) VALUES (${p.k}, ${j.attempt})`);
      },
      { attempts: 2, timeoutMs: 60_000 },
    );
    // A worker claimed both jobs and died: the rows say `running` under its name until the lease ends.
    const { id } = await q.enqueue(job, { k: 'lease' });
    const { id: last } = await q.enqueue(job, { k: 'lease-last' });
    await ctx.database.query(
      `UPDATE jobs SET state = 'running', attempts = CASE WHEN id = $1 THEN 1 ELSE 2 END, locked_by = 'dead-worker',
         locked_until = now() + interval '400 milliseconds' WHERE id IN ($1, $2)`,
      [id, last],
    );
    expect(await q.runDue()).toBe(0);
    await sleep(450);
    expect(await q.runDue()).toBe(2);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await ctx.database.query('SELECT attempt FROM job_effects WHERE k = $1', ['lease'])).toEqual([{ attempt: 2 }]);
    const failed = await row(last);
    expect(failed).toMatchObject({ state: 'failed', attempts: 2 });
    expect(failed.last_error).toMatch(/lease expired/);
    expect(await effects('lease-last')).toBe(0);
  });

  it('never runs a slow attempt twice at once, even past its lease; the timed-out attempt rolls back', async () => {
    const q = queue({ leaseMarginMs: 50 });
    const other = queue({ leaseMarginMs: 50 });
    let running = 0;
    let most = 0;
    const handler = async (p: { k: string }, { tx, job: j }: Parameters<Parameters<Jobs['define']>[1]>[1]): Promise<void> => {
      running++;
      most = Math.max(most, running);
      // Ignores its signal on purpose: the queue must still keep the row to itself.
      if (j.attempt === 1) await sleep(500);
      await tx.execute(sql`INSERT INTO job_effects (k, attempt) VALUES (${p.k}, ${j.attempt})`);
      running--;
    };
    const name = fresh();
    const job = q.define(name, handler, { timeoutMs: 100, backoff: { baseMs: 0 } });
    other.define(name, handler, { timeoutMs: 100, backoff: { baseMs: 0 } });
    const { id } = await q.enqueue(job, { k: 'slow' });
    const first = q.runDue();
    await sleep(300);
    // The lease (150 ms) has passed, but the first attempt still holds the row: nothing to claim
    // on PostgreSQL; PGlite (one connection) waits for that attempt's transaction instead.
    const second = await other.runDue();
    await first;
    expect(most).toBe(1);
    if (TEST_DB === 'postgres') expect(second).toBe(0);
    await other.runDue();
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await ctx.database.query('SELECT attempt FROM job_effects WHERE k = $1', ['slow'])).toEqual([{ attempt: 2 }]);
  });

  it('stops cleanly: a running attempt is aborted, rolled back and released without using an attempt', async () => {
    const q = queue();
    let started = false;
    const job = q.define(fresh(), async (p: { k: string }, { tx, signal }) => {
      await tx.execute(sql`INSERT INTO job_effects (k, attempt) VALUES (${p.k}, 1)`);
      started = true;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    q.start();
    const { id } = await q.enqueue(job, { k: 'stop' });
    for (let i = 0; i < 100 && !started; i++) await sleep(20);
    expect(started).toBe(true);
    await q.stop(50);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await effects('stop')).toBe(0);
  });

  it('refuses jobs it does not know and names defined twice', async () => {
    const q = queue();
    const name = fresh();
    q.define(name, async () => undefined);
    expect(() => q.define(name, async () => undefined)).toThrow(/twice/);
    await expect(q.enqueue('test.nobody', {})).rejects.toThrow(/not defined/);
    await expect(q.enqueue(name, undefined)).rejects.toThrow(/JSON/);
  });
});
