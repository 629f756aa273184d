import { readSheet } from 'read-excel-file/node';
import writeXlsxFile, { type Cell as LibCell, type Row as LibRow } from 'write-excel-file/node';

/**
 * Spreadsheet files for exports, templates and imports: one sheet, a bold frozen header row,
 * numbers, text, booleans and dates. Writing goes through write-excel-file and reading through
 * read-excel-file (both maintained libraries) so the modules only deal with rows of cells.
 */
export type Cell = string | number | boolean | Date | null;

export interface SheetSpec {
  name: string;
  header: string[];
  rows: Cell[][];
  /** Column widths in characters (default from the header). */
  widths?: number[];
  /**
   * Number format of date cells per column (Excel format codes); columns without one show
   * date and time ('yyyy-mm-dd hh:mm:ss').
   */
  dateFormats?: (string | undefined)[];
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DATE_TIME = 'yyyy-mm-dd hh:mm:ss';

/**
 * A time column's header naming the zone(s) its wall-clock times are in: "Time (Asia/Shanghai)".
 * The label comes translated; the IANA names stay as they are in every language.
 */
export function zonedHeader(label: string, zones: string[]): string {
  return `${label} (${zones.join(', ')})`;
}

const ZONE_NAME = String.raw`[A-Za-z][\w+-]*(?:/[\w+-]+)*`;
const ZONE_SUFFIX = new RegExp(String.raw`\s*[(（]${ZONE_NAME}(?:\s*,\s*${ZONE_NAME})*[)）]$`);

/**
 * A header without a trailing zone suffix (`zonedHeader`), so an exported sheet imports again.
 * Units look alike ("Feed (kg)"): callers try the header as written first.
 */
export function withoutZone(header: string): string {
  return header.replace(ZONE_SUFFIX, '');
}

/** Text without the control characters XML 1.0 cannot hold (tab, newline and CR stay). */
function clean(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

function toCell(v: Cell, dateFormat: string | undefined): LibCell {
  if (v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : { value: v, type: Date, format: dateFormat ?? DATE_TIME };
  if (typeof v === 'boolean') return v;
  return clean(v);
}

/**
 * The .xlsx bytes of one sheet. A date cell holds the wall-clock time its Date has in UTC (a
 * spreadsheet date has no zone), so callers shift instants to the farm's local time first.
 */
export async function writeXlsx(spec: SheetSpec): Promise<Buffer> {
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet =
    clean(spec.name)
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31) || 'Sheet1';
  const widths = spec.widths ?? spec.header.map((h) => Math.min(60, Math.max(12, h.length + 4)));
  const header: LibRow = spec.header.map((h) => ({ value: clean(h), fontWeight: 'bold' as const }));
  const body: LibRow[] = spec.rows.map((r) => r.map((v, i) => toCell(v, spec.dateFormats?.[i])));
  return writeXlsxFile([header, ...body], {
    sheet,
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
}

/** Thrown by `readXlsx` when the bytes are not a readable .xlsx workbook. */
export class XlsxReadError extends Error {
  constructor(cause: unknown) {
    super('not a readable xlsx file', { cause });
    this.name = 'XlsxReadError';
  }
}

/**
 * The rows of the first sheet, top to bottom, as cells (text trimmed, numbers as numbers, dates as
 * Date holding the shown wall-clock time in UTC). Empty rows inside the data stay in place, so
 * index + 1 is the spreadsheet row number; trailing empty rows are dropped.
 */
export async function readXlsx(file: Buffer): Promise<Cell[][]> {
  try {
    const rows = await readSheet(file);
    return rows.map((r) =>
      r.map((v): Cell => {
        if (v === null || v === undefined) return null;
        if (v instanceof Date || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
        return null;
      }),
    );
  } catch (err) {
    throw new XlsxReadError(err);
  }
}
