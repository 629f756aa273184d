import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCodes } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/tables.js';
import './audit-note.js';

export interface AuditEntry {
  outcome: 'ok' | 'failed' | 'denied';
  code?: number;
  action?: string;
  detail?: unknown;
  /** For sign-in events, where there is no session yet. */
  account?: { id: number | null; tenantId: number | null; accountCode: string | null };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once an entry for this request is written (the guard's refusals, sign-in events). */
    audited: boolean;
  }
}

function moduleOf(req: FastifyRequest): string {
  const m = req.routeOptions.config?.module;
  if (m) return m;
  return (req.routeOptions.url ?? req.url).replace(/^\/api\//, '').split('/')[0] ?? '';
}

/** Appends one entry; the log has no update or delete path anywhere in the API. */
export async function writeAudit(db: Db, req: FastifyRequest, e: AuditEntry): Promise<void> {
  const who = e.account ?? (req.auth ? { id: req.auth.id, tenantId: req.auth.tenantId, accountCode: req.auth.accountCode } : null);
  try {
    await db.insert(auditLog).values({
      tenantId: who?.tenantId ?? null,
      accountId: who?.id ?? null,
      accountCode: who?.accountCode ?? null,
      ip: req.ip,
      method: req.method,
      action: e.action ?? req.routeOptions.url ?? req.url.split('?')[0]!,
      module: moduleOf(req),
      outcome: e.outcome,
      code: e.code ?? null,
      detail: e.detail ?? null,
    });
    req.audited = true;
  } catch (err) {
    req.log.error({ err }, 'audit write failed');
  }
}

/**
 * Every write through the API is logged with its outcome once the response is decided. A 10009
 * from a handler (an ordinary account reaching beyond its farms or rights) is a refusal like the
 * guard's and is logged as denied; what the guard or a handler already logged is not repeated.
 */
export function registerAudit(app: FastifyInstance, db: Db): void {
  app.decorateRequest('audited', false);
  // onSend, not onResponse: the entry is written before the caller gets its answer, so whoever
  // reads the log right after a write finds it there.
  app.addHook('onSend', async (req, _reply, payload) => {
    // A refusal of the access scope (src/scope/refuse.ts) is logged for reads and writes alike.
    if (req.refusal && !req.audited && req.resultCode === req.refusal.code) {
      await writeAudit(db, req, { outcome: 'denied', code: req.refusal.code, detail: req.refusal.detail });
      return payload;
    }
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    const cfg = req.routeOptions.config;
    if (!req.routeOptions.url?.startsWith('/api') || cfg?.public || cfg?.readOnly) return payload; // sign-in routes log themselves
    if (req.audited || !req.auth) return payload;
    const code = req.resultCode ?? ErrorCodes.SERVICE_ERROR;
    const outcome = code === ErrorCodes.SUCCESS ? 'ok' : code === ErrorCodes.NO_PERMISSION ? 'denied' : 'failed';
    // What the write did (plugins/audit-note.ts), kept only when it was done.
    const detail = outcome === 'ok' ? req.auditNote : undefined;
    await writeAudit(db, req, { outcome, code, detail });
    return payload;
  });
}
