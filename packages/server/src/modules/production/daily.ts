import { daysBetween } from '@farmsense/shared';
import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DailyKind, DailyRecordRow, Page, QuickRecord, QuickRow } from '@farmsense/shared';
import type { Db } from '../../db/client.js';
import { farms, sheds } from '../../db/tables.js';
import { visibleFarm, type Scope } from '../../scope/index.js';
import { presenceOf } from './flock-service.js';
import { fillMeasured } from './measured.js';
import { DAY_KINDS, DAY_TABLES, EVENT_TABLES, isDayKind, KIND_FIELDS, kindTable, type DayKind } from './records.js';
import { DAILY_APP, flocksInPlace, flockVisibility, visibleFlock } from './access.js';
import { flocks } from './tables.js';
import { pageAnswer } from '../../lib/paging.js';

/**
 * Reading daily records: the entry screens' lists (newest day first), every matching row for the
 * export, and the quick-entry form's rows of one day. Feed and water lists first fill the days
 * the meters measured (measured.ts).
 */
export interface DailyFilter {
  farmId?: number | null;
  shedId?: number | null;
  flockId?: number | null;
  start?: string | null;
  end?: string | null;
  /** Feed and water: measured rows only (true) or entered rows only (false). */
  measured?: boolean | null;
  /** Paging; every matching row when pageSize is absent. */
  pageNo?: number;
  pageSize?: number;
}

/** A stored record of any kind, as the kind tables share it (the kind's figures read by name). */
type StoredRow = Record<string, unknown> & { id: number; flockId: number; dayAge: number; updatedAt: Date };

/** The meter marks of a feed or water record. */
function meterOf(kind: DailyKind, rec: StoredRow): Pick<QuickRecord, 'measured' | 'measuredValue'> {
  if (kind !== 'feed' && kind !== 'water') return {};
  return { measured: rec.measured === true, measuredValue: typeof rec.measuredValue === 'number' ? rec.measuredValue : null };
}

/** The flock conditions of a filter, after checking each id it names is in view. */
async function flockConditions(db: Db, scope: Scope, q: DailyFilter): Promise<SQL[]> {
  const conds = await flocksInPlace(scope, q);
  if (q.flockId) {
    await visibleFlock(db, scope, q.flockId);
    conds.push(eq(flocks.id, q.flockId));
  }
  return conds;
}

async function fillFor(db: Db, conds: SQL[], q: DailyFilter): Promise<void> {
  const overlap: SQL[] = [];
  if (q.start) overlap.push(or(isNull(flocks.stopDate), gte(flocks.stopDate, q.start))!);
  if (q.end) overlap.push(lte(flocks.startDate, q.end));
  const ids = await db
    .select({ id: flocks.id })
    .from(flocks)
    .where(and(...conds, ...overlap));
  await fillMeasured(
    db,
    ids.map((r) => r.id),
    q.start,
    q.end,
  );
}

/** A record as the lists show it: its figures, its flock's place and, for events, `at` in ms. */
function present(
  kind: DailyKind,
  r: { rec: StoredRow; place: Pick<DailyRecordRow, 'groupNo' | 'shedId' | 'shedName' | 'farmId' | 'farmName'>; day: string },
): DailyRecordRow {
  const rec = r.rec;
  const out: DailyRecordRow = { id: rec.id, flockId: rec.flockId, ...r.place, day: r.day, dayAge: rec.dayAge, updatedAt: 0 };
  for (const f of KIND_FIELDS[kind]) out[f] = rec[f] ?? null;
  Object.assign(out, meterOf(kind, rec));
  if (!isDayKind(kind)) {
    const at = rec[EVENT_TABLES[kind].atField];
    if (at instanceof Date) out.at = at.getTime();
  }
  out.updatedAt = rec.updatedAt.getTime();
  return out;
}

const placeCols = {
  groupNo: flocks.groupNo,
  shedId: flocks.shedId,
  shedName: sheds.shedName,
  farmId: flocks.farmId,
  farmName: farms.farmName,
};

