import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  ErrorCodes,
  flockAddBody,
  type DailyKind,
  type DailyPageBody,
  type FlockPageBody,
  type FlockRow,
  type Locale,
  type RowError,
  type SaveOutcome,
  farmDay,
  wallDate,
  zoneOffsetMs,
} from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Db } from '../../db/client.js';
import { farms, gateways, sheds } from '../../db/tables.js';
import { writeXlsx, type Cell } from '../../lib/xlsx.js';
import { seesFarm, seesShed, tenantIdOf, visibleFarm, type Scope } from '../../scope/index.js';
import { listDailyRows } from './daily.js';
import { flockList } from './flock-service.js';
import { addFlock } from './flocks.js';
import { rowError, saveDailyRows } from './records.js';
import {
  flockSexLabel,
  flockTypeLabel,
  headerKey,
  headerOf,
  parseCell,
  readImport,
  SHEETS,
  templateColumns,
  widthOf,
  type SheetColumn,
  type SheetKind,
  type SheetRow,
} from './sheets.js';

/**
 * Excel for poultry production: templates (the kind's columns with headers in the caller's
 * language, a daily template prefilled with one row per current flock of the farm), imports with
 * a per-row error report (spreadsheet row numbers, header = 1; good rows are stored) and exports of
 * every list. A daily row names its flock by house name and group number within the chosen farm.
 */
export interface XlsxFile {
  file: Buffer;
  filename: string;
}

/** A spreadsheet's wall-clock time (a Date read as UTC) as the instant it is in the zone. */
function instantIn(wall: Date, timeZone: string): number {
  const guess = wall.getTime() - zoneOffsetMs(wall.getTime(), timeZone);
  return wall.getTime() - zoneOffsetMs(guess, timeZone);
}

const dayCell = (day: unknown): Cell => (typeof day === 'string' && day ? new Date(`${day}T00:00:00Z`) : null);

function dateFormats(columns: SheetColumn[]): (string | undefined)[] {
  return columns.map((c) => (c.type === 'day' ? 'yyyy-mm-dd' : c.type === 'datetime' ? 'yyyy-mm-dd hh:mm' : undefined));
}

/** `zones`: the zones the sheet's date-time cells are written in, named in their headers. */
async function sheetFile(
  kind: SheetKind,
  locale: Locale,
  columns: SheetColumn[],
  rows: Cell[][],
  name: string,
  zones: string[] = [],
): Promise<XlsxFile> {
  const file = await writeXlsx({
    name: translate(locale, `records.sheet.${kind}`),
    header: columns.map((c) => headerOf(locale, c, zones)),
    rows,
    widths: columns.map((c) => widthOf(locale, c, zones)),
    dateFormats: dateFormats(columns),
  });
  return { file, filename: `${name}.xlsx` };
}

/** The cells of a row as typed values, or the first bad cell as a row error (`code`, 99996 unless told). */
function valuesOf(
  columns: SheetColumn[],
  r: SheetRow,
  locale: Locale,
  code: number = ErrorCodes.PARAM_ERROR,
): { ok: true; values: Record<string, unknown> } | { ok: false; error: RowError } {
  const values: Record<string, unknown> = {};
  for (const c of columns) {
    const p = parseCell(c, r.cells.get(c.key));
    if ('error' in p) return { ok: false, error: rowError(locale, r.row, code, c.key, p.error) };
    if (p.value !== undefined && !c.exportOnly) values[c.key] = p.value;
  }
  return { ok: true, values };
}

const isEvent = (kind: DailyKind): boolean => kind === 'immune' || kind === 'drug';

/** The daily template: headers, and house, group number and today (or now) for each current flock. */
export async function dailyTemplate(db: Db, scope: Scope, kind: DailyKind, farmId: number, locale: Locale): Promise<XlsxFile> {
  const farm = await visibleFarm(scope, farmId);
  const columns = templateColumns(kind);
  const now = Date.now();
  const today = farmDay(new Date(now), farm.timeZone);
  // Events are stamped with the farm's current wall-clock time, to the minute.
  const at = new Date(Math.floor(wallDate(now, farm.timeZone).getTime() / 60_000) * 60_000);
  const list = await flockList(db, scope, { farmId, status: 1 });
  const rows = list.map((fl) =>
    columns.map((c): Cell => {
      if (c.key === 'shedName') return fl.shedName;
      if (c.key === 'groupNo') return fl.groupNo;
      if (c.key === 'day') return dayCell(today);
      if (c.key === 'at') return at;
      return null;
    }),
  );
  const sheet = translate(locale, `records.sheet.${kind}`);
  return sheetFile(kind, locale, columns, rows, `${farm.farmName}-${sheet}-${today}`, [farm.timeZone]);
}

