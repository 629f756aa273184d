import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';

/** A job this worker has claimed: its lease is (id, locked_by = this worker, attempts). */
export interface Claimed {
  id: number;
  name: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/**
 * Claims up to `limit` due jobs of the kinds this process knows: queued ones whose run time has
 * come, and running ones whose lease has run out (their worker died or lost its database). SKIP
 * LOCKED passes over rows another worker is claiming or running right now (a running attempt
 * holds its row locked in its transaction), so two workers never take the same row. The claim
 * commits on its own: `attempts` counts it even if this process dies next.
 */
const CLAIM_SQL = `
WITH due AS (
  SELECT id FROM jobs
   WHERE name = ANY($1::text[])
     AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until <= now()))
   ORDER BY run_at, id
   LIMIT $3
   FOR UPDATE SKIP LOCKED
)
UPDATE jobs j
   SET state = 'running', attempts = j.attempts + 1, locked_by = $4,
       locked_until = now() + l.lease_ms * interval '1 millisecond', updated_at = now()
  FROM due, unnest($1::text[], $2::int[]) AS l(name, lease_ms)
 WHERE j.id = due.id AND l.name = j.name
RETURNING j.id, j.name, j.key, j.payload, j.attempts, j.max_attempts`;

export async function claimJobs(database: Database, leases: Map<string, number>, limit: number, worker: string): Promise<Claimed[]> {
  const rows = await database.query<{
    id: string | number;
    name: string;
    key: string | null;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(CLAIM_SQL, [[...leases.keys()], [...leases.values()], limit, worker]);
  return rows
    .map((r) => ({ id: Number(r.id), name: r.name, key: r.key, payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts }))
    .sort((a, b) => a.id - b.id);
}

/**
 * First statement of an attempt's transaction: locks the row if the lease is still this
 * worker's. False means another worker took the job after the lease ran out; the attempt must
 * not run. The lock is what keeps a slow but live attempt from being claimed a second time.
 */
export async function holdLease(tx: Tx, c: Claimed, worker: string): Promise<boolean> {
  const res = await tx.execute(
    sql`SELECT id FROM jobs WHERE id = ${c.id} AND state = 'running' AND locked_by = ${worker} AND attempts = ${c.attempts} FOR UPDATE`,
  );
  return res.rows.length === 1;
}

/** Last statement of a successful attempt, in its transaction (the row is locked by holdLease). */
export async function markDone(tx: Tx, c: Claimed): Promise<void> {
  await tx.execute(
    sql`UPDATE jobs SET state = 'done', finished_at = now(), updated_at = now(), locked_by = NULL, locked_until = NULL,
        last_error = NULL WHERE id = ${c.id}`,
  );
}

const LEASE = `id = $1 AND state = 'running' AND locked_by = $2 AND attempts = $3`;

/** After a failed attempt (rolled back): retry after `delayMs`, or `failed` when none are left. */
export async function markFailed(database: Database, c: Claimed, worker: string, error: string, delayMs: number): Promise<void> {
  await database.query(
    `UPDATE jobs SET
       state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
       run_at = CASE WHEN attempts >= max_attempts THEN run_at ELSE now() + $4 * interval '1 millisecond' END,
       finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
       last_error = $5, locked_by = NULL, locked_until = NULL, updated_at = now()
     WHERE ${LEASE}`,
    [c.id, worker, c.attempts, delayMs, error.slice(0, 2_000)],
  );
}

/** The last attempt's lease ran out without an outcome: out of attempts, kept as `failed`. */
export async function markLeaseExpired(database: Database, c: Claimed, worker: string): Promise<void> {
  await database.query(
    `UPDATE jobs SET state = 'failed', attempts = max_attempts, finished_at = now(), locked_by = NULL, locked_until = NULL,
       last_error = coalesce(last_error || ' / ', '') || 'lease expired on the last attempt', updated_at = now()
     WHERE ${LEASE}`,
    [c.id, worker, c.attempts],
  );
}

/** The app is stopping: give the attempt back untouched (not counted), to run again at once. */
export async function release(database: Database, c: Claimed, worker: string): Promise<void> {
  await database.query(
    `UPDATE jobs SET state = 'queued', attempts = attempts - 1, locked_by = NULL, locked_until = NULL, updated_at = now()
     WHERE ${LEASE}`,
    [c.id, worker, c.attempts],
  );
}

/** Done rows are kept `keepMs` for inspection (and so a key is not reused meanwhile). */
export async function purgeDone(database: Database, keepMs: number): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `WITH gone AS (DELETE FROM jobs WHERE state = 'done' AND finished_at < now() - $1 * interval '1 millisecond' RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [keepMs],
  );
  return rows[0]?.n ?? 0;
}
