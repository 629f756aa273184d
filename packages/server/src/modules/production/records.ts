import { and, eq, ne } from 'drizzle-orm';
import {
  AppError,
  type DailyKind,
  dailyRowSchemas,
  daysBetween,
  ErrorCodes,
  inFlockLife,
  type Locale,
  type RowError,
  errorKey,
  type SaveOutcome,
  farmDay,
} from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import type { DbOrTx } from '../../lib/limits.js';
import { tenantIdOf, type Scope } from '../../scope/index.js';
import { todayIn } from './flock-service.js';
import { visibleFlocks, type FlockRef } from './access.js';
import {
  flockEggDays,
  flockFeedDays,
  flockGrowDays,
  flockImmunizations,
  flockMedications,
  flockStockDays,
  flockWaterDays,
  flocks,
} from './tables.js';
import { addedBy, changedBy } from '../../db/schema/columns.js';

/**
 * Daily records of a flock (SPEC §3): stock, growth, feed, water and eggs once per flock and day;
 * immunisations and medications at a moment, their day age taken from the farm-local day of it.
 * The rules (the flock visible, the day inside its life, one row per day, removals not above the
 * birds present) live here once, for the entry form, the quick batch and the Excel import.
 */
export const DAY_KINDS = ['stock', 'grow', 'feed', 'water', 'egg'] as const;
export type DayKind = (typeof DAY_KINDS)[number];
export type EventKind = 'immune' | 'drug';

export const DAY_TABLES = {
  stock: flockStockDays,
  grow: flockGrowDays,
  feed: flockFeedDays,
  water: flockWaterDays,
  egg: flockEggDays,
} as const;
export const EVENT_TABLES = {
  immune: { table: flockImmunizations, at: flockImmunizations.vaccinatedAt, atField: 'vaccinatedAt' },
  drug: { table: flockMedications, at: flockMedications.medicatedAt, atField: 'medicatedAt' },
} as const;

/** The value columns of each kind, as the schemas, the tables and the spreadsheets name them. */
export const KIND_FIELDS: Record<DailyKind, readonly string[]> = {
  stock: [
    'transferIn',
    'transferOut',
    'dead',
    'culled',
    'transferInMale',
    'transferOutMale',
    'deadMale',
    'culledMale',
    'transferOutKg',
    'deadKg',
    'mating',
    'remark',
  ],
  grow: ['avgWeight', 'maleAvgWeight', 'femaleAvgWeight', 'uniformity', 'cv', 'sampleSize', 'remark'],
  feed: ['feedKg', 'feedType', 'remark'],
  water: ['waterL', 'remark'],
  egg: ['eggCount', 'eggWeightKg', 'qualified', 'large', 'medium', 'small', 'broken', 'dirty', 'deformed', 'remark'],
  immune: ['vaccineBrand', 'method', 'disease', 'vaccineExpiry', 'dose', 'implementer', 'remark'],
  drug: ['drugName', 'manufacturer', 'method', 'disease', 'dose', 'withdrawalDays', 'implementer', 'remark'],
};

/** The measured value column of feed and water. */
export const METER_FIELD = { feed: 'feedKg', water: 'waterL' } as const;

export function isDayKind(kind: DailyKind): kind is DayKind {
  return (DAY_KINDS as readonly string[]).includes(kind);
}

/** The kind's table, loosely typed for the paths every kind shares (id, tenant, flock, day age). */
export function kindTable(kind: DailyKind): typeof flockStockDays {
  return (isDayKind(kind) ? DAY_TABLES[kind] : EVENT_TABLES[kind].table) as unknown as typeof flockStockDays;
}

const DUPLICATE_CODE: Record<DayKind, number> = {
  stock: ErrorCodes.DUPLICATE_DATE_AGE,
  grow: ErrorCodes.GROWTH_DATA_EXISTS,
  feed: ErrorCodes.DAY_DATA_EXISTS,
  water: ErrorCodes.DAY_DATA_EXISTS,
  egg: ErrorCodes.DAY_DATA_EXISTS,
};

/** A day kind's row for a day its flock already has: the kind's "exists" code, on the day field. */
function dayTaken(kind: DayKind): AppError {
  return new AppError(DUPLICATE_CODE[kind], { data: { field: 'day' } });
}