/** The keys that only say which flock and when: a row with nothing else is a template row left blank. */
const PLACE_KEYS = new Set(['farmName', 'shedName', 'groupNo', 'day', 'at', 'dayAge']);

/**
 * Imports a daily sheet into one farm: rows are matched to the farm's flocks by house name and
 * group number, then stored through the same rules as the entry form (records.ts).
 */
export async function importDaily(
  db: Db,
  scope: Scope,
  kind: DailyKind,
  farmId: number,
  file: Buffer,
  locale: Locale,
): Promise<SaveOutcome> {
  const farm = await visibleFarm(scope, farmId);
  const { columns, rows } = await readImport(kind, file);
  const list = await flockList(db, scope, { farmId });
  // flockList is newest placement first within a house, so the current flock wins a name clash.
  const byPlace = new Map<string, number>();
  for (const fl of list) {
    const key = `${headerKey(fl.shedName)}\u0000${headerKey(fl.groupNo)}`;
    if (!byPlace.has(key)) byPlace.set(key, fl.id);
  }
  const codes = importCodes(kind);
  const errors: RowError[] = [];
  const toSave: unknown[] = [];
  const sheetRow: number[] = [];
  for (const r of rows) {
    if ([...r.cells.keys()].every((k) => PLACE_KEYS.has(k))) continue;
    const parsed = valuesOf(columns, r, locale, codes.unreadable);
    if (!parsed.ok) {
      errors.push(parsed.error);
      continue;
    }
    const { shedName, groupNo, at, ...rest } = parsed.values;
    // An exported sheet names the farm of each row: rows of another farm are not this farm's flocks.
    const farmCell = r.cells.get('farmName');
    if (farmCell !== undefined && headerKey(String(farmCell)) !== headerKey(farm.farmName)) {
      errors.push(rowError(locale, r.row, codes.noFlock, 'farmName'));
      continue;
    }
    const flockId = byPlace.get(`${headerKey(String(shedName ?? ''))}\u0000${headerKey(String(groupNo ?? ''))}`);
    if (flockId === undefined) {
      errors.push(rowError(locale, r.row, codes.noFlock, shedName === undefined ? 'shedName' : 'groupNo'));
      continue;
    }
    const out: Record<string, unknown> = { ...rest, flockId };
    if (isEvent(kind) && at instanceof Date) out.at = instantIn(at, farm.timeZone);
    toSave.push(out);
    sheetRow.push(r.row);
  }
  const outcome =
    toSave.length === 0
      ? { saved: 0, errors: [] }
      : await saveDailyRows(db, scope, kind, toSave, { farmId, mode: 'insert', locale, codes });
  for (const e of outcome.errors) errors.push({ ...e, row: sheetRow[e.row - 1] ?? e.row });
  errors.sort((a, b) => a.row - b.row);
  return { saved: outcome.saved, errors };
}

/**
 * The catalogue's own import codes (SPEC §8): a stock row naming no flock of the farm answers
 * 20300; a feed, egg or water row that cannot be read answers 20072/20074/20076 (field and key stay).
 */
function importCodes(kind: DailyKind): { noFlock: number; unreadable: number } {
  const unreadable: Partial<Record<DailyKind, number>> = {
    feed: ErrorCodes.DAILY_FEED_IMPORT_FAILED,
    egg: ErrorCodes.DAILY_EGG_IMPORT_FAILED,
    water: ErrorCodes.DAILY_WATER_IMPORT_FAILED,
  };
  return {
    noFlock: kind === 'stock' ? ErrorCodes.DAILY_STOCK_IMPORT_NO_FLOCK : ErrorCodes.FLOCK_TYPE_MISSING,
    unreadable: unreadable[kind] ?? ErrorCodes.PARAM_ERROR,
  };
}

/**
 * Every row of the list the filter selects, in the list's order (newest first). Event times are
 * each row's farm wall-clock time; the header names the zones of the farms in the sheet (the
 * chosen farm's, or the caller's first farm's for an empty tenant-wide sheet; UTC without one).
 */
