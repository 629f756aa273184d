import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { farms, tenants } from './tables.js';

/**
 * The embedded store runs in a worker thread (db/pglite-thread.ts, issue 19): the server's thread
 * answers requests while the database works, and everything the code relies on crosses the
 * thread unchanged (results, types, SQLSTATE codes, transactions, notifications). On PostgreSQL
 * the same file checks the same behaviour of the pool.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ demo: false, thread: true });
  await t.database.query('CREATE TABLE bulk_write (n int, s text)');
});

afterAll(async () => {
  await t.close();
});

describe(`the store beside the request thread (${TEST_DB})`, () => {
  it('answers a console request while a large write batch is in progress', async () => {
    let writeEnded = 0;
    const write = t.database
      .query(`INSERT INTO bulk_write SELECT n, md5(n::text) FROM generate_series(1, 600000) n`)
      .then(() => (writeEnded = performance.now()));
    await new Promise((r) => setTimeout(r, 30));
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const answered = performance.now();
    await write;
    expect(res.statusCode).toBe(200);
    expect(writeEnded).toBeGreaterThan(0);
    // In the old layout the answer came only after the batch: the database held the thread.
    expect(answered).toBeLessThan(writeEnded);
    const [{ count }] = (await t.database.query<{ count: number }>('SELECT count(*)::int AS count FROM bulk_write')) as [{ count: number }];
    expect(count).toBe(600000);
  });

  it('serves a console read before ingest writes queued ahead of it', async () => {
    const done: string[] = [];
    const write = (n: number) =>
      t.database
        .ingestQuery(`INSERT INTO bulk_write SELECT n, md5(n::text) FROM generate_series(1, 200000) n`)
        .then(() => void done.push(`write ${n}`));
    // Two lanes' writes are queued, then a read: it waits for the write running, not for both.
    const writes = [write(1), write(2)];
    const read = t.database.query('SELECT 1').then(() => void done.push('read'));
    await Promise.all([...writes, read]);
    expect(done).toHaveLength(3);
    if (TEST_DB === 'pglite') expect(done.indexOf('read')).toBeLessThan(done.indexOf('write 2'));
  });

  it('keeps types, SQLSTATE codes and constraint names across the thread', async () => {
    const [row] = (await t.database.query<{ at: Date; big: number; b: Uint8Array; j: { a: number[] } }>(
      `SELECT $1::timestamptz AS at, 9007199254740::bigint AS big, '\\x0102'::bytea AS b, '{"a":[1,2]}'::jsonb AS j`,
      [new Date('2026-11-27T10:00:00Z')],
    )) as [{ at: Date; big: number; b: Uint8Array; j: { a: number[] } }];
    expect(row.at).toBeInstanceOf(Date);
    expect(row.at.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(Array.from(row.b)).toEqual([1, 2]);
    expect(row.j).toEqual({ a: [1, 2] });
    await t.database.query('CREATE TABLE uniq_probe (k text CONSTRAINT uniq_probe_k UNIQUE)');
    await t.database.query(`INSERT INTO uniq_probe VALUES ('a')`);
    const err = (await t.database.query(`INSERT INTO uniq_probe VALUES ('a')`).catch((e: unknown) => e)) as Record<string, unknown>;
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('uniq_probe_k');
  });

  it('commits a transaction, rolls back a failed one and a failed savepoint alone', async () => {
    const [tenant] = await t.database.db
      .insert(tenants)
      .values({ name: `Thread tenant ${Date.now()}` })
      .returning({ id: tenants.id });
    const name = `Thread farm ${Date.now()}`;
    const id = await t.database.db.transaction(async (tx) => {
      const [f] = await tx.insert(farms).values({ tenantId: tenant!.id, farmName: name, type: 1 }).returning({ id: farms.id });
      // A failed savepoint undoes only itself.
      await tx
        .transaction(async (inner) => {
          await inner.update(farms).set({ farmName: 'never' }).where(eq(farms.id, f!.id));
          throw new Error('undo the inner part');
        })
        .catch(() => undefined);
      return f!.id;
    });
    const [kept] = await t.database.db.select({ name: farms.farmName }).from(farms).where(eq(farms.id, id));
    expect(kept?.name).toBe(name);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(farms).set({ farmName: 'rolled back' }).where(eq(farms.id, id));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [after] = await t.database.db.select({ name: farms.farmName }).from(farms).where(eq(farms.id, id));
    expect(after?.name).toBe(name);
  });

  it('delivers notifications and stops on request', async () => {
    const got: string[] = [];
    const stop = await t.database.listen('thread_probe', (p) => got.push(p));
    await t.database.query(`SELECT pg_notify('thread_probe', 'one')`);
    await expect.poll(() => got).toEqual(['one']);
    await stop();
    await t.database.query(`SELECT pg_notify('thread_probe', 'two')`);
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual(['one']);
  });
});
