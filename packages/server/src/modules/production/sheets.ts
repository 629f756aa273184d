import {
  AppError,
  ErrorCodes,
  FLOCK_SEX,
  FLOCK_TYPES,
  LOCALES,
  parseLocaleNumber,
  type DailyKind,
  type Locale,
  pad2,
} from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import { readXlsx, withoutZone, XlsxReadError, zonedHeader, type Cell } from '../../lib/xlsx.js';

/**
 * The spreadsheet columns of each production list (the flock list and the seven daily kinds), in
 * sheet order. Templates and imports use the columns without `exportOnly`; exports use all of
 * them. Headers are the labels in the caller's language; an imported header is matched against
 * the labels of every language and the raw key, so a template downloaded in Chinese can be filled
 * in and imported by an English-speaking colleague.
 */
export type SheetKind = DailyKind | 'flock';
export type ColumnType = 'text' | 'int' | 'number' | 'day' | 'datetime' | 'bool' | 'flockType' | 'sex';

export interface SheetColumn {
  /** Field name in the row objects (dailyRowSchemas, flockAddBody, FlockRow). */
  key: string;
  /** i18n key of the header (records namespace). */
  label: string;
  type: ColumnType;
  /** The import refuses a header without this column (200315). */
  required: boolean;
  /** Written by exports only (figures the server computes or keeps). */
  exportOnly?: boolean;
  /** Column width in characters. */
  width?: number;
}

const col = (key: string, label: string, type: ColumnType, required = false, extra: Partial<SheetColumn> = {}): SheetColumn => ({
  key,
  label,
  type,
  required,
  ...extra,
});

/** The columns that say which flock a daily row belongs to, and when. */
function dailyHead(kind: DailyKind): SheetColumn[] {
  const when =
    kind === 'immune' || kind === 'drug'
      ? col('at', `records.${kind}.at`, 'datetime', true, { width: 20 })
      : col('day', 'records.common.day', 'day', true, { width: 13 });
  return [
    col('farmName', 'records.common.farm', 'text', false, { exportOnly: true, width: 18 }),
    col('shedName', 'records.common.shed', 'text', true, { width: 18 }),
    col('groupNo', 'records.common.groupNo', 'text', true, { width: 16 }),
    when,
    col('dayAge', 'records.common.dayAge', 'int', false, { exportOnly: true, width: 9 }),
  ];
}

const field = (kind: DailyKind, key: string, type: ColumnType, required = false): SheetColumn =>
  col(key, `records.${kind}.${key}`, type, required);
const ints = (kind: DailyKind, keys: string[]): SheetColumn[] => keys.map((k) => field(kind, k, 'int'));
const remark = (kind: DailyKind): SheetColumn => col('remark', `records.${kind}.remark`, 'text', false, { width: 24 });
const metered = (kind: 'feed' | 'water'): SheetColumn[] => [
  col('measured', `records.${kind}.measured`, 'bool', false, { exportOnly: true }),
  col('measuredValue', `records.${kind}.measuredValue`, 'number', false, { exportOnly: true }),
];

const DAILY_FIELDS: Record<DailyKind, SheetColumn[]> = {
  stock: [
    ...ints('stock', ['transferIn', 'transferOut', 'dead', 'culled', 'transferInMale', 'transferOutMale', 'deadMale', 'culledMale']),
    field('stock', 'transferOutKg', 'number'),
    field('stock', 'deadKg', 'number'),
    field('stock', 'mating', 'int'),
    remark('stock'),
  ],
  grow: [
    field('grow', 'avgWeight', 'number'),
    field('grow', 'maleAvgWeight', 'number'),
    field('grow', 'femaleAvgWeight', 'number'),
    field('grow', 'uniformity', 'number'),
    field('grow', 'cv', 'number'),
    field('grow', 'sampleSize', 'int'),
    remark('grow'),
  ],
  feed: [field('feed', 'feedKg', 'number', true), field('feed', 'feedType', 'text'), remark('feed'), ...metered('feed')],
  water: [field('water', 'waterL', 'number', true), remark('water'), ...metered('water')],
  egg: [
    field('egg', 'eggCount', 'int', true),
    field('egg', 'eggWeightKg', 'number'),
    ...ints('egg', ['qualified', 'large', 'medium', 'small', 'broken', 'dirty', 'deformed']),
    remark('egg'),
  ],
  immune: [
    field('immune', 'vaccineBrand', 'text', true),
    field('immune', 'method', 'text', true),
    field('immune', 'disease', 'text', true),
    field('immune', 'vaccineExpiry', 'day'),
    field('immune', 'dose', 'text'),
    field('immune', 'implementer', 'text'),
    remark('immune'),
  ],
  drug: [
    field('drug', 'drugName', 'text', true),
    field('drug', 'manufacturer', 'text'),
    field('drug', 'method', 'text', true),
    field('drug', 'disease', 'text', true),
    field('drug', 'dose', 'text'),
    field('drug', 'withdrawalDays', 'int'),
    field('drug', 'implementer', 'text'),
    remark('drug'),
  ],
};

