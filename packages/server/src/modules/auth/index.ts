import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Deps } from '../../deps.js';
import { captchaStore } from './captcha.js';
import type { AuthModuleContext } from './context.js';
import { transportKeys } from '../../lib/transport-crypto.js';
import { accountRoutes } from './routes-account.js';
import { loginRoutes } from './routes-login.js';
import { THROTTLE_WINDOW_MS, throttleAudit } from './throttle-audit.js';

/** Sign-in, session and account self-service (API-FOUNDATION "Public" and the account calls). */
export async function authModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const throttled = throttleAudit(deps.database.db, THROTTLE_WINDOW_MS, app.log);
  app.addHook('onClose', async () => throttled.close());
  // Throttles apply only to the routes that name one (sign-in, captcha, safe code). They run once
  // the body is parsed and the session resolved, so a refusal can be audited with the name tried.
  await app.register(rateLimit, { global: false, hook: 'preValidation', onExceeded: (req) => throttled.onExceeded(req) });
  const ctx: AuthModuleContext = {
    db: deps.database.db,
    config: deps.config,
    keys: transportKeys(deps.database.db),
    captchas: captchaStore(deps.database.db, deps.config.captchaTestCode ? { testCode: deps.config.captchaTestCode } : {}),
  };
  await loginRoutes(app, ctx);
  await accountRoutes(app, ctx);
}

/** The failure-lock rules, also used by remote control's code throttle (modules/control/verify.ts). */
export { afterFailure, CLEAR_FAILURES, lockRemainingSeconds, type FailureState } from './policy.js';
