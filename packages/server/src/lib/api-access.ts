import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AccountStatus, AccountType, AppError, ErrorCodes } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { accounts, apiAuth, apiCalls, systemAuth, tenants } from '../db/tables.js';
import { withinSystemAuth } from './system-auth.js';
import { writeAudit } from '../plugins/audit.js';
import type { AuthContext } from '../scope/auth-context.js';
import { closeOverTree, codesForModules } from './access.js';
import { parseIpList } from './ip-list.js';

/**
 * Calls made with a tenant's API access code instead of a session (SPEC §6). The code names the
 * tenant; then, in the order of the spec: the open-API flag, validity (the API authorization's and
 * the tenant's), http / https, the caller's IP, the account, the function (the route's application
 * code) and the farm. The daily count is taken last, so a refused call does not use up the quota.
 * A call that passes runs as an administrator-like context cut to the allowed functions and farms.
 *
 * Codes: 20057 missing or unknown code or account header, 21010 tenant disabled, 20055 API not
 * open or protocol not allowed, 20109 outside validity, 20059 IP not allowed, 20060 account not
 * allowed, 20056 no account to act as, 10009 function or farm not allowed, 21011 count exhausted.
 */
export const API_CODE_HEADER = 'x-api-code';
/** Names the account the call acts as (its account code); required when the authorization lists accounts. */
export const API_ACCOUNT_HEADER = 'x-api-account';

export function hashApiCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined ? undefined : s.trim();
}

export function hasApiCode(req: FastifyRequest): boolean {
  return header(req, API_CODE_HEADER) !== undefined;
}

/** Farm ids a request names (farmId / farmIds in the path, query or body), for the farm check. */
export function requestedFarms(req: FastifyRequest): number[] {
  const out: number[] = [];
  const add = (v: unknown): void => {
    if (typeof v === 'number' && Number.isInteger(v)) out.push(v);
    else if (typeof v === 'string' && /^\d{1,10}$/.test(v.trim())) out.push(Number(v));
  };
  for (const src of [req.params, req.query, req.body]) {
    if (!src || typeof src !== 'object' || Array.isArray(src)) continue;
    const o = src as Record<string, unknown>;
    add(o.farmId);
    if (Array.isArray(o.farmIds)) o.farmIds.forEach(add);
  }
  return out;
}

function ipAllowed(list: string, ip: string): boolean {
  try {
    return parseIpList(list).has(ip);
  } catch {
    return false; // a stored list that no longer parses lets nobody in
  }
}

/** Today's calls of the tenant + 1, refused (no row returned) once the cap is reached. */
async function countCall(db: Db, tenantId: number, cap: number | null, now: Date): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const rows = await db
    .insert(apiCalls)
    .values({ tenantId, day, count: 1 })
    .onConflictDoUpdate({
      target: [apiCalls.tenantId, apiCalls.day],
      set: { count: sql`"api_calls"."count" + 1` },
      ...(cap === null ? {} : { setWhere: sql`"api_calls"."count" < ${cap}` }),
    })
    .returning({ count: apiCalls.count });
  return rows.length > 0;
}

async function loadGrant(db: Db, codeHash: string) {
  const [row] = await db
    .select({
      tenantId: tenants.id,
      tenantStatus: tenants.status,
      tenantCreatedAt: tenants.createdAt,
      modules: tenants.modules,
      api: apiAuth,
      sysYears: systemAuth.validYears,
      sysStart: systemAuth.validStart,
      sysEnd: systemAuth.validEnd,
      sysAccounts: systemAuth.allowAccounts,
      isOpenApi: systemAuth.isOpenApi,
    })
    .from(apiAuth)
    .innerJoin(tenants, eq(tenants.id, apiAuth.tenantId))
    .leftJoin(systemAuth, eq(systemAuth.tenantId, apiAuth.tenantId))
    .where(eq(apiAuth.authCodeHash, codeHash));
  return row ?? null;
}

/** The account the call acts as: the named one, or the tenant's first enabled administrator. */
async function actingAccount(db: Db, tenantId: number, named: string | undefined, allowed: number[] | null) {
  const cols = { id: accounts.id, accountCode: accounts.accountCode, accountName: accounts.accountName, status: accounts.status };
  if (named !== undefined) {
    if (!named || named.length > 100) throw new AppError(ErrorCodes.SAFE_PARAM_ERROR);
    const [acc] = await db
      .select(cols)
      .from(accounts)
      .where(and(eq(accounts.tenantId, tenantId), eq(accounts.accountCode, named.toLowerCase())));
    if (!acc || acc.status !== AccountStatus.ENABLED || (allowed && !allowed.includes(acc.id)))
      throw new AppError(ErrorCodes.SAFE_USER_ERROR);
    return acc;
  }
  if (allowed) throw new AppError(ErrorCodes.SAFE_USER_ERROR);
  const [admin] = await db
    .select(cols)
    .from(accounts)
    .where(
      and(eq(accounts.tenantId, tenantId), eq(accounts.accountType, AccountType.TENANT_ADMIN), eq(accounts.status, AccountStatus.ENABLED)),
    )
    .orderBy(asc(accounts.id))
    .limit(1);
  if (!admin) throw new AppError(ErrorCodes.SAFE_USER_INFO_MISSING);
  return admin;
}

