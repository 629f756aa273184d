import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, ts } from './columns.js';

/** Where a job is: waiting for its run time, claimed by a worker, finished, or out of attempts. */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/**
 * Durable work (src/jobs): alarm push retries, timed feeding dispatch, reminders, report e-mails.
 * A worker claims a due row with FOR UPDATE SKIP LOCKED and holds it until `locked_until` (the
 * lease); the handler's writes and `state = 'done'` commit in one transaction. Failed rows stay
 * for inspection; done rows are purged after a while (jobs/queue.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** Idempotency key: enqueueing (name, key) again returns the first job instead of a second. */
    key: text('key'),
    payload: jsonb('payload').notNull(),
    state: text('state').$type<JobState>().notNull().default('queued'),
    /** Not before this time; after a failure, the time of the next attempt (backoff). */
    runAt: ts('run_at').notNull().defaultNow(),
    /** Attempts started so far (a claim counts one, whether or not it finished). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** The worker holding the claim and until when; a lease past its time may be claimed again. */
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    ...timestamps,
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_name_key_uq').on(t.name, t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'done'`),
    check('jobs_state_ck', sql`${t.state} IN ('queued', 'running', 'done', 'failed')`),
    check('jobs_attempts_ck', sql`${t.maxAttempts} >= 1`),
  ],
);
