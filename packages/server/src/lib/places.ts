import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { farms, sheds } from '../db/tables.js';

/**
 * The farm's and the house's names beside a row that belongs to a house, as the lists show them:
 * spread `placeNames` into the select and pass the query through `joinPlaces` (both inner joins,
 * so a row always has its farm and house).
 */
export const placeNames = { farmName: farms.farmName, shedName: sheds.shedName };

/**
 * Joins the row's farm and house (`t.farmId`, `t.shedId`) to a dynamic select of named fields
 * (`db.select({ ... }).from(t).$dynamic()`). Inner joins leave such a select's row type as it is.
 */
export function joinPlaces<T extends PgSelect & { _: { selectMode: 'partial' } }>(
  query: T,
  t: { farmId: AnyPgColumn; shedId: AnyPgColumn },
): T {
  return query.innerJoin(farms, eq(farms.id, t.farmId)).innerJoin(sheds, eq(sheds.id, t.shedId)) as unknown as T;
}
