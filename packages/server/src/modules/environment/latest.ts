import type { Database } from '../../db/client.js';

/**
 * Reads of the latest-value and link-state tables (kept by ingest and the status tracker), with
 * instants as epoch milliseconds, and the display order of value keys.
 */
export interface LatestRow {
  gatewayId: number;
  key: string;
  ts: number;
  value: number;
}

export interface LinkState {
  online: boolean;
  since: number | null;
  lastSeenAt: number | null;
}

/** A value older than this before its gateway's newest reading is a sensor that stopped reporting. */
export const STALE_AFTER_MS = 15 * 60_000;

const ms = (col: string): string => `(extract(epoch FROM ${col}) * 1000)::float8`;

export async function readLatest(database: Database, gatewayIds: number[], keyPrefixes?: readonly string[]): Promise<LatestRow[]> {
  if (gatewayIds.length === 0) return [];
  const params: unknown[] = [gatewayIds];
  let filter = '';
  if (keyPrefixes) {
    params.push(keyPrefixes.map((p) => `${p}.%`));
    filter = ' AND key LIKE ANY($2::text[])';
  }
  const rows = await database.query<{ gateway_id: number; key: string; ts: number; value: number }>(
    `SELECT gateway_id, key, ${ms('ts')} AS ts, value FROM telemetry_latest WHERE gateway_id = ANY($1::int[])${filter}`,
    params,
  );
  return rows.map((r) => ({ gatewayId: r.gateway_id, key: r.key, ts: Number(r.ts), value: Number(r.value) }));
}

/** Link state per gateway; a gateway that never connected has none (treated as offline). */
export async function readLinks(database: Database, gatewayIds: number[]): Promise<Map<number, LinkState>> {
  if (gatewayIds.length === 0) return new Map();
  const rows = await database.query<{ gateway_id: number; online: boolean; since: number | null; last_seen: number | null }>(
    `SELECT gateway_id, online, ${ms('since')} AS since, ${ms('last_seen_at')} AS last_seen
       FROM gateway_status WHERE gateway_id = ANY($1::int[])`,
    [gatewayIds],
  );
  return new Map(
    rows.map((r) => [
      r.gateway_id,
      {
        online: r.online,
        since: r.since === null ? null : Number(r.since),
        lastSeenAt: r.last_seen === null ? null : Number(r.last_seen),
      },
    ]),
  );
}

export function linkOf(links: Map<number, LinkState>, id: number): LinkState {
  return links.get(id) ?? { online: false, since: null, lastSeenAt: null };
}

const PREFIX_ORDER = [
  'temp',
  'outTemp',
  'targetTemp',
  'rh',
  'co2',
  'nh3',
  'h2s',
  'pa',
  'light',
  'wind',
  'ph',
  'dayAge',
  'fan',
  'heater',
  'window',
  'curtain',
  'pump',
  'mist',
  'water',
  'elec',
  'feed',
  'weight',
];

export function prefixOf(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
}

/** Keys in display order: by kind as in CONTRACT §4, then by channel number (temp.2 before temp.10). */
export function compareKeys(a: string, b: string): number {
  const pa = prefixOf(a);
  const pb = prefixOf(b);
  if (pa !== pb) {
    const ia = PREFIX_ORDER.indexOf(pa);
    const ib = PREFIX_ORDER.indexOf(pb);
    if (ia !== ib) return (ia < 0 ? 999 : ia) - (ib < 0 ? 999 : ib) || pa.localeCompare(pb);
    return pa.localeCompare(pb);
  }
  const na = Number(a.slice(pa.length + 1));
  const nb = Number(b.slice(pb.length + 1));
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a.localeCompare(b);
}

/** The newest reading time per gateway among the rows. */
export function newestByGateway(rows: LatestRow[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.gatewayId, Math.max(out.get(r.gatewayId) ?? 0, r.ts));
  return out;
}

export function isStale(row: LatestRow, newest: Map<number, number>): boolean {
  return (newest.get(row.gatewayId) ?? row.ts) - row.ts > STALE_AFTER_MS;
}
