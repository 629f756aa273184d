import { and, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { APP_CATALOGUE, AppError, DAILY_KINDS, DAILY_KIND_ROUTE, ErrorCodes, flattenApps, type DailyKind } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, sheds } from '../../db/tables.js';
import type { DbOrTx } from '../../lib/limits.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeAudit } from '../../plugins/audit.js';
import { farmAuthorized, shedVisible } from '../farms/scope.js';
import { flocks } from './tables.js';

/**
 * What a production call may reach: the caller's tenant, its authorized farms and, within a farm,
 * the sheds it is limited to (modules/farms/scope.ts). A flock outside that view is answered like
 * a flock that does not exist (20071, or the code the route names), whoever owns it. Every query
 * here puts the tenant id in its WHERE clause itself.
 */
export const FLOCK_WRITE_APP = 'prod-data-input.flock';

/** The entry screen of each daily kind (write and read). */
export const DAILY_APP: Record<DailyKind, string> = Object.fromEntries(
  DAILY_KINDS.map((k) => [k, `prod-data-input.${DAILY_KIND_ROUTE[k]}`]),
) as Record<DailyKind, string>;
export const DAILY_APPS: string[] = DAILY_KINDS.map((k) => DAILY_APP[k]);
/** Report screens that list a kind's records read-only (vaccination and medication lists). */
export const DAILY_READ_APPS: Partial<Record<DailyKind, string[]>> = {
  immune: ['ci18.immunel.inoculation', 'ci18.immunel.health'],
  drug: ['ci18.immunel.derug', 'ci18.immunel.health'],
};
export const DAILY_LIST_APPS: string[] = [...new Set([...DAILY_APPS, ...Object.values(DAILY_READ_APPS).flat()])];

/** Every production report screen (they pick flocks too). */
const REPORT_PREFIXES = ['ci18.column.', 'ci18.grow.', 'ci18.feed.', 'ci18.drink.', 'ci18.egg.', 'ci18.immunel.', 'ci18.business.'];
export const REPORT_SCREENS: string[] = flattenApps(APP_CATALOGUE)
  .map((n) => n.code)
  .filter((c) => REPORT_PREFIXES.some((p) => c.startsWith(p)));
export const REPORT_APPS: string[] = [...REPORT_SCREENS, 'ci18.std'];
export const FLOCK_READ_APPS: string[] = [FLOCK_WRITE_APP, 'ci18.group.current'];
/** The flock picker serves the flock screens, every entry screen and every report. */
export const FLOCK_OPTION_APPS: string[] = [...new Set([...FLOCK_READ_APPS, ...DAILY_APPS, ...REPORT_APPS])];

export function tenantIdOf(auth: AuthContext): number {
  if (auth.tenantId === null) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  return auth.tenantId;
}

/**
 * 10009 unless the caller holds the kind's entry screen: the `:kind` routes admit every entry
 * screen at the guard, so the kind is checked here, refused and logged the way the guard does.
 */
export async function assertKindApp(
  db: Db,
  req: FastifyRequest,
  auth: AuthContext,
  kinds: DailyKind[],
  opts: { read?: boolean } = {},
): Promise<void> {
  const needed = kinds.flatMap((k) => [DAILY_APP[k], ...(opts.read ? (DAILY_READ_APPS[k] ?? []) : [])]);
  if (needed.some((c) => auth.codes.has(c))) return;
  await writeAudit(db, req, { outcome: 'denied', code: ErrorCodes.NO_PERMISSION, detail: { needed } });
  throw new AppError(ErrorCodes.NO_PERMISSION, { httpStatus: 403 });
}

/** The conditions that keep a flock query inside the caller's tenant, farms and shed limits. */
export function flockVisibility(auth: AuthContext): SQL {
  const conds: SQL[] = [eq(flocks.tenantId, tenantIdOf(auth))];
  if (auth.farmIds !== 'all') conds.push(auth.farmIds.length > 0 ? inArray(flocks.farmId, auth.farmIds) : sql`false`);
  const limited = [...auth.shedLimits.entries()];
  if (limited.length > 0) {
    const inLimit = limited.map(([farmId, set]) => and(eq(flocks.farmId, farmId), inArray(flocks.shedId, [...set]))!);
    conds.push(
      or(
        notInArray(
          flocks.farmId,
          limited.map(([f]) => f),
        ),
        ...inLimit,
      )!,
    );
  }
  return and(...conds)!;
}

export interface FarmRef {
  id: number;
  farmName: string;
  timeZone: string;
}

/** The caller's farm, or 10007 (also for another tenant's farm). */
export async function visibleFarm(db: DbOrTx, auth: AuthContext, farmId: number): Promise<FarmRef> {
  const tenantId = tenantIdOf(auth);
  if (!farmAuthorized(auth, farmId)) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  const [row] = await db
    .select({ id: farms.id, farmName: farms.farmName, timeZone: farms.timeZone })
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.tenantId, tenantId)));
  if (!row) throw new AppError(ErrorCodes.FARM_NOT_FOUND);
  return row;
}

/** A shed of that farm the caller sees, or 30004. */
export async function visibleShed(
  db: DbOrTx,
  auth: AuthContext,
  farmId: number,
  shedId: number,
): Promise<{ id: number; shedName: string }> {
  const tenantId = tenantIdOf(auth);
  const [row] = await db
    .select({ id: sheds.id, shedName: sheds.shedName, farmId: sheds.farmId })
    .from(sheds)
    .where(and(eq(sheds.id, shedId), eq(sheds.tenantId, tenantId)));
  if (!row || row.farmId !== farmId || !shedVisible(auth, farmId, shedId)) throw new AppError(ErrorCodes.HOUSE_NOT_FOUND);
  return row;
}

/** A flock with what the rules need: its life, counts, place and farm time zone. */
export interface FlockRef {
  id: number;
  tenantId: number;
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

export const flockRefCols = {
  id: flocks.id,
  tenantId: flocks.tenantId,
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
export async function visibleFlock(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
  code: number = ErrorCodes.FLOCK_TYPE_MISSING,
): Promise<FlockRef> {
  const f = (await visibleFlocks(db, auth, [id])).get(id);
  if (!f) throw new AppError(code);
  return f;
}

/** Whole days from `a` to `b` ('YYYY-MM-DD'); day age = daysBetween(birthDate, day). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A figure to three decimals (meter figures and exported cells: grams of a kg, millilitres of a litre). */
export function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