/** Runs a row's insert or update; the day kinds' unique flock-and-day index (a parallel write won) answers dayTaken. */
async function writeOnce(kind: DailyKind, write: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    return (await write()) as Record<string, unknown>;
  } catch (err) {
    if (isDayKind(kind) && uniqueViolation(err) !== null) throw dayTaken(kind);
    throw err;
  }
}

/** Edit or delete of a record that does not exist (or that the caller cannot see). */
export function missingCode(kind: DailyKind): number {
  if (kind === 'feed') return ErrorCodes.DAILY_FEED_EDIT_FAILED;
  if (kind === 'egg') return ErrorCodes.DAILY_EGG_EDIT_FAILED;
  if (kind === 'water') return ErrorCodes.DAILY_WATER_EDIT_FAILED;
  return ErrorCodes.DATA_NOT_FOUND;
}

/** One row of a batch or import outcome, its message in the caller's language. */
export function rowError(locale: Locale, row: number, code: number, field?: string, key?: string): RowError {
  return { row, code, msg: translate(locale, errorKey(code)), ...(field ? { field } : {}), ...(key ? { key } : {}) };
}

export type ParsedRow = Record<string, unknown> & { flockId: number; day?: string; at?: Date };

/** The kind's schema applied to one row: the parsed row, or the 99996 issue (field and i18n key). */
export function parseRow(
  kind: DailyKind,
  raw: unknown,
): { ok: true; row: ParsedRow } | { ok: false; field: string | undefined; key: string } {
  const r = dailyRowSchemas[kind].safeParse(raw);
  if (r.success) return { ok: true, row: r.data as ParsedRow };
  // An unknown field is named first: the strict row refuses it by name, never drops it.
  const unknown = r.error.issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown) return { ok: false, field: [...unknown.path, unknown.keys[0]].join('.'), key: 'validation.unknownField' };
  const issue = r.error.issues[0];
  const key = issue && issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  return { ok: false, field, key };
}

/** 99996 for a single row, in the envelope's shape for schema failures. */
export function parseRowOrThrow(kind: DailyKind, raw: unknown): ParsedRow {
  const p = parseRow(kind, raw);
  if (!p.ok) throw new AppError(ErrorCodes.PARAM_ERROR, { data: { issues: [{ field: p.field ?? null, key: p.key }] }, httpStatus: 400 });
  return p.row;
}

/** The farm-local day a row is on (its `day`, or the day of its moment). */
export function rowDay(kind: DailyKind, row: ParsedRow, timeZone: string): string {
  return isDayKind(kind) ? row.day! : farmDay(row.at!, timeZone);
}

/** 21016 unless the day is within placement .. stop date (or today in the farm's zone). */
export function assertInLife(kind: DailyKind, f: FlockRef, day: string): void {
  if (!inFlockLife(day, f.startDate, f.stopDate ?? todayIn(f.timeZone)))
    throw new AppError(ErrorCodes.DAY_OUTSIDE_FLOCK, { data: { field: isDayKind(kind) ? 'day' : 'at' } });
}

type StockDelta = { transferIn: number; transferOut: number; dead: number; culled: number };
const deltaOf = (r: StockDelta): number => r.transferIn - r.transferOut - r.dead - r.culled;

/** Locks flock rows (in id order, so two writers never wait on each other crosswise) for the stock checks. */
export async function lockFlocks(db: DbOrTx, ids: number[]): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    await db.select({ id: flocks.id }).from(flocks).where(eq(flocks.id, id)).for('update');
  }
}

/** 20068 unless the running count from placement stays at or above zero over these days. */
function assertRunning(f: FlockRef, days: { day: string; delta: number }[]): void {
  days.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let running = f.maleCount + f.femaleCount;
  for (const d of days) {
    running += d.delta;
    if (running < 0) throw new AppError(ErrorCodes.FLOCK_COUNT_EXCEEDED, { data: { field: 'dead' } });
  }
}