/** Matching rows (a page of them when pageSize is given) and their count. */
async function query(db: Db, scope: Scope, kind: DailyKind, q: DailyFilter): Promise<{ list: DailyRecordRow[]; total: number }> {
  const conds = await flockConditions(db, scope, q);
  if (kind === 'feed' || kind === 'water') await fillFor(db, conds, q);
  const t = kindTable(kind);
  const dayExpr: SQL = isDayKind(kind)
    ? sql`${DAY_TABLES[kind].day}`
    : sql`(${EVENT_TABLES[kind].at} AT TIME ZONE ${farms.timeZone})::date`;
  const where: SQL[] = [...conds];
  if (q.start) where.push(sql`${dayExpr} >= ${q.start}::date`);
  if (q.end) where.push(sql`${dayExpr} <= ${q.end}::date`);
  if ((kind === 'feed' || kind === 'water') && q.measured != null) where.push(eq(DAY_TABLES[kind].measured, q.measured));
  const cond = and(...where)!;
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t)
    .innerJoin(flocks, eq(flocks.id, t.flockId))
    .innerJoin(farms, eq(farms.id, flocks.farmId))
    .where(cond);
  const order = isDayKind(kind) ? desc(DAY_TABLES[kind].day) : desc(EVENT_TABLES[kind].at);
  const base = db
    .select({ rec: t, place: placeCols, day: sql<string>`${dayExpr}::text` })
    .from(t)
    .innerJoin(flocks, eq(flocks.id, t.flockId))
    .innerJoin(farms, eq(farms.id, flocks.farmId))
    .innerJoin(sheds, eq(sheds.id, flocks.shedId))
    .where(cond)
    .orderBy(order, desc(t.id));
  const rows = q.pageSize ? await base.limit(q.pageSize).offset(((q.pageNo ?? 1) - 1) * q.pageSize) : await base;
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => present(kind, { rec: r.rec as unknown as StoredRow, place: r.place, day: r.day })),
  };
}

export async function dailyPage(
  db: Db,
  scope: Scope,
  kind: DailyKind,
  q: DailyFilter & { pageNo: number; pageSize: number },
): Promise<Page<DailyRecordRow>> {
  const { list, total } = await query(db, scope, kind, q);
  return pageAnswer(q, total, list);
}

/** Every row matching the filter (paged only when pageSize is given), newest first: the export. */
export async function listDailyRows(db: Db, scope: Scope, kind: DailyKind, filter: DailyFilter): Promise<DailyRecordRow[]> {
  return (await query(db, scope, kind, filter)).list;
}

/**
 * The quick-entry form of one day: each current flock of the farm placed by then, with the day's
 * rows of the kinds the caller may enter (measured feed and water filled first).
 */
export async function quickRows(db: Db, scope: Scope, q: { farmId: number; day: string }): Promise<QuickRow[]> {
  await visibleFarm(scope, q.farmId);
  const list = await db
    .select({
      id: flocks.id,
      groupNo: flocks.groupNo,
      shedId: flocks.shedId,
      shedName: sheds.shedName,
      birthDate: flocks.birthDate,
      maleCount: flocks.maleCount,
      femaleCount: flocks.femaleCount,
    })
    .from(flocks)
    .innerJoin(sheds, eq(sheds.id, flocks.shedId))
    .where(and(flockVisibility(scope), eq(flocks.farmId, q.farmId), eq(flocks.status, 1), lte(flocks.startDate, q.day)))
    .orderBy(sheds.areaNum, sheds.buildingNum, sheds.shedNum, sheds.id);
  const ids = list.map((f) => f.id);
  await fillMeasured(db, ids, q.day, q.day);
  const counts = await presenceOf(db, list, q.day);
  const byKind = new Map<DayKind, Map<number, QuickRecord>>();
  for (const kind of DAY_KINDS) {
    if (!scope.codes.has(DAILY_APP[kind]) || ids.length === 0) continue;
    const t = kindTable(kind);
    const rows = await db
      .select()
      .from(t)
      .where(and(inArray(t.flockId, ids), eq(t.day, q.day)));
    byKind.set(
      kind,
      new Map(
        rows.map((r) => {
          const rec = r as unknown as StoredRow;
          const out: QuickRecord = { id: rec.id, day: q.day, dayAge: rec.dayAge };
          for (const f of KIND_FIELDS[kind]) out[f] = rec[f] ?? null;
          Object.assign(out, meterOf(kind, rec));
          return [r.flockId, out];
        }),
      ),
    );
  }
  return list.map((f) => {
    const row: QuickRow = {
      flockId: f.id,
      groupNo: f.groupNo,
      shedId: f.shedId,
      shedName: f.shedName,
      dayAge: daysBetween(f.birthDate, q.day),
      present: counts.get(f.id)!.present,
    };
    for (const [kind, m] of byKind) {
      const r = m.get(f.id);
      if (r) row[kind] = r;
    }
    return row;
  });
}
