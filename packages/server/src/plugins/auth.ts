import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCodes, type AppCode } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { loadAccess } from '../lib/access.js';
import { hasApiCode, resolveApiAccess } from '../lib/api-access.js';
import { resolveSession } from '../lib/sessions.js';
import { logRefusal, requireFunction } from '../scope/refuse.js';
import type { AuthContext } from '../scope/auth-context.js';
import { attachScope } from '../scope/scope.js';
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
export function registerAuth(app: FastifyInstance, db: Db): void {
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
      const account = await resolveSession(db, token);
      if (account && account.status === 1) {
        req.auth = { ...account, ...(await loadAccess(db, account)) };
      }
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
}