export async function exportDaily(db: Db, scope: Scope, kind: DailyKind, body: DailyPageBody, locale: Locale): Promise<XlsxFile> {
  const { pageNo: _pageNo, pageSize: _pageSize, ...filter } = body;
  const list = await listDailyRows(db, scope, kind, filter);
  const zones = await farmZones(db, scope, [...new Set(list.map((r) => r.farmId))]);
  const columns = SHEETS[kind];
  const rows = list.map((r) =>
    columns.map((c): Cell => {
      const v = r[c.key];
      if (c.key === 'at') return typeof v === 'number' ? wallDate(v, zones.get(r.farmId) ?? 'UTC') : null;
      return exportCell(c, v, locale);
    }),
  );
  const zone = body.farmId ? (zones.get(body.farmId) ?? (await visibleFarm(scope, body.farmId)).timeZone) : 'UTC';
  const rowZones = [...new Set(list.map((r) => zones.get(r.farmId) ?? 'UTC'))].sort();
  const named = rowZones.length > 0 ? rowZones : [body.farmId ? zone : await firstFarmZone(db, scope)];
  return sheetFile(kind, locale, columns, rows, `${translate(locale, `records.sheet.${kind}`)}-${farmDay(new Date(), zone)}`, named);
}

/** The zone of the caller's first farm (lowest id it sees), or UTC when it sees none. */
async function firstFarmZone(db: Db, scope: Scope): Promise<string> {
  const rows = await db
    .select({ id: farms.id, timeZone: farms.timeZone })
    .from(farms)
    .where(eq(farms.tenantId, tenantIdOf(scope)))
    .orderBy(asc(farms.id));
  return rows.find((r) => seesFarm(scope, r.id))?.timeZone ?? 'UTC';
}

function exportCell(c: SheetColumn, v: unknown, locale: Locale): Cell {
  if (v === null || v === undefined) return null;
  if (c.type === 'day') return dayCell(v);
  if (c.type === 'flockType' && typeof v === 'number') return flockTypeLabel(locale, v);
  if (c.type === 'sex' && typeof v === 'number') return flockSexLabel(locale, v);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  return null;
}

async function farmZones(db: Db, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: farms.id, timeZone: farms.timeZone })
    .from(farms)
    .where(and(eq(farms.tenantId, tenantIdOf(scope)), inArray(farms.id, ids)));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}

/** The flock template: headers only (a flock names its farm and house by name). */
export async function flockTemplate(locale: Locale): Promise<XlsxFile> {
  const columns = templateColumns('flock');
  const name = `${translate(locale, 'records.sheet.flock')}-${farmDay(new Date(), 'UTC')}`;
  return sheetFile('flock', locale, columns, [], name);
}

export async function exportFlocks(db: Db, scope: Scope, body: FlockPageBody, locale: Locale): Promise<XlsxFile> {
  const list: FlockRow[] = await flockList(db, scope, body);
  const columns = SHEETS.flock;
  const rows = list.map((fl) => columns.map((c) => exportCell(c, (fl as unknown as Record<string, unknown>)[c.key], locale)));
  const zone = body.farmId ? (await visibleFarm(scope, body.farmId)).timeZone : 'UTC';
  return sheetFile('flock', locale, columns, rows, `${translate(locale, 'records.sheet.flock')}-${farmDay(new Date(), zone)}`);
}

/** A house name two houses of the farm share: the row must be refused, not guessed (200322). */
const AMBIGUOUS = -1;

