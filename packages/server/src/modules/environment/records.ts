import {
  AppError,
  ENV_KIND_PREFIXES,
  ENV_UNITS,
  ErrorCodes,
  keyUnit,
  type EnvKind,
  type Locale,
  type RecordColumn,
  type RecordRow,
  type RecordsAnswer,
  type RecordsBody,
  type RecordsExportQuery,
  wallDate,
} from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Database } from '../../db/client.js';
import { writeXlsx, zonedHeader, type Cell } from '../../lib/xlsx.js';
import { compareKeys, prefixOf, readLatest } from './latest.js';
import { tenantIdOf, visibleShed, type Scope } from '../../scope/index.js';
import { gatewaysOfSheds, type ShedRef } from './places.js';
import { refuseEndBeforeStart } from '../../lib/time-order.js';

/**
 * Environment records (/ci18/envrecords/{kind}/rec, /pig/env1/{kind}/rec): one row per reading
 * time of the shed with the kind's sensors as columns (temperature also with the outdoor
 * temperature), newest first, paged; and the same rows as an .xlsx file with headers in the
 * request's language.
 */
export const MAX_EXPORT_ROWS = 300_000;

interface RecordScope {
  shed: ShedRef & { timeZone: string };
  columns: RecordColumn[];
  gatewayIds: number[];
  keys: string[];
  /** `gatewayId|key` -> column field. */
  fieldOf: Map<string, string>;
  from: number;
  to: number;
}

async function recordScope(
  database: Database,
  scope: Scope,
  q: { shedId: number; kind: EnvKind; startTime: Date; endTime: Date },
): Promise<RecordScope> {
  const tenantId = tenantIdOf(scope);
  const shed = await visibleShed(scope, q.shedId);
  const from = q.startTime.getTime();
  const to = q.endTime.getTime();
  refuseEndBeforeStart(from, to, { emptyAllowed: false });
  const gws = await gatewaysOfSheds(database.db, tenantId, [q.shedId]);
  const codeOf = new Map(gws.map((g) => [g.id, g.code]));
  const prefixes = q.kind === 'temp' ? [...ENV_KIND_PREFIXES.temp, 'outTemp'] : ENV_KIND_PREFIXES[q.kind];
  const known = (
    await readLatest(
      database,
      gws.map((g) => g.id),
      prefixes,
    )
  ).sort((a, b) => compareKeys(a.key, b.key) || (codeOf.get(a.gatewayId) ?? '').localeCompare(codeOf.get(b.gatewayId) ?? ''));
  const several = new Set(known.map((k) => k.gatewayId)).size > 1;
  const fieldOf = new Map<string, string>();
  const columns = known.map((k) => {
    const code = codeOf.get(k.gatewayId)!;
    const field = several ? `${code}/${k.key}` : k.key;
    fieldOf.set(`${k.gatewayId}|${k.key}`, field);
    return { field, key: k.key, gatewayCode: code, unit: keyUnit(k.key) };
  });
  return {
    shed: shed!,
    columns,
    fieldOf,
    from,
    to,
    gatewayIds: [...new Set(known.map((k) => k.gatewayId))],
    keys: [...new Set(known.map((k) => k.key))],
  };
}

const WHERE = 'gateway_id = ANY($1::int[]) AND key = ANY($2::text[]) AND ts >= $3::timestamptz AND ts < $4::timestamptz';

