import { and, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './limits.js';

/**
 * Whether a row of the table of `id` matches every condition, the row `exceptId` left out: the
 * checks of the writes that a name, IP or place is still free (an edited row may keep its own)
 * and that nothing still hangs on a row about to be deleted.
 */
export async function rowExists(db: DbOrTx, id: PgColumn, conds: SQL[], exceptId?: number): Promise<boolean> {
  const where = exceptId === undefined ? and(...conds) : and(...conds, ne(id, exceptId));
  const [row] = await db.select({ id }).from(id.table).where(where).limit(1);
  return row !== undefined;
}
