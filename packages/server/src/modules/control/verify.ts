import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AppError, CONTROL_CODE_LOCK, ErrorCodes, type CodeKind, type SettingGroup } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts, controlAuthCodes, controlCodeFailures } from '../../db/tables.js';
import { verifyPassword } from '../../lib/passwords.js';
import { decryptField, type TransportKeys } from '../../lib/transport-crypto.js';
import { refusal, tenantIdOf, type Scope } from '../../scope/index.js';
import { afterFailure, CLEAR_FAILURES, lockRemainingSeconds, type FailureState } from '../auth/index.js';

/**
 * The confirmation every remote action carries: the account's security code or an authorization
 * code, both encrypted (CONTRACT §3). Answers, in the order checked:
 * - 20054 the account is locked after CONTROL_CODE_LOCK.maxFailures wrong codes (even a right
 *   code is refused until the lock ends), or the authorization code does not cover a house or
 *   the action;
 * - 20055 the code is not our ciphertext (sent in clear, or garbled);
 * - 21012 a security code was sent but the account has none yet;
 * - 20058 the code is wrong (a security code that does not match; an authorization code that
 *   does not exist in the tenant or is disabled): counted towards the lock;
 * - 20061 the authorization code has expired.
 * The code is never logged, audited, stored in clear or answered.
 */
export interface Confirmation {
  kind: CodeKind;
  authCodeId: number | null;
}

export interface CodeFields {
  codeKind: CodeKind;
  code: string;
}

/** Authorization codes are stored as this hash only (tenant-bound: one tenant's code is nothing elsewhere). */
export function authCodeHash(tenantId: number, code: string): string {
  return createHash('sha256').update(`farmsense-auth-code:${tenantId}:${code.toUpperCase()}`).digest('hex');
}

async function failures(db: Db, accountId: number): Promise<FailureState> {
  const [row] = await db.select().from(controlCodeFailures).where(eq(controlCodeFailures.accountId, accountId));
  return row ?? CLEAR_FAILURES;
}

/** Counts a wrong code under a row lock, so parallel guesses cannot pass the limit. */
async function recordFailure(db: Db, accountId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(controlCodeFailures).values({ accountId }).onConflictDoNothing();
    const [row] = await tx.select().from(controlCodeFailures).where(eq(controlCodeFailures.accountId, accountId)).for('update');
    const next = afterFailure(row ?? CLEAR_FAILURES, now, CONTROL_CODE_LOCK);
    await tx.update(controlCodeFailures).set(next).where(eq(controlCodeFailures.accountId, accountId));
  });
}

function readCipher(keys: TransportKeys, cipher: string): string {
  try {
    return decryptField(keys, cipher);
  } catch {
    throw new AppError(ErrorCodes.NOT_ENCRYPTED_INTERFACE);
  }
}

/**
 * Checks the code of a remote action on `shedIds` for `group`; answers how it was confirmed.
 * Failures are recorded outside any transaction of the caller (call this before opening one).
 */
export async function confirmAction(
  db: Db,
  keys: () => Promise<TransportKeys>,
  scope: Scope,
  fields: CodeFields,
  target: { shedIds: readonly number[]; group: SettingGroup },
): Promise<Confirmation> {
  const tenantId = tenantIdOf(scope);
  const now = new Date();
  const state = await failures(db, scope.id);
  const lockedFor = lockRemainingSeconds(state, now);
  if (lockedFor > 0) throw refusal(scope.req, ErrorCodes.SAFE_VERIFY_FAILED, { refused: 'controlCode', lockedSeconds: lockedFor });
  const wrong = async (detail: Record<string, unknown>): Promise<never> => {
    await recordFailure(db, scope.id, now);
    throw refusal(scope.req, ErrorCodes.SAFE_CODE_WRONG, { refused: 'controlCode', ...detail });
  };

  if (fields.codeKind === 'security') {
    const plain = readCipher(await keys(), fields.code);
    const [acc] = await db.select({ secureHash: accounts.secureHash }).from(accounts).where(eq(accounts.id, scope.id));
    if (!acc?.secureHash) throw new AppError(ErrorCodes.SAFE_CODE_NOT_SET);
    if (!plain || !(await verifyPassword(acc.secureHash, plain))) return wrong({ kind: 'security' });
    await db.delete(controlCodeFailures).where(eq(controlCodeFailures.accountId, scope.id));
    return { kind: 'security', authCodeId: null };
  }

  const plain = readCipher(await keys(), fields.code);
  const [code] = plain
    ? await db
        .select()
        .from(controlAuthCodes)
        .where(and(eq(controlAuthCodes.tenantId, tenantId), eq(controlAuthCodes.codeHash, authCodeHash(tenantId, plain))))
    : [];
  if (!code || !code.enabled) return wrong({ kind: 'authorization', id: code?.id ?? null });
  if (code.expiresAt.getTime() <= now.getTime())
    throw refusal(scope.req, ErrorCodes.SAFE_CODE_EXPIRED, { refused: 'authCode', id: code.id });
  const covered = new Set(code.shedIds);
  const outside = target.shedIds.filter((id) => !covered.has(id));
  if (outside.length > 0 || (code.actions !== null && !code.actions.includes(target.group)))
    throw refusal(scope.req, ErrorCodes.SAFE_VERIFY_FAILED, { refused: 'authCode', id: code.id, sheds: outside, group: target.group });
  await db.delete(controlCodeFailures).where(eq(controlCodeFailures.accountId, scope.id));
  return { kind: 'authorization', authCodeId: code.id };
}