/** Farms (by name) and their houses (by name) the caller sees; gateways by code. */
async function flockPlaces(
  db: Db,
  scope: Scope,
): Promise<{
  farmByName: Map<string, number>;
  shedByName: Map<string, number>;
  gatewayByCode: (code: string) => Promise<number | null>;
}> {
  const tenantId = tenantIdOf(scope);
  const farmRows = (await db.select({ id: farms.id, name: farms.farmName }).from(farms).where(eq(farms.tenantId, tenantId))).filter((r) =>
    seesFarm(scope, r.id),
  );
  const farmIds = farmRows.map((r) => r.id);
  const shedRows =
    farmIds.length === 0
      ? []
      : await db
          .select({ id: sheds.id, farmId: sheds.farmId, name: sheds.shedName })
          .from(sheds)
          .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.farmId, farmIds)));
  const farmByName = new Map(farmRows.map((r) => [headerKey(r.name), r.id]));
  // Two houses of a farm may share a name (of different types): such a name is ambiguous (AMBIGUOUS).
  const shedByName = new Map<string, number>();
  for (const sh of shedRows.filter((x) => seesShed(scope, x.farmId, x.id))) {
    const key = `${sh.farmId}\u0000${headerKey(sh.name)}`;
    shedByName.set(key, shedByName.has(key) ? AMBIGUOUS : sh.id);
  }
  const gatewayByCode = async (code: string): Promise<number | null> => {
    const [gw] = await db
      .select({ id: gateways.id })
      .from(gateways)
      .where(and(eq(gateways.tenantId, tenantId), eq(gateways.code, code)));
    return gw?.id ?? null;
  };
  return { farmByName, shedByName, gatewayByCode };
}

/**
 * Imports flocks: each row becomes a flock through the flock form's own path (flocks.ts addFlock).
 * 20065 same house and group number (or a current flock in the house), 20067 a device code that
 * does not exist on the farm, 20066 anything else the row cannot be stored for. `farmId` stands in
 * for an empty farm cell.
 */
export async function importFlocks(db: Db, scope: Scope, file: Buffer, locale: Locale, farmId?: number): Promise<SaveOutcome> {
  if (farmId !== undefined) await visibleFarm(scope, farmId);
  const { columns, rows } = await readImport('flock', file);
  const places = await flockPlaces(db, scope);
  const errors: RowError[] = [];
  let saved = 0;
  const fail = (row: number, code: number, field?: string, key?: string): void => {
    errors.push(rowError(locale, row, code, field, key));
  };
  for (const r of rows) {
    const parsed = valuesOf(columns, r, locale);
    if (!parsed.ok) {
      fail(r.row, ErrorCodes.FLOCK_IMPORT_FAILED, parsed.error.field, parsed.error.key);
      continue;
    }
    const { farmName, shedName, deviceCode, ...fields } = parsed.values;
    const farm = farmName === undefined ? farmId : places.farmByName.get(headerKey(String(farmName)));
    if (farm === undefined) {
      fail(r.row, ErrorCodes.FLOCK_IMPORT_FAILED, 'farmName', farmName === undefined ? 'validation.required' : undefined);
      continue;
    }
    const shed = shedName === undefined ? undefined : places.shedByName.get(`${farm}\u0000${headerKey(String(shedName))}`);
    if (shed === undefined) {
      fail(r.row, ErrorCodes.FLOCK_IMPORT_FAILED, 'shedName', shedName === undefined ? 'validation.required' : undefined);
      continue;
    }
    if (shed === AMBIGUOUS) {
      fail(r.row, ErrorCodes.MULTIPLE_HOUSES, 'shedName');
      continue;
    }
    let deviceId: number | undefined;
    if (deviceCode !== undefined) {
      const id = await places.gatewayByCode(String(deviceCode));
      if (id === null) {
        fail(r.row, ErrorCodes.FLOCK_IMPORT_NO_MACHINE, 'deviceCode');
        continue;
      }
      deviceId = id;
    }
    const body = flockAddBody.safeParse({ ...fields, farmId: farm, shedId: shed, ...(deviceId ? { deviceId } : {}) });
    if (!body.success) {
      const issue = body.error.issues[0];
      const key = issue?.message.startsWith('validation.') ? issue.message : 'validation.invalid';
      fail(r.row, ErrorCodes.FLOCK_IMPORT_FAILED, issue?.path.join('.') || undefined, key);
      continue;
    }
    try {
      await addFlock(db, scope, body.data);
      saved += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const field = (err.data as { field?: string } | null)?.field;
      if (err.code === ErrorCodes.FLOCK_EXISTS) fail(r.row, ErrorCodes.FLOCK_EXISTS, field ?? 'groupNo');
      // A gateway of another farm is, for this farm, a device that does not exist.
      else if (err.code === ErrorCodes.CONTROLLER_NOT_FOUND) fail(r.row, ErrorCodes.FLOCK_IMPORT_NO_MACHINE, 'deviceCode');
      else fail(r.row, ErrorCodes.FLOCK_IMPORT_FAILED, field);
    }
  }
  return { saved, errors };
}
