import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  type ApiAuthBody,
  type ApiAuthView,
  type ApiAuthSaved,
  type SystemAuthBody,
  type SystemAuthView,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts, apiAuth, farms, systemAuth } from '../../db/tables.js';
import { codesForModules } from '../../lib/access.js';
import { hashApiCode } from '../../lib/api-access.js';
import { parseIpList } from '../../lib/ip-list.js';
import { withinSystemAuth } from '../../lib/system-auth.js';
import { paramError } from '../../lib/param-error.js';
import { getApiAuth, getSystemAuth } from '../portal/index.js';
import { revokeTenantSessions, tenantExists } from './service.js';
import { refuseEndBeforeStart } from '../../lib/time-order.js';

/**
 * Saving a tenant's system authorization and API authorization (SPEC §3, §6). Both are replaced
 * as a whole by each save; absent validity means permanent, absent caps unlimited. The views
 * returned are those the tenant itself reads (portal), so both sides show the same figures.
 */

/** Random and long; only its SHA-256 is stored (like session tokens), so it is shown once. */
function newApiCode(): string {
  return `fsk_${randomBytes(24).toString('base64url')}`;
}

interface Window {
  validYears: number | null;
  validStart: Date | null;
  validEnd: Date | null;
}

/**
 * A validity is a number of years or a start and an end, not both: years with an end would make
 * two different expiries. Years without a start count from the moment of saving, stored, so the
 * view shows the real window.
 */
function validity(years: number | null, start: Date | null, end: Date | null, fields: { years: string }, now: Date): Window {
  if (years !== null && end !== null) throw paramError(fields.years, 'validation.invalid');
  refuseEndBeforeStart(start, end, { emptyAllowed: false });
  return { validYears: years, validStart: years !== null && !start ? now : start, validEnd: end };
}

/** 20002 unless every id is an account of the tenant. */
async function checkAccounts(db: Db, tenantId: number, ids: number[] | null): Promise<void> {
  if (!ids) return;
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), inArray(accounts.id, ids)));
  if (rows.length !== ids.length) throw new AppError(ErrorCodes.ACCOUNT_NOT_FOUND);
}

export async function systemAuthView(db: Db, tenantId: number): Promise<SystemAuthView> {
  await tenantExists(db, tenantId);
  return getSystemAuth(db, tenantId);
}

export async function saveSystemAuth(db: Db, operatorId: number, body: SystemAuthBody): Promise<SystemAuthView> {
  const tenant = await tenantExists(db, body.tenantId);
  const now = new Date();
  const window = validity(
    body.accountValidYears,
    body.accountValidStartDateTime,
    body.accountValidEndDateTime,
    { years: 'accountValidYears' },
    now,
  );
  await checkAccounts(db, body.tenantId, body.allowAccounts);
  const values = {
    ...window,
    userNum: body.userNum,
    farmNum: body.farmNum,
    deviceNum: body.deviceNum,
    isOpenApi: body.isOpenAPI,
    allowAccounts: body.allowAccounts,
    updatedAt: now,
    updatedBy: operatorId,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(systemAuth)
      .values({ tenantId: body.tenantId, ...values, createdBy: operatorId })
      .onConflictDoUpdate({ target: systemAuth.tenantId, set: values });
    // Whoever the new authorization shuts out is signed out now, not when the session ends.
    const auth = { ...window, allowAccounts: body.allowAccounts };
    await revokeTenantSessions(tx, [body.tenantId], (accountId) => !withinSystemAuth(auth, tenant.createdAt, accountId, now));
  });
  return getSystemAuth(db, body.tenantId);
}

export async function apiAuthView(db: Db, tenantId: number): Promise<ApiAuthView> {
  await tenantExists(db, tenantId);
  return getApiAuth(db, tenantId);
}

export async function saveApiAuth(db: Db, operatorId: number, body: ApiAuthBody): Promise<ApiAuthSaved> {
  const tenant = await tenantExists(db, body.tenantId);
  const now = new Date();
  const window = validity(body.apiValidYears, body.apiValidStartDateTime, body.apiValidEndDateTime, { years: 'apiValidYears' }, now);
  const ipAddress = body.ipAddress === null ? null : parseIpList(body.ipAddress).text;
  if (body.functions) {
    const open = codesForModules(tenant.modules);
    if (body.functions.some((c) => !open.has(c))) throw paramError('functions', 'validation.invalid');
  }
  if (body.farms) {
    const rows = await db
      .select({ id: farms.id })
      .from(farms)
      .where(and(eq(farms.tenantId, body.tenantId), inArray(farms.id, body.farms)));
    if (rows.length !== body.farms.length) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  }
  await checkAccounts(db, body.tenantId, body.allowAccounts);
  const code = body.regenerate ? newApiCode() : null;
  const values = {
    ...window,
    visitWay: body.apiVisitWay,
    ipAddress,
    visitTimes: body.apiVisitTimes,
    allowAccounts: body.allowAccounts,
    functions: body.functions,
    farms: body.farms,
    ...(code ? { authCodeHash: hashApiCode(code) } : {}),
    updatedAt: now,
    updatedBy: operatorId,
  };
  await db
    .insert(apiAuth)
    .values({ tenantId: body.tenantId, ...values, createdBy: operatorId })
    .onConflictDoUpdate({ target: apiAuth.tenantId, set: values });
  const view = await getApiAuth(db, body.tenantId);
  return { ...view, apiAuthCode: code ?? view.apiAuthCode, codeGenerated: code !== null };
}
