import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ErrorCodes } from '@farmsense/shared';
import { farms, gateways, pens, sheds } from '../db/tables.js';
import type { DbOrTx } from '../lib/limits.js';
import { farmCondition } from './conditions.js';
import { forbidden, refusal } from './refuse.js';
import { seesFarm, seesGateway, seesPen, seesShed, tenantIdOf, type Scope } from './scope.js';

/**
 * "May this account see (or change) object X": one helper per kind, each answering one code for
 * "not found or not yours", so an id of another tenant, of a farm outside the account's scope or
 * of nothing at all are indistinguishable. Each query puts the tenant id in its WHERE clause.
 * `db` is the transaction when called inside one (the default is the request's connection).
 */
export type FarmRow = typeof farms.$inferSelect;
export type ShedRow = typeof sheds.$inferSelect & { farmType: number; timeZone: string };
export type PenRow = typeof pens.$inferSelect & { farmId: number };
export type GatewayRow = typeof gateways.$inferSelect;

interface Opts {
  db?: DbOrTx;
  /** The code this route answers for "not found or not yours" when the SPEC names another. */
  code?: number;
}

/** The farm, else 10007. */
export async function visibleFarm(s: Scope, farmId: number, o: Opts = {}): Promise<FarmRow> {
  const code = o.code ?? ErrorCodes.FARM_NOT_FOUND;
  if (s.tenantId === null || !seesFarm(s, farmId)) throw refusal(s.req, code, { refused: 'farm', id: farmId });
  const [row] = await (o.db ?? s.db)
    .select()
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.tenantId, s.tenantId)));
  if (!row) throw refusal(s.req, code, { refused: 'farm', id: farmId });
  return row;
}

/**
 * The WHERE conditions of a list of rows that belong to farms (a farm's settings): the caller's
 * tenant, the farms it sees and, when a farm is asked, that farm (10007 when the caller does not
 * see it). The list adds its own filters to them.
 */
export async function farmRowConditions(
  s: Scope,
  t: { tenantId: AnyPgColumn; farmId: AnyPgColumn },
  farmId: number | null | undefined,
): Promise<(SQL | undefined)[]> {
  const conds: (SQL | undefined)[] = [eq(t.tenantId, tenantIdOf(s)), farmCondition(s, t.farmId)];
  if (farmId) conds.push(eq(t.farmId, (await visibleFarm(s, farmId)).id));
  return conds;
}

/** The shed (with its farm's type and time zone), else 30004; `farmId` also requires that farm. */
export async function visibleShed(s: Scope, shedId: number, o: Opts & { farmId?: number } = {}): Promise<ShedRow> {
  const code = o.code ?? ErrorCodes.HOUSE_NOT_FOUND;
  const no = () => refusal(s.req, code, { refused: 'shed', id: shedId });
  if (s.tenantId === null) throw no();
  const [row] = await (o.db ?? s.db)
    .select({ shed: sheds, farmType: farms.type, timeZone: farms.timeZone })
    .from(sheds)
    .innerJoin(farms, and(eq(farms.id, sheds.farmId), eq(farms.tenantId, s.tenantId)))
    .where(and(eq(sheds.id, shedId), eq(sheds.tenantId, s.tenantId)));
  if (!row || !seesShed(s, row.shed.farmId, row.shed.id)) throw no();
  if (o.farmId !== undefined && row.shed.farmId !== o.farmId) throw no();
  return { ...row.shed, farmType: row.farmType, timeZone: row.timeZone };
}

/** The listed sheds in the order asked, else 30004 if any is out of view. */
export async function visibleSheds(s: Scope, ids: readonly number[], o: Opts = {}): Promise<ShedRow[]> {
  const code = o.code ?? ErrorCodes.HOUSE_NOT_FOUND;
  if (ids.length === 0) return [];
  if (s.tenantId === null) throw refusal(s.req, code, { refused: 'shed', id: ids[0] });
  return seenSheds(s, ids, await tenantSheds(o.db ?? s.db, s.tenantId, ids), o);
}

/**
 * The tenant's sheds among `ids` (with their farm's type and time zone), whoever asks: for answers
 * shared by the callers of a tenant, each of whom is then checked in memory by `seenSheds`.
 */