async function readRows(
  database: Database,
  s: RecordScope,
  page: { limit: number; offset: number; newestFirst: boolean },
): Promise<RecordRow[]> {
  if (s.keys.length === 0) return [];
  const order = page.newestFirst ? 'DESC' : 'ASC';
  const rows = await database.query<{ ts: number; gateway_id: number; key: string; value: number }>(
    `WITH page AS (SELECT DISTINCT ts FROM telemetry WHERE ${WHERE} ORDER BY ts ${order} LIMIT $5 OFFSET $6)
     SELECT (extract(epoch FROM t.ts) * 1000)::float8 AS ts, t.gateway_id, t.key, t.value
       FROM telemetry t JOIN page p ON p.ts = t.ts
      WHERE t.gateway_id = ANY($1::int[]) AND t.key = ANY($2::text[])
      ORDER BY t.ts ${order}`,
    [s.gatewayIds, s.keys, new Date(s.from).toISOString(), new Date(s.to).toISOString(), page.limit, page.offset],
  );
  const out: RecordRow[] = [];
  let current: RecordRow | null = null;
  for (const r of rows) {
    const ts = Number(r.ts);
    if (!current || current.ts !== ts) {
      current = { ts, values: Object.fromEntries(s.columns.map((c) => [c.field, null])) };
      out.push(current);
    }
    const field = s.fieldOf.get(`${r.gateway_id}|${r.key}`);
    if (field) current.values[field] = Number(r.value);
  }
  return out;
}

async function countRows(database: Database, s: RecordScope): Promise<number> {
  if (s.keys.length === 0) return 0;
  const [row] = await database.query<{ n: number }>(`SELECT count(DISTINCT ts)::int AS n FROM telemetry WHERE ${WHERE}`, [
    s.gatewayIds,
    s.keys,
    new Date(s.from).toISOString(),
    new Date(s.to).toISOString(),
  ]);
  return Number(row?.n ?? 0);
}

export async function records(database: Database, scope: Scope, q: RecordsBody): Promise<RecordsAnswer> {
  const s = await recordScope(database, scope, q);
  const [total, list] = await Promise.all([
    countRows(database, s),
    readRows(database, s, { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize, newestFirst: true }),
  ]);
  return { list, total, pageNo: q.pageNo, pageSize: q.pageSize, columns: s.columns, unit: ENV_UNITS[q.kind] };
}

/** Column header in the reader's language: "Temperature 2 (°C)", "fs-demo01 Fan 1 (%)". */
export function headerOf(locale: Locale, c: RecordColumn, several: boolean): string {
  const prefix = prefixOf(c.key);
  const n = c.key.slice(prefix.length + 1);
  const label = translate(locale, `environment.key.${prefix}`, { n });
  const name = label.startsWith('environment.') ? c.key : label;
  return `${several ? `${c.gatewayCode} ` : ''}${name}${c.unit ? ` (${c.unit})` : ''}`;
}

export async function exportRecords(
  database: Database,
  scope: Scope,
  q: RecordsExportQuery,
  locale: Locale,
): Promise<{ file: Buffer; filename: string }> {
  const s = await recordScope(database, scope, q);
  const total = await countRows(database, s);
  if (total > MAX_EXPORT_ROWS) {
    throw new AppError(ErrorCodes.PARAM_ERROR, {
      data: { issues: [{ field: 'endTime', key: 'environment.exportTooLarge' }], max: MAX_EXPORT_ROWS },
    });
  }
  const rows = await readRows(database, s, { limit: MAX_EXPORT_ROWS, offset: 0, newestFirst: false });
  const several = s.columns.some((c) => c.field !== c.key);
  // Times in the farm's local wall-clock time (a spreadsheet date has no zone); the header names the zone.
  const local = (ts: number): Date => wallDate(ts, s.shed.timeZone);
  const body: Cell[][] = rows.map((r) => [local(r.ts), ...s.columns.map((c) => r.values[c.field] ?? null)]);
  const header = [
    zonedHeader(translate(locale, 'environment.export.time'), [s.shed.timeZone]),
    ...s.columns.map((c) => headerOf(locale, c, several)),
  ];
  const kindName = translate(locale, `environment.kind.${q.kind}`);
  const file = await writeXlsx({
    name: kindName,
    header,
    rows: body,
    widths: [Math.max(21, header[0]!.length + 2), ...s.columns.map((c) => Math.max(14, headerOf(locale, c, several).length + 2))],
  });
  const day = (ms: number): string => local(ms).toISOString().slice(0, 10);
  return { file, filename: `${s.shed.shedName}-${kindName}-${day(s.from)}_${day(s.to)}.xlsx` };
}
