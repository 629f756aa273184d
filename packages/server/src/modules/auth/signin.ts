import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AccountStatus, AccountType, AppError, ErrorCodes, type LoginResult } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accountFarms, accounts, farms, systemAuth, tenants } from '../../db/tables.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { decryptField, type TransportKeys } from './crypto.js';
import { afterFailure, CLEAR_FAILURES, lockRemainingSeconds, withinSystemAuth, type FailureState } from './policy.js';
import { createSession } from './session.js';

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

export interface SignInContext {
  db: Db;
  keys: TransportKeys;
  meta: { ip?: string; userAgent?: string };
  /** Called as soon as the account is identified, before any refusal. */
  identified(subject: LoginSubject): void;
}

/** An issue list shaped like the schema validation errors, for checks only the server can make. */
export function paramError(field: string, key: string): AppError {
  return new AppError(ErrorCodes.PARAM_ERROR, { data: { issues: [{ field, key }] }, httpStatus: 400 });
}

// Unknown names still cost one argon2 verification, so timing does not tell which names exist.
let dummyHash: Promise<string> | null = null;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
  return dummyHash;
}

/** Counts one wrong password under a row lock, so parallel attempts cannot slip past the limit. */
async function recordFailure(db: Db, accountId: number, now: Date): Promise<FailureState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ failedCount: accounts.failedCount, firstFailedAt: accounts.firstFailedAt, lockedUntil: accounts.lockedUntil })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    const next = afterFailure(row ?? CLEAR_FAILURES, now);
    await tx.update(accounts).set(next).where(eq(accounts.id, accountId));
    return next;
  });
}

function lockedError(seconds: number): AppError {
  return new AppError(ErrorCodes.TOO_MANY_ATTEMPTS, { data: { retryAfterSeconds: seconds } });
}

/** 21010 when the tenant is disabled, 20109 outside its system authorization. */
async function checkTenant(db: Db, tenantId: number, accountId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({
      status: tenants.status,
      createdAt: tenants.createdAt,
      authTenant: systemAuth.tenantId,
      validYears: systemAuth.validYears,
      validStart: systemAuth.validStart,
      validEnd: systemAuth.validEnd,
      allowAccounts: systemAuth.allowAccounts,
    })
    .from(tenants)
    .leftJoin(systemAuth, eq(systemAuth.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  if (!row || row.status !== 1) throw new AppError(ErrorCodes.TENANT_EXPIRED);
  const window =
    row.authTenant === null
      ? null
      : { validYears: row.validYears, validStart: row.validStart, validEnd: row.validEnd, allowAccounts: row.allowAccounts ?? null };
  if (!withinSystemAuth(window, row.createdAt, accountId, now)) throw new AppError(ErrorCodes.AUTH_OUTSIDE_VALIDITY);
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
 * Checks a sign-in and opens a session. The order matters: the lock is checked before the
 * password, and the account's own state (ban, tenant, farms) only after a correct password, so a
 * stranger learns nothing about an account from the answers.
 */
export async function signIn(ctx: SignInContext, input: SignInInput): Promise<LoginResult> {
  const { db } = ctx;
  const accountCode = input.username.trim().toLowerCase();
  const password = decryptField(ctx.keys, input.password);
  if (!password) throw paramError('password', 'validation.required');

  const [acc] = await db
    .select({
      id: accounts.id,
      tenantId: accounts.tenantId,
      accountCode: accounts.accountCode,
      passwordHash: accounts.passwordHash,
      accountType: accounts.accountType,
      status: accounts.status,
      mustChangePassword: accounts.mustChangePassword,
      failedCount: accounts.failedCount,
      firstFailedAt: accounts.firstFailedAt,
      lockedUntil: accounts.lockedUntil,
    })
    .from(accounts)
    .where(eq(accounts.accountCode, accountCode));
  if (!acc) {
    await verifyPassword(await dummy(), password);
    throw new AppError(ErrorCodes.AUTH_FAILED);
  }
  ctx.identified({ id: acc.id, tenantId: acc.tenantId, accountCode: acc.accountCode });

  const now = new Date();
  const remaining = lockRemainingSeconds(acc, now);
  if (remaining > 0) throw lockedError(remaining);
  if (!(await verifyPassword(acc.passwordHash, password))) {
    const next = await recordFailure(db, acc.id, now);
    const locked = lockRemainingSeconds(next, now);
    throw locked > 0 ? lockedError(locked) : new AppError(ErrorCodes.AUTH_FAILED);
  }

  if (acc.status !== AccountStatus.ENABLED) throw new AppError(ErrorCodes.ACCOUNT_UNAVAILABLE);
  if (acc.tenantId !== null) {
    await checkTenant(db, acc.tenantId, acc.id, now);
    if (acc.accountType === AccountType.TENANT_ORDINARY && !(await hasFarm(db, acc.id, acc.tenantId))) {
      throw new AppError(ErrorCodes.NO_FARM_ASSIGNED);
    }
  }

  await db
    .update(accounts)
    .set({ ...CLEAR_FAILURES, lastLoginAt: now })
    .where(eq(accounts.id, acc.id));
  const token = await createSession(db, acc, ctx.meta);
  return { token, mustChangePassword: acc.mustChangePassword, accountType: acc.accountType };
}