const f = (key: string, type: ColumnType, required = false, extra: Partial<SheetColumn> = {}): SheetColumn =>
  col(key, `records.flock.${key}`, type, required, extra);

const FLOCK_COLUMNS: SheetColumn[] = [
  f('farmName', 'text', true, { width: 18 }),
  f('shedName', 'text', true, { width: 18 }),
  f('groupNo', 'text', true, { width: 16 }),
  f('flockType', 'flockType', true),
  f('sex', 'sex', true),
  f('breed', 'text'),
  f('birthDate', 'day', true),
  f('layingDate', 'day'),
  f('startDate', 'day', true),
  f('endDate', 'day'),
  f('stopDate', 'day', false, { exportOnly: true }),
  f('origin', 'text'),
  f('maleCount', 'int'),
  f('femaleCount', 'int'),
  f('maleAvgWeight', 'number'),
  f('femaleAvgWeight', 'number'),
  f('deviceCode', 'text'),
  f('dayAge', 'int', false, { exportOnly: true }),
  f('present', 'int', false, { exportOnly: true }),
  f('presentMale', 'int', false, { exportOnly: true }),
  f('remark', 'text', false, { width: 24 }),
];

export const SHEETS: Record<SheetKind, SheetColumn[]> = {
  flock: FLOCK_COLUMNS,
  stock: [...dailyHead('stock'), ...DAILY_FIELDS.stock],
  grow: [...dailyHead('grow'), ...DAILY_FIELDS.grow],
  feed: [...dailyHead('feed'), ...DAILY_FIELDS.feed],
  water: [...dailyHead('water'), ...DAILY_FIELDS.water],
  egg: [...dailyHead('egg'), ...DAILY_FIELDS.egg],
  immune: [...dailyHead('immune'), ...DAILY_FIELDS.immune],
  drug: [...dailyHead('drug'), ...DAILY_FIELDS.drug],
};

/** The columns of a template (and of an import). */
export function templateColumns(kind: SheetKind): SheetColumn[] {
  return SHEETS[kind].filter((c) => !c.exportOnly);
}

/** Header text as a match key: Unicode-normalised (full-width brackets), case and spaces ignored. */
export function headerKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** The header in the reader's language; a date-time column names the `zones` its times are in. */
export function headerOf(locale: Locale, c: SheetColumn, zones: string[] = []): string {
  const label = translate(locale, c.label);
  return c.type === 'datetime' && zones.length > 0 ? zonedHeader(label, zones) : label;
}

export function widthOf(locale: Locale, c: SheetColumn, zones: string[] = []): number {
  const fit = Math.min(40, Math.max(12, headerOf(locale, c, zones).length + 4));
  return c.width ? Math.max(c.width, c.type === 'datetime' ? fit : 0) : fit;
}

/** Every text that names a column of the kind: its label in each language and its key. */
export function headerIndex(kind: SheetKind): Map<string, SheetColumn> {
  const out = new Map<string, SheetColumn>();
  for (const c of SHEETS[kind]) {
    out.set(headerKey(c.key), c);
    for (const l of LOCALES) out.set(headerKey(translate(l, c.label)), c);
  }
  return out;
}

/** Enumerations written as labels: the stored number of each label text in every language. */
function enumIndex(labels: (l: Locale) => [number, string][]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of LOCALES) for (const [n, text] of labels(l)) out.set(headerKey(text), n);
  return out;
}
export const FLOCK_TYPE_INDEX = enumIndex((l) => FLOCK_TYPES.map((t, i) => [i + 1, translate(l, `enums.flockType.${t}`)]));
export const FLOCK_SEX_INDEX = enumIndex((l) => FLOCK_SEX.map((s) => [s, translate(l, `enums.flockSex.${s}`)]));

export function flockTypeLabel(locale: Locale, n: number): string {
  const name = FLOCK_TYPES[n - 1];
  return name ? translate(locale, `enums.flockType.${name}`) : String(n);
}

export function flockSexLabel(locale: Locale, n: number): string {
  return (FLOCK_SEX as readonly number[]).includes(n) ? translate(locale, `enums.flockSex.${n}`) : String(n);
}

