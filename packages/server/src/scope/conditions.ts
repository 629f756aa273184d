import { and, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../plugins/auth.js';

/**
 * WHERE conditions for list queries: the rows of the farms, sheds and gateways the account sees.
 * They do not include the tenant; every query puts `tenantId = ?` next to them itself.
 */

/** Rows whose farm column is one of the account's farms. */
export function farmCondition(s: AuthContext, farmCol: AnyPgColumn): SQL | undefined {
  if (s.farmIds === 'all') return undefined;
  return s.farmIds.length > 0 ? inArray(farmCol, s.farmIds) : sql`false`;
}

/** Rows of the account's farms, within its shed limits where it has them. */
export function shedCondition(s: AuthContext, farmCol: AnyPgColumn, shedCol: AnyPgColumn): SQL | undefined {
  const farm = farmCondition(s, farmCol);
  const limited = [...s.shedLimits.entries()].filter(([f]) => s.farmIds === 'all' || s.farmIds.includes(f));
  if (limited.length === 0) return farm;
  const inLimit = limited.map(([farmId, set]) => and(eq(farmCol, farmId), set.size > 0 ? inArray(shedCol, [...set]) : sql`false`)!);
  const outside = notInArray(
    farmCol,
    limited.map(([f]) => f),
  );
  return and(farm, or(outside, ...inLimit));
}

/**
 * Rows of the pens the account sees: in a house where it is limited to some pens, only theirs
 * (`houseRows`: also the rows of the house itself, whose pen column is null, such as a house's
 * meal adjustment); every row of the other houses. Goes beside `shedCondition`, which cuts the houses.
 */
export function penCondition(s: AuthContext, shedCol: AnyPgColumn, penCol: AnyPgColumn, o: { houseRows?: boolean } = {}): SQL | undefined {
  const limited = [...s.penLimits.entries()];
  if (limited.length === 0) return undefined;
  const inLimit = limited.map(([shedId, set]) => and(eq(shedCol, shedId), set.size > 0 ? inArray(penCol, [...set]) : sql`false`)!);
  const outside = notInArray(
    shedCol,
    limited.map(([shedId]) => shedId),
  );
  return or(outside, ...(o.houseRows ? [isNull(penCol)] : []), ...inLimit);
}

/**
 * Gateways the account sees (scope.ts `seesGateway`): in a visible shed, at farm level of a farm
 * it sees whole, in no farm only when it sees every farm.
 */
export function gatewayCondition(s: AuthContext, farmCol: AnyPgColumn, shedCol: AnyPgColumn): SQL | undefined {
  if (s.farmIds === 'all' && s.shedLimits.size === 0) return undefined;
  const inShed = shedCondition(s, farmCol, shedCol);
  const whole = s.farmIds === 'all' ? undefined : s.farmIds.filter((f) => !s.shedLimits.has(f));
  const farmLevel =
    whole === undefined ? notInArray(farmCol, [...s.shedLimits.keys()]) : whole.length > 0 ? inArray(farmCol, whole) : sql`false`;
  const parts: SQL[] = [and(inShed, sql`${shedCol} is not null`)!, and(isNull(shedCol), farmLevel)!];
  if (s.farmIds === 'all') parts.push(isNull(farmCol));
  return or(...parts);
}
