import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCodes, type AppCode } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { hasApiCode, resolveApiAccess } from '../lib/api-access.js';
import { logRefusal, requireFunction } from '../scope/refuse.js';
import type { AuthContext } from '../scope/auth-context.js';
import { attachScope } from '../scope/scope.js';
import type { SessionCache } from '../scope/session-cache.js';
import { writeAudit } from './audit.js';

export type { AuthContext };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (login, captcha, getConfig, health). */
    public?: boolean;
    /** Application code(s) the route serves; the account must hold one of them. */
    app?: AppCode | readonly AppCode[];
    /** Allowed while the account must still change its first password. */
    allowPending?: boolean;
    /** Module name for the audit log (defaults to the URL's first segment after /api). */
    module?: string;
    /** A POST that only reads (queries with a body): not logged as a write. */
    readOnly?: boolean;
    /**
     * A frequent write that cannot change a session or a right (a page-visit log): the session
     * cache is kept. Every other successful write makes all servers read sessions again.
     */
    keepsAccess?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in account; throws 10002 when there is none (for handlers of non-public routes). */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(ErrorCodes.TOKEN_INVALID);
  return req.auth;
}

/** The account's tenant id; platform accounts have none and are refused here. */
export function tenantOf(req: FastifyRequest): number {
  const a = requireAuth(req);
  if (a.tenantId === null) throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
  return a.tenantId;
}

/**
 * Every /api route is private unless its config says `public: true`. The guard resolves the token,
 * loads the account's codes and farm scope, builds the request's access scope (src/scope), and refuses (10009, logged) a route whose application
 * code the account does not hold: a hidden menu entry is not a security control.
 */
export function registerAuth(app: FastifyInstance, db: Db, sessions: SessionCache): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('scope', null);
  app.decorateRequest('refusal', null);
  app.addHook('preValidation', async (req) => {
    const cfg = req.routeOptions.config;
    const url = req.routeOptions.url ?? '';
    if (!url.startsWith('/api') || url.startsWith('/api/docs')) return;
    const tokenHeader = req.headers.token;
    const token = Array.isArray(tokenHeader) ? tokenHeader[0] : tokenHeader;
    if (token && token.length <= 200) {
      req.auth = await sessions.resolve(token);
    }
    if (req.auth) attachScope(db, req, req.auth);
    if (cfg.public) return;
    // No session token but an API access code: the checks of SPEC §6 decide (refusals throw).
    if (!token && hasApiCode(req)) req.auth = await resolveApiAccess(db, req);
    if (req.auth && !req.scope) attachScope(db, req, req.auth);
    if (!req.auth) {
      await writeAudit(db, req, { outcome: 'denied', code: ErrorCodes.TOKEN_INVALID });
      throw new AppError(ErrorCodes.TOKEN_INVALID, { httpStatus: 401 });
    }
    if (req.auth.mustChangePassword && !cfg.allowPending) {
      throw new AppError(ErrorCodes.PASSWORD_CHANGE_REQUIRED, { httpStatus: 403 });
    }
    if (cfg.app) {
      try {
        requireFunction(req, req.auth.codes, Array.isArray(cfg.app) ? cfg.app : [cfg.app]);
      } catch (err) {
        await logRefusal(db, req);
        throw err;
      }
    }
  });
  // A write that went through may have changed a session or a right (ban, password, roles, farms,
  // logout): every server forgets what it kept before the caller gets the answer, so the caller's
  // next request, wherever it lands, sees the change.
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    const cfg = req.routeOptions.config;
    if (!req.routeOptions.url?.startsWith('/api') || cfg?.public || cfg?.readOnly || cfg?.keepsAccess) return payload;
    if (req.resultCode === ErrorCodes.SUCCESS) await sessions.invalidate();
    return payload;
  });
  app.addHook('onClose', async () => sessions.close());
}
