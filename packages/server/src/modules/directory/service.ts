import {
  AppError,
  ErrorCodes,
  type AuthFarm,
  type AuthShed,
  type FarmListItem,
  type Page,
  type ShedListItem,
  type ShedOverviewRow,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import {
  countSheds,
  findFarm,
  gatewaysByShed,
  listFarms,
  listSheds,
  penCounts,
  pensByShed,
  toFarmItem,
  withPens,
  type FarmRow,
} from './repo.js';

/**
 * The caller's view of farms and sheds: its tenant, its authorized farms, and within a farm the
 * sheds it is limited to, if any. A farm outside that view answers 10007 whether it exists in
 * another tenant or not at all, so ids reveal nothing.
 */
export async function visibleFarms(db: Db, auth: AuthContext): Promise<FarmRow[]> {
  if (auth.tenantId === null) return [];
  return listFarms(db, auth.tenantId, auth.farmIds);
}

async function visibleFarm(db: Db, auth: AuthContext, farmId: number): Promise<{ tenantId: number; farm: FarmRow }> {
  const allowed = auth.farmIds === 'all' || auth.farmIds.includes(farmId);
  const farm = auth.tenantId !== null && allowed ? await findFarm(db, auth.tenantId, farmId) : null;
  if (!farm || auth.tenantId === null) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  return { tenantId: auth.tenantId, farm };
}

export async function farmList(db: Db, auth: AuthContext): Promise<FarmListItem[]> {
  return (await visibleFarms(db, auth)).map(toFarmItem);
}

export async function authFarmList(db: Db, auth: AuthContext): Promise<AuthFarm[]> {
  return (await visibleFarms(db, auth)).map((f) => ({ farmId: f.id, farmName: f.farmName, type: f.type }));
}

export async function shedList(db: Db, auth: AuthContext, farmId: number): Promise<ShedListItem[]> {
  const { tenantId } = await visibleFarm(db, auth, farmId);
  return listSheds(db, tenantId, farmId, auth.shedLimits.get(farmId));
}

export async function authShedTree(db: Db, auth: AuthContext, farmId: number): Promise<AuthShed[]> {
  const { tenantId } = await visibleFarm(db, auth, farmId);
  const list = await listSheds(db, tenantId, farmId, auth.shedLimits.get(farmId));
  const pens = await pensByShed(
    db,
    tenantId,
    list.map((s) => s.tid),
  );
  // An account limited to some pens of a shed (account_pens) sees only those.
  for (const [shedId, shedPens] of pens) {
    const limit = auth.penLimits.get(shedId);
    if (limit)
      pens.set(
        shedId,
        shedPens.filter((p) => limit.has(p.id)),
      );
  }
  return list.map((s) => withPens(s, pens));
}

export async function queryShedPage(
  db: Db,
  auth: AuthContext,
  q: { farmId: number; pageNo: number; pageSize: number },
): Promise<Page<ShedOverviewRow>> {
  const { tenantId, farm } = await visibleFarm(db, auth, q.farmId);
  const limit = auth.shedLimits.get(q.farmId);
  const [total, list] = await Promise.all([countSheds(db, tenantId, q.farmId, limit), listSheds(db, tenantId, q.farmId, limit, q)]);
  const ids = list.map((s) => s.tid);
  const [counts, gws] = await Promise.all([penCounts(db, tenantId, ids), gatewaysByShed(db, tenantId, ids)]);
  return {
    list: list.map((s) => ({ ...s, farmName: farm.farmName, penCount: counts.get(s.tid) ?? 0, gateways: gws.get(s.tid) ?? [] })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
