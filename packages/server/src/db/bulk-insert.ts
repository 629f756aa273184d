import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * One INSERT ... SELECT FROM unnest(column arrays) per table: a few bind parameters instead of
 * one per value, which PGlite parses several times faster than a long VALUES list (the test
 * harness seeds the demo for every API test file). Columns are those of the first row.
 */
export async function bulkInsert<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first);
  const cols = keys.map((k) => columns[k]!);
  const arrays = keys.map((k) =>
    rows.map((r) => {
      const v = (r as Record<string, unknown>)[k];
      return v instanceof Date ? v.toISOString() : (v ?? null);
    }),
  );
  const names = sql.raw(cols.map((c) => `"${c.name}"`).join(', '));
  const unnest = sql.join(
    cols.map((c, i) => sql`${sql.param(arrays[i])}::${sql.raw(c.getSQLType())}[]`),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnest})`);
}