export async function tenantSheds(db: DbOrTx, tenantId: number, ids: readonly number[]): Promise<Map<number, ShedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ shed: sheds, farmType: farms.type, timeZone: farms.timeZone })
    .from(sheds)
    .innerJoin(farms, and(eq(farms.id, sheds.farmId), eq(farms.tenantId, tenantId)))
    .where(and(eq(sheds.tenantId, tenantId), inArray(sheds.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.shed.id, { ...r.shed, farmType: r.farmType, timeZone: r.timeZone }]));
}

/**
 * The listed sheds in the order asked, from the tenant's sheds read before (`tenantSheds` of the
 * caller's tenant), else 30004 if any is missing or out of the caller's view: no query, the
 * caller's right comes from its scope in memory.
 */
export function seenSheds(s: Scope, ids: readonly number[], known: ReadonlyMap<number, ShedRow>, o: Pick<Opts, 'code'> = {}): ShedRow[] {
  const code = o.code ?? ErrorCodes.HOUSE_NOT_FOUND;
  return ids.map((id) => {
    const shed = known.get(id);
    if (s.tenantId === null || !shed || shed.tenantId !== s.tenantId || !seesShed(s, shed.farmId, shed.id))
      throw refusal(s.req, code, { refused: 'shed', id });
    return shed;
  });
}

/** The pen (with its shed's farm), else 20084. */
export async function visiblePen(s: Scope, penId: number, o: Opts = {}): Promise<PenRow> {
  const code = o.code ?? ErrorCodes.TARGET_PEN_NOT_FOUND;
  const no = () => refusal(s.req, code, { refused: 'pen', id: penId });
  if (s.tenantId === null) throw no();
  const [row] = await (o.db ?? s.db)
    .select({ pen: pens, farmId: sheds.farmId })
    .from(pens)
    .innerJoin(sheds, and(eq(sheds.id, pens.shedId), eq(sheds.tenantId, s.tenantId)))
    .where(and(eq(pens.id, penId), eq(pens.tenantId, s.tenantId)));
  if (!row || !seesShed(s, row.farmId, row.pen.shedId) || !seesPen(s, row.pen.shedId, row.pen.id)) throw no();
  return { ...row.pen, farmId: row.farmId };
}

/**
 * A gateway by id or code, else 20088 (device routes) or the code the route names (10011 for the
 * environment screens). Seen in a shed the account sees; at farm level only with the whole farm;
 * in no farm only by an account that sees every farm of the tenant.
 */
export async function visibleGateway(s: Scope, ref: { id: number } | { code: string }, o: Opts = {}): Promise<GatewayRow> {
  const code = o.code ?? ErrorCodes.DEVICE_MISSING;
  const asked = 'id' in ref ? { refused: 'gateway', id: ref.id } : { refused: 'gateway', code: ref.code };
  if (s.tenantId === null) throw refusal(s.req, code, asked);
  const where = 'id' in ref ? eq(gateways.id, ref.id) : eq(gateways.code, ref.code);
  const [row] = await (o.db ?? s.db)
    .select({ g: gateways, shedFarmId: sheds.farmId })
    .from(gateways)
    .leftJoin(sheds, and(eq(sheds.id, gateways.shedId), eq(sheds.tenantId, s.tenantId)))
    .where(and(eq(gateways.tenantId, s.tenantId), where));
  // A gateway's shed decides its farm (the two are kept together, but the shed is what is seen).
  if (!row || !seesGateway(s, { farmId: row.shedFarmId ?? row.g.farmId, shedId: row.g.shedId })) throw refusal(s.req, code, asked);
  return row.g;
}

/**
 * 10007 for a farm the account cannot see, 10009 for one it sees only in part: changing a farm as
 * a whole (its settings, its accounts' authorization) needs the whole farm.
 */
export async function assertWholeFarms(s: Scope, farmIds: readonly number[], o: Opts = {}): Promise<void> {
  if (farmIds.length === 0) return;
  if (s.tenantId === null) throw refusal(s.req, ErrorCodes.FARM_NOT_FOUND, { refused: 'farm', id: farmIds[0] });
  const rows = await (o.db ?? s.db)
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.tenantId, s.tenantId), inArray(farms.id, [...farmIds])));
  const found = new Set(rows.map((r) => r.id));
  for (const f of farmIds)
    if (!found.has(f) || !seesFarm(s, f)) throw refusal(s.req, ErrorCodes.FARM_NOT_FOUND, { refused: 'farm', id: f });
  const whole = await s.wholeFarms();
  const part = whole === 'all' ? undefined : farmIds.find((f) => !whole.has(f));
  if (part !== undefined) throw forbidden(s.req, { refused: 'whole farm', id: part });
}
