import { Partitions } from '../iot/partitions.js';
import { emptyBatch, monthsOf, storeBatch, type ReadingBatch } from '../iot/store.js';
import type { Database } from './client.js';
import { demoFleet, demoGateways } from './demo-fleet.js';

/**
 * CONTRACT §5: 60 days of history for every demo gateway, so every chart and report has data on
 * the first visit. The readings come from the same shed models the live simulator runs, and go
 * through ingest's own batch statement (history + latest + hourly and daily rollups in one
 * statement), so the stored figures are exactly what live ingest would have made of them. Link
 * losses of the models become gateway_status_events (the communication-off reports read them).
 */
export interface HistoryOptions {
  days?: number;
  /** Reading interval by age: from `withinDays` before now onwards, one reading every `stepMinutes`. */
  resolution?: readonly Tier[];
  now?: number;
  /** Readings per statement. */
  batchRows?: number;
}

export interface Tier {
  withinDays: number;
  stepMinutes: number;
}

/**
 * Embedded PostgreSQL (PGlite, WebAssembly) stores some 15-20 thousand readings a second into the
 * keyed, partitioned history, so 60 days of every key at the live 5-minute pace (~2.4 million
 * readings for the six demo sheds) would take over two minutes at first start. The history is
 * therefore finest where people look first: the last day every 5 minutes (the records pages and
 * the 1-24 h presets), the last week every 15 minutes (3 and 7 day presets), older days hourly
 * (30 and 60 day trends read hourly buckets anyway). About 0.3 million readings.
 */
export const DEMO_RESOLUTION: readonly Tier[] = [
  { withinDays: 60, stepMinutes: 60 },
  { withinDays: 7, stepMinutes: 15 },
  { withinDays: 1, stepMinutes: 5 },
];

export interface HistoryResult {
  gateways: number;
  points: number;
  outages: number;
  ms: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** True when none of the demo gateways has any stored reading yet. */
async function historyEmpty(database: Database, ids: number[]): Promise<boolean> {
  const rows = await database.query<{ one: number }>('SELECT 1 AS one FROM telemetry_latest WHERE gateway_id = ANY($1::int[]) LIMIT 1', [
    ids,
  ]);
  return rows.length === 0;
}

export async function seedHistory(database: Database, opts: HistoryOptions = {}): Promise<HistoryResult | null> {
  const started = Date.now();
  const gateways = await demoGateways(database.db);
  if (
    gateways.length === 0 ||
    !(await historyEmpty(
      database,
      gateways.map((g) => g.id),
    ))
  )
    return null;
  const tiers = [...(opts.resolution ?? DEMO_RESOLUTION)].sort((a, b) => b.withinDays - a.withinDays);
  const finest = Math.min(...tiers.map((x) => x.stepMinutes)) * MINUTE;
  const coarsest = Math.max(...tiers.map((x) => x.stepMinutes)) * MINUTE;
  const end = Math.floor((opts.now ?? Date.now()) / finest) * finest;
  const start = Math.floor((end - (opts.days ?? 60) * DAY) / coarsest) * coarsest;
  const stepAt = (t: number): number => {
    let step = tiers[0]!.stepMinutes;
    for (const tier of tiers) if (end - t <= tier.withinDays * DAY) step = tier.stepMinutes;
    return step * MINUTE;
  };
  const maxRows = opts.batchRows ?? 20_000;
  const models = demoFleet(gateways);
  for (const m of models) m.warmUp(start, 6, 300);

  const partitions = new Partitions(database);
  await partitions.refresh();
  let batch: ReadingBatch = emptyBatch();
  let points = 0;
  const flush = async (): Promise<void> => {
    if (batch.keys.length === 0) return;
    await partitions.ensure(monthsOf(batch.ts));
    points += await storeBatch(database, batch);
    batch = emptyBatch();
  };
  const events: { gatewayId: number; at: number; online: boolean }[] = [];
  const lastOnline = new Map<number, number>();
  for (let prev = start, t = start + stepAt(start); t <= end; prev = t, t += stepAt(t)) {
    for (let i = 0; i < models.length; i++) {
      const g = gateways[i]!;
      const r = models[i]!.step((t - prev) / 1000, t);
      for (const e of r.events) events.push({ gatewayId: g.id, at: e.ts, online: e.status === 'online' });
      if (!r.online) continue;
      lastOnline.set(g.id, t);
      batch.zones.set(g.id, g.timeZone);
      for (const [key, value] of Object.entries(r.values)) {
        batch.gatewayIds.push(g.id);
        batch.keys.push(key);
        batch.ts.push(t);
        batch.values.push(value);
      }
    }
    if (batch.keys.length >= maxRows) await flush();
  }
  await flush();
  await writeStatus(
    database,
    gateways.map((g) => g.id),
    events,
    lastOnline,
  );
  return { gateways: gateways.length, points, outages: events.filter((e) => !e.online).length, ms: Date.now() - started };
}

/**
 * The link history: every transition as an event, and the current state as online since the last
 * return (the live simulator connects within seconds; without it the heartbeat sweep marks the
 * gateways offline as of their last reading, which is then the truth).
 */
async function writeStatus(
  database: Database,
  ids: number[],
  events: { gatewayId: number; at: number; online: boolean }[],
  lastOnline: Map<number, number>,
): Promise<void> {
  if (events.length > 0) {
    await database.query(
      `INSERT INTO gateway_status_events (gateway_id, at, online)
       SELECT g, 'epoch'::timestamptz + ms * interval '1 millisecond', o FROM unnest($1::int[], $2::float8[], $3::bool[]) AS u(g, ms, o)`,
      [events.map((e) => e.gatewayId), events.map((e) => e.at), events.map((e) => e.online)],
    );
  }
  const since = ids.map((id) => {
    const own = events.filter((e) => e.gatewayId === id);
    return own.at(-1)?.at ?? lastOnline.get(id) ?? Date.now();
  });
  const online = ids.map((id) => events.filter((e) => e.gatewayId === id).at(-1)?.online ?? true);
  const seen = ids.map((id) => lastOnline.get(id) ?? null);
  await database.query(
    `INSERT INTO gateway_status (gateway_id, online, since, last_seen_at)
     SELECT g, o, 'epoch'::timestamptz + s * interval '1 millisecond',
            CASE WHEN l IS NULL THEN NULL ELSE 'epoch'::timestamptz + l * interval '1 millisecond' END
       FROM unnest($1::int[], $2::bool[], $3::float8[], $4::float8[]) AS u(g, o, s, l)
     ON CONFLICT (gateway_id) DO NOTHING`,
    [ids, online, since, seen],
  );
}
