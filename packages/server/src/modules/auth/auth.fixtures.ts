import { eq } from 'drizzle-orm';
import { AccountType } from '@farmsense/shared';
import { accounts } from '../../db/tables.js';
import { hashPassword } from '../../lib/passwords.js';
import { buildAccount } from '../../test/factories.js';
import type { TestContext } from '../../test/harness.js';

/** Test accounts that can really sign in (the shared factory leaves the password unusable). */
export async function buildLoginAccount(
  ctx: TestContext,
  a: {
    accountCode: string;
    tenantId: number | null;
    accountType?: number;
    password?: string;
    farmIds?: number[];
    mustChangePassword?: boolean;
    status?: number;
  },
): Promise<number> {
  const db = ctx.database.db;
  const id = await buildAccount(db, {
    tenantId: a.tenantId,
    accountCode: a.accountCode,
    accountType: a.accountType ?? AccountType.TENANT_ORDINARY,
    ...(a.farmIds ? { farmIds: a.farmIds } : {}),
  });
  await db
    .update(accounts)
    .set({
      passwordHash: await hashPassword(a.password ?? 'Demo@12345'),
      mustChangePassword: a.mustChangePassword ?? false,
      status: a.status ?? 1,
    })
    .where(eq(accounts.id, id));
  return id;
}

export const LOGIN = '/api/breedpigaccount/login/doLogin';
export const LOGIN_CAPTCHA = '/api/breedpigaccount/login/doLoginWithCaptcha';
export const CAPTCHA = '/api/ssologin/login/getCaptcha';
export const USER_INFO = '/api/breedpigaccount/login/getUserInfo';
export const LOGOUT = '/api/breedpigaccount/login/doLogout';
export const UPDATE_CURRENT = '/api/breedpigaccount/account/updateCurrent';
export const SAFE_HAS = '/api/accountauth/account/hasSecurePassword';
export const SAFE_UPDATE = '/api/accountauth/account/updateSecurePassword';
export const SAFE_CHECK = '/api/accountauth/account/checkSecurePassword';
export const updatePasswordUrl = (id: number): string => `/api/accountauth/account/updatePassword/${id}`;
