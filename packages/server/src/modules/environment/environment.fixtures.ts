import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { gateways, sheds } from '../../db/tables.js';
import { Partitions } from '../../iot/partitions.js';
import { emptyBatch, monthsOf, storeBatch } from '../../iot/store.js';
import { adminToken, buildPlace, type Place } from '../../test/factories.js';

/**
 * Test data for the environment calls, written through ingest's own batch statement (history,
 * latest values and rollups together), and link transitions as the status tracker records them.
 */
/** The readings tests' time steps, in milliseconds. */
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

export type Reading = [code: string, key: string, ts: number, value: number];

export async function gatewayId(database: Database, code: string): Promise<number> {
  const [g] = await database.db.select({ id: gateways.id }).from(gateways).where(eq(gateways.code, code));
  if (!g) throw new Error(`no gateway ${code}`);
  return g.id;
}

export async function shedId(database: Database, shedName: string): Promise<number> {
  const [s] = await database.db.select({ id: sheds.id }).from(sheds).where(eq(sheds.shedName, shedName));
  if (!s) throw new Error(`no shed ${shedName}`);
  return s.id;
}

export async function storeReadings(database: Database, readings: Reading[], timeZone = 'Asia/Shanghai'): Promise<number> {
  const batch = emptyBatch();
  const ids = new Map<string, number>();
  for (const [code, key, ts, value] of readings) {
    let id = ids.get(code);
    if (id === undefined) {
      id = await gatewayId(database, code);
      ids.set(code, id);
    }
    batch.gatewayIds.push(id);
    batch.keys.push(key);
    batch.ts.push(ts);
    batch.values.push(value);
    batch.zones.set(id, timeZone);
  }
  const partitions = new Partitions(database);
  await partitions.refresh();
  await partitions.ensure(monthsOf(batch.ts));
  return storeBatch(database, batch);
}

/** Link transitions (and the current state: the last one of each gateway). */
export async function storeLinkEvents(database: Database, events: [code: string, at: number, online: boolean][]): Promise<void> {
  for (const [code, at, online] of events) {
    const id = await gatewayId(database, code);
    await database.query(
      `INSERT INTO gateway_status_events (gateway_id, at, online) VALUES ($1, 'epoch'::timestamptz + $2::float8 * interval '1 millisecond', $3)`,
      [id, at, online],
    );
    await database.query(
      `INSERT INTO gateway_status (gateway_id, online, since, last_seen_at)
       VALUES ($1, $3, 'epoch'::timestamptz + $2::float8 * interval '1 millisecond', 'epoch'::timestamptz + $2::float8 * interval '1 millisecond')
       ON CONFLICT (gateway_id) DO UPDATE SET online = excluded.online, since = excluded.since, last_seen_at = excluded.last_seen_at`,
      [id, at, online],
    );
  }
}

/** Readings of one key at regular times: values[i] at start + i * stepMs. */
export function series(code: string, key: string, start: number, stepMs: number, values: number[]): Reading[] {
  return values.map((v, i) => [code, key, start + i * stepMs, v]);
}

/**
 * The other tenant of the monitoring and trend tests: `Second Agri` with a poultry farm `Second
 * Farm`, a broiler house S1 (area, building and house 1) with a climate controller `fs-second01`,
 * and its administrator `second-admin`: their ids and the administrator's token.
 */
export async function secondTenant(db: Db): Promise<Place & { token: string }> {
  const place = await buildPlace(db, 'Second', { shedName: 'S1', shedType: 1001, areaNum: 1, buildingNum: 1, shedNum: 1 }, { farmType: 2 });
  await db.insert(gateways).values({
    tenantId: place.tenant,
    farmId: place.farm,
    shedId: place.shed,
    code: 'fs-second01',
    name: 'Second controller',
    gatewayType: 101,
    checkCode: 'x',
  });
  return { ...place, token: await adminToken(db, place.tenant, 'second-admin') };
}