async function stockDays(db: DbOrTx, flockId: number): Promise<{ id: number; day: string; delta: number }[]> {
  const s = flockStockDays;
  const rows = await db
    .select({ id: s.id, day: s.day, transferIn: s.transferIn, transferOut: s.transferOut, dead: s.dead, culled: s.culled })
    .from(s)
    .where(eq(s.flockId, flockId));
  return rows.map((o) => ({ id: o.id, day: o.day, delta: deltaOf(o) }));
}

/**
 * 20068 when, with this day's figures, a day would remove more birds than were present at its
 * start plus those moved in: the running count from placement must never drop below zero.
 */
export async function assertStockFits(db: DbOrTx, f: FlockRef, day: string, row: StockDelta, replacing?: number): Promise<void> {
  const days = (await stockDays(db, f.id)).filter((o) => o.id !== replacing && o.day !== day);
  days.push({ id: 0, day, delta: deltaOf(row) });
  assertRunning(f, days);
}

/** 20068 when the flock's stock days without record `id` (deleted or moved away) would go negative. */
export async function assertStockWithout(db: DbOrTx, f: FlockRef, id: number): Promise<void> {
  assertRunning(
    f,
    (await stockDays(db, f.id)).filter((o) => o.id !== id),
  );
}

/** The table's values of a parsed row (absent optional fields stored as null). */
export function valuesOf(kind: DailyKind, row: ParsedRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of KIND_FIELDS[kind]) out[f] = row[f] ?? null;
  if (!isDayKind(kind)) out[EVENT_TABLES[kind].atField] = row.at;
  return out;
}

/** The stored row on that flock and day, if any (day kinds). */
export async function rowOnDay(
  db: DbOrTx,
  kind: DayKind,
  flockId: number,
  day: string,
  except?: number,
): Promise<Record<string, unknown> | undefined> {
  const t = kindTable(kind);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.flockId, flockId), eq(t.day, day), ...(except ? [ne(t.id, except)] : [])));
  return row as Record<string, unknown> | undefined;
}

export interface StoredChange {
  id: number;
  old: Record<string, unknown> | null;
  new: Record<string, unknown>;
}

/**
 * Stores one checked row. A day already filled from the meters (feed, water) is corrected rather
 * than refused: the person's figure wins, the meter's is kept in `measuredValue`.
 */
export async function insertRow(db: DbOrTx, scope: Scope, kind: DailyKind, row: ParsedRow, f: FlockRef): Promise<StoredChange> {
  const day = rowDay(kind, row, f.timeZone);
  assertInLife(kind, f, day);
  // Stock checks read the flock's other days: hold the flock so a parallel write cannot slip between.
  if (kind === 'stock') await lockFlocks(db, [f.id]);
  const t = kindTable(kind);
  const values = valuesOf(kind, row);
  if (isDayKind(kind)) {
    const existing = await rowOnDay(db, kind, f.id, day);
    if (existing && (kind === 'feed' || kind === 'water') && existing.measured === true) {
      return updateStored(db, scope, kind, existing, row, f);
    }
    if (existing) throw dayTaken(kind);
    if (kind === 'stock') await assertStockFits(db, f, day, row as unknown as StockDelta);
  }
  const base = { tenantId: f.tenantId, flockId: f.id, dayAge: daysBetween(f.birthDate, day), ...addedBy(scope) };
  const stored = await writeOnce(kind, async () => {
    const [saved] = await db
      .insert(t)
      .values({ ...values, ...base, ...(isDayKind(kind) ? { day } : {}) } as never)
      .returning();
    return saved;
  });
  return { id: stored.id as number, old: null, new: stored };
}