async function check(db: Db, req: FastifyRequest, code: string, seen: { tenantId: number | null }): Promise<AuthContext> {
  if (!code || code.length > 200) throw new AppError(ErrorCodes.SAFE_PARAM_ERROR);
  const g = await loadGrant(db, hashApiCode(code));
  if (!g) throw new AppError(ErrorCodes.SAFE_PARAM_ERROR);
  seen.tenantId = g.tenantId;
  if (g.tenantStatus !== 1) throw new AppError(ErrorCodes.TENANT_EXPIRED);
  if (!g.isOpenApi) throw new AppError(ErrorCodes.NOT_ENCRYPTED_INTERFACE);

  const now = new Date();
  const apiWindow = { validYears: g.api.validYears, validStart: g.api.validStart, validEnd: g.api.validEnd, allowAccounts: null };
  const sysWindow = { validYears: g.sysYears, validStart: g.sysStart, validEnd: g.sysEnd, allowAccounts: null };
  if (!withinSystemAuth(apiWindow, g.api.createdAt, 0, now) || !withinSystemAuth(sysWindow, g.tenantCreatedAt, 0, now)) {
    throw new AppError(ErrorCodes.AUTH_OUTSIDE_VALIDITY);
  }
  // req.protocol and req.ip follow X-Forwarded-* only when TRUST_PROXY is on.
  if (g.api.visitWay !== 'both' && req.protocol !== g.api.visitWay) throw new AppError(ErrorCodes.NOT_ENCRYPTED_INTERFACE);
  if (g.api.ipAddress && !ipAllowed(g.api.ipAddress, req.ip)) throw new AppError(ErrorCodes.SAFE_IP_RANGE);

  const acc = await actingAccount(db, g.tenantId, header(req, API_ACCOUNT_HEADER), g.api.allowAccounts);
  if (g.sysAccounts && !g.sysAccounts.includes(acc.id)) throw new AppError(ErrorCodes.AUTH_OUTSIDE_VALIDITY);

  const open = codesForModules(g.modules);
  const codes = g.api.functions ? new Set([...closeOverTree(new Set(g.api.functions))].filter((c) => open.has(c))) : open;
  // Only routes that declare the function they serve can be reached this way: the self-service
  // routes (password, safe code, profile) need no code and must never run on an access code.
  const cfgApp = req.routeOptions.config.app;
  const needed = cfgApp === undefined ? [] : Array.isArray(cfgApp) ? cfgApp : [cfgApp];
  if (!needed.some((c) => codes.has(c))) throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
  const farmIds: number[] | 'all' = g.api.farms ?? 'all';
  if (farmIds !== 'all' && requestedFarms(req).some((f) => !farmIds.includes(f))) {
    throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
  }

  if (!(await countCall(db, g.tenantId, g.api.visitTimes, now))) throw new AppError(ErrorCodes.RATE_LIMITED);
  return {
    tokenHash: '',
    id: acc.id,
    tenantId: g.tenantId,
    accountCode: acc.accountCode,
    accountName: acc.accountName,
    accountType: AccountType.TENANT_ADMIN,
    status: AccountStatus.ENABLED,
    mustChangePassword: false,
    codes,
    farmIds,
    shedLimits: new Map(),
    penLimits: new Map(),
    via: 'api',
  };
}

/**
 * Resolves a call carrying an access code; a refusal is written to the audit log (under the
 * tenant once the code has named it) and thrown.
 */
export async function resolveApiAccess(db: Db, req: FastifyRequest): Promise<AuthContext> {
  const seen: { tenantId: number | null } = { tenantId: null };
  try {
    return await check(db, req, header(req, API_CODE_HEADER) ?? '', seen);
  } catch (err) {
    if (err instanceof AppError) {
      await writeAudit(db, req, {
        outcome: 'denied',
        code: err.code,
        detail: { via: 'api' },
        account: { id: null, tenantId: seen.tenantId, accountCode: null },
      });
    }
    throw err;
  }
}
