import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SESSION } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { accounts, sessions } from '../db/tables.js';

/**
 * Server-side sessions: a random token goes to the client, its hash to the database, so any API
 * process can check it and logout or a ban revokes it everywhere at once.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  account: { id: number; tenantId: number | null },
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId: account.id,
    tenantId: account.tenantId,
    expiresAt: new Date(now + SESSION.absoluteHours * 3600_000),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export interface SessionAccount {
  tokenHash: string;
  id: number;
  tenantId: number | null;
  accountCode: string;
  accountName: string;
  accountType: number;
  status: number;
  mustChangePassword: boolean;
}

/** The live session's account, or null when the token is unknown, revoked, idle or expired. */
export async function resolveSession(db: Db, token: string): Promise<SessionAccount | null> {
  return liveSession(db, hashToken(token), { touch: true });
}

/** A session as stored, with its times: what the session cache (scope/session-cache.ts) keeps. */
export interface StoredSession extends SessionAccount {
  lastSeenAt: number;
  expiresAt: number;
}

/** The unrevoked session of a token hash with its account, whatever its age (null: none). */
export async function storedSession(db: Db, tokenHash: string): Promise<StoredSession | null> {
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: accounts.id,
      tenantId: accounts.tenantId,
      accountCode: accounts.accountCode,
      accountName: accounts.accountName,
      accountType: accounts.accountType,
      status: accounts.status,
      mustChangePassword: accounts.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  if (!row) return null;
  return { ...row, tokenHash, lastSeenAt: row.lastSeenAt.getTime(), expiresAt: row.expiresAt.getTime() };
}

/** Whether a stored session is still live at `now`: neither past its absolute end nor idle too long. */
export function sessionLive(s: { lastSeenAt: number; expiresAt: number }, now: number): boolean {
  return s.expiresAt > now && now - s.lastSeenAt <= SESSION.idleMinutes * 60_000;
}

/** Whether a request at `now` should move the session's last-seen time (at most once a minute). */
export function touchDue(s: { lastSeenAt: number }, now: number): boolean {
  return now - s.lastSeenAt > 60_000;
}

/** Records activity on a session at `now` (keeps it from going idle). */
export async function touchSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.tokenHash, tokenHash));
}

/**
 * The account of a live session by its token hash. `touch` extends an idle session (a request
 * does; the live stream's periodic re-check does not, so an open page alone never keeps an idle
 * session alive).
 */
export async function liveSession(db: Db, tokenHash: string, opts: { touch: boolean }): Promise<SessionAccount | null> {
  const row = await storedSession(db, tokenHash);
  const now = Date.now();
  if (!row || !sessionLive(row, now)) return null;
  if (opts.touch && touchDue(row, now)) await touchSession(db, tokenHash, now);
  const { lastSeenAt: _l, expiresAt: _e, ...account } = row;
  return account;
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

/** Signs an account out everywhere (ban, password change, tenant disabled). */
export async function revokeAccountSessions(db: Db, accountId: number, exceptTokenHash?: string): Promise<void> {
  const rows = await db
    .select({ t: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
  for (const r of rows) if (r.t !== exceptTokenHash) await revokeSession(db, r.t);
}
