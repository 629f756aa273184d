import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  daysBetween,
  ErrorCodes,
  type FlockOption,
  type FlockPageBody,
  type FlockRow,
  type Page,
  farmDay,
} from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, gateways, sheds } from '../../db/tables.js';
import { joinPlaces, placeNames } from '../../lib/places.js';
import { containsText } from '../../lib/text-search.js';
import type { DbOrTx } from '../../lib/limits.js';
import type { Scope } from '../../scope/index.js';
import { flocksInPlace, flockVisibility } from './access.js';
import { flockStockDays, flocks } from './tables.js';
import { pageAnswer, readPage } from '../../lib/paging.js';

/**
 * Flock reads shared by the flock routes, the entry screens and other helpers: birds present
 * (placement plus the running stock movements) and day age, both in the farm's time zone.
 */
export function todayIn(timeZone: string): string {
  return farmDay(new Date(), timeZone);
}

export interface Presence {
  present: number;
  presentMale: number;
}

/**
 * Birds present per flock: placement + in - out - dead - culled, over the stock days before
 * `beforeDay` when given (birds at the start of that day), else over all of them.
 */
export async function presenceOf(
  db: DbOrTx,
  list: { id: number; maleCount: number; femaleCount: number }[],
  beforeDay?: string,
): Promise<Map<number, Presence>> {
  const out = new Map<number, Presence>(list.map((f) => [f.id, { present: f.maleCount + f.femaleCount, presentMale: f.maleCount }]));
  if (list.length === 0) return out;
  const s = flockStockDays;
  const conds: SQL[] = [
    inArray(
      s.flockId,
      list.map((f) => f.id),
    ),
  ];
  if (beforeDay) conds.push(lt(s.day, beforeDay));
  const rows = await db
    .select({
      flockId: s.flockId,
      delta: sql<number>`coalesce(sum(${s.transferIn} - ${s.transferOut} - ${s.dead} - ${s.culled}), 0)`.mapWith(Number),
      deltaMale:
        sql<number>`coalesce(sum(coalesce(${s.transferInMale}, 0) - coalesce(${s.transferOutMale}, 0) - coalesce(${s.deadMale}, 0) - coalesce(${s.culledMale}, 0)), 0)`.mapWith(
          Number,
        ),
    })
    .from(s)
    .where(and(...conds))
    .groupBy(s.flockId);
  for (const r of rows) {
    const p = out.get(r.flockId)!;
    out.set(r.flockId, { present: p.present + r.delta, presentMale: p.presentMale + r.deltaMale });
  }
  return out;
}

/** Day age today in the farm's zone, or on the stop date of a closed flock. */
export function dayAgeNow(f: { birthDate: string; stopDate: string | null; status: number }, timeZone: string): number {
  return daysBetween(f.birthDate, f.status === 2 && f.stopDate ? f.stopDate : todayIn(timeZone));
}

const rowCols = {
  flock: flocks,
  ...placeNames,
  timeZone: farms.timeZone,
  deviceCode: gateways.code,
};

function baseQuery(db: DbOrTx, where: SQL) {
  return joinPlaces(db.select(rowCols).from(flocks).$dynamic(), flocks).leftJoin(gateways, eq(gateways.id, flocks.deviceId)).where(where);
}

type Joined = Awaited<ReturnType<typeof baseQuery>>[number];

async function present(db: DbOrTx, rows: Joined[]): Promise<FlockRow[]> {
  const counts = await presenceOf(
    db,
    rows.map((r) => r.flock),
  );
  return rows.map(({ flock: f, farmName, timeZone, shedName, deviceCode }) => ({
    id: f.id,
    farmId: f.farmId,
    farmName,
    shedId: f.shedId,
    shedName,
    groupNo: f.groupNo,
    flockType: f.flockType,
    sex: f.sex,
    breed: f.breed,
    birthDate: f.birthDate,
    layingDate: f.layingDate,
    startDate: f.startDate,
    endDate: f.endDate,
    stopDate: f.stopDate,
    origin: f.origin,
    maleCount: f.maleCount,
    femaleCount: f.femaleCount,
    maleAvgWeight: f.maleAvgWeight,
    femaleAvgWeight: f.femaleAvgWeight,
    deviceId: f.deviceId,
    deviceCode: deviceCode ?? null,
    status: f.status,
    remark: f.remark,
    dayAge: dayAgeNow(f, timeZone),
    ...counts.get(f.id)!,
  }));
}

