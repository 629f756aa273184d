import type { Database } from '../db/client.js';

/**
 * What the security tests compare before and after a batch of calls: the row count of every table
 * of the public schema, and fingerprints of the rows that belong to a tenant or to a farm. Logs,
 * sessions, captchas, the API call counter and telemetry are left out: they change on their own
 * (every refused call is logged, every test session is a row, devices keep reporting).
 */
const EXCLUDED = /^(audit_log|act_log|sessions|captchas|api_calls|server_keys|telemetry.*|gateway_status.*|ingest_stats.*)$/;

export interface TableInfo {
  name: string;
  columns: Set<string>;
}

export async function dataTables(database: Database): Promise<TableInfo[]> {
  const rows = await database.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
  );
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    if (EXCLUDED.test(r.table_name)) continue;
    const set = out.get(r.table_name) ?? new Set<string>();
    set.add(r.column_name);
    out.set(r.table_name, set);
  }
  return [...out.entries()].map(([name, columns]) => ({ name, columns })).sort((a, b) => a.name.localeCompare(b.name));
}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** count(*) of every table, in one statement. */
export async function rowCounts(database: Database, tables: TableInfo[]): Promise<Record<string, number>> {
  const sql = tables.map((t) => `SELECT '${t.name}' AS t, count(*)::int AS n FROM ${ident(t.name)}`).join(' UNION ALL ');
  const rows = await database.query<{ t: string; n: number }>(sql);
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

/**
 * Which rows a fingerprint covers. `tenant`: everything of the tenant (rows with its tenant_id, or
 * linked to its accounts, farms, roles, sheds, pens or gateways) and the global tables.
 * `farm`: the farm, its sheds, pens and gateways, the grants on them, the accounts granted it
 * and what hangs on those accounts only (their roles, their default page).
 */
export type Scope = { kind: 'tenant'; tenantId: number } | { kind: 'farm'; farmId: number };

function whereFor(t: TableInfo, scope: Scope): string | null {
  const has = (c: string): boolean => t.columns.has(c);
  if (scope.kind === 'tenant') {
    const id = Number(scope.tenantId);
    if (t.name === 'tenants') return `id = ${id}`;
    if (has('tenant_id')) return `tenant_id = ${id}`;
    const links: [string, string][] = [
      ['account_id', 'accounts'],
      ['farm_id', 'farms'],
      ['role_id', 'roles'],
      ['shed_id', 'sheds'],
      ['pen_id', 'pens'],
      ['gateway_id', 'gateways'],
    ];
    const conds = links.filter(([c]) => has(c)).map(([c, table]) => `${c} IN (SELECT id FROM ${table} WHERE tenant_id = ${id})`);
    return conds.length > 0 ? conds.join(' OR ') : 'true';
  }
  const f = Number(scope.farmId);
  const shedsOf = `SELECT id FROM sheds WHERE farm_id = ${f}`;
  const pensOf = `SELECT id FROM pens WHERE shed_id IN (${shedsOf})`;
  const accountsOf = `SELECT account_id FROM account_farms WHERE farm_id = ${f}`;
  if (t.name === 'farms') return `id = ${f}`;
  if (t.name === 'sheds') return `id IN (${shedsOf})`;
  if (t.name === 'pens') return `id IN (${pensOf})`;
  if (t.name === 'accounts') return `id IN (${accountsOf})`;
  // The most specific link decides: a grant of another farm to one of this farm's accounts
  // (account_farms of that account) is not this farm's data.
  if (has('farm_id')) return `farm_id = ${f}`;
  if (has('shed_id')) return `shed_id IN (${shedsOf})`;
  if (has('pen_id')) return `pen_id IN (${pensOf})`;
  if (has('gateway_id')) return `gateway_id IN (SELECT id FROM gateways WHERE farm_id = ${f})`;
  if (has('account_id')) return `account_id IN (${accountsOf})`;
  return null;
}

/** md5 of the sorted text of the rows in scope, per table (tables outside the scope are left out). */
export async function fingerprint(database: Database, tables: TableInfo[], scope: Scope): Promise<Record<string, string>> {
  const parts = tables.flatMap((t) => {
    const where = whereFor(t, scope);
    if (where === null) return [];
    return [
      `SELECT '${t.name}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${ident(t.name)} x WHERE ${where}`,
    ];
  });
  const rows = await database.query<{ t: string; h: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** Tables whose fingerprint or count differs. */
export function changed<T>(before: Record<string, T>, after: Record<string, T>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]).sort();
}
