import { type AuthFarm, type AuthShed, type FarmListItem, type Page, type ShedListItem, type ShedOverviewRow } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms } from '../../db/tables.js';
import { farmCondition, seesPen, visibleFarm, type Scope } from '../../scope/index.js';
import { countSheds, gatewaysByShed, listFarms, listSheds, penCounts, pensByShed, toFarmItem, withPens } from './repo.js';
import { pageAnswer } from '../../lib/paging.js';

/**
 * The caller's view of farms and sheds (src/scope): its tenant, its authorized farms, and within a
 * farm the sheds and pens it is limited to. A farm outside that view answers 10007 whether it
 * exists in another tenant or not at all, so ids reveal nothing.
 */
async function visibleFarms(db: Db, scope: Scope) {
  if (scope.tenantId === null) return [];
  return listFarms(db, scope.tenantId, farmCondition(scope, farms.id));
}

export async function farmList(db: Db, scope: Scope): Promise<FarmListItem[]> {
  return (await visibleFarms(db, scope)).map(toFarmItem);
}

export async function authFarmList(db: Db, scope: Scope): Promise<AuthFarm[]> {
  return (await visibleFarms(db, scope)).map((f) => ({ farmId: f.id, farmName: f.farmName, type: f.type }));
}

export async function shedList(db: Db, scope: Scope, farmId: number): Promise<ShedListItem[]> {
  const { tenantId } = await visibleFarm(scope, farmId);
  return listSheds(db, tenantId, farmId, scope.shedLimits.get(farmId));
}

export async function authShedTree(db: Db, scope: Scope, farmId: number): Promise<AuthShed[]> {
  const { tenantId } = await visibleFarm(scope, farmId);
  const list = await listSheds(db, tenantId, farmId, scope.shedLimits.get(farmId));
  const pens = await pensByShed(
    db,
    tenantId,
    list.map((s) => s.tid),
  );
  // An account limited to some pens of a shed (account_pens) sees only those.
  for (const [shedId, shedPens] of pens)
    pens.set(
      shedId,
      shedPens.filter((p) => seesPen(scope, shedId, p.id)),
    );
  return list.map((s) => withPens(s, pens));
}

export async function queryShedPage(
  db: Db,
  scope: Scope,
  q: { farmId: number; pageNo: number; pageSize: number },
): Promise<Page<ShedOverviewRow>> {
  const farm = await visibleFarm(scope, q.farmId);
  const tenantId = farm.tenantId;
  const limit = scope.shedLimits.get(q.farmId);
  const [total, list] = await Promise.all([countSheds(db, tenantId, q.farmId, limit), listSheds(db, tenantId, q.farmId, limit, q)]);
  const ids = list.map((s) => s.tid);
  const [counts, gws] = await Promise.all([penCounts(db, tenantId, ids), gatewaysByShed(db, tenantId, ids)]);
  return pageAnswer(
    q,
    total,
    list.map((s) => ({ ...s, farmName: farm.farmName, penCount: counts.get(s.tid) ?? 0, gateways: gws.get(s.tid) ?? [] })),
  );
}
