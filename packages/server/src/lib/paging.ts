import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '@farmsense/shared';
import type { Db } from '../db/client.js';

/**
 * The paging of every list answer (CONTRACT §3: `{ list, total, pageNo, pageSize }`, pageNo from
 * 1): a page query counts the matching rows, reads one page of them in the list's order and
 * answers both with the page asked for.
 */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

/** How many rows of `table` match `where`: a page's total. */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** The rows of the page asked for, of an ordered list query (`db.select()...orderBy(...).$dynamic()`). */
export function onePage<T extends PgSelect>(query: T, q: PageRequest): T {
  return query.limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize);
}

/**
 * A list's page read: how many rows of `table` match `where` (the total) and the page asked for of
 * the list query `select(where)` builds on that same condition (joins, columns and order are the
 * caller's, ending in `.$dynamic()`). Count and page are read one after the other.
 */
export async function readPage<W extends SQL | undefined, T extends PgSelect>(
  db: Db,
  table: PgTable,
  where: W,
  q: PageRequest,
  select: (where: W) => T,
): Promise<{ total: number; rows: Awaited<T> }> {
  const total = await countRows(db, table, where);
  const rows = await onePage(select(where), q);
  return { total, rows };
}

/** The answer of one page. */
export function pageAnswer<T>(q: PageRequest, total: number, list: T[]): Page<T> {
  return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
}
