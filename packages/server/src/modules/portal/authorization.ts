import { count, eq } from 'drizzle-orm';
import { MASKED_SECRET, type ApiAuthView, type SystemAuthView } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts, apiAuth, farms, gateways, systemAuth } from '../../db/tables.js';

/**
 * The tenant's authorization as the top bar shows it (SPEC §6): absent validity reads as
 * permanent, absent caps as unlimited, and the usage figures are counted from the real rows so
 * the view and the limit checks agree.
 */
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A stored validity (system or API authorization; no row = none) as the views show it. */
function validityOf(row: { validYears: number | null; validStart: Date | null; validEnd: Date | null } | undefined): {
  years: number | null;
  start: string | null;
  end: string | null;
  permanent: boolean;
} {
  const years = row?.validYears ?? null;
  const start = row?.validStart ?? null;
  const end = row?.validEnd ?? null;
  return { years, start: iso(start), end: iso(end), permanent: years === null && start === null && end === null };
}

async function countWhere(db: Db, table: typeof accounts | typeof farms | typeof gateways, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function getSystemAuth(db: Db, tenantId: number): Promise<SystemAuthView> {
  const [row] = await db.select().from(systemAuth).where(eq(systemAuth.tenantId, tenantId));
  const [users, farmCount, devices] = await Promise.all([
    countWhere(db, accounts, tenantId),
    countWhere(db, farms, tenantId),
    countWhere(db, gateways, tenantId),
  ]);
  const valid = validityOf(row);
  return {
    accountValidYears: valid.years,
    accountValidStartDateTime: valid.start,
    accountValidEndDateTime: valid.end,
    userNum: row?.userNum ?? null,
    farmNum: row?.farmNum ?? null,
    deviceNum: row?.deviceNum ?? null,
    isOpenAPI: row?.isOpenApi ?? false,
    allowAccounts: row?.allowAccounts ?? null,
    permanent: valid.permanent,
    used: { users, farms: farmCount, devices },
  };
}

export async function getApiAuth(db: Db, tenantId: number): Promise<ApiAuthView> {
  const [row] = await db.select().from(apiAuth).where(eq(apiAuth.tenantId, tenantId));
  const [sys] = await db.select({ isOpenApi: systemAuth.isOpenApi }).from(systemAuth).where(eq(systemAuth.tenantId, tenantId));
  const valid = validityOf(row);
  return {
    apiValidYears: valid.years,
    apiValidStartDateTime: valid.start,
    apiValidEndDateTime: valid.end,
    apiVisitWay: row?.visitWay ?? null,
    ipAddress: row?.ipAddress ?? null,
    // Only a hash is stored, and even that stays on the server: the view says whether a code is set.
    apiAuthCode: row?.authCodeHash ? MASKED_SECRET : null,
    apiVisitTimes: row?.visitTimes ?? null,
    allowAccounts: row?.allowAccounts ?? null,
    functions: row?.functions ?? null,
    farms: row?.farms ?? null,
    isOpenAPI: sys?.isOpenApi ?? false,
    permanent: valid.permanent,
  };
}
