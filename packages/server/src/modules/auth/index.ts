import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Deps } from '../../app.js';
import { captchaStore } from './captcha.js';
import type { AuthModuleContext } from './context.js';
import { transportKeys } from './crypto.js';
import { accountRoutes } from './routes-account.js';
import { loginRoutes } from './routes-login.js';

/** Sign-in, session and account self-service (API-FOUNDATION "Public" and the account calls). */
export async function authModule(app: FastifyInstance, deps: Deps): Promise<void> {
  // Throttles apply only to the routes that name one (sign-in, captcha, safe code).
  await app.register(rateLimit, { global: false });
  const ctx: AuthModuleContext = {
    db: deps.database.db,
    config: deps.config,
    keys: transportKeys(deps.database.db),
    captchas: captchaStore(deps.database.db, deps.config.captchaTestCode ? { testCode: deps.config.captchaTestCode } : {}),
  };
  await loginRoutes(app, ctx);
  await accountRoutes(app, ctx);
}