/** Replaces a stored row's figures (and possibly its flock or day) after the same checks as an insert. */
export async function updateStored(
  db: DbOrTx,
  scope: Scope,
  kind: DailyKind,
  existing: Record<string, unknown>,
  row: ParsedRow,
  f: FlockRef,
): Promise<StoredChange> {
  const id = existing.id as number;
  const day = rowDay(kind, row, f.timeZone);
  assertInLife(kind, f, day);
  const oldFlock = existing.flockId as number;
  if (kind === 'stock') {
    await lockFlocks(db, [f.id, oldFlock]);
    // Moving the day to another flock takes its figures away from the old one: it must still add up.
    if (oldFlock !== f.id) {
      const from = (await visibleFlocks(db, scope, [oldFlock])).get(oldFlock);
      if (!from) throw new AppError(missingCode(kind));
      await assertStockWithout(db, from, id);
    }
  }
  const t = kindTable(kind);
  const values = valuesOf(kind, row);
  if (isDayKind(kind)) {
    if (await rowOnDay(db, kind, f.id, day, id)) throw dayTaken(kind);
    if (kind === 'stock') await assertStockFits(db, f, day, row as unknown as StockDelta, id);
    values.day = day;
  }
  if ((kind === 'feed' || kind === 'water') && existing.measured === true) {
    // A correction of a meter figure: keep what the meter said.
    values.measured = false;
    values.measuredValue = existing.measuredValue ?? existing[METER_FIELD[kind]];
  }
  const stored = await writeOnce(kind, async () => {
    const [saved] = await db
      .update(t)
      .set({ ...values, flockId: f.id, dayAge: daysBetween(f.birthDate, day), ...changedBy(scope) } as never)
      .where(and(eq(t.id, id), eq(t.tenantId, f.tenantId)))
      .returning();
    return saved;
  });
  return { id, old: existing, new: stored };
}

/** A stored record of the kind whose flock the caller sees, or the kind's "missing" code. */
export async function visibleRecord(
  db: DbOrTx,
  scope: Scope,
  kind: DailyKind,
  id: number,
): Promise<{ row: Record<string, unknown>; flock: FlockRef }> {
  const t = kindTable(kind);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.tenantId, tenantIdOf(scope))));
  const flock = row ? (await visibleFlocks(db, scope, [row.flockId])).get(row.flockId) : undefined;
  if (!row || !flock) throw new AppError(missingCode(kind));
  return { row: row as unknown as Record<string, unknown>, flock };
}

export interface SaveOptions {
  /** Rows must name flocks of this farm (the batch form and the import pick one farm). */
  farmId?: number;
  mode: 'insert';
  /** Language of the row messages (default en-us). */
  locale?: Locale;
  /**
   * The codes of an import (importDaily): a row naming no flock (stock 20300) and a row that
   * could not be read (feed 20072, egg 20074, water 20076). Defaults: 20300 for stock, else 20071, and 99996.
   */
  codes?: { noFlock?: number; unreadable?: number };
}

/**
 * Stores good rows, each in its own statement, and lists the others with their 1-based row
 * number, code, field and translated message (quick batch, Excel import).
 */
export async function saveDailyRows(db: Db, scope: Scope, kind: DailyKind, rows: unknown[], opts: SaveOptions): Promise<SaveOutcome> {
  const locale = opts.locale ?? 'en-us';
  const errors: RowError[] = [];
  const fail = (row: number, code: number, field?: string, key?: string): void => {
    errors.push(rowError(locale, row, code, field, key));
  };
  // A stock row naming no flock has had its own code (20300) since the first release; others 20071.
  const noFlock = opts.codes?.noFlock ?? (kind === 'stock' ? ErrorCodes.DAILY_STOCK_IMPORT_NO_FLOCK : ErrorCodes.FLOCK_TYPE_MISSING);
  const unreadable = opts.codes?.unreadable ?? ErrorCodes.PARAM_ERROR;
  const parsed: { n: number; row: ParsedRow }[] = [];
  rows.forEach((raw, i) => {
    const p = parseRow(kind, raw);
    if (p.ok) parsed.push({ n: i + 1, row: p.row });
    else fail(i + 1, unreadable, p.field, p.key);
  });
  const flockMap = await visibleFlocks(
    db,
    scope,
    parsed.map((p) => p.row.flockId),
  );
  let saved = 0;
  for (const { n, row } of parsed) {
    const f = flockMap.get(row.flockId);
    if (!f || (opts.farmId !== undefined && f.farmId !== opts.farmId)) {
      fail(n, noFlock, 'flockId');
      continue;
    }
    try {
      // Each row in its own transaction: its checks and its write stand or fall together.
      await db.transaction(async (tx) => insertRow(tx, scope, kind, row, f));
      saved += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const field = (err.data as { field?: string } | null)?.field;
      fail(n, err.code, field);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { saved, errors };
}
