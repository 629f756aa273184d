import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gateways, sheds } from '../../db/tables.js';
import { gatewayCondition, shedCondition, tenantIdOf, visibleGateway, visibleShed, type Scope } from '../../scope/index.js';
import { ErrorCodes, AppError } from '@farmsense/shared';

/**
 * The sheds and gateways an environment screen shows, within the caller's scope (src/scope): a
 * farm outside it answers 10007, a shed 30004, a controller 10011, whether it belongs to another
 * tenant or does not exist. Every query here puts the tenant id in its WHERE clause itself.
 */
export interface ShedRef {
  id: number;
  farmId: number;
  shedName: string;
  shedType: number;
  areaNum: number;
  buildingNum: number;
  shedNum: number;
}

export interface GatewayRef {
  id: number;
  code: string;
  name: string;
  farmId: number | null;
  shedId: number | null;
  gatewayType: number;
  deviceCategory: number | null;
  model: string | null;
  serialNo: string | null;
}

const shedCols = {
  id: sheds.id,
  farmId: sheds.farmId,
  shedName: sheds.shedName,
  shedType: sheds.shedType,
  areaNum: sheds.areaNum,
  buildingNum: sheds.buildingNum,
  shedNum: sheds.shedNum,
};
/** The columns of a GatewayRef, for the selects that read one. */
export const gatewayCols = {
  id: gateways.id,
  code: gateways.code,
  name: gateways.name,
  farmId: gateways.farmId,
  shedId: gateways.shedId,
  gatewayType: gateways.gatewayType,
  deviceCategory: gateways.deviceCategory,
  model: gateways.model,
  serialNo: gateways.serialNo,
};
const shedOrder = [asc(sheds.areaNum), asc(sheds.buildingNum), asc(sheds.shedNum), asc(sheds.id)];

/** The farm's sheds the caller may see, in numbering order (optionally only `only`). */
export async function farmSheds(scope: Scope, farmId: number, only?: number[]): Promise<ShedRef[]> {
  const conds: (SQL | undefined)[] = [
    eq(sheds.tenantId, tenantIdOf(scope)),
    eq(sheds.farmId, farmId),
    shedCondition(scope, sheds.farmId, sheds.id),
  ];
  if (only && only.length > 0) conds.push(inArray(sheds.id, only));
  return scope.db
    .select(shedCols)
    .from(sheds)
    .where(and(...conds))
    .orderBy(...shedOrder);
}

export async function gatewaysOfSheds(db: Db, tenantId: number, shedIds: number[]): Promise<GatewayRef[]> {
  if (shedIds.length === 0) return [];
  return db
    .select(gatewayCols)
    .from(gateways)
    .where(and(eq(gateways.tenantId, tenantId), inArray(gateways.shedId, shedIds)))
    .orderBy(asc(gateways.code));
}

/**
 * The farm's gateways the caller may see: in its visible sheds, and at farm level (no shed) when it
 * sees the whole farm; `inSheds` keeps only those of the listed sheds.
 */
export async function farmGateways(scope: Scope, farmId: number, inSheds?: ShedRef[]): Promise<GatewayRef[]> {
  const conds: (SQL | undefined)[] = [
    eq(gateways.tenantId, tenantIdOf(scope)),
    eq(gateways.farmId, farmId),
    gatewayCondition(scope, gateways.farmId, gateways.shedId),
  ];
  if (inSheds) {
    if (inSheds.length === 0) return [];
    conds.push(
      inArray(
        gateways.shedId,
        inSheds.map((s) => s.id),
      ),
    );
  }
  return scope.db
    .select(gatewayCols)
    .from(gateways)
    .where(and(...conds))
    .orderBy(asc(gateways.code));
}

/** A controller by code (10011 when out of view), or the first controller of a visible shed (30004 / 10011). */
export async function controllerOf(scope: Scope, q: { gatewayCode?: string; shedId?: number }): Promise<GatewayRef> {
  if (q.gatewayCode === undefined) {
    const shed = await visibleShed(scope, q.shedId!);
    const [first] = await gatewaysOfSheds(scope.db, tenantIdOf(scope), [shed.id]);
    if (!first) throw new AppError(ErrorCodes.CONTROLLER_NOT_FOUND);
    return first;
  }
  const gw = await visibleGateway(scope, { code: q.gatewayCode }, { code: ErrorCodes.CONTROLLER_NOT_FOUND });
  if (q.shedId !== undefined && gw.shedId !== q.shedId) throw new AppError(ErrorCodes.CONTROLLER_NOT_FOUND);
  const { id, code, name, farmId, shedId, gatewayType, deviceCategory, model, serialNo } = gw;
  return { id, code, name, farmId, shedId, gatewayType, deviceCategory, model, serialNo };
}
