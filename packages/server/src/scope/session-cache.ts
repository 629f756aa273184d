import type { Database } from '../db/client.js';
import { notify } from '../db/notify.js';
import { loadAccess, type AccessScope } from '../lib/access.js';
import type { Log } from '../lib/log.js';
import { hashToken, sessionLive, storedSession, touchDue, touchSession, type StoredSession } from '../lib/sessions.js';
import type { AuthContext } from './auth-context.js';

/** The notification channel on which a write tells every server that sessions or rights changed. */
export const AUTH_CHANNEL = 'fs_auth_changed';

export interface SessionCacheOptions {
  /** How long an entry is trusted without a notification: the backstop for changes made outside the API. */
  ttlMs?: number;
  /** Entries kept at most (the oldest go first). */
  max?: number;
  log?: Log;
}

interface Entry {
  session: StoredSession;
  access: AccessScope;
  at: number;
}

/**
 * The signed-in account and its access of each token, kept in memory so that a request does not
 * cost the two queries (session, then rights and farms) it would otherwise. Any successful write
 * through the API may change a session or a right (ban, password change, role edit, logout,
 * farm or shed assignment), so the guard calls `invalidate()` after each one: the cache is
 * dropped here and, through PostgreSQL NOTIFY, in every other server on the same database
 * (a lost listening connection drops it too, as notifications may have been missed).
 *
 * Only good news is trusted from memory: an entry that looks idle or expired is checked again in
 * the database, because another server may have seen the session since. Until the listener is
 * up (or if it cannot be), nothing is cached.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly max: number;
  private epoch = 0;
  private listening: Promise<boolean> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;
  private readonly log: Log | null;
  private readonly dropListeners: (() => void)[] = [];

  constructor(
    private readonly database: Database,
    opts: SessionCacheOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.max = opts.max ?? 10_000;
    this.log = opts.log ?? null;
  }

  /** The live account and access of a token, or null (unknown, revoked, idle, expired, disabled). */
  async resolve(token: string): Promise<AuthContext | null> {
    const db = this.database.db;
    const hash = hashToken(token);
    const now = Date.now();
    let entry = this.entries.get(hash);
    if (entry && (now - entry.at > this.ttlMs || !sessionLive(entry.session, now))) {
      this.entries.delete(hash);
      entry = undefined;
    }
    if (!entry) {
      const cacheable = await this.listen();
      const epoch = this.epoch;
      const session = await storedSession(db, hash);
      if (!session || !sessionLive(session, now) || session.status !== 1) return null;
      entry = { session, access: await loadAccess(db, session), at: now };
      // A write that landed while this was loading may have changed what was read: keep it for
      // this request only.
      if (cacheable && epoch === this.epoch && !this.closed) this.put(hash, entry);
    }
    if (touchDue(entry.session, now)) {
      entry.session.lastSeenAt = now;
      await touchSession(db, hash, now);
    }
    const { lastSeenAt: _l, expiresAt: _e, ...account } = entry.session;
    return { ...account, ...entry.access };
  }

  /** After a write: forget every entry here and in the other servers. */
  async invalidate(): Promise<void> {
    this.drop();
    if (this.database.kind === 'postgres' && !this.closed) {
      await notify((sql, params) => this.database.query(sql, params), AUTH_CHANNEL);
    }
  }

  /** Forgets every entry of this process only (tests that edit the database behind the API). */
  drop(): void {
    this.epoch += 1;
    this.entries.clear();
    for (const listener of this.dropListeners) listener();
  }

  /**
   * Other caches of what the API writes (the alarm rules of each shed) drop with this one: on a
   * successful API write here or in another server, and when notifications may have been missed.
   */
  onDrop(listener: () => void): void {
    this.dropListeners.push(listener);
  }

  /** Counts the drops; what was read at one count may be kept only if it is still the count after. */
  get generation(): number {
    return this.epoch;
  }

  /** Whether what is read now may be kept: the other servers' writes are heard (always on PGlite). */
  heard(): Promise<boolean> {
    return this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.drop();
    const stop = this.stop;
    this.stop = null;
    if (stop) await stop();
  }

  private put(hash: string, entry: Entry): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, entry);
  }

  /** Starts listening for other servers' invalidations once; false while caching is not safe. */
  private listen(): Promise<boolean> {
    if (this.database.kind === 'pglite') return Promise.resolve(true); // one process: invalidate() covers all
    this.listening ??= this.database
      .listen(
        AUTH_CHANNEL,
        () => this.drop(),
        () => this.drop(),
      )
      .then(async (stop) => {
        if (this.closed) {
          await stop();
          return false;
        }
        this.stop = stop;
        return true;
      })
      .catch((err: unknown) => {
        this.log?.warn({ err }, 'session cache: cannot listen for changes; sessions are read from the database on every request');
        return false;
      });
    return this.listening;
  }
}
