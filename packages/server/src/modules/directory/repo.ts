import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AccountOption, AuthShed, FarmListItem, PenItem, ShedGateway, ShedListItem } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { accounts, farms, gateways, pens, sheds } from '../../db/tables.js';

/**
 * Queries of the directory. Every function takes the tenant id and puts it in its WHERE clause
 * itself, so no caller can forget it; farm and shed narrowing arrives as explicit id lists.
 */
export interface FarmRow {
  id: number;
  farmName: string;
  type: number;
  scale: number | null;
  timeZone: string;
}

/** Farms of the tenant, all of them or only the listed ids. */
/** The tenant's farms within `visible` (scope/farmCondition). */
export async function listFarms(db: Db, tenantId: number, visible: SQL | undefined): Promise<FarmRow[]> {
  const where = and(eq(farms.tenantId, tenantId), visible);
  return db
    .select({ id: farms.id, farmName: farms.farmName, type: farms.type, scale: farms.scale, timeZone: farms.timeZone })
    .from(farms)
    .where(where)
    .orderBy(asc(farms.id));
}

export function toFarmItem(f: FarmRow): FarmListItem {
  return { id: f.id, farmId: f.id, farmName: f.farmName, type: f.type, scale: f.scale, timeZone: f.timeZone };
}

export async function listAccounts(db: Db, tenantId: number): Promise<AccountOption[]> {
  return db
    .select({ label: accounts.accountName, value: accounts.id })
    .from(accounts)
    .where(eq(accounts.tenantId, tenantId))
    .orderBy(asc(accounts.id));
}

/** The sheds of one farm, narrowed to `onlyIds` when the account is limited to some sheds. */
function shedWhere(tenantId: number, farmId: number, onlyIds: Set<number> | undefined): SQL | undefined {
  const base = and(eq(sheds.tenantId, tenantId), eq(sheds.farmId, farmId));
  return onlyIds ? and(base, inArray(sheds.id, [...onlyIds])) : base;
}

const shedColumns = {
  tid: sheds.id,
  shedName: sheds.shedName,
  shedType: sheds.shedType,
  areaNum: sheds.areaNum,
  buildingNum: sheds.buildingNum,
  shedNum: sheds.shedNum,
  farmId: sheds.farmId,
};
// Sheds read in the order people number them: area, building, shed.
const shedOrder = [asc(sheds.areaNum), asc(sheds.buildingNum), asc(sheds.shedNum), asc(sheds.id)];

export async function listSheds(
  db: Db,
  tenantId: number,
  farmId: number,
  onlyIds: Set<number> | undefined,
  page?: { pageNo: number; pageSize: number },
): Promise<ShedListItem[]> {
  if (onlyIds && onlyIds.size === 0) return [];
  const q = db
    .select(shedColumns)
    .from(sheds)
    .where(shedWhere(tenantId, farmId, onlyIds))
    .orderBy(...shedOrder);
  return page ? q.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize) : q;
}

export async function countSheds(db: Db, tenantId: number, farmId: number, onlyIds: Set<number> | undefined): Promise<number> {
  if (onlyIds && onlyIds.size === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(sheds)
    .where(shedWhere(tenantId, farmId, onlyIds));
  return row?.n ?? 0;
}

/** Pens of the given sheds, grouped by shed, in pen order. */
export async function pensByShed(db: Db, tenantId: number, shedIds: number[]): Promise<Map<number, PenItem[]>> {
  const out = new Map<number, PenItem[]>();
  if (shedIds.length === 0) return out;
  const rows = await db
    .select({ shedId: pens.shedId, id: pens.id, fieldColumn: pens.fieldColumn, field: pens.field })
    .from(pens)
    .where(and(eq(pens.tenantId, tenantId), inArray(pens.shedId, shedIds)))
    .orderBy(asc(pens.fieldColumn), asc(pens.field), asc(pens.id));
  for (const { shedId, ...pen } of rows) {
    const list = out.get(shedId) ?? [];
    list.push(pen);
    out.set(shedId, list);
  }
  return out;
}

export async function penCounts(db: Db, tenantId: number, shedIds: number[]): Promise<Map<number, number>> {
  if (shedIds.length === 0) return new Map();
  const rows = await db
    .select({ shedId: pens.shedId, n: count() })
    .from(pens)
    .where(and(eq(pens.tenantId, tenantId), inArray(pens.shedId, shedIds)))
    .groupBy(pens.shedId);
  return new Map(rows.map((r) => [r.shedId, r.n]));
}

export async function gatewaysByShed(db: Db, tenantId: number, shedIds: number[]): Promise<Map<number, ShedGateway[]>> {
  const out = new Map<number, ShedGateway[]>();
  if (shedIds.length === 0) return out;
  const rows = await db
    .select({
      shedId: gateways.shedId,
      code: gateways.code,
      name: gateways.name,
      gatewayType: gateways.gatewayType,
      deviceCategory: gateways.deviceCategory,
      model: gateways.model,
    })
    .from(gateways)
    .where(and(eq(gateways.tenantId, tenantId), inArray(gateways.shedId, shedIds)))
    .orderBy(asc(gateways.code));
  for (const { shedId, ...gw } of rows) {
    if (shedId === null) continue;
    const list = out.get(shedId) ?? [];
    list.push(gw);
    out.set(shedId, list);
  }
  return out;
}

export function withPens(s: ShedListItem, pensOf: Map<number, PenItem[]>): AuthShed {
  const { farmId: _farmId, ...shed } = s;
  return { ...shed, pens: pensOf.get(s.tid) ?? [] };
}
