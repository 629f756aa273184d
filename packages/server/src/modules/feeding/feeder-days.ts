import { and, asc, eq, sql } from 'drizzle-orm';
import { FEEDER_STATE, dayRange, farmDay, type Locale } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { DbOrTx } from '../../lib/limits.js';
import { shedCondition, tenantIdOf, visibleFarm, visibleShed, type Scope } from '../../scope/index.js';
import { feedDevices } from './device-tables.js';

/**
 * What the feeders of a farm stored per farm calendar day, from the daily telemetry rollup (one
 * row per gateway, key and local day, kept forever): the day's largest `feederRation.n` (g
 * planned), `feederFeed.n` (g dispensed since local midnight, so its largest value is the day's
 * total) and `feederState.n` (2 when the sow did not eat at some point). Two statements: the
 * feeders with their place and gateway, and their keys' daily rows of the range.
 */
/** `feederState.n` of a sow that left her ration (shared FEEDER_STATE; 3-5 are faults, not refusals). */
export const NOT_EATING = FEEDER_STATE.notEating;

export interface FeederPlace {
  feederId: number;
  feederNo: string;
  feederName: string;
  gatewayId: number;
  shedId: number;
  shedName: string;
  penId: number;
  penColumn: number;
  penRow: number;
}

/** A feeder's place as the answers show it (without its gateway). */
export function placeOf(f: FeederPlace): Omit<FeederPlace, 'gatewayId'> {
  return {
    feederId: f.feederId,
    feederNo: f.feederNo,
    feederName: f.feederName,
    shedId: f.shedId,
    shedName: f.shedName,
    penId: f.penId,
    penColumn: f.penColumn,
    penRow: f.penRow,
  };
}

/** A feeder's place as an export row shows it: its pen ("column-row" in the locale), then "<no> <name>". */
export function placeCells(locale: Locale, f: Pick<FeederPlace, 'penColumn' | 'penRow' | 'feederNo' | 'feederName'>): [string, string] {
  return [translate(locale, 'feeding.feedRecords.penLabel', { column: f.penColumn, row: f.penRow }), `${f.feederNo} ${f.feederName}`];
}

export interface FeederDay {
  day: string;
  planned: number;
  dispensed: number;
  /** The feeder reported state 2 (not eating) that day. */
  refused: boolean;
}

export interface FeederDays {
  timeZone: string;
  today: string;
  feeders: FeederPlace[];
  /** feederId -> day -> figures (only days with a stored feederFeed). */
  days: Map<number, Map<string, FeederDay>>;
}

/**
 * The feeders of a farm the scope sees (optionally of one house or pen), with their pen, house
 * and gateway (the concentrator above their collector), in house, pen and feeder order (house
 * name, pen column, pen row, feeder number, id), for the monitor and the records. Two
 * statements of one scan a table, joined here: the feeders (in feeder-number order), then their
 * collectors' gateways, their pens and their houses (ranked by name). One statement joining
 * the six tables walked the 2,000 feeders of a house by index probes (about 26,000 buffers a
 * call, the reports' largest statement) whenever the tables had no statistics.
 */
export async function feederPlaces(
  db: DbOrTx,
  scope: Scope,
  farmId: number,
  q: { shedId?: number; penId?: number } = {},
): Promise<FeederPlace[]> {
  const feeders = await db
    .select({
      id: feedDevices.id,
      no: feedDevices.deviceNo,
      name: feedDevices.name,
      parentId: feedDevices.parentId,
      penId: feedDevices.penId,
      shedId: feedDevices.shedId,
    })
    .from(feedDevices)
    .where(
      and(
        eq(feedDevices.tenantId, tenantIdOf(scope)),
        eq(feedDevices.farmId, farmId),
        eq(feedDevices.kind, 'feeder'),
        shedCondition(scope, feedDevices.farmId, feedDevices.shedId),
        q.shedId ? eq(feedDevices.shedId, q.shedId) : undefined,
        q.penId ? eq(feedDevices.penId, q.penId) : undefined,
      ),
    )
    .orderBy(asc(feedDevices.deviceNo), asc(feedDevices.id));
  if (feeders.length === 0) return [];
  const ids = (xs: (number | null)[]) => sql.param([...new Set(xs.filter((x): x is number => x !== null))]);
  // One round trip for the three look-ups, each as one JSON array (parsed natively by the driver).
  const { rows } = await db.execute<{
    links: [number, number][] | null;
    pens: [number, number, number][] | null;
    sheds: [number, string, number][] | null;
  }>(sql`
    SELECT (SELECT json_agg(json_build_array(c.id, g.id))
              FROM feed_devices c JOIN feed_devices j ON j.id = c.parent_id JOIN gateways g ON g.id = j.gateway_id
             WHERE c.id = ANY(${ids(feeders.map((f) => f.parentId))}::int[])) AS links,
           (SELECT json_agg(json_build_array(p.id, p.field_column, p.field))
              FROM pens p WHERE p.id = ANY(${ids(feeders.map((f) => f.penId))}::int[])) AS pens,
           -- Houses ranked by name as the database orders text (houses of one name share a rank).
           (SELECT json_agg(json_build_array(s.id, s.shed_name, s.rank))
              FROM (SELECT id, shed_name, dense_rank() OVER (ORDER BY shed_name) AS rank
                      FROM sheds WHERE id = ANY(${ids(feeders.map((f) => f.shedId))}::int[])) s) AS sheds`);
  const found = rows[0];
  const gatewayOf = new Map(found?.links ?? []);
  const penOf = new Map((found?.pens ?? []).map(([id, column, row]) => [id, { id, column, row }]));
  const shedOf = new Map((found?.sheds ?? []).map(([id, name, rank]) => [id, { id, name, rank }]));
  const placed: { place: FeederPlace; rank: number; at: number }[] = [];
  for (const [at, f] of feeders.entries()) {
    const gatewayId = f.parentId === null ? undefined : gatewayOf.get(f.parentId);
    const pen = f.penId === null ? undefined : penOf.get(f.penId);
    const shed = shedOf.get(f.shedId);
    if (gatewayId === undefined || !pen || !shed) continue;
    placed.push({
      place: {
        feederId: f.id,
        feederNo: f.no,
        feederName: f.name ?? '',
        gatewayId,
        shedId: shed.id,
        shedName: shed.name,
        penId: pen.id,
        penColumn: pen.column,
        penRow: pen.row,
      },
      rank: shed.rank,
      at,
    });
  }
  placed.sort((a, b) => a.rank - b.rank || a.place.penColumn - b.place.penColumn || a.place.penRow - b.place.penRow || a.at - b.at);
  return placed.map((p) => p.place);
}

