import { and, eq, inArray } from 'drizzle-orm';
import { AccountType, codesForModules, flattenApps, APP_CATALOGUE, type AppNode } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { accountFarms, accountPens, accountRoles, accountSheds, farms, pens, roleApps, sheds, tenants } from '../db/tables.js';

/** The rule lives in the shared catalogue: the web's API-authorization tree shows the same codes. */
export { codesForModules };

export const PLATFORM_CODES: ReadonlySet<string> = new Set(
  flattenApps(APP_CATALOGUE)
    .filter((n) => n.scope === 'platform')
    .map((n) => n.code),
);

/**
 * A granted leaf implies its ancestors (so the menu group shows), and a granted group implies
 * all its children (binding rights on a whole menu group).
 */
export function closeOverTree(granted: Set<string>, nodes: AppNode[] = APP_CATALOGUE): Set<string> {
  const out = new Set<string>();
  const walk = (n: AppNode, ancestors: string[], inherited: boolean): boolean => {
    const self = inherited || granted.has(n.code);
    let any = self;
    for (const c of n.children) if (walk(c, [...ancestors, n.code], self)) any = true;
    if (any) out.add(n.code);
    return any;
  };
  for (const n of nodes) walk(n, [], false);
  return out;
}

export interface AccessScope {
  codes: Set<string>;
  /** Farms the account may see; 'all' for tenant administrators. */
  farmIds: number[] | 'all';
  /** Per farm, the sheds the account is limited to (absent: all sheds of that farm). */
  shedLimits: Map<number, Set<number>>;
  /** Per shed, the pens the account is limited to (absent: all pens of that shed). */
  penLimits: Map<number, Set<number>>;
}

export async function loadAccess(db: Db, account: { id: number; tenantId: number | null; accountType: number }): Promise<AccessScope> {
  if (account.accountType === AccountType.PLATFORM || account.tenantId === null) {
    return { codes: new Set(PLATFORM_CODES), farmIds: [], shedLimits: new Map(), penLimits: new Map() };
  }
  const [tenant] = await db.select({ modules: tenants.modules }).from(tenants).where(eq(tenants.id, account.tenantId));
  const allowed = codesForModules(tenant?.modules ?? []);
  let codes: Set<string>;
  let farmIds: number[] | 'all';
  if (account.accountType === AccountType.TENANT_ADMIN) {
    codes = allowed;
    farmIds = 'all';
  } else {
    const rows = await db
      .select({ code: roleApps.appCode })
      .from(accountRoles)
      .innerJoin(roleApps, eq(roleApps.roleId, accountRoles.roleId))
      .where(eq(accountRoles.accountId, account.id));
    codes = new Set([...closeOverTree(new Set(rows.map((r) => r.code)))].filter((c) => allowed.has(c)));
    const fr = await db
      .select({ id: accountFarms.farmId })
      .from(accountFarms)
      .innerJoin(farms, and(eq(farms.id, accountFarms.farmId), eq(farms.tenantId, account.tenantId)))
      .where(eq(accountFarms.accountId, account.id));
    farmIds = fr.map((r) => r.id);
  }
  const shedLimits = new Map<number, Set<number>>();
  const limited = await db.select({ shedId: accountSheds.shedId }).from(accountSheds).where(eq(accountSheds.accountId, account.id));
  if (limited.length > 0) {
    const rows = await db
      .select({ id: sheds.id, farmId: sheds.farmId })
      .from(sheds)
      .where(
        and(
          eq(sheds.tenantId, account.tenantId),
          inArray(
            sheds.id,
            limited.map((l) => l.shedId),
          ),
        ),
      );
    for (const r of rows) {
      const set = shedLimits.get(r.farmId) ?? new Set<number>();
      set.add(r.id);
      shedLimits.set(r.farmId, set);
    }
  }
  const penLimits = new Map<number, Set<number>>();
  const penRows = await db
    .select({ penId: pens.id, shedId: pens.shedId })
    .from(accountPens)
    .innerJoin(pens, and(eq(pens.id, accountPens.penId), eq(pens.tenantId, account.tenantId)))
    .where(eq(accountPens.accountId, account.id));
  for (const r of penRows) {
    const set = penLimits.get(r.shedId) ?? new Set<number>();
    set.add(r.penId);
    penLimits.set(r.shedId, set);
  }
  return { codes, farmIds, shedLimits, penLimits };
}
