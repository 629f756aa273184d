import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/tables.js';

/**
 * Requests refused by a throttle (429, code 21011) go to the audit log with the client address,
 * the username tried (the body's for sign-in, the session's account for the security code) and how
 * many were refused, never the password. A flood must not become a flood of writes: the first
 * refusal of an address and name in a window is written at once, the rest are counted and written
 * as one entry when the window has passed (or when the server stops).
 */
interface Pending {
  tenantId: number | null;
  accountId: number | null;
  accountCode: string | null;
  ip: string;
  method: string;
  action: string;
  module: string;
  username: string | null;
  /** Refusals since the last entry. */
  attempts: number;
  /** When the last entry was written. */
  loggedAt: number;
}

const MAX_KEYS = 10_000;
/** One entry per address, name and route at most this often (the throttles' own window). */
export const THROTTLE_WINDOW_MS = 60_000;

/** What a throttled request was about: the name in its body, or the signed-in account. */
function usernameOf(req: FastifyRequest): string | null {
  if (req.auth) return req.auth.accountCode;
  const raw = (req.body as { username?: unknown } | null | undefined)?.username;
  if (typeof raw !== 'string') return null;
  // Kept printable: the name is attacker's text on its way into the log.
  const clean = raw
    .replace(/[\p{Cc}\p{Cs}]/gu, '')
    .trim()
    .toLowerCase();
  return clean.slice(0, 50) || null;
}

export interface ThrottleAudit {
  /** For @fastify/rate-limit's `onExceeded`: one refused request. */
  onExceeded(req: FastifyRequest): void;
  /** Writes what is still counted (also used by tests). */
  flush(): Promise<void>;
  /** Writes what is still counted and stops the timer (server shutdown). */
  close(): Promise<void>;
}

export function throttleAudit(db: Db, windowMs: number, log: { warn(obj: object, msg?: string): void }): ThrottleAudit {
  const pending = new Map<string, Pending>();

  const write = async (p: Pending): Promise<void> => {
    const attempts = p.attempts;
    p.attempts = 0;
    p.loggedAt = Date.now();
    try {
      await db.insert(auditLog).values({
        tenantId: p.tenantId,
        accountId: p.accountId,
        accountCode: p.accountCode,
        ip: p.ip,
        method: p.method,
        action: p.action,
        module: p.module,
        outcome: 'denied',
        code: ErrorCodes.RATE_LIMITED,
        detail: { throttled: true, username: p.username, attempts },
      });
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'throttled attempts not audited');
    }
  };

  const flushDue = async (all: boolean): Promise<void> => {
    const now = Date.now();
    const due = [...pending.entries()].filter(([, p]) => all || now - p.loggedAt >= windowMs);
    for (const [key, p] of due) {
      if (p.attempts > 0) await write(p);
      pending.delete(key);
    }
  };

  const timer = setInterval(() => void flushDue(false), Math.max(1_000, Math.floor(windowMs / 2)));
  timer.unref();

  return {
    onExceeded(req) {
      const action = req.routeOptions.url ?? req.url.split('?')[0]!;
      const username = usernameOf(req);
      const key = `${action}\n${req.ip}\n${username ?? ''}`;
      const known = pending.get(key);
      if (known) {
        known.attempts += 1;
        return;
      }
      if (pending.size >= MAX_KEYS) return;
      const entry: Pending = {
        tenantId: req.auth?.tenantId ?? null,
        accountId: req.auth?.id ?? null,
        accountCode: req.auth?.accountCode ?? null,
        ip: req.ip,
        method: req.method,
        action,
        module: req.routeOptions.config?.module ?? action.replace(/^\/api\//, '').split('/')[0] ?? '',
        username,
        attempts: 1,
        loggedAt: 0,
      };
      pending.set(key, entry);
      void write(entry);
    },
    async flush() {
      await flushDue(true);
    },
    async close() {
      clearInterval(timer);
      await flushDue(true);
    },
  };
}
