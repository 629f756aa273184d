import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { LOGIN_LOCK } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/tables.js';
import { afterFailure, afterNameFailure, CLEAR_FAILURES, lockRemainingSeconds, type FailureState } from './policy.js';

/**
 * The sign-in failure counts of login_failures: per name and client address (the lock) and per
 * name over every address (row with address '': the captcha). Names that do not exist are
 * counted exactly like names that do, so no answer tells them apart.
 */
const ALL = '';

export interface NameFailures {
  /** This name at this address. */
  pair: FailureState;
  /** This name at every address together. */
  total: FailureState;
}

const cols = {
  ip: loginFailures.ip,
  failedCount: loginFailures.failedCount,
  firstFailedAt: loginFailures.firstFailedAt,
  lockedUntil: loginFailures.lockedUntil,
};

function split(
  rows: { ip: string; failedCount: number; firstFailedAt: Date | null; lockedUntil: Date | null }[],
  ip: string,
): NameFailures {
  const pick = (k: string): FailureState => {
    const r = rows.find((x) => x.ip === k);
    return r ? { failedCount: r.failedCount, firstFailedAt: r.firstFailedAt, lockedUntil: r.lockedUntil } : CLEAR_FAILURES;
  };
  return { pair: pick(ip), total: pick(ALL) };
}

/** The address key of a request: never '' (that key is the total). */
export function addressKey(ip: string | undefined): string {
  return ip && ip.length > 0 ? ip.slice(0, 64) : 'unknown';
}

export async function readFailures(db: Db, name: string, ip: string): Promise<NameFailures> {
  const rows = await db
    .select(cols)
    .from(loginFailures)
    .where(and(eq(loginFailures.username, name), inArray(loginFailures.ip, [ip, ALL])));
  return split(rows, ip);
}

export interface RecordedFailure extends NameFailures {
  /** This failure locked the name at this address. */
  lockedNow: boolean;
  /** This failure brought the name to the captcha threshold. */
  captchaNow: boolean;
}

/** Counts one failure of `name` at `ip` under row locks, so parallel guesses cannot slip past the limit. */
export async function recordFailure(db: Db, name: string, ip: string, now: Date): Promise<RecordedFailure> {
  const result = await db.transaction(async (tx) => {
    await tx
      .insert(loginFailures)
      .values([
        { username: name, ip },
        { username: name, ip: ALL },
      ])
      .onConflictDoNothing();
    const rows = await tx
      .select(cols)
      .from(loginFailures)
      .where(and(eq(loginFailures.username, name), inArray(loginFailures.ip, [ip, ALL])))
      .orderBy(loginFailures.ip)
      .for('update');
    const before = split(rows, ip);
    const pair = afterFailure(before.pair, now);
    const total = afterNameFailure(before.total, now);
    await tx
      .update(loginFailures)
      .set(pair)
      .where(and(eq(loginFailures.username, name), eq(loginFailures.ip, ip)));
    await tx
      .update(loginFailures)
      .set(total)
      .where(and(eq(loginFailures.username, name), eq(loginFailures.ip, ALL)));
    return {
      pair,
      total,
      lockedNow: lockRemainingSeconds(before.pair, now) === 0 && lockRemainingSeconds(pair, now) > 0,
      captchaNow: total.failedCount === LOGIN_LOCK.captchaAfter,
    };
  });
  await sweep(db, now);
  return result;
}

/** A successful sign-in clears the count of its address; the total runs out with its window. */
export async function clearAddress(db: Db, name: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.username, name), eq(loginFailures.ip, ip)));
}

const swept = new WeakMap<Db, number>();

/** Drops rows whose window and lock have passed, at most once a minute per process. */
async function sweep(db: Db, now: Date): Promise<void> {
  const last = swept.get(db) ?? 0;
  if (now.getTime() - last < 60_000) return;
  swept.set(db, now.getTime());
  const windowStart = new Date(now.getTime() - LOGIN_LOCK.windowMinutes * 60_000);
  await db
    .delete(loginFailures)
    .where(
      and(
        or(isNull(loginFailures.firstFailedAt), lt(loginFailures.firstFailedAt, windowStart)),
        or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
      ),
    );
}
