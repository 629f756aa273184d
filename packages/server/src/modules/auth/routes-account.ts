import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  AppError,
  checkSecurePasswordBody,
  ErrorCodes,
  INPUT_MAX_LENGTH,
  isStrongPassword,
  updateCurrentBody,
  updatePasswordBody,
  updatePasswordParams,
  updateSecurePasswordBody,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/tables.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { writeAudit } from '../../plugins/audit.js';
import { requireAuth } from '../../plugins/auth.js';
import { NO_DATA } from '../../plugins/envelope.js';
import type { AuthModuleContext } from './context.js';
import { decryptField } from './crypto.js';
import { revokeAccountSessions } from './session.js';
import { paramError } from './signin.js';

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
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.put(
    '/api/accountauth/account/updatePassword/:id',
    {
      config: { allowPending: true },
      schema: {
        tags: ['auth'],
        summary: 'Change the own password (also the forced first-login change)',
        params: updatePasswordParams,
        body: updatePasswordBody,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (req.params.id !== auth.id || req.body.account.toLowerCase() !== auth.accountCode) {
        throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
      }
      const keys = await ctx.keys();
      const oldPlain = decryptField(keys, req.body.oldPassword);
      const newPlain = decryptField(keys, req.body.newPassword);
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
      return NO_DATA;
    },
  );

  app.post(
    '/api/accountauth/account/hasSecurePassword',
    {
      config: { readOnly: true },
      schema: { tags: ['auth'], summary: 'Whether the account has set a safe code' },
    },
    async (req): Promise<boolean> => (await secrets(db, requireAuth(req).id)).secureHash !== null,
  );

  app.post(
    '/api/accountauth/account/updateSecurePassword',
    {
      config: { rateLimit: SAFE_CODE_RATE },
      schema: {
        tags: ['auth'],
        summary: 'Set or change the safe code (old code required once one exists)',
        body: updateSecurePasswordBody,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const keys = await ctx.keys();
      const { secureHash } = await secrets(db, auth.id);
      if (secureHash !== null) {
        if (!req.body.oldPassword) throw paramError('oldPassword', 'validation.required');
        const old = decryptField(keys, req.body.oldPassword);
        if (!old || !(await verifyPassword(secureHash, old))) throw new AppError(ErrorCodes.SAFE_VERIFY_FAILED);
      }
      const next = newSecret(decryptField(keys, req.body.newPassword), 'newPassword');
      await db
        .update(accounts)
        .set({ secureHash: await hashPassword(next), updatedAt: new Date(), updatedBy: auth.id })
        .where(eq(accounts.id, auth.id));
      return NO_DATA;
    },
  );

  app.post(
    '/api/accountauth/account/checkSecurePassword',
    {
      config: { readOnly: true, rateLimit: SAFE_CODE_RATE },
      schema: { tags: ['auth'], summary: 'Check the safe code before a remote-control action', body: checkSecurePasswordBody },
    },
    async (req): Promise<boolean> => {
      const auth = requireAuth(req);
      const { secureHash } = await secrets(db, auth.id);
      if (secureHash === null) throw new AppError(ErrorCodes.SAFE_CODE_NOT_SET);
      const code = decryptField(await ctx.keys(), req.body.securePassword);
      if (!code || !(await verifyPassword(secureHash, code))) {
        // A read as far as data goes, but a wrong guess is a security event worth keeping.
        await writeAudit(db, req, { outcome: 'failed', code: ErrorCodes.SAFE_CODE_WRONG });
        throw new AppError(ErrorCodes.SAFE_CODE_WRONG);
      }
      return true;
    },
  );

  app.post(
    '/api/breedpigaccount/account/updateCurrent',
    {
      schema: { tags: ['auth'], summary: 'Edit the own phone number and e-mail', body: updateCurrentBody },
    },
    async (req) => {
      const auth = requireAuth(req);
      await db
        .update(accounts)
        .set({ phoneNo: req.body.phoneNo, email: req.body.email ?? null, updatedAt: new Date(), updatedBy: auth.id })
        .where(eq(accounts.id, auth.id));
      return NO_DATA;
    },
  );
}
