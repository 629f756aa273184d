import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { AppError, authApi, deriveFarmType, ErrorCodes, PRODUCT_VERSION, type LoginResult, type UserInfo } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { accounts, farms, tenants } from '../../db/tables.js';
import { requireAuth } from '../../plugins/auth.js';
import { farmCondition } from '../../scope/index.js';
import { writeAudit } from '../../plugins/audit.js';
import type { AuthModuleContext } from './context.js';
import { revokeSession } from '../../lib/sessions.js';
import { signIn, type LoginSubject, type OwnerNotice, type SignInInput } from './signin.js';
import { THROTTLE_WINDOW_MS } from './throttle-audit.js';

/** Per-IP throttles (CONTRACT §3 "repeated failures are throttled"); 429 answers code 21011. */
export const LOGIN_RATE = { max: 30, timeWindow: THROTTLE_WINDOW_MS } as const;
export const CAPTCHA_RATE = { max: 60, timeWindow: THROTTLE_WINDOW_MS } as const;
/** A sign-in body is a name, a ciphertext and a captcha: anything bigger is not one. */
const SIGN_IN_BODY_LIMIT = 16 * 1024;

/** Codes that mean the caller got something wrong, as against a refusal of a known account. */
const FAILED_CODES: ReadonlySet<number> = new Set([
  ErrorCodes.AUTH_FAILED,
  ErrorCodes.CAPTCHA_WRONG,
  ErrorCodes.CAPTCHA_EXPIRED,
  ErrorCodes.DECRYPT_FAILED,
  ErrorCodes.PARAM_ERROR,
]);

export function loginOutcome(code: number): 'ok' | 'failed' | 'denied' {
  if (code === ErrorCodes.SUCCESS) return 'ok';
  return FAILED_CODES.has(code) ? 'failed' : 'denied';
}

export async function loginRoutes(scope: FastifyInstance, ctx: AuthModuleContext): Promise<void> {
  const { db, config } = ctx;
  const serve = router(scope, { tags: ['auth'] });
  const subjects = new WeakMap<FastifyRequest, LoginSubject>();

  /**
   * Every sign-in attempt is logged once its answer is decided, including schema refusals that
   * never reach the handler. Throttled requests are logged apart, counted (throttle-audit.ts):
   * one entry per request would turn a flood into a flood of writes.
   */
  const auditLogin = async (req: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const code = req.resultCode;
    if (code === undefined || code === ErrorCodes.RATE_LIMITED) return payload;
    const subject = subjects.get(req);
    // The body may be one the schema refused, so it is read as unknown.
    const body: unknown = req.body;
    const raw = typeof body === 'object' && body !== null && 'username' in body ? body.username : undefined;
    const username = typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 50) : null;
    await writeAudit(db, req, {
      outcome: loginOutcome(code),
      code,
      action: 'login',
      account: subject ?? { id: null, tenantId: null, accountCode: null },
      detail: { via: req.url.endsWith('WithCaptcha') ? 'captcha' : 'password', ...(subject ? {} : { username }) },
    });
    return payload;
  };

  /**
   * The owner of an account is told of repeated failures. There is no mail transport in the
   * product yet, so the notice is kept durably in the audit log under the account (its tenant's
   * administrators read it in the operation log); `mail` says that no e-mail went out.
   */
  const notifyOwner = async (req: FastifyRequest, subject: LoginSubject, notice: OwnerNotice): Promise<void> => {
    await writeAudit(db, req, {
      outcome: 'denied',
      code: notice.reason === 'locked' ? ErrorCodes.TOO_MANY_ATTEMPTS : ErrorCodes.CAPTCHA_REQUIRED,
      action: 'login.ownerNotice',
      account: subject,
      detail: { reason: notice.reason, failures: notice.failures, mail: 'notConfigured' },
    });
  };

  const attempt = async (req: FastifyRequest, input: SignInInput, captchaSolved: boolean): Promise<LoginResult> =>
    signIn(
      {
        db,
        keys: await ctx.keys(),
        meta: { ip: req.ip, userAgent: req.headers['user-agent'] },
        captchaSolved,
        identified: (s) => subjects.set(req, s),
        notifyOwner: (s, n) => notifyOwner(req, s, n),
      },
      input,
    );

  serve(authApi.config, { public: true }, async () => ({
    publicKey: (await ctx.keys()).publicPem,
    captcha: config.captcha,
    productVersion: PRODUCT_VERSION,
  }));

  serve(authApi.captcha, { public: true, rateLimit: CAPTCHA_RATE }, async () => ctx.captchas.issue());

  const signInRoute = { public: true, rateLimit: LOGIN_RATE, extras: { bodyLimit: SIGN_IN_BODY_LIMIT, preSerialization: auditLogin } };
  serve(authApi.loginWithCaptcha, signInRoute, async ({ req, body }) => {
    // The code is spent first, so each guess at a password costs a fresh captcha.
    await ctx.captchas.check(body.captchaId, body.captchaCode);
    return attempt(req, body, true);
  });
  serve(authApi.login, signInRoute, async ({ req, body }) => {
    if (config.captcha) throw new AppError(ErrorCodes.CAPTCHA_REQUIRED);
    return attempt(req, body, false);
  });

  serve(authApi.logout, { allowPending: true }, async ({ req }) => revokeSession(db, requireAuth(req).tokenHash));

  serve(authApi.userInfo, { allowPending: true }, async ({ req }): Promise<UserInfo> => {
    const auth = requireAuth(req);
    const [acc] = await db
      .select({
        phoneNo: accounts.phoneNo,
        email: accounts.email,
        secureHash: accounts.secureHash,
        tenantName: tenants.name,
      })
      .from(accounts)
      .leftJoin(tenants, eq(tenants.id, accounts.tenantId))
      .where(eq(accounts.id, auth.id));
    if (!acc) throw new AppError(ErrorCodes.TOKEN_INVALID, { httpStatus: 401 });
    let farmRows: UserInfo['farms'] = [];
    if (auth.tenantId !== null) {
      const cols = { id: farms.id, farmName: farms.farmName, type: farms.type };
      const where = and(eq(farms.tenantId, auth.tenantId), farmCondition(auth, farms.id));
      farmRows = await db.select(cols).from(farms).where(where).orderBy(asc(farms.id));
    }
    return {
      id: auth.id,
      accountName: auth.accountName,
      accountCode: auth.accountCode,
      phoneNo: acc.phoneNo,
      email: acc.email,
      accountType: auth.accountType,
      tenantId: auth.tenantId,
      tenantName: acc.tenantName,
      mustChangePassword: auth.mustChangePassword,
      hasSecurePassword: acc.secureHash !== null,
      farms: farmRows,
      loginFarmType: deriveFarmType(auth.codes),
    };
  });
}
