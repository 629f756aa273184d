import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AccountType, AppError, ErrorCodes } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { farms, gateways, sheds } from '../db/tables.js';
import type { AuthContext } from './auth-context.js';

/**
 * The access scope of one request: who calls (tenant, account, functions) and what it may see
 * (farms, and within a farm the sheds and pens it is limited to). Built once per request by the
 * guard (plugins/auth.ts) and read through `scopeOf(req)`; what needs a query (the tenant's farm
 * ids for an administrator, the farms seen only in part, the visible sheds and gateways) is
 * computed on first use and kept for the rest of the request.
 *
 * A Scope is also an AuthContext (the same fields), so code that only reads the account's
 * functions or farm ids takes either.
 */
export interface Scope extends AuthContext {
  readonly db: Db;
  readonly req: FastifyRequest | null;
  /** The account's functions (application codes), the same set as `codes`. */
  readonly functions: ReadonlySet<string>;
  readonly isTenantAdmin: boolean;
  /** Every farm id of the tenant the account sees ('all' resolved to ids). */
  farms(): Promise<number[]>;
  /** Farms the account sees only in part (shed or pen limits there). */
  partialFarms(): Promise<Set<number>>;
  /** Farms the account sees as a whole: 'all' for administrators. */
  wholeFarms(): Promise<Set<number> | 'all'>;
  /** Visible sheds, id -> farm id. */
  sheds(): Promise<Map<number, number>>;
  /** Visible gateways, id -> code. */
  gateways(): Promise<Map<number, string>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    scope: Scope | null;
  }
}

/** Whether the account's farm list holds the farm (the tenant is checked by the queries). */
export function seesFarm(s: AuthContext, farmId: number): boolean {
  return s.farmIds === 'all' || s.farmIds.includes(farmId);
}

/** Whether the account sees the shed of that farm (within its shed limits there, if any). */
export function seesShed(s: AuthContext, farmId: number, shedId: number): boolean {
  if (!seesFarm(s, farmId)) return false;
  const limit = s.shedLimits.get(farmId);
  return !limit || limit.has(shedId);
}

/** Whether the account sees the pen (within its pen limits of that shed, if any). */
export function seesPen(s: AuthContext, shedId: number, penId: number): boolean {
  const limit = s.penLimits.get(shedId);
  return !limit || limit.has(penId);
}

/** Whether the account sees the whole farm, not only some of its sheds. */
export function seesWholeFarm(s: AuthContext, farmId: number): boolean {
  return seesFarm(s, farmId) && !s.shedLimits.has(farmId);
}

/**
 * Whether the account sees a gateway placed so: one in a shed by that shed; one at farm level
 * (no shed) only with the whole farm; one in no farm only with every farm of the tenant.
 */
export function seesGateway(s: AuthContext, g: { farmId: number | null; shedId: number | null }): boolean {
  if (g.farmId === null) return s.farmIds === 'all';
  if (g.shedId === null) return seesWholeFarm(s, g.farmId);
  return seesShed(s, g.farmId, g.shedId);
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => (p ??= load());
}

/** The scope of an account: for the guard, and for callers without a request (the live stream). */
export function buildScope(db: Db, auth: AuthContext, req: FastifyRequest | null = null): Scope {
  const tenantId = auth.tenantId;
  const farmIds = once(async (): Promise<number[]> => {
    if (tenantId === null) return [];
    if (auth.farmIds !== 'all') return [...auth.farmIds];
    const rows = await db.select({ id: farms.id }).from(farms).where(eq(farms.tenantId, tenantId));
    return rows.map((r) => r.id);
  });
  const partialFarms = once(async (): Promise<Set<number>> => {
    const out = new Set<number>(auth.shedLimits.keys());
    const penSheds = [...auth.penLimits.keys()];
    if (penSheds.length > 0 && tenantId !== null) {
      const rows = await db
        .select({ farmId: sheds.farmId })
        .from(sheds)
        .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.id, penSheds)));
      for (const r of rows) out.add(r.farmId);
    }
    return out;
  });
  const isTenantAdmin = auth.accountType === AccountType.TENANT_ADMIN;
  const wholeFarms = once(async (): Promise<Set<number> | 'all'> => {
    if (isTenantAdmin || auth.farmIds === 'all') return 'all';
    const partial = await partialFarms();
    return new Set(auth.farmIds.filter((f) => !partial.has(f)));
  });
  const visibleSheds = once(async (): Promise<Map<number, number>> => {
    const ids = await farmIds();
    if (tenantId === null || ids.length === 0) return new Map();
    const rows = await db
      .select({ id: sheds.id, farmId: sheds.farmId })
      .from(sheds)
      .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.farmId, ids)));
    return new Map(rows.filter((r) => seesShed(auth, r.farmId, r.id)).map((r) => [r.id, r.farmId]));
  });
  const visibleGateways = once(async (): Promise<Map<number, string>> => {
    if (tenantId === null) return new Map();
    const rows = await db
      .select({ id: gateways.id, code: gateways.code, farmId: gateways.farmId, shedId: gateways.shedId })
      .from(gateways)
      .where(eq(gateways.tenantId, tenantId));
    return new Map(rows.filter((g) => seesGateway(auth, g)).map((g) => [g.id, g.code]));
  });
  return {
    ...auth,
    db,
    req,
    functions: auth.codes,
    isTenantAdmin,
    farms: farmIds,
    partialFarms,
    wholeFarms,
    sheds: visibleSheds,
    gateways: visibleGateways,
  };
}

/** Called by the guard once the account is known. */
export function attachScope(db: Db, req: FastifyRequest, auth: AuthContext): Scope {
  req.scope = buildScope(db, auth, req);
  return req.scope;
}

/** The request's scope; 10002 when the request has no signed-in account. */
export function scopeOf(req: FastifyRequest): Scope {
  if (!req.scope) throw new AppError(ErrorCodes.TOKEN_INVALID);
  return req.scope;
}

/** The scope's tenant; a platform account has none and finds no farm (10007). */
export function tenantIdOf(s: AuthContext): number {
  if (s.tenantId === null) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  return s.tenantId;
}
