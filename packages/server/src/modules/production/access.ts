import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { DAILY_KINDS, DAILY_KIND_ROUTE, ErrorCodes, PRODUCTION_REPORT_SCREENS, type AppCode, type DailyKind } from '@farmsense/shared';
import { farms } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import type { AuthContext } from '../../plugins/auth.js';
import { refusal, requireFunction, shedCondition, tenantIdOf, visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { flocks } from './tables.js';

/**
 * What a production call may reach: the caller's tenant, its authorized farms and, within a farm,
 * the sheds it is limited to (src/scope). A flock outside that view is answered like
 * a flock that does not exist (20071, or the code the route names), whoever owns it. Every query
 * here puts the tenant id in its WHERE clause itself.
 */
export const FLOCK_WRITE_APP: AppCode = 'prod-data-input.flock';

/** The entry screen of each daily kind (write and read). */
export const DAILY_APP: Record<DailyKind, AppCode> = Object.fromEntries(
  DAILY_KINDS.map((k) => [k, `prod-data-input.${DAILY_KIND_ROUTE[k]}` as const]),
) as Record<DailyKind, AppCode>;
export const DAILY_APPS: AppCode[] = DAILY_KINDS.map((k) => DAILY_APP[k]);
/** Report screens that list a kind's records read-only (vaccination and medication lists). */
export const DAILY_READ_APPS: Partial<Record<DailyKind, AppCode[]>> = {
  immune: ['ci18.immunel.inoculation', 'ci18.immunel.health'],
  drug: ['ci18.immunel.derug', 'ci18.immunel.health'],
};
export const DAILY_LIST_APPS: AppCode[] = [...new Set([...DAILY_APPS, ...Object.values(DAILY_READ_APPS).flat()])];

/** Every production report screen (they pick flocks too). */
export const REPORT_SCREENS: AppCode[] = PRODUCTION_REPORT_SCREENS;
export const REPORT_APPS: AppCode[] = [...REPORT_SCREENS, 'ci18.std'];
export const FLOCK_READ_APPS: AppCode[] = [FLOCK_WRITE_APP, 'ci18.group.current'];
/** The flock picker serves the flock screens, every entry screen and every report. */
export const FLOCK_OPTION_APPS: AppCode[] = [...new Set([...FLOCK_READ_APPS, ...DAILY_APPS, ...REPORT_APPS])];

/**
 * 10009 unless the caller holds the kind's entry screen: the `:kind` routes admit every entry
 * screen at the guard, so the kind is checked here, refused and logged the way the guard does.
 */
export function assertKindApp(scope: Scope, kinds: DailyKind[], opts: { read?: boolean } = {}): void {
  requireFunction(
    scope.req,
    scope.functions,
    kinds.flatMap((k) => [DAILY_APP[k], ...(opts.read ? (DAILY_READ_APPS[k] ?? []) : [])]),
  );
}

/** The conditions that keep a flock query inside the caller's tenant, farms and shed limits. */
export function flockVisibility(scope: AuthContext): SQL {
  return and(eq(flocks.tenantId, tenantIdOf(scope)), shedCondition(scope, flocks.farmId, flocks.shedId))!;
}

/** flockVisibility narrowed to the farm and house a filter names, each checked to be in view first (10007, 30004). */
export async function flocksInPlace(scope: Scope, q: { farmId?: number | null; shedId?: number | null }): Promise<SQL[]> {
  const conds: SQL[] = [flockVisibility(scope)];
  if (q.farmId) {
    await visibleFarm(scope, q.farmId);
    conds.push(eq(flocks.farmId, q.farmId));
  }
  if (q.shedId) {
    await visibleShed(scope, q.shedId);
    conds.push(eq(flocks.shedId, q.shedId));
  }
  return conds;
}

/** A flock's life, counts and place with its farm's time zone: what the rules and the reports share. */
export interface FlockFacts {
  id: number;
  farmId: number;
  shedId: number;
  groupNo: string;
  birthDate: string;
  startDate: string;
  stopDate: string | null;
  status: number;
  maleCount: number;
  femaleCount: number;
  deviceId: number | null;
  timeZone: string;
}

/** A flock with what the rules need: its facts and its tenant. */
export interface FlockRef extends FlockFacts {
  tenantId: number;
}

/** The columns of FlockFacts (flocks joined to farms). */
export const flockFactCols = {
  id: flocks.id,
  farmId: flocks.farmId,
  shedId: flocks.shedId,
  groupNo: flocks.groupNo,
  birthDate: flocks.birthDate,
  startDate: flocks.startDate,
  stopDate: flocks.stopDate,
  status: flocks.status,
  maleCount: flocks.maleCount,
  femaleCount: flocks.femaleCount,
  deviceId: flocks.deviceId,
  timeZone: farms.timeZone,
};

export const flockRefCols = { ...flockFactCols, tenantId: flocks.tenantId };

/** Visible flocks by id (missing ones are simply absent from the map). */
export async function visibleFlocks(db: DbOrTx, auth: AuthContext, ids: number[]): Promise<Map<number, FlockRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(flockRefCols)
    .from(flocks)
    .innerJoin(farms, eq(farms.id, flocks.farmId))
    .where(and(flockVisibility(auth), inArray(flocks.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The flock when the caller sees it, else `code` (20071 unless the route names another). */
export async function visibleFlock(db: DbOrTx, scope: Scope, id: number, code: number = ErrorCodes.FLOCK_TYPE_MISSING): Promise<FlockRef> {
  const f = (await visibleFlocks(db, scope, [id])).get(id);
  if (!f) throw refusal(scope.req, code, { refused: 'flock', id });
  return f;
}