export interface FlockFilter {
  farmId?: number | null;
  shedId?: number | null;
  status?: number | null;
  flockType?: number | null;
  keyword?: string | undefined;
}

async function filterOf(db: Db, scope: Scope, q: FlockFilter): Promise<SQL> {
  const conds = await flocksInPlace(scope, q);
  if (q.status) conds.push(eq(flocks.status, q.status));
  if (q.flockType) conds.push(eq(flocks.flockType, q.flockType));
  if (q.keyword) conds.push(containsText(q.keyword, flocks.groupNo));
  return and(...conds)!;
}

export async function flockPage(db: Db, scope: Scope, q: FlockPageBody): Promise<Page<FlockRow>> {
  const { total, rows } = await readPage(db, flocks, await filterOf(db, scope, q), q, (where) =>
    baseQuery(db, where).orderBy(desc(flocks.startDate), desc(flocks.id)).$dynamic(),
  );
  return pageAnswer(q, total, await present(db, rows));
}

/** Every flock matching the filter, in house order (pickers, templates, exports). */
export async function flockList(db: Db, scope: Scope, q: FlockFilter): Promise<FlockRow[]> {
  const rows = await baseQuery(db, await filterOf(db, scope, q)).orderBy(
    asc(sheds.areaNum),
    asc(sheds.buildingNum),
    asc(sheds.shedNum),
    asc(sheds.id),
    desc(flocks.startDate),
    desc(flocks.id),
  );
  return present(db, rows);
}

export async function flockOptions(db: Db, scope: Scope, q: FlockFilter): Promise<FlockOption[]> {
  return (await flockList(db, scope, { ...q, status: q.status ?? 1 })).map((f) => ({
    id: f.id,
    farmId: f.farmId,
    groupNo: f.groupNo,
    shedId: f.shedId,
    shedName: f.shedName,
    flockType: f.flockType,
    sex: f.sex,
    dayAge: f.dayAge,
    present: f.present,
    startDate: f.startDate,
    stopDate: f.stopDate,
    status: f.status,
  }));
}

/** One visible flock as a row, or `code`. */
export async function flockRow(db: DbOrTx, scope: Scope, id: number, code: number = ErrorCodes.FLOCK_TYPE_MISSING): Promise<FlockRow> {
  const rows = await baseQuery(db, and(flockVisibility(scope), eq(flocks.id, id))!);
  if (rows.length === 0) throw new AppError(code);
  return (await present(db, rows))[0]!;
}

/** 20065 when the farm and house already have this group number, or a current flock. */
export async function assertPlaceFree(tx: DbOrTx, f: { farmId: number; shedId: number; groupNo: string }, self?: number): Promise<void> {
  // Lock the house first: two placements in one house would otherwise both see it free.
  await tx.select({ id: sheds.id }).from(sheds).where(eq(sheds.id, f.shedId)).for('update');
  const notSelf = self ? [ne(flocks.id, self)] : [];
  const [same] = await tx
    .select({ id: flocks.id })
    .from(flocks)
    .where(and(eq(flocks.farmId, f.farmId), eq(flocks.shedId, f.shedId), eq(flocks.groupNo, f.groupNo), ...notSelf))
    .limit(1);
  if (same) throw new AppError(ErrorCodes.FLOCK_EXISTS, { data: { field: 'groupNo' } });
  const [current] = await tx
    .select({ id: flocks.id })
    .from(flocks)
    .where(and(eq(flocks.shedId, f.shedId), eq(flocks.status, 1), ...notSelf))
    .limit(1);
  if (current) throw new AppError(ErrorCodes.FLOCK_EXISTS, { data: { field: 'shedId' } });
}

/** The gateway must be the tenant's and sit on the flock's farm (10011 otherwise). */
export async function assertDevice(db: DbOrTx, tenantId: number, farmId: number, deviceId: number | null | undefined): Promise<void> {
  if (deviceId == null) return;
  const [gw] = await db
    .select({ farmId: gateways.farmId, shedFarm: sheds.farmId })
    .from(gateways)
    .leftJoin(sheds, eq(sheds.id, gateways.shedId))
    .where(and(eq(gateways.id, deviceId), eq(gateways.tenantId, tenantId)));
  if (!gw || (gw.shedFarm ?? gw.farmId) !== farmId) throw new AppError(ErrorCodes.CONTROLLER_NOT_FOUND, { data: { field: 'deviceId' } });
}
