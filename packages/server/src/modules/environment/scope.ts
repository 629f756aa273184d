import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { AppError, ENV_KINDS, ErrorCodes, PIG_ENV_KINDS, type EnvKind } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, gateways, sheds } from '../../db/tables.js';
import type { AuthContext } from '../../plugins/auth.js';
import { farmAuthorized, shedVisible } from '../farms/scope.js';

/**
 * What an environment call may read: the caller's tenant, its authorized farms, within a farm the
 * sheds it is limited to, and the gateways of those sheds. A farm outside that view answers 10007,
 * a shed 30004, a controller 10011, whether it belongs to another tenant or does not exist.
 * Every query here puts the tenant id in its WHERE clause itself.
 */
export interface FarmRef {
  id: number;
  farmName: string;
  timeZone: string;
}

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
const gatewayCols = {
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

export function tenantIdOf(auth: AuthContext): number {
  if (auth.tenantId === null) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  return auth.tenantId;
}

export async function visibleFarmRef(db: Db, auth: AuthContext, farmId: number): Promise<FarmRef> {
  const tenantId = tenantIdOf(auth);
  if (!farmAuthorized(auth, farmId)) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  const [row] = await db
    .select({ id: farms.id, farmName: farms.farmName, timeZone: farms.timeZone })
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.tenantId, tenantId)));
  if (!row) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  return row;
}

/** The farm's sheds the caller may see, in numbering order (optionally only `only`). */
export async function farmSheds(db: Db, auth: AuthContext, farmId: number, only?: number[]): Promise<ShedRef[]> {
  const tenantId = tenantIdOf(auth);
  const conds: SQL[] = [eq(sheds.tenantId, tenantId), eq(sheds.farmId, farmId)];
  if (only && only.length > 0) conds.push(inArray(sheds.id, only));
  const rows = await db
    .select(shedCols)
    .from(sheds)
    .where(and(...conds))
    .orderBy(...shedOrder);
  return rows.filter((s) => shedVisible(auth, s.farmId, s.id));
}

/** The listed sheds with their farms' time zones, in the order asked; 30004 if any is out of view. */
export async function visibleSheds(db: Db, auth: AuthContext, ids: number[]): Promise<(ShedRef & { timeZone: string })[]> {
  const tenantId = tenantIdOf(auth);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ ...shedCols, timeZone: farms.timeZone })
          .from(sheds)
          .innerJoin(farms, and(eq(farms.id, sheds.farmId), eq(farms.tenantId, tenantId)))
          .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const s = byId.get(id);
    if (!s || !shedVisible(auth, s.farmId, s.id)) throw new AppError(ErrorCodes.HOUSE_NOT_FOUND);
    return s;
  });
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
 * The farm's gateways the caller may see: those in its visible sheds, plus the farm-level ones
 * (no shed) when it sees the whole farm.
 */
export async function farmGateways(db: Db, auth: AuthContext, farmId: number, visible: ShedRef[]): Promise<GatewayRef[]> {
  const tenantId = tenantIdOf(auth);
  const whole = !auth.shedLimits.has(farmId);
  const inSheds =
    visible.length > 0
      ? inArray(
          gateways.shedId,
          visible.map((s) => s.id),
        )
      : undefined;
  const place = whole ? (inSheds ? or(inSheds, isNull(gateways.shedId)) : isNull(gateways.shedId)) : inSheds;
  if (!place) return [];
  return db
    .select(gatewayCols)
    .from(gateways)
    .where(and(eq(gateways.tenantId, tenantId), eq(gateways.farmId, farmId), place))
    .orderBy(asc(gateways.code));
}

/** A controller by code, or the first controller of a shed; 10011 / 30004 when out of view. */
export async function visibleGateway(db: Db, auth: AuthContext, q: { gatewayCode?: string; shedId?: number }): Promise<GatewayRef> {
  const tenantId = tenantIdOf(auth);
  if (q.gatewayCode === undefined) {
    const [shed] = await visibleSheds(db, auth, [q.shedId!]);
    const [first] = await gatewaysOfSheds(db, tenantId, [shed!.id]);
    if (!first) throw new AppError(ErrorCodes.CONTROLLER_NOT_FOUND);
    return first;
  }
  const [row] = await db
    .select({ ...gatewayCols, shedFarmId: sheds.farmId })
    .from(gateways)
    .leftJoin(sheds, and(eq(sheds.id, gateways.shedId), eq(sheds.tenantId, tenantId)))
    .where(and(eq(gateways.tenantId, tenantId), eq(gateways.code, q.gatewayCode)));
  if (!row) throw new AppError(ErrorCodes.CONTROLLER_NOT_FOUND);
  const { shedFarmId, ...gw } = row;
  const farmId = shedFarmId ?? gw.farmId;
  const seen =
    gw.shedId !== null && shedFarmId !== null
      ? shedVisible(auth, shedFarmId, gw.shedId)
      : farmId !== null && farmAuthorized(auth, farmId) && !auth.shedLimits.has(farmId);
  if (!seen) throw new AppError(ErrorCodes.CONTROLLER_NOT_FOUND);
  if (q.shedId !== undefined && gw.shedId !== q.shedId) throw new AppError(ErrorCodes.CONTROLLER_NOT_FOUND);
  return gw;
}

/* ---------- application codes of the screens each call serves ---------- */

const OVERVIEWS = ['pig.overview.shed', 'ci18.overview.shed', 'ci18.overview.datascreen'];
export const MONITOR_APPS = [
  ...OVERVIEWS,
  ...PIG_ENV_KINDS.map((k) => `pig.env1.${k}.mor`),
  'pig.env1.stats',
  'pig.databoard.farm',
  'pig.databoard.smart',
];
export const DETAIL_APPS = [
  ...MONITOR_APPS,
  'device-mng.controller',
  'device-connect.controller',
  'remote-control.device',
  'remote-control.env-control.shed',
  'device-running-status.controller.iframe',
];
export const CONNECT_APPS = [
  'device-connect.controller',
  'device-connect.network',
  'device-mng.controller',
  'reports.device-commu-off.commu-time',
  'reports.device-commu-off.off-counts',
  'ci18.overview.datascreen',
  'pig.databoard.farm',
];
export const COMMU_OFF_APPS = ['reports.device-commu-off.commu-time', 'reports.device-commu-off.off-counts'];
export const RUN_STATS_APPS = ['reports.device-run-stats'];

/** Screens that chart a kind: its poultry and pig pages, the pig statistics (min / avg / max), the report, the overviews. */
export function trendAppsFor(kind: EnvKind): string[] {
  const pig = (PIG_ENV_KINDS as readonly string[]).includes(kind) ? [`pig.env1.${kind}.mor`, 'pig.env1.stats'] : [];
  return [`ci18.env.${kind}`, ...pig, 'reports.env-trends', ...OVERVIEWS];
}

/** Screens that list a kind's records. */
export function recordAppsFor(kind: EnvKind): string[] {
  const pig = (PIG_ENV_KINDS as readonly string[]).includes(kind) ? [`pig.env1.${kind}.rec`] : [];
  return [`ci18.envrecords.${kind}`, ...pig];
}

export const TREND_APPS = [...new Set(ENV_KINDS.flatMap(trendAppsFor))];
export const RECORD_APPS = [...new Set(ENV_KINDS.flatMap(recordAppsFor))];

/** 10009 unless the caller holds one of the kind's screens (the route admits any kind's). */
export function assertKindAllowed(auth: AuthContext, apps: string[]): void {
  if (!apps.some((c) => auth.codes.has(c))) throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
}
