import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AccountStatus, AccountType, AppError, ErrorCodes, type LoginResult } from '@farmsense/shared';
import { paramError } from '../../lib/param-error.js';
import type { Db } from '../../db/client.js';
import { accountFarms, accounts, farms } from '../../db/tables.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { decryptField, type TransportKeys } from '../../lib/transport-crypto.js';
import { addressKey, clearAddress, readFailures, recordFailure } from './failures.js';
import { captchaNeeded, lockRemainingSeconds } from './policy.js';
import { withinSystemAuth } from '../../lib/system-auth.js';
import { tenantWindow } from '../../lib/limits.js';
import { createSession } from '../../lib/sessions.js';

/** Who a sign-in attempt was about, once the account is known (for the audit log). */
export interface LoginSubject {
  id: number;
  tenantId: number | null;
  accountCode: string;
}

export interface SignInInput {
  username: string;
  /** base64 RSA-OAEP ciphertext of the trimmed password. */
  password: string;
}

/** Why the owner of an account is told about failed sign-ins. */
export interface OwnerNotice {
  reason: 'locked' | 'captcha';
  /** Failures of the name from every address inside the window. */
  failures: number;
}

export interface SignInContext {
  db: Db;
  keys: TransportKeys;
  meta: { ip?: string; userAgent?: string };
  /** The caller solved a captcha for this attempt (doLoginWithCaptcha). */
  captchaSolved: boolean;
  /** Called as soon as the account is identified, before any refusal. */
  identified(subject: LoginSubject): void;
  /** Repeated failures on an existing account: its owner is to be told. */
  notifyOwner(subject: LoginSubject, notice: OwnerNotice): Promise<void>;
}

let dummyHash: Promise<string> | null = null;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
  return dummyHash;
}

function lockedError(seconds: number): AppError {
  return new AppError(ErrorCodes.TOO_MANY_ATTEMPTS, { data: { retryAfterSeconds: seconds } });
}

/** 21010 when the tenant is disabled, 20109 outside its system authorization. */
async function checkTenant(db: Db, tenantId: number, accountId: number, now: Date): Promise<void> {
  const tenant = await tenantWindow(db, tenantId);
  if (!tenant || tenant.status !== 1) throw new AppError(ErrorCodes.TENANT_EXPIRED);
  if (!withinSystemAuth(tenant.window, tenant.createdAt, accountId, now)) throw new AppError(ErrorCodes.AUTH_OUTSIDE_VALIDITY);
}

async function hasFarm(db: Db, accountId: number, tenantId: number): Promise<boolean> {
  const rows = await db
    .select({ id: accountFarms.farmId })
    .from(accountFarms)
    .innerJoin(farms, and(eq(farms.id, accountFarms.farmId), eq(farms.tenantId, tenantId)))
    .where(eq(accountFarms.accountId, accountId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Checks a sign-in and opens a session. The order matters: the lock and the captcha threshold are
 * checked before the password, and the account's own state (ban, tenant, farms) only after a
 * correct password. Failures are counted per name tried, whether or not it exists, so a stranger
 * learns nothing about an account from the answers, the lock included.
 */
export async function signIn(ctx: SignInContext, input: SignInInput): Promise<LoginResult> {
  const { db } = ctx;
  const name = input.username.trim().toLowerCase();
  const ip = addressKey(ctx.meta.ip);
  const password = decryptField(ctx.keys, input.password);
  if (!password) throw paramError('password', 'validation.required');

  const now = new Date();
  const before = await readFailures(db, name, ip);
  const remaining = lockRemainingSeconds(before.pair, now);
  if (remaining > 0) throw lockedError(remaining);
  if (!ctx.captchaSolved && captchaNeeded(before.total, now)) throw new AppError(ErrorCodes.CAPTCHA_REQUIRED);

  const [acc] = await db
    .select({
      id: accounts.id,
      tenantId: accounts.tenantId,
      accountCode: accounts.accountCode,
      passwordHash: accounts.passwordHash,
      accountType: accounts.accountType,
      status: accounts.status,
      mustChangePassword: accounts.mustChangePassword,
    })
    .from(accounts)
    .where(eq(accounts.accountCode, name));
  const subject = acc ? { id: acc.id, tenantId: acc.tenantId, accountCode: acc.accountCode } : null;
  if (subject) ctx.identified(subject);

  // Unknown names still cost one argon2 verification, so timing does not tell which names exist.
  const valid = await verifyPassword(acc?.passwordHash ?? (await dummy()), password);
  if (!acc || !valid) {
    const after = await recordFailure(db, name, ip, now);
    if (subject && (after.lockedNow || after.captchaNow)) {
      await ctx.notifyOwner(subject, { reason: after.lockedNow ? 'locked' : 'captcha', failures: after.total.failedCount });
    }
    const locked = lockRemainingSeconds(after.pair, now);
    throw locked > 0 ? lockedError(locked) : new AppError(ErrorCodes.AUTH_FAILED);
  }

  if (acc.status !== AccountStatus.ENABLED) throw new AppError(ErrorCodes.ACCOUNT_UNAVAILABLE);
  if (acc.tenantId !== null) {
    await checkTenant(db, acc.tenantId, acc.id, now);
    if (acc.accountType === AccountType.TENANT_ORDINARY && !(await hasFarm(db, acc.id, acc.tenantId))) {
      throw new AppError(ErrorCodes.NO_FARM_ASSIGNED);
    }
  }

  await clearAddress(db, name, ip);
  await db.update(accounts).set({ lastLoginAt: now }).where(eq(accounts.id, acc.id));
  const token = await createSession(db, acc, ctx.meta);
  return { token, mustChangePassword: acc.mustChangePassword, accountType: acc.accountType };
}
