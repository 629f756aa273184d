import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ErrorCodes } from '@farmsense/shared';
import type { DbOrTx } from '../lib/limits.js';
import { refusal } from './refuse.js';
import { seesFarm, seesShed, tenantIdOf, type Scope } from './scope.js';

/** A module's table of rows owned by a farm of a tenant (`tenantId` and `...inFarm` / `...inShed`). */
type FarmOwned = PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn; farmId: AnyPgColumn };

/** Where such a row stands (drizzle cannot infer the columns of a generic table's row). */
interface Placed {
  farmId: number;
  shedId: number;
}

interface RowOpts {
  /** What the audit log names as refused ("silo", "alarm rule", ...). */
  refused: string;
  /** The code for "not found or not yours": 30001 unless the SPEC names another. */
  code?: number;
  /** 'shed': the row belongs to a house (`shedId`), and the caller must see that house, not just its farm. */
  within?: 'farm' | 'shed';
  /** A further condition on the row, such as its kind. */
  where?: SQL;
}

/**
 * "May this account see object X" for a module's own objects: the row with this id of the caller's
 * tenant whose farm (or house) the caller sees, else one refusal, audit-logged like every other,
 * whether the id is of another tenant, out of the caller's view or of nothing. One query, tenant id
 * in its WHERE clause. The kinds the platform owns (farm, shed, pen, gateway) have their own helpers.
 */
export async function visibleRow<T extends FarmOwned>(db: DbOrTx, s: Scope, table: T, id: number, o: RowOpts): Promise<T['$inferSelect']> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.tenantId, tenantIdOf(s)), o.where))) as (T['$inferSelect'] & Placed)[];
  const seen = row && (o.within === 'shed' ? seesShed(s, row.farmId, row.shedId) : seesFarm(s, row.farmId));
  if (!seen) throw refusal(s.req, o.code ?? ErrorCodes.DATA_NOT_FOUND, { refused: o.refused, id });
  return row;
}
