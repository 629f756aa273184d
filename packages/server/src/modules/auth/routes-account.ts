import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AppError, authApi, ErrorCodes, INPUT_MAX_LENGTH, isStrongPassword } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/tables.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { writeAudit } from '../../plugins/audit.js';
import { requireAuth } from '../../plugins/auth.js';
import type { AuthModuleContext } from './context.js';
import { decryptField } from '../../lib/transport-crypto.js';
import { revokeAccountSessions } from '../../lib/sessions.js';
import { paramError } from '../../lib/param-error.js';

/**
 * Guessing a safe code from a stolen session is slowed per token (the code guards remote control
 * of equipment); the key falls back to the IP for requests without one.
 */
export const SAFE_CODE_RATE = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest): string => {
    const t = req.headers.token;
    return typeof t === 'string' && t ? `token:${t}` : `ip:${req.ip}`;
  },
} as const;

async function secrets(db: Db, accountId: number): Promise<{ passwordHash: string; secureHash: string | null }> {
  const [row] = await db
    .select({ passwordHash: accounts.passwordHash, secureHash: accounts.secureHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new AppError(ErrorCodes.TOKEN_INVALID, { httpStatus: 401 });
  return row;
}

/** A decrypted new secret: present and within the input length (SPEC §5). */
function newSecret(plain: string, field: string): string {
  if (!plain) throw paramError(field, 'validation.required');
  if (plain.length > INPUT_MAX_LENGTH) throw paramError(field, 'validation.maxLength');
  return plain;
}

export async function accountRoutes(scope: FastifyInstance, ctx: AuthModuleContext): Promise<void> {
  const { db } = ctx;
  const serve = router(scope, { tags: ['auth'] });

  serve(authApi.updatePassword, { allowPending: true }, async ({ req, params, body }) => {
    const auth = requireAuth(req);
    if (params.id !== auth.id || body.account.toLowerCase() !== auth.accountCode) {
      throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
    }
    const keys = await ctx.keys();
    const oldPlain = decryptField(keys, body.oldPassword);
    const newPlain = decryptField(keys, body.newPassword);
    const { passwordHash } = await secrets(db, auth.id);
    if (!oldPlain || !(await verifyPassword(passwordHash, oldPlain))) throw new AppError(ErrorCodes.PASSWORD_MISMATCH);
    newSecret(newPlain, 'newPassword');
    if (newPlain === oldPlain) throw new AppError(ErrorCodes.PASSWORD_SAME_AS_OLD);
    if (!isStrongPassword(newPlain)) throw new AppError(ErrorCodes.PASSWORD_TOO_WEAK);
    await db
      .update(accounts)
      .set({ passwordHash: await hashPassword(newPlain), mustChangePassword: false, updatedAt: new Date(), updatedBy: auth.id })
      .where(eq(accounts.id, auth.id));
    // Whoever else holds a session of this account must sign in again with the new password.
    await revokeAccountSessions(db, auth.id, auth.tokenHash);
    return null;
  });

  serve(authApi.hasSecurePassword, { readOnly: true }, async ({ req }) => (await secrets(db, requireAuth(req).id)).secureHash !== null);

  serve(authApi.updateSecurePassword, { rateLimit: SAFE_CODE_RATE }, async ({ req, body }) => {
    const auth = requireAuth(req);
    const keys = await ctx.keys();
    const { secureHash } = await secrets(db, auth.id);
    if (secureHash !== null) {
      if (!body.oldPassword) throw paramError('oldPassword', 'validation.required');
      const old = decryptField(keys, body.oldPassword);
      if (!old || !(await verifyPassword(secureHash, old))) throw new AppError(ErrorCodes.SAFE_VERIFY_FAILED);
    }
    const next = newSecret(decryptField(keys, body.newPassword), 'newPassword');
    await db
      .update(accounts)
      .set({ secureHash: await hashPassword(next), updatedAt: new Date(), updatedBy: auth.id })
      .where(eq(accounts.id, auth.id));
    return null;
  });

  serve(authApi.checkSecurePassword, { readOnly: true, rateLimit: SAFE_CODE_RATE }, async ({ req, body }) => {
    const auth = requireAuth(req);
    const { secureHash } = await secrets(db, auth.id);
    if (secureHash === null) throw new AppError(ErrorCodes.SAFE_CODE_NOT_SET);
    const code = decryptField(await ctx.keys(), body.securePassword);
    if (!code || !(await verifyPassword(secureHash, code))) {
      // A read as far as data goes, but a wrong guess is a security event worth keeping.
      await writeAudit(db, req, { outcome: 'failed', code: ErrorCodes.SAFE_CODE_WRONG });
      throw new AppError(ErrorCodes.SAFE_CODE_WRONG);
    }
    return true;
  });

  serve(authApi.updateCurrent, async ({ req, body }) => {
    const auth = requireAuth(req);
    await db
      .update(accounts)
      .set({ phoneNo: body.phoneNo, email: body.email ?? null, updatedAt: new Date(), updatedBy: auth.id })
      .where(eq(accounts.id, auth.id));
    return null;
  });
}