/**
 * A cell as the value of its column: text trimmed, numbers checked, days as 'YYYY-MM-DD',
 * date-times as a Date holding the written wall-clock time in UTC (the caller places it in the
 * farm's zone). `undefined` for an empty cell; `{ error }` names the validation key at fault.
 */
export type Parsed = { value: unknown } | { error: string };

const EXCEL_EPOCH = 25569;

function dayOf(d: Date): string {
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** Excel serial day numbers (a date cell the reader did not recognise) as a Date. */
function serialDate(n: number): Date | null {
  return n > 0 && n < 2_958_466 ? new Date(Math.round((n - EXCEL_EPOCH) * 86_400_000)) : null;
}

const DAY_TEXT = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function dateOf(v: Cell): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'number') return serialDate(v);
  if (typeof v !== 'string') return null;
  const m = DAY_TEXT.exec(v.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
  // 2026-02-30 must not roll over into March.
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? d : null;
}

/** Cells typed as text are read like the console reads a typed number ("12,5" is 12.5, never 125). */
const SHEET_SEPARATORS = { decimal: '.', group: ',' };

function numberOf(v: Cell): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const n = parseLocaleNumber(v.replace(/，/g, ','), SHEET_SEPARATORS);
  return n === null || Number.isNaN(n) ? null : n;
}

export function isBlank(v: Cell | undefined): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

export function parseCell(c: SheetColumn, v: Cell | undefined): Parsed {
  if (v === undefined || isBlank(v)) return { value: undefined };
  switch (c.type) {
    case 'text':
      if (v instanceof Date) return { value: dayOf(v) };
      return { value: String(v).trim() };
    case 'int':
    case 'number': {
      const n = numberOf(v);
      if (n === null) return { error: 'validation.number' };
      if (c.type === 'int' && !Number.isInteger(n)) return { error: 'validation.integer' };
      return { value: n };
    }
    case 'day': {
      const d = dateOf(v);
      return d ? { value: dayOf(d) } : { error: 'validation.date' };
    }
    case 'datetime': {
      const d = dateOf(v);
      return d ? { value: d } : { error: 'validation.invalid' };
    }
    case 'bool':
      return { value: v === true || v === 1 || (typeof v === 'string' && /^(true|1)$/i.test(v.trim())) };
    case 'flockType':
    case 'sex': {
      const n = numberOf(v);
      if (n !== null) return { value: n };
      const found = (c.type === 'sex' ? FLOCK_SEX_INDEX : FLOCK_TYPE_INDEX).get(headerKey(String(v)));
      return found === undefined ? { error: 'validation.invalid' } : { value: found };
    }
  }
}

/** One data row of an import: its spreadsheet row number (header = 1) and cells by column key. */
export interface SheetRow {
  row: number;
  cells: Map<string, Cell>;
}

/**
 * The data rows of an uploaded sheet, read against the kind's template. 200315 when the file is
 * not a workbook, its first row names a column the kind does not have (or one twice), or lacks a
 * required column. Empty rows are skipped; their numbers stay counted.
 */
export async function readImport(kind: SheetKind, file: Buffer): Promise<{ columns: SheetColumn[]; rows: SheetRow[] }> {
  let sheet: Cell[][];
  try {
    sheet = await readXlsx(file);
  } catch (err) {
    if (err instanceof XlsxReadError) throw new AppError(ErrorCodes.EXCEL_TEMPLATE_PARSE);
    throw err;
  }
  const index = headerIndex(kind);
  const header = sheet[0] ?? [];
  const at: (SheetColumn | null)[] = [];
  const seen = new Set<string>();
  for (const h of header) {
    if (isBlank(h)) {
      at.push(null);
      continue;
    }
    // A date-time header of an export or template names its zone: "Time (Asia/Shanghai)".
    const zoned = index.get(headerKey(withoutZone(String(h))));
    const c = index.get(headerKey(String(h))) ?? (zoned?.type === 'datetime' ? zoned : undefined);
    if (!c || seen.has(c.key)) throw new AppError(ErrorCodes.EXCEL_TEMPLATE_PARSE);
    seen.add(c.key);
    at.push(c);
  }
  if (templateColumns(kind).some((c) => c.required && !seen.has(c.key))) throw new AppError(ErrorCodes.EXCEL_TEMPLATE_PARSE);
  const rows: SheetRow[] = [];
  sheet.slice(1).forEach((cells, i) => {
    const map = new Map<string, Cell>();
    cells.forEach((v, j) => {
      const c = at[j];
      if (c && !isBlank(v)) map.set(c.key, v);
    });
    if (map.size > 0) rows.push({ row: i + 2, cells: map });
  });
  return { columns: at.filter((c): c is SheetColumn => c !== null), rows };
}