export async function feederDays(
  source: { db: DbOrTx },
  scope: Scope,
  q: { farmId: number; shedId?: number; penId?: number; from: Date; to: Date },
  now = Date.now(),
): Promise<FeederDays> {
  const { db } = source;
  const farm = await visibleFarm(scope, q.farmId, { db });
  if (q.shedId) await visibleShed(scope, q.shedId, { db, farmId: farm.id });
  const feeders = await feederPlaces(db, scope, farm.id, q);
  const places = feeders;
  const today = farmDay(new Date(now), farm.timeZone);
  const days = new Map<number, Map<string, FeederDay>>();
  if (places.length === 0) return { timeZone: farm.timeZone, today, feeders: places, days };
  const start = dayRange(farmDay(q.from, farm.timeZone), farm.timeZone).start;
  const end = dayRange(farmDay(q.to, farm.timeZone), farm.timeZone).end;
  const refs = places.flatMap((f) =>
    ['feederRation', 'feederFeed', 'feederState'].map((k) => ({ g: f.gatewayId, k: `${k}.${f.feederId}` })),
  );
  // Through the caller's connection or transaction (the feed alarm job reads inside its own).
  const { rows } = await db.execute<{ gateway_id: number; key: string; bucket: Date | string; max: number }>(sql`
    SELECT r.gateway_id, r.key, r.bucket, r.max
      FROM unnest(${sql.param(refs.map((r) => r.g))}::int[], ${sql.param(refs.map((r) => r.k))}::text[]) AS u(g, k)
      JOIN telemetry_daily r ON r.gateway_id = u.g AND r.key = u.k
     WHERE r.bucket >= ${start.toISOString()}::timestamptz AND r.bucket < ${end.toISOString()}::timestamptz`);
  for (const r of rows) {
    const [kind, id] = r.key.split('.');
    const feederId = Number(id);
    const day = farmDay(new Date(r.bucket), farm.timeZone);
    let own = days.get(feederId);
    if (!own) days.set(feederId, (own = new Map()));
    const d = own.get(day) ?? { day, planned: 0, dispensed: Number.NaN, refused: false };
    if (kind === 'feederRation') d.planned = Number(r.max);
    else if (kind === 'feederFeed') d.dispensed = Number(r.max);
    else d.refused = Number(r.max) === NOT_EATING;
    own.set(day, d);
  }
  // A day without a stored feederFeed is no record.
  for (const own of days.values()) for (const [day, d] of own) if (Number.isNaN(d.dispensed)) own.delete(day);
  return { timeZone: farm.timeZone, today, feeders: places, days };
}

/**
 * What a feeder-day says about the sow: `refused` (the feeder reported state 2), `low` (a finished
 * day with a plan under `minShare` % of it) or `ate`. The not-eating list and its statistics both
 * judge by it.
 */
export type DayVerdict = 'ate' | 'refused' | 'low';

export function dayVerdict(d: FeederDay, today: string, minShare: number): DayVerdict {
  if (d.refused) return 'refused';
  if (d.day >= today || d.planned <= 0) return 'ate';
  return d.dispensed * 100 >= d.planned * minShare ? 'ate' : 'low';
}

/** Whether the sow ate that day: no state 2, and a finished day reached `minShare` % of its plan. */
export function ate(d: FeederDay, today: string, minShare: number): boolean {
  return dayVerdict(d, today, minShare) === 'ate';
}
